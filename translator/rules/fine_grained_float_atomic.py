"""Finds floating-point atomics on managed or host-mapped memory.

What it finds
-------------
``atomicAdd``, ``atomicSub``, ``atomicExch``, ``atomicMax``, ``atomicMin`` (and the
``_system`` forms, ``unsafeAtomicAdd``) on ``float``/``double``/``half`` data that is
``__managed__``, or that reaches the kernel through a parameter whose launch argument
came from ``cudaMallocManaged``, ``cudaMallocHost``/``cudaHostAlloc`` or
``cudaHostGetDevicePointer`` in the same file.

Why it matters on AMD
---------------------
Managed and host-mapped memory is fine-grained (coherent with the host) on AMD. The
hardware floating-point atomics of gfx90a do not work on fine-grained memory: compiled
with ``-munsafe-fp-atomics`` (or via ``unsafeAtomicAdd``) the update is silently lost;
the default compare-and-swap loop is correct but much slower. On gfx942 they work over
PCIe/xGMI only with the right memory attributes.

Example
-------
```
__managed__ float total;
__global__ void sum(const float *x) { atomicAdd(&total, x[threadIdx.x]); }
```

Suggested fix
-------------
Accumulate in device memory from ``cudaMalloc`` (coarse-grained) and copy the result
back, or reduce per block first and use one atomic per block. No automatic fix.

Limits
------
Memory passed through more than one call, or allocated in another file, is not
followed.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.expressions import arguments, closing
from translator.analysis.facts import facts_of
from translator.analysis.hazard import finding, is_call, scan
from translator.analysis.memory_calls import base_name
from translator.rules.base import Finding, Rule

_ATOMICS = frozenset({"atomicAdd", "atomicSub", "atomicExch", "atomicMax", "atomicMin",
                      "atomicAdd_system", "atomicExch_system", "unsafeAtomicAdd"})
_FLOATS = ("float", "double", "half", "__half", "__nv_bfloat16")
_FINE = {"managed": "managed", "pinned": "host-mapped", "mapped": "host-mapped"}


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("atomic") and not unit.mentions("Atomic"):
        return
    facts = facts_of(unit)
    code = facts.code
    for index, token in scan(facts, _ATOMICS):
        if not is_call(code, index, _ATOMICS):
            continue
        spans = arguments(code, index + 1)
        if not spans:
            continue
        name, address = base_name(code, spans[0])
        declaration = facts.declaration(name, token.start) if name else None
        if declaration is None:
            continue
        element = declaration.type_text if address else declaration.pointee or \
            declaration.type_text
        if not any(word in element for word in _FLOATS):
            continue
        memory = _memory(facts, name, token.start)
        if memory:
            yield finding("W460", f"floating-point {token.text} on {memory} memory ({name}): "
                          "fine-grained on AMD, where hardware float atomics are lost or "
                          "fall back to slow CAS loops", token.start,
                          "accumulate in cudaMalloc'd device memory and copy the result back")


def _memory(facts, name: str, offset: int) -> str | None:
    origin = facts.global_origins.get(name)
    if origin is not None:
        return _FINE.get(origin.kind)
    function = facts.function_at(offset)
    if function is None or function.target != "global":
        return None
    position = _parameter_index(facts, function, name)
    if position is None:
        return None
    code = facts.code
    for launch in facts.launches:
        if launch.kernel != function.name or len(launch.arguments) <= position:
            continue
        argument, _ = base_name(code, launch.arguments[position])
        found = facts.origin_of(argument, code[launch.index].start) if argument else None
        if found is not None and found.kind in _FINE:
            return _FINE[found.kind]
    return None


def _parameter_index(facts, function, name: str) -> int | None:
    code = facts.code
    first = facts.index_at(function.start)
    body = facts.body_span(function)[0]
    for position in range(first, body):
        if code[position].text == "(" and closing(code, position) < body:
            for number, (start, end) in enumerate(arguments(code, position)):
                if end > start and code[end - 1].text == name:
                    return number
            return None
    return None


RULE = Rule(
    code="W460",
    name="fine-grained-float-atomic",
    summary="Floating-point atomic on managed or host-mapped (fine-grained) memory",
    check=check,
    category="atomic-fine-grained",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("atomic", "Atomic"),
)
