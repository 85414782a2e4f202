"""Finds copy, set and allocation sizes that count elements instead of bytes.

What it finds
-------------
``cudaMemcpy``/``cudaMemcpyAsync``/``cudaMemset``/``cudaMemcpy*Symbol`` and the
``cudaMalloc`` family whose byte count, followed through same-file macros, constants
and local variables, contains no ``sizeof`` and no multiplication by the element size,
while the pointer's elements are larger than one byte (``float *``, ``int *``...).

Why it matters on AMD
---------------------
The count is in bytes. ``cudaMemcpy(d, h, n, ...)`` on ``float`` data copies a quarter
of the array; the kernel then reads uninitialised device memory. Such bugs are often
hidden on NVIDIA by allocation rounding and show up after the port as wrong results.

Example
-------
```
cudaMemcpy(d_a, h_a, N, cudaMemcpyHostToDevice);  // float *d_a, *h_a
```

Suggested fix
-------------
Multiply by the element size: ``N * sizeof(float)``. No automatic fix: the intent
(bytes or elements) cannot be proved.

Limits
------
A count that depends on a parameter, a function call or a struct member cannot be
followed and is not reported; neither is a count whose variable name says it is in
bytes, or a literal equal to the element size (one element, in bytes).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.expressions import integer
from translator.analysis.facts import facts_of, last_between
from translator.analysis.hazard import finding
from translator.analysis.memory_calls import SIZE_CALLS, element_size, size_calls
from translator.rules.base import Finding, Rule

_BYTES_NAME = re.compile(r"(?i)bytes|size_?in_?bytes|nbytes|mem_?size")
_ALLOCATIONS = frozenset({"cudaMalloc", "cudaMallocManaged", "cudaMallocHost", "cudaHostAlloc",
                          "cudaMallocAsync"})


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("cuda"):
        return
    facts = facts_of(unit)
    code = facts.code
    for token, spans in size_calls(facts):
        size_index, pointer_indexes = SIZE_CALLS[token.text]
        traced = _trace(facts, code, spans[size_index], token.start, 0)
        if traced is None or "sizeof" in traced:
            continue
        size, type_name = None, ""
        for position in pointer_indexes:  # the first known element type is enough
            if position < len(spans):
                size, type_name = element_size(facts, code, spans[position], token.start,
                                               token.text in _ALLOCATIONS)
                if size:
                    break
        if not size or size <= 1 or size in _multipliers(traced) or _one_element(traced, size):
            continue
        text = facts.text(*spans[size_index])
        yield finding("W104", f"{token.text} size '{text}' is not scaled by the element size "
                      f"({type_name}, {size} bytes): the count is in bytes",
                      code[spans[size_index][0]].start,
                      f"multiply the element count by sizeof({type_name})")


def _trace(facts, code, span, offset, depth) -> list[str] | None:
    """The words of an expression with names replaced by their definitions, or None."""
    words: list[str] = []
    for position in range(*span):
        token = code[position]
        if token.kind != "ident" or token.text == "sizeof":
            words.append(token.text)
            continue
        if _BYTES_NAME.search(token.text) or depth > 4:
            return None
        if token.text in facts.macros:
            inner = facts.macros[token.text]
            words.extend(t.text for t in inner)
            if any(t.kind == "ident" and t.text not in facts.macros and t.text != "sizeof"
                   for t in inner):
                return None
            continue
        definition = _local_definition(facts, code, token, offset)
        if definition is None:
            return None
        inner_words = _trace(facts, code, definition, offset, depth + 1)
        if inner_words is None:
            return None
        words.extend(inner_words)
    return words


def _local_definition(facts, code, token, offset):
    """The value span of the latest ``name = value`` before OFFSET in its function; None
    when the name was changed after it (``+=``, ``++``...) or has no such definition."""
    function = facts.function_at(offset)
    if function is None:
        return None
    first = facts.body_span(function)[0]
    last = facts.index_at(offset)
    name = token.text
    assigned = facts.latest(name, _assigns, first, last)
    if assigned is None:
        return None
    # Looking back from the use, any token right after ++ or -- ends the search too.
    changed = facts.latest(name, _changes, first, last)
    stepped = last_between(_after_steps(facts), first, last)
    if changed is not None and changed > assigned or stepped is not None and stepped > assigned:
        return None
    end = assigned + 2
    while end < last and code[end].text not in (";", ","):
        end += 1
    return assigned + 2, end


def _assigns(code, index: int) -> bool:
    return (index + 1 < len(code) and code[index + 1].text == "="
            and code[index - 1].text not in (".", "->"))


def _changes(code, index: int) -> bool:
    return index + 1 < len(code) and code[index + 1].text in ("+=", "-=", "*=", "++", "--", "/=")


def _after_steps(facts) -> list[int]:
    """Code indexes of the tokens that follow ``++`` or ``--``."""
    return facts.fact(_find_after_steps)


def _find_after_steps(facts) -> list[int]:
    code = facts.code
    steps = sorted(facts.indexes_of("++") + facts.indexes_of("--"))
    return [index + 1 for index in steps if index + 1 < len(code)]


def _one_element(words: list[str], size: int) -> bool:
    """``cudaMalloc(&count, 4)`` for one int: a literal equal to the element size is a
    byte count (one element), whatever else the same code counts in elements."""
    return len(words) == 1 and integer(words[0]) == size


def _multipliers(words: list[str]) -> set[int]:
    values = set()
    for position, word in enumerate(words):
        if word in ("*", "<<") and position + 1 < len(words):
            value = integer(words[position + 1])
            if value is not None:
                values.add(value if word == "*" else 1 << value)
        if word == "*" and position > 0:
            value = integer(words[position - 1])
            if value is not None:
                values.add(value)
    return values


RULE = Rule(
    code="W104",
    name="memcpy-unscaled-size",
    summary="Copy, set or allocation size that counts elements, not bytes",
    check=check,
    category="memcpy-size",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("cuda",),
)
