"""Finds lane and warp arithmetic on thread indices that assumes 32 lanes.

What it finds
-------------
In device code: ``x % 32``, ``x & 31``, ``x / 32`` and ``x >> 5`` where ``x`` is a
thread index (``threadIdx``, a cooperative-groups ``thread_rank()``, a variable computed
from them, or a variable named like a lane or warp index), and ``blockDim.x / 32``
(warps per block).

Why it matters on AMD
---------------------
A wavefront on gfx90a/gfx942/gfx950 has 64 lanes. ``threadIdx.x % 32`` gives two lanes
of one wavefront the same "lane id", and ``threadIdx.x / 32`` gives one wavefront two
"warp ids", so per-warp reductions and lane-indexed exchanges silently mix data.

Example
-------
```
int lane = threadIdx.x % 32;
int warp = threadIdx.x / 32;
```

Suggested fix
-------------
Use ``warpSize``: ``% 32`` -> ``% warpSize``, ``/ 32`` -> ``/ warpSize``, ``& 31`` ->
``& (warpSize - 1)``, ``x >> 5`` -> ``x / warpSize`` (when ``x`` is a simple operand).
No fix is offered in ``constexpr`` or ``static_assert`` statements, where ``warpSize``
is not a constant.

Limits
------
A literal 32 that maps a thread to a row or column of a 32-wide tile (assigned to a
variable named like ``row``, ``col``, ``x`` or ``y``) or to one of 32 shared-memory
banks (``bank``) is not reported; neither is a
constant hidden behind a macro (see W001). Nor is the bitset idiom, where 32 is the
width of a word: ``x % 32`` or ``x & 31`` as a shift amount in a statement without a
ballot, and ``x / 32``/``x >> 5`` of the same ``x`` in that function
(``words[i / 32] |= 1u << (i % 32)``). Host code is never checked. In the file's
macros, the operand must name a thread index or the macro must be named like a lane or
warp index (``#define LANE_ID(t) ((t) & 31)``); a macro is checked once, where it is
defined, whatever code uses it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.expressions import closing, integer
from translator.analysis.facts import THREAD_SOURCES, facts_of, wave_size
from translator.analysis.hazard import (
    BALLOTS,
    ballot_names,
    finding,
    fix,
    left_operand,
    macro_bodies,
    one_warp_block,
)
from translator.rules.base import Finding, Rule

_EXPECTED = {"%": 32, "/": 32, "&": 31, ">>": 5}
_TILE_TARGET = re.compile(r"(?i)^(row|col|column|tile)\w*$|^[xyrc]\d*$|bank|pad")
_LANE_TARGET = re.compile(r"(?i)lane|warp|wid")
_SIMPLE_END = frozenset({";", ")", "]", ",", "}"})
_BITWISE_UPDATES = frozenset({"|=", "&=", "^=", "atomicOr", "atomicAnd", "atomicXor"})


def check(unit) -> Iterator[Finding]:
    if wave_size(unit.options) == 32:
        return
    facts = facts_of(unit)
    code = facts.code
    names_cache: dict = {}
    bits_cache: dict = {}
    # before a number only: most "/", "%", "&" and ">>" of a file are before names
    operators = sorted(index for operator in _EXPECTED for index in facts.indexes_of(operator)
                       if 1 <= index < len(code) - 1 and code[index + 1].kind == "number")
    for index in operators:
        operator = code[index].text
        if integer(code[index + 1].text) != _EXPECTED[operator]:
            continue
        function = facts.function_at(code[index].start)
        if function is None or not function.on_device:
            continue
        if function not in names_cache:
            names_cache[function] = facts.thread_names(function) | THREAD_SOURCES
        first = left_operand(code, index)
        words = {t.text for t in code[first:index]}
        sources = names_cache[function] | ({"blockDim"} if operator in ("/", ">>") else set())
        if not words & sources or _assigns_tile_coordinate(code, first):
            continue
        if function not in bits_cache:
            bits_cache[function] = _bit_positions(facts, function)
        operand = facts.text(first, index)
        if operand in bits_cache[function] and (
                operator in ("/", ">>") or _shifted_by(code, first, index + 2)):
            continue
        number = code[index + 1]
        yield finding(
            "W401",
            f"'{facts.text(first, index + 2)}' assumes 32 lanes per warp; wavefronts on the "
            f"target GPUs have {wave_size(unit.options)}",
            code[index].start,
            "derive lane and warp indices from warpSize" + one_warp_block(unit, code[index].start),
            _fixes(facts, code, first, index, number),
        )
    if unit.mentions("define"):
        yield from _macro_findings(unit)


def _macro_findings(unit) -> Iterator[Finding]:
    """Lane and warp arithmetic spelled by the file's macros (``#define LANE_ID(t) ((t) &
    31)``, ``#define WARP_ID (threadIdx.x / 32)``): a thread index in the operand, or a
    macro named like a lane or warp index."""
    for name, tokens in macro_bodies(unit):
        named = bool(_LANE_TARGET.search(name.text))
        for index in range(1, len(tokens) - 1):
            operator = tokens[index].text
            if operator not in _EXPECTED or tokens[index + 1].kind != "number" or (
                    integer(tokens[index + 1].text) != _EXPECTED[operator]):
                continue
            first = left_operand(tokens, index)
            words = {t.text for t in tokens[first:index]}
            if not words or not named and not words & THREAD_SOURCES:
                continue
            if _shifted_by(tokens, first, index + 2):
                continue  # a bit of a word
            number = tokens[index + 1]
            text = unit.source[tokens[first].start:number.end]
            yield finding(
                "W401", f"'{text}' in macro {name.text} assumes 32 lanes per warp; "
                f"wavefronts on the target GPUs have {wave_size(unit.options)}",
                tokens[index].start, "derive lane and warp indices from warpSize",
                _macro_fixes(tokens[index], number))


def _macro_fixes(operator, number):
    if operator.text in ("%", "/"):
        return (fix(number, "warpSize", f"{operator.text} warpSize"),)
    if operator.text == "&":
        return (fix(number, "(warpSize - 1)", "mask with warpSize - 1"),)
    return ()


def _shifted_by(code, first: int, last: int) -> bool:
    """True when code FIRST..LAST (perhaps in parentheses) is the amount of a shift."""
    position = first - 1
    while position >= 0 and code[position].text == "(" and closing(code, position) == last:
        position, last = position - 1, last + 1
    return position >= 0 and code[position].text in ("<<", ">>")


def _bit_positions(facts, function) -> frozenset[str]:
    """Operands X that FUNCTION reduces to a bit of a 32-bit word: the bitset idiom
    ``words[x / 32] |= 1u << (x % 32)``, where 32 is the width of the word, not of a warp.
    ``x % 32`` (or ``x & 31``) must be a shift amount in a statement without ballots that
    updates memory bitwise (``atomicOr``, ``|=``...), or X must also pick a word
    (``[x / 32]``, ``[x >> 5]``); ``unsigned bit = 1u << (threadIdx.x % 32)`` stays a
    lane bit."""
    code = facts.code
    first, last = facts.body_span(function)
    ballots = BALLOTS | ballot_names(facts, function)
    shifted, stored, words = set(), set(), set()
    for index in facts.indexes_within_any(_EXPECTED, first, last - 1):
        operator = code[index].text
        if integer(code[index + 1].text) != _EXPECTED[operator]:
            continue
        start = left_operand(code, index)
        operand = facts.text(start, index)
        if operator in ("/", ">>"):
            if code[start - 1].text == "[" and code[index + 2].text == "]":
                words.add(operand)
            continue
        if not _shifted_by(code, start, index + 2):
            continue
        statement, end = start, index
        while statement > first and code[statement - 1].text not in (";", "{", "}"):
            statement -= 1
        while end < last and code[end].text not in (";", "{", "}"):
            end += 1
        texts = {t.text for t in code[statement:end]}
        if texts & ballots:
            continue
        shifted.add(operand)
        if texts & _BITWISE_UPDATES:
            stored.add(operand)
    return frozenset(stored | (shifted & words))


def _assigns_tile_coordinate(code, first: int) -> bool:
    """``row = t / 32``: a 32-wide tile coordinate rather than a lane or warp index."""
    position = first - 1
    if position < 1 or code[position].text not in ("=", "("):
        return False
    while position > 0 and code[position].text in ("=", "("):
        position -= 1
    target = code[position].text
    return bool(_TILE_TARGET.match(target)) and not _LANE_TARGET.search(target)


def _fixes(facts, code, first, index, number):
    statement = first
    while statement > 0 and code[statement - 1].text not in (";", "{", "}"):
        statement -= 1
    if {t.text for t in code[statement:index]} & {"constexpr", "static_assert", "template"}:
        return ()
    operator = code[index].text
    if operator in ("%", "/"):
        return (fix(number, "warpSize", f"{operator} warpSize"),)
    if operator == "&":
        return (fix(number, "(warpSize - 1)", "mask with warpSize - 1"),)
    simple = index - first == 1 or (index - first == 3 and code[first + 1].text == ".")
    if simple and index + 2 < len(code) and code[index + 2].text in _SIMPLE_END:
        from translator.diagnostics import Fix

        return (Fix(code[index].start, number.end, "/ warpSize", "divide by warpSize"),)
    return ()


RULE = Rule(
    code="W401",
    name="warp-size-arithmetic",
    summary="Lane or warp index computed by modulo, mask, division or shift with 32",
    check=check,
    category="warp-size",
    doc=__doc__,
    silent_in_platform_branches=True,
    safe_fixes=True,
    mentions=("define",),
)
