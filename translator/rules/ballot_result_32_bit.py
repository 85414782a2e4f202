"""Finds ballot and active-mask results stored in 32-bit integers.

What it finds
-------------
Variables of a 32-bit integer type (``unsigned``, ``int``, ``uint32_t``, typedefs of
them, typed by clang) initialised or assigned from ``__ballot_sync``, ``__ballot``,
``__activemask``, ``__match_any_sync`` or a cooperative-groups tile's ``ballot()``.

Why it matters on AMD
---------------------
These intrinsics return one bit per lane: 64 bits on a 64-lane wavefront. A 32-bit
variable drops lanes 32-63, so votes, leader election and population counts see half
the wavefront.

Example
-------
```
unsigned mask = __ballot_sync(0xffffffff, x > 0);
```

Suggested fix
-------------
Declare the variable 64-bit: the fix replaces the type with ``unsigned long long``
(``auto`` also works).

Where R401 makes the variable 64-bit itself (it is the mask of a ``*_sync`` call, which
HIP refuses to take in 32 bits), the finding is a note without a fix.

Limits
------
Results passed straight to a function parameter or stored in a struct member are not
tracked; a variable declared in another function is not seen. The ballot of a
cooperative-groups tile of at most 32 lanes (``thread_block_tile<16>``,
``tiled_partition<8>(block)``, or a tile whose size is a template parameter: CUDA's
tiles have at most 32 lanes) has one bit per lane of the tile and fits: not reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.facts import facts_of
from translator.analysis.hazard import BALLOTS, finding, is_call, narrow_tile_ballot, scan
from translator.analysis.lane_masks import widened_mask_variables
from translator.diagnostics import Diagnostic, Fix, Severity
from translator.rules.base import Finding, Rule

_NARROW = frozenset({"unsigned", "int", "uint32_t", "int32_t", "uint", "u32", "signed", "short"})
_WIDE = frozenset({"auto", "long", "uint64_t", "int64_t", "size_t", "uint64", "u64",
                   "unsigned long long", "ulong"})
_KEEP = frozenset({"const", "volatile", "static", "register", "__shared__"})


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("ballot") and not unit.mentions("__activemask") and (
            not unit.mentions("__match_any_sync")):
        return
    facts = facts_of(unit)
    code = facts.code
    for index, _ in scan(facts, [*BALLOTS, "ballot"]):
        start = _call_start(code, index)
        if start is None or start < 2 or code[start - 1].text != "=":
            continue
        if narrow_tile_ballot(facts, index):
            continue  # one bit per lane of a tile of at most 32 lanes
        name_token = code[start - 2]
        if name_token.kind != "ident":
            continue
        type_span = _type_span(code, start - 2)
        words = {code[i].text for i in range(*type_span)} if type_span else set()
        if words & _WIDE:
            continue  # 64-bit, or auto (deduced from HIP's 64-bit return type)
        declaration = None
        if words and words <= _NARROW:
            narrow = True
        else:  # a typedef, or a variable declared earlier: ask for its type
            declaration = facts.declaration(name_token.text, name_token.start)
            narrow = (declaration is not None and declaration.size is not None
                      and declaration.size <= 4 and not declaration.pointer)
        if not narrow:
            continue
        if type_span and code[type_span[0]].start in widened_mask_variables(unit):
            yield Diagnostic("W412", f"{name_token.text} keeps the {code[index].text} result in "
                             "32 bits; a 64-lane wavefront needs 64; R401 makes it 64-bit, as "
                             "it is a *_sync mask", offset=name_token.start,
                             help="store lane masks in unsigned long long (or auto)",
                             severity=Severity.NOTE)
            continue
        fixes: tuple[Fix, ...] = ()
        if type_span:
            first, last = type_span
            fixes = (Fix(code[first].start, code[last - 1].end, "unsigned long long",
                         "64-bit mask type"),)
        elif declaration is not None:
            fixes = _declaration_fix(facts, declaration)
        yield finding("W412", f"{name_token.text} keeps the {code[index].text} result in 32 "
                      "bits; a 64-lane wavefront needs 64", name_token.start,
                      "store lane masks in unsigned long long (or auto)", fixes)


def _call_start(code, index: int) -> int | None:
    """Where the call at INDEX starts: ``__ballot_sync(`` or ``tile.ballot(``."""
    if index + 1 >= len(code) or code[index + 1].text != "(":
        return None
    if code[index].text != "ballot":
        return index if is_call(code, index, BALLOTS) else None
    if index >= 2 and code[index - 1].text in (".", "->") and code[index - 2].kind == "ident":
        return index - 2  # a cooperative-groups tile's ballot()
    return None


def _type_span(code, name_index: int) -> tuple[int, int] | None:
    """The type-name tokens before a declared name (without const/static)."""
    position = name_index - 1
    while position >= 0 and code[position].kind == "ident" and code[position].text not in _KEEP:
        position -= 1
    first = position + 1
    if first == name_index or code[first].text in ("return",):
        return None
    return first, name_index


def _declaration_fix(facts, declaration) -> tuple[Fix, ...]:
    index = facts.index_at(declaration.start)
    code = facts.code
    while index < len(code) and code[index].text != declaration.name:
        index += 1
    span = _type_span(code, index) if index < len(code) else None
    if not span or not all(code[i].text in _NARROW for i in range(*span)):
        return ()
    return (Fix(code[span[0]].start, code[span[1] - 1].end, "unsigned long long",
                "64-bit mask type"),)


RULE = Rule(
    code="W412",
    name="ballot-result-32-bit",
    summary="A ballot or active-mask result stored in a 32-bit integer",
    check=check,
    category="lane-mask",
    doc=__doc__,
    silent_in_platform_branches=True,
    safe_fixes=True,
    mentions=("ballot", "__activemask", "__match_any_sync"),
)
