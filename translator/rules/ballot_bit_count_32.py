"""Finds 32-bit bit counts (``__popc``, ``__ffs``, ``__clz``) applied to ballots.

What it finds
-------------
``__popc``, ``__ffs`` and ``__clz`` whose argument is a ballot or active mask: a call
of ``__ballot_sync``/``__ballot``/``__activemask``/``__match_any_sync`` or of a
cooperative-groups tile's ``ballot()``, or a variable assigned from one.

Why it matters on AMD
---------------------
The 32-bit versions look at lanes 0-31 only. On a 64-lane wavefront the count of
voting lanes, the first set lane and the leader computed from them ignore half the
wavefront. HIP's ballot is an ``unsigned long long``, and HIP declares ``__ffs`` and
``__clz`` for ``int`` and ``unsigned int``: ``__ffs(__ballot_sync(...))`` is an
ambiguous call that hipcc refuses.

When a target GPU has 64-lane wavefronts (the default) and the argument is 64-bit in the
output, R408 writes the 64-bit versions, since the only alternative is a compile error:
the finding is then a note for ``__popc`` and ``__ffs``, whose 64-bit versions give
CUDA's result for lanes 0-31 and count lanes 32-63 too. For ``__clz`` it stays a
warning: ``__clzll`` counts from bit 63, so its result is 32 more than CUDA's for the
same lanes, and the arithmetic on it (``31 - __clz(mask)`` for the highest lane) needs a
person. With 32-lane targets only (RDNA, ``--offload-arch gfx1100``), with R408 turned
off, or for a ballot kept in a 32-bit variable (which W412 reports, and whose ``__ffs``
compiles), the finding is a warning with the fix below, applied by ``--fix-hazards``.

Example
-------
```
int votes = __popc(__ballot_sync(0xffffffff, pred));
int leader = 31 - __clz(__activemask());
```

Suggested fix
-------------
Use the 64-bit versions: ``__popc`` -> ``__popcll``, ``__ffs`` -> ``__ffsll``,
``__clz`` -> ``__clzll``, and with ``__clzll`` count from bit 63
(``63 - __clzll(mask)``).

Limits
------
Masks that reach the call through a function parameter or a struct member are not
recognised. The ballot of a cooperative-groups tile of at most 32 lanes
(``thread_block_tile<16>``, ``tiled_partition<8>(block)``, or a tile whose size is a
template parameter: CUDA's tiles have at most 32 lanes) holds one bit per lane of the
tile, so 32 bits count it on AMD too: it is not reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.expressions import closing
from translator.analysis.facts import facts_of, wave_size
from translator.analysis.hazard import (
    BALLOTS,
    ballot_names,
    finding,
    fix,
    is_call,
    narrow_tile_ballot,
    scan,
)
from translator.analysis.lane_masks import mask_variable, widened_mask_variables
from translator.diagnostics import Diagnostic, Severity
from translator.rules.base import Finding, Rule
from translator.source.tokens import Token
from translator.unit import Unit

#: The 32-bit counts and their 64-bit versions (R408 writes these).
WIDE = {"__popc": "__popcll", "__ffs": "__ffsll", "__clz": "__clzll"}


#: Type words of a 64-bit variable (``auto`` takes HIP's 64-bit ballot type).
_WIDE_TYPES = frozenset({"auto", "long", "uint64_t", "int64_t", "size_t", "uint64", "u64",
                         "ulong"})


def ballot_counts(unit: Unit) -> tuple[tuple[Token, bool], ...]:
    """The names of the ``__popc``/``__ffs``/``__clz`` calls whose argument is a ballot or
    active mask, in text order, each with whether the argument is 64-bit in the output
    (then R408 widens the call): what W413 reports. A fact of the unit."""
    return unit.fact(_ballot_counts)


def _ballot_counts(unit: Unit) -> tuple[tuple[Token, bool], ...]:
    if not unit.mentions_any(WIDE):
        return ()
    facts = facts_of(unit)
    code = facts.code
    cache: dict = {}
    found = []
    for index, token in scan(facts, WIDE):
        if not is_call(code, index, WIDE):
            continue
        function = facts.function_at(token.start)
        if function is None:
            continue
        if function not in cache:
            cache[function] = ballot_names(facts, function) | BALLOTS
        end = closing(code, index + 1)
        words = {t.text for t in code[index + 2:end]}
        if words & cache[function] or "ballot" in words and not all(
                narrow_tile_ballot(facts, at) for at in range(index + 2, end)
                if code[at].text == "ballot"):
            found.append((token, _wide_in_output(unit, facts, cache[function], index + 2, end)))
    return tuple(found)


def _wide_in_output(unit: Unit, facts, names: frozenset[str], first: int, end: int) -> bool:
    """True when the argument ``code[FIRST:END]`` is 64-bit in the HIP output: it calls a
    ballot (HIP's are ``unsigned long long``), or it names a ballot variable declared
    64-bit (or ``auto``) or one that R401 makes 64-bit as a ``*_sync`` mask. A 32-bit
    variable stays so: ``__ffs`` of it compiles, ``__ffsll`` of it is ambiguous."""
    code = facts.code
    for at in range(first, end):
        token = code[at]
        call = at + 1 < end and code[at + 1].text == "("
        if call and (token.text in BALLOTS and (at == 0 or code[at - 1].text not in (".", "->"))
                     or token.text == "ballot" and not narrow_tile_ballot(facts, at)):
            return True
        if token.kind != "ident" or token.text not in names or call:
            continue
        declaration = facts.declaration(token.text, token.start)
        if declaration is None:
            continue
        index = facts.index_at(declaration.start)
        while index < at and code[index].text != token.text:
            index += 1
        start = index
        while start > 0 and code[start - 1].kind == "ident" and code[start - 1].text not in (
                "const", "volatile", "static", "register", "__shared__", "return"):
            start -= 1
        if {code[i].text for i in range(start, index)} & _WIDE_TYPES:
            return True
        mask = mask_variable(unit, token.text, token.start)
        if mask is not None and mask[0] in widened_mask_variables(unit):
            return True
    return False


def widened(unit: Unit) -> bool:
    """True when R408 writes the 64-bit versions in the output: it is enabled and a
    target GPU has 64-lane wavefronts (HIP's ballot is 64-bit, and the 32-bit calls of it
    are ambiguous)."""
    return wave_size(unit.options) == 64 and unit.options.rule_enabled("R408")


def check(unit) -> Iterator[Finding]:
    calls = ballot_counts(unit)
    if not calls:
        return
    widens = widened(unit)
    for token, wide_argument in calls:
        wide = WIDE[token.text]
        rewritten = widens and wide_argument
        if rewritten and token.text == "__clz":
            yield Diagnostic(
                "W413", "__clz counts the leading zeros of a 32-bit lane mask; R408 calls "
                "__clzll, which counts from bit 63 of the 64-bit one: the result is 32 more "
                "than CUDA's", offset=token.start,
                help="check the arithmetic on the result: 31 - __clz(mask) (the highest "
                "lane) becomes 63 - __clzll(mask), a comparison with 32 one with 64")
        elif rewritten:
            yield Diagnostic(
                "W413", f"{token.text} counts 32 bits of a lane mask; R408 calls {wide}, "
                "which counts all 64 lanes of the wavefront", offset=token.start,
                help=f"nothing to do: {token.text} and {wide} agree on lanes 0-31",
                severity=Severity.NOTE)
        else:
            yield finding("W413", f"{token.text} counts 32 bits of a lane mask; a 64-lane "
                          "wavefront needs the 64-bit version", token.start,
                          f"use {wide}", (fix(token, wide, f"use {wide}"),))


RULE = Rule(
    code="W413",
    name="ballot-bit-count-32",
    summary="__popc/__ffs/__clz applied to a ballot or active mask",
    check=check,
    category="lane-mask",
    doc=__doc__,
    silent_in_platform_branches=True,
    safe_fixes=True,
    mentions=tuple(WIDE),
)
