"""R503 cmake-find-cuda: ``find_package(CUDA)``, ``find_package(CUDAToolkit)``, NCCL.

What it does
------------
Replaces ``find_package(CUDA ...)`` and ``find_package(CUDAToolkit ...)`` by the HIP
setup (``GPU_TARGETS``, ``find_package(hip REQUIRED)``, ``link_libraries(hip::device)``)
and ``find_package(NCCL ...)`` by ``find_package(rccl REQUIRED)``. Renames the result
variables: ``CUDA_FOUND``/``CUDAToolkit_FOUND`` → ``hip_FOUND``,
``CUDA_INCLUDE_DIRS``/``CUDAToolkit_INCLUDE_DIRS`` → ``hip_INCLUDE_DIRS``,
``NCCL_FOUND`` → ``rccl_FOUND``.

Why
---
ROCm machines have no CUDA toolkit; ``find_package(CUDA)`` fails there, and the HIP
package provides the targets the migrated code links.

Example (CUDA)
--------------
    find_package(CUDAToolkit 11.0 REQUIRED)

Output (HIP)
------------
    set(GPU_TARGETS "gfx942" CACHE STRING "AMD GPU targets to compile for")
    find_package(hip REQUIRED)
    link_libraries(hip::device)

Limits
------
Version requirements on CUDA are dropped (HIP versions differ). ``CUDA_VERSION``
comparisons are left for a person. Library targets are R504's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import cmake_commands, code_spans, hip_setup

_VARIABLES = {
    "CUDA_FOUND": "hip_FOUND", "CUDAToolkit_FOUND": "hip_FOUND",
    "CUDA_INCLUDE_DIRS": "hip_INCLUDE_DIRS", "CUDAToolkit_INCLUDE_DIRS": "hip_INCLUDE_DIRS",
    "NCCL_FOUND": "rccl_FOUND",
}
_VARIABLE = re.compile(r"\b(?P<name>" + "|".join(_VARIABLES) + r")\b")


def check(unit) -> Iterator[Finding]:
    if not re.search("(?i)cuda|nccl", unit.source):
        return
    text = unit.source
    for command in cmake_commands(text):
        if command.lowered != "find_package" or not command.arguments:
            continue
        package = command.arguments[0].text
        if package in ("CUDA", "CUDAToolkit"):
            indent = text[text.rfind("\n", 0, command.start) + 1 : command.start]
            setup = hip_setup(unit.options, indent, text, command.start)
            yield Edit(command.start, command.end, setup.lstrip())
            yield Usage(package, "build-system", "cmake-package", command.start, True, "hip")
        elif package in ("NCCL", "nccl"):
            yield Edit(command.start, command.end, "find_package(rccl REQUIRED)")
            yield Usage(package, "build-system", "cmake-package", command.start, True, "rccl")
    for offset, code in code_spans(text):
        for match in _VARIABLE.finditer(code):
            target = _VARIABLES[match.group("name")]
            yield Edit(offset + match.start(), offset + match.end(), target)
            yield Usage(match.group(), "build-system", "cmake-variable", offset + match.start(),
                        True, target)


RULE = Rule("R503", "cmake-find-cuda", "find_package(CUDA|CUDAToolkit|NCCL) finds HIP/RCCL",
            check, "build-system", __doc__, languages=frozenset({"cmake"}))
