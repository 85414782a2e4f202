"""Adds ``#include <hip/hip_runtime.h>`` where nvcc includes the CUDA runtime implicitly.

What it does
------------
nvcc includes ``cuda_runtime.h`` in every ``.cu`` file by itself, so CUDA sources often
launch kernels, use ``threadIdx`` or call ``cudaMalloc`` without including any CUDA
header. For a ``.cu`` file that does so and whose includes do not bring in
``hip/hip_runtime.h``, this rule inserts ``#include <hip/hip_runtime.h>`` on a line of
its own before the first unconditional ``#include`` (at the top of the file when there is
none, after an include guard or ``#pragma once`` when there is one).

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
Only ``.cu`` files get the include (headers are left to the files that include them).
The inserted line shifts the lines below it by one; the result's line map accounts for
it. A file that uses only the runtime API and includes ``cuda_runtime_api.h`` keeps
``hip/hip_runtime_api.h`` alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.rules.cuda_include import RUNTIME_HEADER, include_targets
from translator.unit import Unit

INCLUDE_LINE = f"#include <{RUNTIME_HEADER}>\n"
_DEVICE_CODE = re.compile(
    r"(?<![\w$])(?:threadIdx|blockIdx|blockDim|gridDim|warpSize|__global__|__device__"
    r"|__shared__|__constant__|__managed__|__syncthreads|__launch_bounds__|dim3)(?![\w$])"
)
_LAUNCH = re.compile("<<<")
_RUNTIME_CALL = re.compile(r"(?<![\w$.>])(?:cuda|cu)[A-Z]\w*\s*\(")
_GUARD = re.compile(
    r"\A(?:\s|//[^\n]*\n|/\*[\s\S]*?\*/)*"
    r"(?:\#[ \t]*pragma[ \t]+once[^\n]*\n"
    r"|\#[ \t]*ifndef[ \t]+(?P<guard>\w+)[^\n]*\n\s*\#[ \t]*define[ \t]+(?P=guard)\b[^\n]*\n)"
)


def check(unit: Unit) -> Iterator[Finding]:
    if unit.suffix != ".cu" or not _needs_runtime(unit):
        return
    targets = include_targets(unit)
    if RUNTIME_HEADER in targets:
        return
    point = _insertion_point(unit)
    yield Edit(point, point, INCLUDE_LINE, "R002")


def _needs_runtime(unit: Unit) -> bool:
    regions = unit.regions
    if "<<<" in unit.source and next(regions.code_matches(_LAUNCH), None):
        return True
    if next(regions.code_matches(_DEVICE_CODE), None):
        return True
    if next(regions.code_matches(_RUNTIME_CALL), None) is None:
        return False
    return "hip/hip_runtime_api.h" not in include_targets(unit)


def _insertion_point(unit: Unit) -> int:
    depth = 0
    first_include = None
    for directive in sorted(unit.includes + unit.conditionals, key=lambda d: d.start):
        if directive.keyword in ("if", "ifdef", "ifndef"):
            depth += 1
        elif directive.keyword == "endif":
            depth -= 1
        elif directive.keyword in ("include", "include_next", "import") and depth <= _guarded(unit):
            first_include = directive
            break
    if first_include is not None:
        return unit.source.rfind("\n", 0, first_include.start) + 1
    guard = _GUARD.match(unit.source)
    return guard.end() if guard else 0


def _guarded(unit: Unit) -> int:
    """1 when the file is wrapped in an include guard (its includes sit at depth 1)."""
    guard = _GUARD.match(unit.source)
    return 1 if guard and guard.group("guard") else 0


RULE = Rule(
    code="R002",
    name="implicit-cuda-runtime",
    summary="Include hip/hip_runtime.h in .cu files that relied on nvcc's implicit include",
    check=check,
    category="unsupported-api",
    doc=__doc__,
)
