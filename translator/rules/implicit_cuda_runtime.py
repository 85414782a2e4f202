"""Adds ``#include <hip/hip_runtime.h>`` where nvcc includes the CUDA runtime implicitly.

What it does
------------
nvcc includes ``cuda_runtime.h`` in every ``.cu`` file by itself, so CUDA sources often
launch kernels, use ``threadIdx`` or call ``cudaMalloc`` without including any CUDA
header. For a ``.cu`` file that does so and whose includes do not bring in
``hip/hip_runtime.h``, this rule inserts ``#include <hip/hip_runtime.h>`` on a line of
its own right after a leading ``#pragma once`` (where hipify-clang puts it), else before
the first unconditional ``#include`` (at the top of the file when there is none, after an
include guard when there is one).

Why
---
hipcc does not include the HIP runtime header implicitly: without it, the HIP API and
the kernel launch support are undeclared.

Example (CUDA)
--------------
```
#include <cstdio>
__global__ void fill(int *p) { p[threadIdx.x] = 1; }
```

Output (HIP)
------------
```
#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void fill(int *p) { p[threadIdx.x] = 1; }
```

Limits
------
The include also goes before ``#include <cooperative_groups.h>`` when that comes
before the runtime's include: HIP's cooperative groups header needs the runtime first.
Only ``.cu`` files get the include (headers are left to the files that include them).
The inserted line shifts the lines below it by one; the result's line map accounts for
it. A file that uses only the runtime API and includes ``cuda_runtime_api.h`` keeps
``hip/hip_runtime_api.h`` alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.edits import Edit
from translator.includes import RUNTIME_HEADER, runtime_insertion
from translator.rules.base import Finding, Rule
from translator.unit import Unit

INCLUDE_LINE = f"#include <{RUNTIME_HEADER}>\n"


def check(unit: Unit) -> Iterator[Finding]:
    point = runtime_insertion(unit)
    if point is not None:
        yield Edit(point, point, INCLUDE_LINE, "R002")


RULE = Rule(
    code="R002",
    name="implicit-cuda-runtime",
    summary="Include hip/hip_runtime.h in .cu files that relied on the implicit include of nvcc",
    check=check,
    category="unsupported-api",
    doc=__doc__,
)
