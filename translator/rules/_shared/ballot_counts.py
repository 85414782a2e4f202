"""The bit counts (``__popc``, ``__ffs``, ``__clz``) of a ballot or active mask: what
W413 reports and R408 widens to the 64-bit versions, found once per file for both.
"""

from __future__ import annotations

from translator.analysis.expressions import closing
from translator.analysis.facts import facts_of
from translator.analysis.hazard import BALLOTS, ballot_names, is_call, narrow_tile_ballot, scan
from translator.analysis.lane_masks import mask_variable, widened_mask_variables
from translator.source.tokens import Token
from translator.unit import Unit

__all__ = ["WIDE", "ballot_counts"]

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
