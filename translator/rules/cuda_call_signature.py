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

from collections.abc import Iterator

from translator.rules._shared.listed_calls import rewrite_listed_calls
from translator.rules.base import Finding, Rule
from translator.unit import Unit

LIBRARIES = frozenset({"hip"})


def check(unit: Unit) -> Iterator[Finding]:
    yield from rewrite_listed_calls(unit, LIBRARIES, "R102")


RULE = Rule(
    code="R102",
    name="cuda-call-signature",
    summary="Rewrite runtime calls whose HIP form takes other arguments (overloads, casts)",
    check=check,
    category="unsupported-api",
    doc=__doc__,
)
