"""Finds warp shuffle reductions sized for 32 lanes.

What it finds
-------------
In device code, loops that call a warp shuffle and whose offsets are bounded by a
32-lane warp: ``for (int o = 16; o > 0; o /= 2)`` (halving from 16) and
``for (int o = 1; o < 32; o *= 2)`` (doubling up to 32); and unrolled chains of
shuffles whose first offset is 16 (``__shfl_down_sync(m, v, 16)`` followed by 8, ...).

Why it matters on AMD
---------------------
With 64-lane wavefronts the first step must combine lanes 32 apart. A reduction that
starts at 16 leaves lanes 0-31 and 32-63 as two separate partial results, so lane 0
holds half the sum and the kernel returns wrong numbers without any error.

Example
-------
```
for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
```

Suggested fix
-------------
Start at ``warpSize / 2`` (or loop while the offset is below ``warpSize``); the fix
replaces the literal. Unrolled chains need one more step (offset 32) and are reported
without a fix.

Limits
------
Loops whose bound hides behind a function call or a macro named like a warp size (see
W001) are not reported; a shuffle with an explicit ``width`` below 32 (a sub-warp
reduction by design) or a width that is not a constant is not reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.expressions import arguments, closing, fold, integer, within
from translator.analysis.facts import facts_of, wave_size
from translator.analysis.hazard import (
    SHUFFLES,
    finding,
    fix,
    is_call,
    one_warp_block,
    scan,
)
from translator.rules.base import Finding, Rule

_HELP = "reduce over warpSize lanes: start at warpSize / 2"


def check(unit) -> Iterator[Finding]:
    if wave_size(unit.options) == 32 or not unit.mentions("__shfl"):
        return
    facts = facts_of(unit)
    code = facts.code
    looped: set[int] = set()
    calls = facts.occurrences(SHUFFLES)
    for index, token in scan(facts, ("for",)):
        if token.text != "for" or index + 1 >= len(code) or code[index + 1].text != "(":
            continue
        if not facts.on_device(token.start):
            continue
        header_end = closing(code, index + 1)
        body_end = (closing(code, header_end + 1) if header_end + 1 < len(code)
                    and code[header_end + 1].text == "{" else _statement_end(code, header_end))
        shuffles = [i for i in within(calls, header_end, body_end)
                    if is_call(code, i, SHUFFLES)]
        if not shuffles or any(_has_width(code, i, facts) for i in shuffles):
            continue
        parts = _split(code, index + 2, header_end)
        if len(parts) != 3:
            continue
        found = _loop_literal(code, parts)
        if found is not None:
            literal, replacement = found
            looped.update(shuffles)
            yield finding("W402", f"shuffle loop bounded by {code[literal].text} assumes 32 "
                          f"lanes; wavefronts on the target GPUs have {wave_size(unit.options)}",
                          code[literal].start, _HELP + one_warp_block(unit, code[literal].start),
                          (fix(code[literal], replacement, f"use {replacement}"),))
    yield from _unrolled(unit, facts, code, looped)


def _statement_end(code, index: int) -> int:
    position = index + 1
    while position < len(code) and code[position].text != ";":
        position += 1
    return position


def _split(code, first: int, last: int) -> list[tuple[int, int]]:
    parts, start, depth = [], first, 0
    for position in range(first, last):
        text = code[position].text
        depth += text in ("(", "[")
        depth -= text in (")", "]")
        if text == ";" and depth == 0:
            parts.append((start, position))
            start = position + 1
    parts.append((start, last))
    return parts


def _loop_literal(code, parts):
    (init_start, init_end), (cond_start, cond_end), (step_start, step_end) = parts
    step = [t.text for t in code[step_start:step_end]]
    halving = "/=" in step or ">>=" in step or (("/" in step or ">>" in step) and "=" in step)
    doubling = "*=" in step or "<<=" in step or (("*" in step or "<<" in step) and "=" in step)
    if halving:
        for position in range(init_start, init_end - 1):
            if code[position].text == "=" and integer(code[position + 1].text) == 16 and (
                    position + 2 == init_end):
                return position + 1, "warpSize / 2"
    if doubling:
        for position in range(cond_start, cond_end - 1):
            operator, value = code[position].text, integer(code[position + 1].text)
            if operator == "<" and value == 32:
                return position + 1, "warpSize"
            if operator == "<=" and value == 16:
                return position + 1, "warpSize / 2"
    return None


def _has_width(code, index: int, facts=None) -> bool:
    """A shuffle with an explicit width below 32 (a sub-warp reduction by design)."""
    spans = arguments(code, index + 1)
    position = 3 if code[index].text.endswith("_sync") else 2
    if len(spans) <= position:
        return False
    first, last = spans[position]
    words = {t.text for t in code[first:last]}
    if "warpSize" in words:
        return False
    value = fold(code[first:last], facts.macros if facts else {})
    return value is None or value < 32


def _unrolled(unit, facts, code, looped):
    for index, token in scan(facts, SHUFFLES):
        if index in looped or not is_call(code, index, SHUFFLES) or _has_width(code, index, facts):
            continue
        spans = arguments(code, index + 1)
        position = 2 if token.text.endswith("_sync") else 1
        if len(spans) <= position or facts.fold_span(*spans[position]) != 16:
            continue
        function = facts.function_at(token.start)
        if function is None or not function.on_device:
            continue
        later = range(index + 1, facts.index_at(function.end))
        if not any(is_call(code, i, SHUFFLES) and _delta(facts, code, i) == 8 for i in later):
            continue
        literal = code[spans[position][0]]
        yield finding("W402", f"unrolled shuffle reduction starts at offset 16 and covers 32 "
                      f"lanes; wavefronts on the target GPUs have {wave_size(unit.options)}",
                      literal.start, "add a first step with offset 32 (warpSize / 2) on wave64"
                      + one_warp_block(unit, literal.start))


def _delta(facts, code, index):
    spans = arguments(code, index + 1)
    position = 2 if code[index].text.endswith("_sync") else 1
    return facts.fold_span(*spans[position]) if len(spans) > position else None


RULE = Rule(
    code="W402",
    name="warp-shuffle-reduction-32",
    summary="Shuffle reduction whose offsets start at 16 or stop at 32",
    check=check,
    category="warp-size",
    doc=__doc__,
    silent_in_platform_branches=True,
    safe_fixes=True,
    mentions=("__shfl",),
)
