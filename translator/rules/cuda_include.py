"""Maps include directives of CUDA headers to their HIP headers.

What it does
------------
Rewrites the header name of ``#include`` directives that name a CUDA header from the
API table (``cuda_runtime.h``, ``curand_kernel.h``, ``cublas_v2.h``...) to the HIP (or,
with ``--roc``/``--miopen``, ROC) header under its package folder, keeping the ``<>``
or ``""`` delimiters. A CUDA header with no HIP counterpart is dropped, and so is an
include that would repeat a header an earlier, unconditional include already brings in
(``cuda.h`` and ``cuda_runtime.h`` both become ``hip/hip_runtime.h``). The line itself
stays, empty, so that line numbers do not move. A header of one part of CUB
(``cub/block/block_reduce.cuh``, ``cub/warp/warp_reduce.cuh``) becomes hipCUB's whole
header, ``hipcub/hipcub.hpp``, as ``cub/cub.cuh`` does.

Why
---
hipcc does not ship the CUDA headers; each CUDA library has a HIP or ROC header
under its package folder.

Example (CUDA)
--------------
```
#include <cuda_runtime.h>
#include <cuda.h>
#include <curand.h>
#include <device_launch_parameters.h>
```

Output (HIP)
------------
```
#include <hip/hip_runtime.h>


#include <hiprand/hiprand.h>
```

A file that includes cuBLAS and uses ``__half`` (or calls ``cublasHgemm``) gets
``#define HIPBLAS_USE_HIP_HALF 1`` on a line before its first hipBLAS include, and so
does every file that includes cuBLAS in a tree where one file does (the first include in
a unit decides the type for all its headers):
without it hipBLAS's half type is ``uint16_t``, so ``__half`` pointers do not convert,
and ``hipblas.h`` does not bring in ``hip/hip_fp16.h`` as ``cublas_v2.h`` brought in
``cuda_fp16.h``.

Limits
------
Includes built with macros (``#include MY_HEADER``) are left alone. A header that has no
HIP counterpart is removed without replacement; the code that used it may still need
attention. A repeated header is kept when the first include sits in a conditional
branch that may not be taken.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from translator.analysis.includes import RUNTIME_HEADER, resolved_includes, runtime_insertion
from translator.diagnostics import Diagnostic
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.unit import Directive, Unit

_OPENING = frozenset({"if", "ifdef", "ifndef"})
_BRANCHING = frozenset({"elif", "elifdef", "elifndef", "else"})


def check(unit: Unit) -> Iterator[Finding]:
    if not unit.mentions("include") and not unit.mentions("import"):
        return
    emitted: dict[str, list[tuple[int, ...]]] = {}  # header -> branch paths of its includes
    if runtime_insertion(unit) is not None:
        emitted[RUNTIME_HEADER] = [()]  # R002 adds it before every include
    resolved_names = resolved_includes(unit)
    half_pending = _needs_hip_half(unit)
    for index, directive, branch in _includes_with_branches(unit):
        header = directive.tokens[0]  # "<name>" or "\"name\"", by find_includes
        name, resolved = resolved_names[index]
        if resolved is None:
            emitted.setdefault(name, []).append(branch)  # e.g. hip/hip_runtime.h already
            continue
        entry, target = resolved
        if target.name is None and entry.hip:
            yield Diagnostic(
                "R001", f"#include <{name}> left as is: {target.reason}", offset=header.start
            )
            continue
        if not target.name or _repeats(emitted.get(target.name, ()), branch):
            yield Edit(directive.start, header.end, "", "R001")
            continue
        emitted.setdefault(target.name, []).append(branch)
        if half_pending and target.name.endswith(HIPBLAS_HEADER):
            half_pending = False  # the first include of hipBLAS decides hipblasHalf
            yield Edit(directive.start, header.end, f"{HIP_HALF_DEFINE}#include "
                       + header.text[0] + target.name + header.text[-1], "R001")
            continue
        yield Edit(header.start, header.end, header.text[0] + target.name + header.text[-1], "R001")


#: hipBLAS's half type is uint16_t unless this macro is defined before its header; then it
#: is HIP's __half, and hipblas.h includes hip/hip_fp16.h as cublas_v2.h did cuda_fp16.h.
HIP_HALF_MACRO = "HIPBLAS_USE_HIP_HALF"
HIP_HALF_DEFINE = f"#define {HIP_HALF_MACRO} 1\n"
HIPBLAS_HEADER = "hipblas.h"


def uses_blas_half(unit: Unit) -> bool:
    """The file names cuBLAS and uses __half (or calls cublasHgemm): it passes __half
    pointers where hipBLAS's default hipblasHalf is uint16_t. A tree fact too
    (``Options.tree.blas_half``): the first include of hipBLAS in a unit decides."""
    return unit.mentions("cublas") and (unit.mentions("__half") or unit.mentions("cublasHgemm"))


def _needs_hip_half(unit: Unit) -> bool:
    """hipBLAS must give __half (hipify-clang's spellings, --hipify-compat, leave it)."""
    return ((unit.options.tree.blas_half or uses_blas_half(unit))
            and not unit.mentions(HIP_HALF_MACRO) and not unit.options.roc
            and not unit.options.hipify_compat)


def _repeats(earlier: Iterable[tuple[int, ...]], branch: tuple[int, ...]) -> bool:
    """True when an include in one of the EARLIER branches is surely seen before BRANCH."""
    return any(branch[: len(first)] == first for first in earlier)


def _includes_with_branches(unit: Unit) -> Iterator[tuple[int, Directive, tuple[int, ...]]]:
    """(index in unit.includes, include, path of the conditional branches enclosing it)."""
    if not unit.mentions_any(("#if", "# if", "#\tif")):
        for index, directive in enumerate(unit.includes):
            yield index, directive, ()
        return
    events = sorted(
        [(d.start, -1, d) for d in unit.branches]
        + [(d.start, index, d) for index, d in enumerate(unit.includes)],
        key=lambda event: event[0],
    )
    stack: list[int] = []
    counter = 0
    for _, index, directive in events:
        if index >= 0:
            yield index, directive, tuple(stack)
        elif directive.keyword in _OPENING:
            counter += 1
            stack.append(counter)
        elif directive.keyword in _BRANCHING and stack:
            counter += 1
            stack[-1] = counter
        elif directive.keyword == "endif" and stack:
            stack.pop()


RULE = Rule(
    code="R001",
    name="cuda-include",
    summary="Map #include of CUDA headers to their HIP/ROC headers",
    check=check,
    category="unsupported-api",
    doc=__doc__,
    mentions=("#if", "# if", "#\tif", "include", "import", "__half", "cublasHgemm", "cublas",
              "HIPBLAS_USE_HIP_HALF"),
)
