"""Finds managed (unified) memory: ``cudaMallocManaged`` and ``__managed__``.

What it finds
-------------
Calls of ``cudaMallocManaged`` and variables declared ``__managed__``.

Why it matters on AMD
---------------------
On AMD, managed memory that the GPU touches after the host (page migration on demand)
needs XNACK enabled (``HSA_XNACK=1`` and a ``gfx942:xnack+`` build) and an HMM-capable
Linux kernel; otherwise hipMallocManaged falls back to pinned host memory that the GPU
reads over the interconnect (slow), or the kernel faults. The port may need a build
flag, a run-time setting or explicit device allocations.

Example
-------
```
float *x;
cudaMallocManaged(&x, n * sizeof(float));
```

Suggested fix
-------------
Either keep managed memory and run with XNACK enabled (check
``hipDeviceAttributeManagedMemory`` and ``hipDeviceAttributePageableMemoryAccess``), or
allocate device memory with ``hipMalloc`` and copy explicitly. No automatic fix.

Limits
------
Managed memory obtained through a wrapper function defined in another file is not
seen.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.facts import facts_of
from translator.analysis.hazard import finding, is_call, scan
from translator.rules.base import Finding, Rule

_HELP = ("run with XNACK enabled (HSA_XNACK=1, build for gfx942:xnack+) on an HMM-capable "
         "kernel, or use hipMalloc and explicit copies")


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("anaged"):
        return
    code = facts_of(unit).code
    for index, token in scan(facts_of(unit), ("cudaMallocManaged", "__managed__")):
        if is_call(code, index, ("cudaMallocManaged",)):
            yield finding("W101", "cudaMallocManaged: managed memory needs XNACK and HMM on AMD "
                          "GPUs, or it is slow host memory", token.start, _HELP)
        elif token.text == "__managed__":
            yield finding("W101", "__managed__ variable: managed memory needs XNACK and HMM on "
                          "AMD GPUs, or it is slow host memory", token.start, _HELP)


RULE = Rule(
    code="W101",
    name="managed-allocation",
    summary="cudaMallocManaged or __managed__ (needs XNACK/HMM on AMD)",
    check=check,
    category="managed-memory",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("anaged",),
)
