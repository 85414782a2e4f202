"""Leaves the project's own HIP branches, and the CUDA code they replace, as written.

What it does
------------
An ``#if``/``#ifdef``/``#ifndef`` group any of whose conditions tests a HIP or ROCm
macro (``__HIP_PLATFORM_AMD__``, ``__HIP_PLATFORM_HCC__``, ``__HIPCC__``, ``__HIP__``,
``__HIP_DEVICE_COMPILE__``, ``USE_ROCM``, ``*_USE_HIP``, ``*_USE_ROCM``, and in a tree
migration every macro the project's CMake or Makefiles define only for their HIP build)
is the project's own port: no rule rewrites anything in it, in any branch. Its CUDA
alternative (the branch a CUDA build takes and a HIP build does not) is not turned into
a second HIP path; when it uses CUDA names, this rule says so with a note on its
``#else``/``#elif``/``#ifndef`` line. The names that the project's ``#define``,
``using X =``, ``typedef``, ``namespace X =`` and function definitions define keep
their spelling too (``#define cudaMalloc hipMalloc`` is a shim, not a use), unless the
definition is written in CUDA's own terms (``typedef struct CUstream_st
*cudaStream_t;``); see ``translator/source/hip_guards.py``.

Why
---
Projects that already build for ROCm do it through such branches and vendor headers.
Translating them turns ``#define cudaMalloc hipMalloc`` into ``#define hipMalloc
hipMalloc``, ``namespace cub = hipcub;`` into ``namespace hipcub = hipcub;`` (an error)
and ``#define __shfl_xor_sync(m, v, l) __shfl_xor(v, l)`` into a fixed-arity
``__shfl_xor`` macro that breaks every other call.

Example (CUDA)
--------------
```
#ifdef USE_ROCM
#include <hip/hip_runtime.h>
namespace cub = hipcub;
#else
#include <cuda_runtime.h>
#endif
```

Output (HIP)
------------
```
#ifdef USE_ROCM
#include <hip/hip_runtime.h>
namespace cub = hipcub;
#else
#include <cuda_runtime.h>
#endif
```
(unchanged, with a note on ``#else``: already handled by the project's HIP branch)

Limits
------
Conditions are read as written: a HIP macro hidden behind another macro
(``#if MY_GPU_IS_AMD`` with ``#define MY_GPU_IS_AMD defined(__HIPCC__)``) is not seen,
and only ``-D``/``add_compile_definitions`` of the build files tell the project's own
HIP macros. A group that tests HIP anywhere is left whole, also its branches for other
platforms. Code outside such groups is translated as usual, even in a file whose HIP
build reaches it through a vendor header.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Diagnostic, Severity
from translator.rules.base import Finding, Rule
from translator.source.hip_guards import hip_groups
from translator.unit import Unit

_WORD = re.compile(r"(?<![\w$])(?:cu|CU|Cu|__|nv|NV)[\w$]*")


def check(unit: Unit) -> Iterator[Finding]:
    for group in hip_groups(unit):
        hip_branch = next((b for b in group.branches if b.on_hip), None)
        for branch in group.branches:
            if branch.on_hip is not False or branch.on_cuda is False:
                continue
            if not _uses_cuda(unit, branch.body_start, branch.body_end):
                continue
            macros = ", ".join(group.macros)
            if hip_branch is not None:
                line = unit.location(hip_branch.directive.start).line
                message = (f"CUDA branch left as is: already handled by the project's HIP "
                           f"branch (line {line}, {macros})")
            else:
                message = (f"CUDA-only code left as is: the project's HIP build ({macros}) "
                           "does not compile it")
            yield Diagnostic("R004", message, offset=branch.directive.start,
                             severity=Severity.NOTE)


def _uses_cuda(unit: Unit, start: int, end: int) -> bool:
    """True when the text between START and END names a CUDA API or header."""
    text = unit.source[start:end]
    table = unit.names.identifiers
    return (any(word in table for word in _WORD.findall(text))
            or "include" in text and _includes_cuda(text))


def _includes_cuda(text: str) -> bool:
    return any(line.lstrip().startswith("#") and "include" in line and "cu" in line.lower()
               for line in text.splitlines())


RULE = Rule(
    code="R004",
    name="hip-guarded-code",
    summary="Leave the project's own HIP branches and their CUDA alternatives as written",
    check=check,
    category="unsupported-api",
    doc=__doc__,
)
