"""Leaves the project's own HIP branches, and the CUDA code they replace, as written.

What it does
------------
An ``#if``/``#ifdef``/``#ifndef`` group any of whose conditions tests a HIP or ROCm
macro (``__HIP_PLATFORM_AMD__``, ``__HIP_PLATFORM_HCC__``, ``__HIPCC__``, ``__HIP__``,
``__HIP_DEVICE_COMPILE__``, ``USE_ROCM``, ``*_USE_HIP``, ``*_USE_ROCM``, and in a tree
migration every macro the project's CMake or Makefiles define only for their HIP build)
is the project's own port. Its CUDA alternative (the branch a CUDA build takes and a
HIP build does not) is left as written, not turned into a second HIP path; when it uses
CUDA names, this rule says so with a note on its ``#else``/``#elif``/``#ifndef`` line.
The branch an AMD build takes is code hipcc compiles: what it still spells in CUDA
(written for PyTorch's build-time hipify, which renames ``cudaStream_t`` and friends
when it builds for ROCm) is translated like any code. When the groups test a build
switch (``USE_ROCM``, not a macro the compiler defines), one note names it: the
project's ROCm build must define it, and the compile check does. The names that the
project's ``#define``, ``using X =``, ``typedef``, ``namespace X =`` and function
definitions define keep their spelling too (``#define cudaMalloc hipMalloc`` is a shim,
not a use), unless the definition is written in CUDA's own terms (``typedef struct
CUstream_st *cudaStream_t;``); see ``translator/analysis/hip_guards.py``.

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
cudaStream_t current_stream();
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
hipStream_t current_stream();
#else
#include <cuda_runtime.h>
#endif
```
(with a note naming ``USE_ROCM`` as the project's ROCm switch, and one on ``#else``:
already handled by the project's HIP branch)

Limits
------
Conditions are read as written: a HIP macro hidden behind another macro
(``#if MY_GPU_IS_AMD`` with ``#define MY_GPU_IS_AMD defined(__HIPCC__)``) is not seen,
and only ``-D``/``add_compile_definitions`` of the build files tell the project's own
HIP macros. Of a group that tests HIP anywhere only the branch an AMD build takes is
translated; its branches for other platforms are left too. Code outside such groups is
translated as usual, even in a file whose HIP build reaches it through a vendor header.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.hip_guards import build_switches, hip_groups
from translator.diagnostics import Diagnostic, Severity
from translator.rules.base import Finding, Rule
from translator.unit import Unit

_WORD = re.compile(r"(?<![\w$])(?:cu|CU|Cu|__|nv|NV)[\w$]*")


def check(unit: Unit) -> Iterator[Finding]:
    switches = build_switches(unit)
    if switches:
        first = next(group for group in hip_groups(unit) if set(group.macros) & set(switches))
        one = len(switches) == 1
        torch = (" (PyTorch's extension build defines USE_ROCM when it builds for ROCm)"
                 if "USE_ROCM" in switches else "")
        yield Diagnostic(
            "R004", f"{', '.join(switches)} select{'s' if one else ''} this file's ROCm code: "
            f"the project's ROCm build must define {'it' if one else 'them'}{torch}, and the "
            "compile check does; CUDA spellings left in the ROCm branches are translated",
            offset=first.start, severity=Severity.NOTE)
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
