"""Finds 32-bit full-warp masks passed to ``*_sync`` warp intrinsics.

What it finds
-------------
``0xffffffff`` (also ``0xFFFFFFFFu``, ``~0u``, or a same-file macro or constant with
that value) as the mask argument of ``__shfl*_sync``, ``__ballot_sync``,
``__any_sync``, ``__all_sync``, ``__match_*_sync``, ``__reduce_*_sync`` and
``__syncwarp``. A macro or constant is reported once, at its definition.

Why it matters on AMD
---------------------
Lane masks on a 64-lane wavefront are 64-bit. ``0xffffffff`` names lanes 0-31 only;
HIP's ``*_sync`` intrinsics take a 64-bit mask and reject (or, with older HIP,
silently truncate the meaning of) a 32-bit one, so lanes 32-63 are left out.

Example
-------
```
v += __shfl_down_sync(0xffffffff, v, offset);
```

Suggested fix
-------------
Use a full 64-bit mask: ``0xffffffff`` -> ``0xffffffffffffffffull`` (the fix replaces
the literal or the macro's value). A constant variable is reported without a fix: its
type must become 64-bit too.

Where R401 already changes the mask in the output (a literal or a macro widened to 64
bits, a 32-bit mask variable made 64-bit with a 64-lane value, or the maskless call of
an older HIP), the finding is a note without a fix, so
that it records the hazard on the CUDA line without asking for a change the output
already has; a mask variable R401 cannot see the declaration of keeps the warning.

Limits
------
Masks computed at run time (``__activemask()``, ballots) are checked by W412/W413, not
here. A mask defined in another file is not seen.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.expressions import arguments, fold
from translator.analysis.facts import facts_of
from translator.analysis.hazard import (
    FULL_MASK_32,
    SYNC_MASKED,
    finding,
    fix,
    is_call,
    scan,
)
from translator.analysis.lane_masks import mask_rewrite
from translator.diagnostics import Diagnostic, Fix, Severity
from translator.rules.base import Finding, Rule

_FULL_64 = "0xffffffffffffffffull"
_HELP = "pass a 64-bit mask, e.g. 0xffffffffffffffffull, or __activemask()"


def check(unit) -> Iterator[Finding]:
    if not unit.mentions_any(("_sync", "__syncwarp")):
        return
    facts = facts_of(unit)
    code = facts.code
    reported: set[str] = set()
    for index, token in scan(facts, SYNC_MASKED):
        if not is_call(code, index, SYNC_MASKED):
            continue
        spans = arguments(code, index + 1)
        if not spans or spans[0][1] <= spans[0][0]:
            continue
        first, last = spans[0]
        if fold(code[first:last], facts.macros) != FULL_MASK_32:
            continue
        rewritten = mask_rewrite(unit, token.text, facts.text(first, last), code[first].start)
        if last - first == 1 and code[first].kind == "ident":
            name = code[first].text
            if name not in reported:
                reported.add(name)
                yield from _definition(unit, facts, name, token.text, rewritten)
            continue
        if rewritten:
            yield Diagnostic("W410", f"32-bit mask {facts.text(first, last)} passed to "
                             f"{token.text} covers lanes 0-31 of a 64-lane wavefront; "
                             f"{rewritten}", offset=code[first].start, help=_HELP,
                             severity=Severity.NOTE)
            continue
        literal = code[first] if last - first == 1 else None
        fixes = (fix(literal, _FULL_64, "64-bit full mask"),) if literal else ()
        if not fixes:
            fixes = (Fix(code[first].start, code[last - 1].end, _FULL_64, "64-bit full mask"),)
        yield finding("W410", f"32-bit mask {facts.text(first, last)} passed to {token.text} "
                      "covers lanes 0-31 of a 64-lane wavefront", code[first].start, _HELP,
                      fixes)


def _definition(unit, facts, name: str, intrinsic: str, rewritten: str) -> Iterator[Finding]:
    message = (f"{name} (0xffffffff) is used as the mask of {intrinsic}; it covers lanes 0-31 "
               "of a 64-lane wavefront")
    for directive in unit.directives:
        body = directive.tokens
        if directive.keyword == "define" and body and body[0].text == name and len(body) > 1:
            if rewritten:
                yield Diagnostic("W410", f"{message}; {rewritten}", offset=body[1].start,
                                 help=_HELP, severity=Severity.NOTE)
                return
            fixes = (fix(body[1], _FULL_64, "64-bit full mask"),) if len(body) == 2 else ()
            yield finding("W410", message, body[1].start, _HELP, fixes)
            return
    code = facts.code
    for index in range(len(code) - 2):
        if code[index].text == name and code[index + 1].text == "=":
            if rewritten:
                yield Diagnostic("W410", f"{message}; {rewritten}", offset=code[index + 2].start,
                                 help=_HELP, severity=Severity.NOTE)
            else:
                yield finding("W410", message + "; make the constant a 64-bit type",
                              code[index + 2].start, _HELP)
            return


RULE = Rule(
    code="W410",
    name="full-warp-mask-32",
    summary="0xffffffff used as the lane mask of a *_sync warp intrinsic",
    check=check,
    category="lane-mask",
    doc=__doc__,
    silent_in_platform_branches=True,
    safe_fixes=True,
    mentions=("_sync", "__syncwarp"),
)
