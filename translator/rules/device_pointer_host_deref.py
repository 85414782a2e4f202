"""Finds host code that dereferences a pointer from ``cudaMalloc``.

What it finds
-------------
In host functions, ``p[i]``, ``*p`` and ``p->m`` where ``p`` last got its value from
``cudaMalloc``, ``cudaMallocPitch`` or ``cudaMallocAsync`` in the same function.

Why it matters on AMD
---------------------
Device memory from hipMalloc is not accessible from the host: the access faults (or,
on systems with XNACK and large BAR, silently reads over PCIe). Code that happened to
work with CUDA's unified addressing quirks crashes after the port.

Example
-------
```
float *d;
cudaMalloc(&d, n * sizeof(float));
d[0] = 1.0f;
```

Suggested fix
-------------
Copy to a host buffer with ``cudaMemcpy``, or allocate with ``cudaMallocManaged`` /
``cudaMallocHost`` when the host must touch the memory. No automatic fix.

Limits
------
Intra-procedural: a device pointer passed to another function that dereferences it is
not followed. Device lambdas (``[=] __device__``, also with the qualifier spelled by a
macro) inside host functions are device code and skipped; a member that received
device memory (``cudaMalloc(&s.data, n)``) is not confused with a variable ``data``.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.dataflow import ALLOCATORS
from translator.analysis.expressions import within
from translator.analysis.facts import facts_of
from translator.analysis.hazard import finding
from translator.rules.base import Finding, Rule

_DEVICE_ALLOCATORS = tuple(name for name, kind in ALLOCATORS.items() if kind == "device")
_UNARY_BEFORE = frozenset({"(", ",", "=", ";", "{", "}", "return", "+", "-", "*", "/", "<",
                           ">", "==", "!=", "&&", "||", "?", ":", "+=", "-=", "*=", "<<", "!"})


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("cudaMalloc"):
        return
    facts = facts_of(unit)
    code = facts.code
    for function in facts.functions:
        if function.on_device:
            continue
        first, last = facts.body_span(function)
        if function.node is None and not any(facts.contains(name, first, last)
                                             for name in _DEVICE_ALLOCATORS):
            continue  # read from tokens, device memory comes from an allocator call here
        origins = [o for o in facts.origins(function) if o.kind == "device"]
        if not origins:
            continue
        names = {origin.name for origin in origins}
        reported: set[str] = set()
        for index in within(facts.occurrences(names), first, last):
            token = code[index]
            if token.text in reported:
                continue
            origin = facts.origin_of(token.text, token.start)
            if origin is None or origin.kind != "device" or not _dereferenced(code, index):
                continue
            if facts.on_device(token.start) or _in_sizeof(code, first, index):
                continue  # a device lambda (``[=] __device__``, or through a macro)
            reported.add(token.text)
            line = unit.location(origin.offset).line
            yield finding("W103", f"host code dereferences {token.text}, device memory from "
                          f"line {line}", token.start,
                          "copy the data to a host buffer first, or allocate memory the host "
                          "may touch (cudaMallocHost, cudaMallocManaged)")


def _dereferenced(code, index: int) -> bool:
    before = code[index - 1].text if index else ";"
    after = code[index + 1].text if index + 1 < len(code) else ";"
    if before in (".", "->", "&", "::"):
        return False
    if after in ("[", "->"):
        return True
    return before == "*" and index > 1 and code[index - 2].text in _UNARY_BEFORE


def _in_sizeof(code, first: int, index: int) -> bool:
    depth = 0
    for position in range(index - 1, first, -1):
        text = code[position].text
        if text == ")":
            depth += 1
        elif text == "(":
            if depth == 0:
                return code[position - 1].text in ("sizeof", "decltype", "alignof")
            depth -= 1
        elif text in (";", "{", "}"):
            return False
    return False


RULE = Rule(
    code="W103",
    name="device-pointer-host-deref",
    summary="Host code dereferences a pointer allocated with cudaMalloc",
    check=check,
    category="host-deref",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("cudaMalloc",),
)
