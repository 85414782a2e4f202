"""Finds kernels that index global memory with the thread index without a bounds check.

What it finds
-------------
Kernels that subscript a pointer parameter with the global thread index
(``blockIdx.x * blockDim.x + threadIdx.x`` or a variable computed from it) without any
condition on that index (``if (i < n)``, an early ``return``, a grid-stride loop
bound), when the same file launches the kernel with a rounded-up grid
(``(n + b - 1) / b``, ``ceil``, ``div_up``...).

Why it matters on AMD
---------------------
A rounded-up grid runs more threads than elements; without a guard the extra threads
read and write past the end of the buffers. Allocation rounding often hides this on
NVIDIA; on AMD the out-of-bounds access faults or corrupts neighbouring data (and block
sizes are often changed to multiples of 64 during the port, which changes the
rounding).

Example
-------
```
__global__ void scale(float *a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    a[i] *= 2.0f;
}
scale<<<(n + 255) / 256, 256>>>(a, n);
```

Suggested fix
-------------
Guard the access: ``if (i < n) a[i] *= 2.0f;`` or return early. No automatic fix: the
bound is not always known.

Limits
------
Kernels launched from other files, or with grids computed elsewhere, are not reported;
any comparison involving the index, anywhere in the kernel, counts as a guard.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.expressions import closing, within
from translator.analysis.facts import facts_of
from translator.analysis.hazard import finding
from translator.rules.base import Finding, Rule

_ROUNDED = re.compile(
    r"(?i)ceil|div_?up|cdiv|div_?round_?up|round_?up"  # helpers: ceil(), iDivUp(), ...
    r"|\+\s*[\w.]+\s*-\s*1\s*\)\s*/"  # (n + b - 1) / b
    r"|/\s*[\w.]+\s*\+\s*1\b"  # n / b + 1
    r"|%\s*[\w.]+\s*(\?|!=|>)")  # n / b + (n % b ? 1 : 0), (n % b != 0)
_CONSTANT_ROUNDING = re.compile(r"\+\s*(\d+)\s*\)\s*/\s*(\d+)")  # (n + 255) / 256


def _rounded(text: str) -> bool:
    if _ROUNDED.search(text):
        return True
    return any(int(a) + 1 == int(b) for a, b in _CONSTANT_ROUNDING.findall(text))


_COMPARISONS = frozenset({"<", "<=", ">", ">=", "!="})


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("blockIdx") or not unit.mentions("<<<"):
        return
    facts = facts_of(unit)
    code = facts.code
    rounded: dict[str, int] = {}
    for launch in facts.launches:
        if launch.config and _is_rounded(facts, launch):
            rounded.setdefault(launch.kernel, launch.index)
    for function in facts.functions:
        if function.target != "global" or function.name not in rounded:
            continue
        first, last = facts.body_span(function)
        indexes = _global_indexes(facts, first, last)
        if not indexes or _guarded(facts, first, last, indexes):
            continue
        pointers = _pointer_parameters(facts, function)
        for position in within(facts.occurrences(pointers), first, last - 1):
            token = code[position]
            if code[position + 1].text == "[":
                words = {t.text for t in code[position + 2:closing(code, position + 1)]}
                used = words & indexes
                if used:
                    line = unit.location(code[rounded[function.name]].start).line
                    yield finding("W206", f"{function.name} indexes {token.text} with "
                                  f"{sorted(used)[0]} without a bounds check, but its grid is "
                                  f"rounded up (launch on line {line})", token.start,
                                  "guard the access with the element count, e.g. "
                                  "if (i < n)")
                    break


def _is_rounded(facts, launch) -> bool:
    from translator.analysis.launch_values import _definition

    code = facts.code
    text = facts.text(*launch.config[0])
    if _rounded(text):
        return True
    first, last = launch.config[0]
    words = [code[i] for i in range(first, last) if code[i].kind == "ident"]
    for word in words[:3]:
        definition = _definition(facts, word.text, code[launch.index].start)
        if definition is not None:
            how, span = definition
            inner = facts.text(*span) if how == "=" else facts.text(
                span[0], closing(code, span[0]) + 1)
            if _rounded(inner):
                return True
    return False


def _global_indexes(facts, first: int, last: int) -> set[str]:
    code = facts.code
    names: set[str] = set()
    for position in facts.indexes_within("=", first, last):
        if code[position - 1].kind != "ident":
            continue
        end = position + 1
        while end < last and code[end].text not in (";", ","):
            end += 1
        words = {t.text for t in code[position + 1:end]}
        if {"blockIdx", "threadIdx"} <= words or words & names:
            names.add(code[position - 1].text)
    return names


#: The tokens where a guard can be seen (``_guarded``).
_GUARD_MARKS = ("if", "while", "for", "?", "min", "max", "assert", *_COMPARISONS)


def _guarded(facts, first: int, last: int, indexes: set[str]) -> bool:
    code = facts.code
    for position in facts.indexes_within_any(_GUARD_MARKS, first, last):
        text = code[position].text
        if text in ("if", "while", "for") and code[position + 1].text == "(":
            condition = {t.text for t in code[position + 2:closing(code, position + 1)]}
            if condition & indexes and condition & _COMPARISONS:
                return True
        if text == "?" or text in ("min", "max", "assert"):
            return True
        if text in _COMPARISONS and (code[position - 1].text in indexes
                                     or code[position + 1].text in indexes):
            return True  # i < n && a[i], bool ok = i < n; ...
    return False


def _pointer_parameters(facts, function) -> set[str]:
    code = facts.code
    header_first = facts.index_at(function.start)
    body = facts.body_span(function)[0]
    names = set()
    for position in range(header_first, body):
        token = code[position]
        if token.kind == "ident" and code[position - 1].text in ("*", "__restrict__",
                                                                 "__restrict"):
            names.add(token.text)
    return names


RULE = Rule(
    code="W206",
    name="unguarded-thread-index",
    summary="Kernel indexes global memory by thread index without a bounds check",
    check=check,
    category="unguarded-index",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("blockIdx", "<<<"),
)
