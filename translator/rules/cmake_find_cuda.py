"""R503 cmake-find-cuda: ``find_package(CUDA)``, ``find_package(CUDAToolkit)``, NCCL.

What it does
------------
Replaces ``find_package(CUDA ...)`` and ``find_package(CUDAToolkit ...)`` by the HIP
setup (``GPU_TARGETS``, ``find_package(hip REQUIRED)``, ``link_libraries(hip::device)``)
and ``find_package(NCCL ...)`` by ``find_package(rccl ...)``, as optional as it was
(``REQUIRED``, ``QUIET`` and components kept, a version dropped). Renames the result
variables: ``CUDA_FOUND``/``CUDAToolkit_FOUND`` → ``hip_FOUND``,
``CUDA_INCLUDE_DIRS``/``CUDAToolkit_INCLUDE_DIRS`` → ``hip_INCLUDE_DIRS``,
``NCCL_FOUND`` → ``rccl_FOUND``, ``NCCL_INCLUDE_DIRS`` → ``rccl_INCLUDE_DIRS``.

When the project finds NCCL with a module of its own (a ``FindNCCL.cmake`` in the tree),
its ``find_package(NCCL)`` and ``NCCL_*`` variables stay the project's, and the module
is migrated instead: ``find_path(... nccl.h ...)`` looks for ``rccl/rccl.h`` and
``find_library(... nccl ...)`` for ``rccl``, so that it finds RCCL. A module of its own
for cuDNN (``FindCUDNN.cmake``; CMake has none) is migrated the same way, to MIOpen:
``cudnn.h`` becomes ``miopen/miopen.h`` and the library ``cudnn`` ``MIOpen``.

Why
---
ROCm machines have no CUDA toolkit; ``find_package(CUDA)`` fails there, and the HIP
package provides the targets the migrated code links. An optional NCCL must stay
optional: a project that builds without it on one GPU would otherwise fail to configure.

Example (CUDA)
--------------
    find_package(CUDAToolkit 11.0 REQUIRED)
    find_package(NCCL QUIET)

Output (HIP)
------------
    set(GPU_TARGETS "gfx942" CACHE STRING "AMD GPU targets to compile for")
    find_package(hip REQUIRED)
    link_libraries(hip::device)
    find_package(rccl QUIET)

Limits
------
Version requirements on CUDA and NCCL are dropped (HIP and RCCL versions differ).
``CUDA_VERSION`` comparisons are left for a person. Library targets are R504's.
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
}
_NCCL_VARIABLES = {"NCCL_FOUND": "rccl_FOUND", "NCCL_INCLUDE_DIRS": "rccl_INCLUDE_DIRS"}
#: find_path/find_library names of a library's header and binary in a project's own find
#: module (FindNCCL.cmake, FindCUDNN.cmake), by the module's package name: RCCL's, MIOpen's.
_MODULE_NAMES = {
    "nccl": {"find_path": {"nccl.h": "rccl/rccl.h"},
             "find_library": {"nccl": "rccl", "libnccl.so": "librccl.so"}},
    "cudnn": {"find_path": {"cudnn.h": "miopen/miopen.h"},
              "find_library": {"cudnn": "MIOpen", "libcudnn.so": "libMIOpen.so"}},
}
_FINDS = frozenset({"find_path", "find_library"})
#: find_package keywords kept for rccl (a version is not: RCCL's differ from NCCL's).
_KEPT = re.compile(r"^(?:REQUIRED|QUIET|COMPONENTS|OPTIONAL_COMPONENTS|CONFIG|NO_MODULE|"
                   r"[A-Za-z_]\w*)$")


def check(unit) -> Iterator[Finding]:
    if not re.search("(?i)cuda|nccl|cudnn", unit.source):
        return
    text = unit.source
    own = {name.lower() for name in unit.options.tree.find_modules} & set(_MODULE_NAMES)
    own_nccl = "nccl" in own
    for command in cmake_commands(text):
        if command.lowered in _FINDS:
            for package in own:
                yield from _own_module_names(command, _MODULE_NAMES[package])
        if command.lowered != "find_package" or not command.arguments:
            continue
        package = command.arguments[0].text
        if package in ("CUDA", "CUDAToolkit"):
            indent = text[text.rfind("\n", 0, command.start) + 1 : command.start]
            setup = hip_setup(unit.options, indent, text, command.start)
            yield Edit(command.start, command.end, setup.lstrip())
            yield Usage(package, "build-system", "cmake-package", command.start, True, "hip")
        elif package in ("NCCL", "nccl") and not own_nccl:
            kept = [a.text for a in command.arguments[1:] if _KEPT.match(a.text)]
            yield Edit(command.start, command.end, f"find_package({' '.join(['rccl', *kept])})")
            yield Usage(package, "build-system", "cmake-package", command.start, True, "rccl")
    variables = {**_VARIABLES, **({} if own_nccl else _NCCL_VARIABLES)}
    pattern = re.compile(r"\b(?P<name>" + "|".join(variables) + r")\b")
    for offset, code in code_spans(text):
        for match in pattern.finditer(code):
            target = variables[match.group("name")]
            yield Edit(offset + match.start(), offset + match.end(), target)
            yield Usage(match.group(), "build-system", "cmake-variable", offset + match.start(),
                        True, target)


def _own_module_names(command, modules: dict[str, dict[str, str]]) -> Iterator[Finding]:
    """NCCL's (cuDNN's) header and library names in a find_path/find_library of the
    project's own find module become RCCL's (MIOpen's)."""
    names = modules[command.lowered]
    for argument in command.arguments[1:]:
        new = names.get(argument.text.strip('"'))
        if new is not None:
            yield Edit(argument.start, argument.end, new)
            yield Usage(argument.text, "build-system", "cmake-package", argument.start, True,
                        new)


RULE = Rule("R503", "cmake-find-cuda", "find_package(CUDA|CUDAToolkit|NCCL) finds HIP/RCCL",
            check, "build-system", __doc__, languages=frozenset({"cmake"}))
