"""What a file's includes amount to after translation, shared by R001 and R002.

``include_targets(unit)`` lists the headers the includes will name; ``runtime_insertion``
says where ``#include <hip/hip_runtime.h>`` must be added (R002 adds it, R001 then treats
later includes of the runtime as repeats), or None.
"""

from __future__ import annotations

import re

from translator.data.names import ApiName, Target, load_names, resolve, resolve_header
from translator.source.scan import Directive
from translator.unit import Unit

__all__ = [
    "RUNTIME_HEADER", "header_target", "include_targets", "resolved_includes", "runtime_insertion",
    "first_include_point",
]

RUNTIME_HEADER = "hip/hip_runtime.h"
#: CUDA headers whose HIP counterpart needs the runtime header before it (HIP's
#: cooperative groups use runtime macros without including the runtime).
NEEDS_RUNTIME_FIRST = frozenset({"cooperative_groups.h"})
_DEVICE_CODE = re.compile(
    r"(?:threadIdx|blockIdx|blockDim|gridDim|warpSize|__global__|__device__"
    r"|__shared__|__constant__|__managed__|__syncthreads|__launch_bounds__|dim3)(?![\w$])"
)
_RUNTIME_CALL = re.compile(r"cu(?:da)?[A-Z]\w*\s*\(")
_LAUNCH = re.compile("<<<")
_GUARD = re.compile(
    # a block comment star by star, not lazily: licence headers are long
    r"\A(?:\s|//[^\n]*\n|/\*[^*]*\*+(?:[^/*][^*]*\*+)*/)*"
    r"(?:\#[ \t]*pragma[ \t]+once[^\n]*\n"
    # (#ifndef __CUDACC__ / #define __CUDACC__ pretends to be nvcc: no include guard)
    r"|\#[ \t]*ifndef[ \t]+(?!__CUDACC__\b)(?P<guard>\w+)[^\n]*\n\s*\#[ \t]*define[ \t]+"
    r"(?P=guard)\b[^\n]*\n)"
)


def include_targets(unit: Unit) -> list[str]:
    """The header each include of UNIT names after translation, in order."""
    return unit.fact(_include_targets)


def _include_targets(unit: Unit) -> list[str]:
    return [name if resolved is None else resolved[1].name or name
            for name, resolved in resolved_includes(unit)]


def resolved_includes(unit: Unit) -> list[tuple[str, tuple[ApiName, Target] | None]]:
    """For each include of UNIT, in order: the header name and its ``header_target``."""
    return unit.fact(_resolved_includes)


def _resolved_includes(unit: Unit) -> list[tuple[str, tuple[ApiName, Target] | None]]:
    names = [directive.tokens[0].text[1:-1] for directive in unit.includes]
    return [(name, header_target(unit, name)) for name in names]


def header_target(unit: Unit, name: str) -> tuple[ApiName, Target] | None:
    """The table row of the header NAME and what it becomes, or None when it is not a
    header the table knows. A header of CUB's folders (``cub/block/block_reduce.cuh``)
    that the table does not list is CUB's: it becomes what ``cub/cub.cuh`` becomes,
    hipCUB's whole header, which brings in every part."""
    found = _header_target(unit, name)
    if found is None and _CUB_PART.fullmatch(name):
        return _header_target(unit, CUB_HEADER)
    return found


#: CUB's header of all its parts, and the headers of single parts (block, warp, device...).
CUB_HEADER = "cub/cub.cuh"
_CUB_PART = re.compile(r"cub/(?:[\w.-]+/)*[\w.-]+\.cuh")


def _header_target(unit: Unit, name: str) -> tuple[ApiName, Target] | None:
    if unit.names is load_names():
        return resolve_header(name, unit.options)
    entry = unit.names.headers.get(name)
    return None if entry is None else (entry, resolve(entry, unit.options))


def runtime_insertion(unit: Unit) -> int | None:
    """Where a ``.cu`` file needs ``#include <hip/hip_runtime.h>`` inserted, or None.

    Needed when the file launches kernels, uses built-ins or calls the runtime (any
    ``.cu`` file with Options.hipify_compat, as hipify-clang does) without
    any include of the runtime (nvcc includes it implicitly; hipcc does not): right
    after a leading ``#pragma once``, else before the first unconditional include. Needed
    also when cooperative groups are included before the runtime: before that include.
    Computed once per unit.
    """
    return unit.fact(_runtime_insertion)


def _runtime_insertion(unit: Unit) -> int | None:
    if unit.suffix != ".cu":
        return None
    targets = include_targets(unit)
    for directive, target in zip(unit.includes, targets, strict=True):
        if target == RUNTIME_HEADER:
            break
        if directive.tokens[0].text[1:-1] in NEEDS_RUNTIME_FIRST:
            return unit.source.rfind("\n", 0, directive.start) + 1
    if RUNTIME_HEADER in targets:
        return None
    if not unit.options.hipify_compat and not _needs_runtime(unit, targets):
        return None  # hipify-clang puts the runtime header into every .cu file
    return first_include_point(unit)


def _needs_runtime(unit: Unit, targets: list[str]) -> bool:
    if unit.mentions("<<<") and next(unit.regions.iter_code_matches(_LAUNCH), None):
        return True
    if _first_name(unit, _DEVICE_CODE, "") is not None:
        return True
    if _first_name(unit, _RUNTIME_CALL, ".>") is None:
        return False
    return "hip/hip_runtime_api.h" not in targets


def _first_name(unit: Unit, pattern: re.Pattern[str], also_not_after: str):
    """The first match in code that starts a whole identifier (and is not a member)."""
    source = unit.source
    for match in unit.regions.iter_code_matches(pattern):
        before = source[match.start() - 1] if match.start() else " "
        if not (before.isalnum() or before in "_$" or before in also_not_after):
            return match
    return None


def first_include_point(unit: Unit) -> int:
    """Where an include goes at the top of the file: after a leading ``#pragma once``,
    else before the first include outside any conditional but the include guard."""
    guard = _GUARD.match(unit.source)
    if guard and not guard.group("guard"):
        return guard.end()  # right after #pragma once, where hipify-clang puts it
    guarded = 1 if guard else 0
    depth = 0
    directives: list[Directive] = sorted(unit.includes + unit.branches,
                                         key=lambda d: d.start)
    for directive in directives:
        if directive.keyword in ("if", "ifdef", "ifndef"):
            depth += 1
        elif directive.keyword == "endif":
            depth -= 1
        elif directive.keyword in ("include", "include_next", "import") and depth <= guarded:
            return unit.source.rfind("\n", 0, directive.start) + 1
    return guard.end() if guard else 0
