"""Rewrites runtime calls whose HIP function takes other arguments than the CUDA one.

What it does
------------
For the calls listed with library ``hip`` in ``data/call_signatures.tsv``, changes the
call, not only the name: the two-argument C++ overload ``cudaEventCreate(&e, flags)``
becomes ``hipEventCreateWithFlags(&e, flags)``; ``cudaMallocHost(&p, n)`` becomes
``hipHostMalloc(&p, n, hipHostMallocDefault)`` with its flags spelled out; a kernel
passed to ``cudaFuncGetAttributes``, ``cudaFuncSetCacheConfig``,
``cudaFuncSetSharedMemConfig``, ``cudaFuncSetAttribute`` or ``cudaLaunchKernel`` is cast
with ``reinterpret_cast<const void*>(...)`` because the HIP functions take ``const
void*`` and C++ does not convert a function to it implicitly (``cudaLaunchCooperativeKernel``
needs no cast: HIP has a template overload). Arguments that CUDA's
C++ API defaults and HIP does not are spelled out: the flags of ``cudaStreamWaitEvent``,
``cudaMalloc3DArray`` and ``cudaGraphInstantiateWithFlags``, the offset and copy kind of
``cudaMemcpyToSymbolAsync``/``FromSymbolAsync``, the shared-memory size and stream of
``cudaLaunchCooperativeKernel``, the stream of the external-semaphore calls. A typed
pointer passed to ``cudaMallocPitch``, ``cudaHostAlloc`` or ``cudaHostGetDevicePointer``
(CUDA has template overloads, HIP takes ``void**``) is cast with
``reinterpret_cast<void**>(...)``, unless it is ``void**`` already.
``cuOccupancyMaxPotentialBlockSize[WithFlags]`` loses its ``CUoccupancyB2DSize``
argument, which HIP's ``hipModuleOccupancyMaxPotentialBlockSize`` lacks, when it is null;
a call that passes a callback is reported and left. ``atomicInc_system`` and
``atomicDec_system``, which HIP lacks, become the builtins HIP's ``atomicInc`` and
``atomicDec`` use, at system scope: ``__builtin_amdgcn_atomic_inc32(p, v,
__ATOMIC_RELAXED, "")``. The bfloat16 pair conversions HIP 6.4 lacks are built from
single ones: ``__floats2bfloat162_rn(a, b)`` becomes
``__halves2bfloat162(__float2bfloat16(a), __float2bfloat16(b))`` and
``__float2bfloat162_rn(a)`` ``__bfloat162bfloat162(__float2bfloat16(a))``.

Why
---
A plain rename of these calls does not compile with hipcc (missing overload or no
conversion), or calls a different overload than CUDA did.

Example (CUDA)
--------------
```
cudaEventCreate(&stop, cudaEventBlockingSync);
cudaMallocHost(&host, bytes);
cudaFuncSetCacheConfig(scale, cudaFuncCachePreferL1);
```

Output (HIP)
------------
```
hipEventCreateWithFlags(&stop, hipEventBlockingSync);
hipHostMalloc(&host, bytes, hipHostMallocDefault);
hipFuncSetCacheConfig(reinterpret_cast<const void*>(scale), hipFuncCachePreferL1);
```

Limits
------
Only direct calls are rewritten; a function pointer to ``cudaEventCreate`` or a call
spelled through a macro argument that hides its parentheses is left to the plain rename.
An argument that is already cast (``(void*)kernel``) is not cast again.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from translator.data.names import resolve
from translator.data.signatures import calls_of, rewrite_call, signatures
from translator.diagnostics import Diagnostic
from translator.rules.base import Finding, Rule
from translator.unit import Unit

LIBRARIES = frozenset({"hip"})


def check(unit: Unit) -> Iterator[Finding]:
    yield from rewrite_listed_calls(unit, LIBRARIES, "R102")


#: Calls whose dropped argument must be null: {name: (argument index, what it is)}.
_DROPPED_NULL = {
    "cuOccupancyMaxPotentialBlockSize": (3, "CUoccupancyB2DSize callback"),
    "cuOccupancyMaxPotentialBlockSizeWithFlags": (3, "CUoccupancyB2DSize callback"),
}
_NULL = frozenset({"0", "NULL", "nullptr", "0L", "(CUoccupancyB2DSize)0",
                   "(CUoccupancyB2DSize)NULL", "(CUoccupancyB2DSize)nullptr"})


def rewrite_listed_calls(unit: Unit, libraries: frozenset[str], code: str) -> Iterator[Finding]:
    """Rewrite calls with a call_signatures.tsv row for one of LIBRARIES (R102, R301)."""
    rows = signatures()
    for name, call in calls_of(unit, _names_for(libraries)):
        dropped = _DROPPED_NULL.get(name)
        if dropped is not None and len(call.arguments) > dropped[0] and "".join(
                call.arguments[dropped[0]].text.split()) not in _NULL:
            yield Diagnostic(code, f"{name}: HIP has no {dropped[1]} argument; this call "
                             "passes one, so it is left as is (compute the dynamic shared "
                             "memory size for the block size and pass it instead)",
                             offset=call.name_start)
            continue
        entry = unit.names.get(name)
        if entry is None:
            continue
        target = resolve(entry, unit.options)
        for row in rows[name]:
            if row.library != target.library or row.library not in libraries:
                continue
            if row.arguments is not None and row.arguments != len(call.arguments):
                continue
            new_name = row.target or target.name
            if new_name:
                yield from rewrite_call(unit, call, entry, new_name, row.template, code)
            break


@functools.cache
def _names_for(libraries: frozenset[str]) -> frozenset[str]:
    return frozenset(name for name, found in signatures().items()
                     if any(row.library in libraries for row in found))


RULE = Rule(
    code="R102",
    name="cuda-call-signature",
    summary="Rewrite runtime calls whose HIP form takes other arguments (overloads, casts)",
    check=check,
    category="unsupported-api",
    doc=__doc__,
)
