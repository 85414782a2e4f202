"""Finds dynamic parallelism: kernels launched from device code.

What it finds
-------------
In ``__global__`` and ``__device__`` functions: ``k<<<...>>>(...)`` launches and calls
of ``cudaDeviceSynchronize``, ``cudaLaunchDevice``, ``cudaGetParameterBuffer``,
and ``cudaStreamCreateWithFlags`` (launches into ``cudaStreamTailLaunch`` or
``cudaStreamFireAndForget`` are launches too).

Why it matters on AMD
---------------------
HIP has no dynamic parallelism: device code cannot launch kernels or create streams on
AMD GPUs, so such code does not compile after the port.

Example
-------
```
__global__ void parent(int *d) { child<<<1, 64>>>(d); }
```

Suggested fix
-------------
Launch the child work from the host (possibly in a loop or with a graph), or flatten
the recursion into one kernel with a work queue. No automatic fix.

Limits
------
Launches hidden in macros defined in other files are not seen; ``__host__ __device__``
functions are not checked.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.facts import facts_of
from translator.analysis.hazard import finding, is_call, scan
from translator.rules.base import Finding, Rule

_DEVICE_RUNTIME = frozenset({"cudaDeviceSynchronize", "cudaLaunchDevice",
                             "cudaGetParameterBuffer", "cudaStreamCreateWithFlags"})
_HELP = "launch the work from the host, or restructure it into one kernel"


def check(unit) -> Iterator[Finding]:
    facts = facts_of(unit)
    code = facts.code
    for launch in facts.launches:
        token = code[launch.index]
        if _device_only(facts, token.start):
            yield finding("W204", f"kernel {launch.kernel} is launched from device code; HIP "
                          "has no dynamic parallelism", token.start, _HELP)
    for index, token in scan(facts, _DEVICE_RUNTIME):
        if is_call(code, index, _DEVICE_RUNTIME) and _device_only(facts, token.start):
            yield finding("W204", f"{token.text} in device code needs dynamic parallelism, "
                          "which HIP does not have", token.start, _HELP)


def _device_only(facts, offset: int) -> bool:
    """In a kernel or __device__ function (__host__ __device__ code usually keeps such
    calls behind ``#ifndef __CUDA_ARCH__``)."""
    function = facts.function_at(offset)
    return function is not None and function.target in ("global", "device")


RULE = Rule(
    code="W204",
    name="device-side-launch",
    summary="Kernel launch or device runtime call in device code (dynamic parallelism)",
    check=check,
    category="dynamic-parallelism",
    doc=__doc__,
    silent_in_platform_branches=True,
)
