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
Only ``.cu`` files get the include at the top (headers are left to the files that
include them), also a ``.cu`` file that uses no CUDA itself but includes a header of its
project (``#include "table.cuh"``, a quoted name that is no CUDA or library header):
nvcc's implicit include reached that header too. A C++ source that is not a ``.cu``
file (``kernels.cu.cc`` built with ``nvcc -x cu``) gets it too when it defines kernels,
launches them or reads thread indexes and never tests ``__CUDACC__``: only nvcc, with its
implicit include, can have compiled it. So does such a C++ source that includes a header
of its tree holding kernels or thread indexes with no runtime include and no test of
``__CUDACC__`` (a ``.cpp`` file the build marks ``LANGUAGE CUDA``): the header is still
left as it is. The include is matched by its name and the header's path, not through the
include path: a header of the same name in another folder counts too (the host file then
includes the runtime, which a host compile reads as well). Any file, header or not, that
tests ``__CUDACC__`` (``#ifdef __CUDACC__``, ``#if defined(__CUDACC__)``) and uses CUDA
keywords in that branch
(``#define HD __host__ __device__``) gets the include as the branch's first line, where
nvcc's implicit include made those keywords available: shared headers then also work
in a host file that hipcc compiles as HIP. When that branch lies inside a namespace or a
class, where an include cannot go, the include goes at the top of the file instead,
inside ``#ifdef __HIPCC__``.
The inserted line shifts the lines below it by one; the result's line map accounts for
it. A file that uses only the runtime API and includes ``cuda_runtime_api.h`` keeps
``hip/hip_runtime_api.h`` alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.hip_guards import at_file_scope
from translator.analysis.includes import (
    RUNTIME_HEADER,
    first_include_point,
    include_targets,
    resolved_includes,
    runtime_insertion,
)
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.file_kinds import C_HEADER_SUFFIXES, C_SOURCE_SUFFIXES
from translator.source.scan import next_branch
from translator.unit import Unit

INCLUDE_LINE = f"#include <{RUNTIME_HEADER}>\n"
#: The include for a ``__CUDACC__`` branch that lies inside braces, at the top instead.
GUARDED_INCLUDE = f"#ifdef __HIPCC__\n{INCLUDE_LINE}#endif\n"


def check(unit: Unit) -> Iterator[Finding]:
    point = runtime_insertion(unit)
    if point is None and (_includes_project_header(unit) or _cuda_source(unit)
                          or _includes_kernel_header(unit)):
        point = first_include_point(unit)
    if point is not None:
        yield Edit(point, point, INCLUDE_LINE, "R002")
    elif unit.mentions("__CUDACC__"):
        point = _guarded_insertion(unit)
        if point is not None and at_file_scope(unit, point):
            yield Edit(point, point, INCLUDE_LINE, "R002")
        elif point is not None:  # an include inside a namespace or class would not compile
            point = first_include_point(unit)
            yield Edit(point, point, GUARDED_INCLUDE, "R002")


_CUDA_KEYWORDS = re.compile(
    r"(?<![\w$])(?:__host__|__device__|__global__|__forceinline__|__noinline__|__shared__"
    r"|__constant__|__managed__|__launch_bounds__|__syncthreads|threadIdx|blockIdx|blockDim"
    r"|gridDim|warpSize|cuda[A-Z]\w*)(?![\w$])"
)


def _includes_project_header(unit: Unit) -> bool:
    """A ``.cu`` file without the runtime among its includes that includes a header of its
    own project (a quoted name no table knows): nvcc's implicit include of the runtime
    reached that header too, which may use CUDA keywords and calls without including
    anything, as headers written only for ``.cu`` files do."""
    if unit.suffix != ".cu" or _has_runtime(unit):
        return False
    resolved = resolved_includes(unit)
    return any(found is None and directive.tokens[0].text.startswith('"')
               and not directive.tokens[0].text[1:-1].endswith((".cu", ".hip"))
               for directive, (_name, found) in zip(unit.includes, resolved, strict=True))


def _has_runtime(unit: Unit) -> bool:
    return RUNTIME_HEADER in include_targets(unit)


#: What only nvcc compiles in a C++ source: a kernel, a launch, a thread index.
_NVCC_CODE = re.compile(r"(?<![\w$])(?:__global__|threadIdx|blockIdx|blockDim|gridDim"
                        r"|__syncthreads)(?![\w$])|<<<")


def _cuda_source(unit: Unit) -> bool:
    """A C++ source that is not a ``.cu`` file but holds kernels or launches with no test of
    ``__CUDACC__``: the build compiles it with nvcc as CUDA (``-x cu``, ``LANGUAGE CUDA``),
    and nvcc included the runtime in it as in a ``.cu`` file. ``hip_runtime_api.h`` is no
    substitute there: kernels need the whole runtime."""
    if (unit.suffix not in C_SOURCE_SUFFIXES or unit.suffix == ".hip"
            or unit.mentions("__CUDACC__") or _has_runtime(unit)):
        return False
    return unit.regions.first_code_match(_NVCC_CODE, 0, len(unit.source)) is not None


def kernel_header(unit: Unit) -> bool:
    """A header that holds kernels, launches or thread indexes, includes no runtime and
    never tests ``__CUDACC__``: written for nvcc, it relied on the runtime that nvcc
    included before it. A tree fact (``Options.tree.kernel_headers``), read by every
    file: the C++ sources that include such a header are compiled as CUDA."""
    if (unit.suffix not in (".cuh", *C_HEADER_SUFFIXES) or "__CUDACC__" in unit.source
            or not _NVCC_TEXT.search(unit.source) or _has_runtime(unit)):
        return False
    return unit.regions.first_code_match(_NVCC_CODE, 0, len(unit.source)) is not None


_NVCC_TEXT = re.compile(r"__global__|threadIdx|blockIdx|blockDim|gridDim|__syncthreads|<<<")


def _includes_kernel_header(unit: Unit) -> bool:
    """A C++ source (no ``.cu`` file) without the runtime and with no test of
    ``__CUDACC__`` that includes a header of its tree that ``kernel_header`` found: the
    build compiles it as CUDA (``LANGUAGE CUDA``), nvcc's implicit include reached the
    header through it, and hipcc's ``-x hip`` includes nothing."""
    headers = unit.options.tree.kernel_headers
    if (not headers or unit.suffix not in C_SOURCE_SUFFIXES or unit.suffix == ".hip"
            or unit.mentions("__CUDACC__") or _has_runtime(unit)):
        return False
    return any(found is None and any(path == name or path.endswith("/" + name)
                                     for path in headers)
               for name, found in resolved_includes(unit))


def _guarded_insertion(unit: Unit) -> int | None:
    """After the first ``#if defined(__CUDACC__)``/``#ifdef __CUDACC__`` line whose branch
    uses CUDA keywords, in a file that does not include the runtime itself: nvcc's implicit
    include made them available there, hipcc's -x hip does not."""
    if RUNTIME_HEADER in include_targets(unit):
        return None
    conditionals = unit.conditionals
    for index, directive in enumerate(conditionals):
        if (unit.source.find("__CUDACC__", directive.start, directive.end) < 0
                or not _tests_cudacc(directive)):
            continue
        following = next_branch(conditionals, index)
        end = following.start if following else len(unit.source)
        if unit.regions.first_code_match(_CUDA_KEYWORDS, directive.end + 1, end) is not None:
            return directive.end + 1
    return None


def _tests_cudacc(directive) -> bool:
    """True for ``#ifdef __CUDACC__`` and an ``#if`` that requires ``defined(__CUDACC__)``
    (not negated, not one alternative of ``||``)."""
    texts = [token.text for token in directive.tokens]
    if directive.keyword == "ifdef":
        return texts[:1] == ["__CUDACC__"]
    if directive.keyword != "if" or "__CUDACC__" not in texts or "||" in texts:
        return False
    at = texts.index("__CUDACC__")
    before = texts[at - 2 : at] if texts[at - 1 : at] == ["("] else texts[at - 1 : at]
    return "!" not in texts[max(0, at - 3) : at] and (before[:1] == ["defined"] or not before)


RULE = Rule(
    code="R002",
    name="implicit-cuda-runtime",
    summary="Include hip/hip_runtime.h in .cu files that relied on the implicit include of nvcc",
    check=check,
    category="unsupported-api",
    doc=__doc__,
    mentions=("__CUDACC__",),
)
