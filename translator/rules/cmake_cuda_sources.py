"""R505 cmake-cuda-sources: targets built from CUDA sources (``cuda_add_executable``...).

What it does
------------
Turns FindCUDA's ``cuda_add_executable``/``cuda_add_library`` into ``add_executable``/
``add_library`` (their ``OPTIONS`` become ``target_compile_options``),
``cuda_include_directories`` into ``include_directories`` and
``cuda_add_cublas_to_target(t)`` into linking hipBLAS. After every target whose
sources include ``.cu``/``.hip`` files or variables (in a file that mentions CUDA
sources, or that sets a property only CUDA targets have, such as ``CUDA_ARCHITECTURES``:
a helper ``.cmake`` file whose function builds a target from its ``${SOURCES}`` argument),
it adds ``set_source_files_properties(<sources> PROPERTIES LANGUAGE CXX)``.

Why
---
Without the CUDA language CMake does not know how to compile ``.cu`` files and would
silently leave them out; as ``CXX`` they are compiled by ``hipcc`` with ``hip::device``.

Example (CUDA)
--------------
    cuda_add_executable(app main.cu util.cpp OPTIONS -lineinfo)

Output (HIP)
------------
    add_executable(app main.cu util.cpp)
    target_compile_options(app PRIVATE -gline-tables-only)
    set_source_files_properties(main.cu PROPERTIES LANGUAGE CXX)

Limits
------
Source lists built with ``${VAR}`` are marked as a whole (a C file in such a list would
be compiled as C++). Sources added later with ``target_sources`` are marked too.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator

from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import cmake_commands, renamed_reference

_RENAMED = {"cuda_add_executable": "add_executable", "cuda_add_library": "add_library",
            "cuda_include_directories": "include_directories"}
_KEYWORDS = frozenset(("STATIC", "SHARED", "MODULE", "OBJECT", "EXCLUDE_FROM_ALL", "WIN32",
                       "MACOSX_BUNDLE", "PRIVATE", "PUBLIC", "INTERFACE"))
#: A CUDA source, FindCUDA's commands, or a target property only CUDA targets have (a
#: helper .cmake file whose function builds a target from its sources argument).
_EVIDENCE = re.compile(r"\.(?:cu|hip)\b|cuda_add_"
                       r"|\bCUDA_(?:ARCHITECTURES|SEPARABLE_COMPILATION|RESOLVE_DEVICE_SYMBOLS)\b")
_GPU_SOURCE = re.compile(r"\.(?:cu|hip)$|^\$\{\w+\}$")


def check(unit) -> Iterator[Finding]:
    if not _EVIDENCE.search(unit.source):
        return
    text = unit.source
    for command in cmake_commands(text):
        lowered = command.lowered
        if lowered in _RENAMED:
            yield Edit(command.start, command.start + len(command.name), _RENAMED[lowered])
            yield Usage(command.name, "build-system", "cmake-command", command.start, True,
                        _RENAMED[lowered])
        elif lowered == "cuda_add_cublas_to_target" and command.arguments:
            target = command.arguments[0].text
            yield Edit(command.start, command.end, "find_package(hipblas REQUIRED)\n"
                       f"set_property(TARGET {target} APPEND PROPERTY LINK_LIBRARIES roc::hipblas)")
            yield Usage(command.name, "build-system", "cmake-command", command.start, True)
        if lowered not in ("add_executable", "add_library", "cuda_add_executable",
                           "cuda_add_library", "target_sources"):
            continue
        arguments = list(command.arguments)
        if any(a.text in ("ALIAS", "IMPORTED") for a in arguments):
            continue
        options = next((i for i, a in enumerate(arguments) if a.text == "OPTIONS"), None)
        if options is not None and lowered.startswith("cuda_"):
            if options + 1 < len(arguments):  # the nvcc options move to the target
                yield Edit(arguments[options - 1].end, arguments[options + 1].start,
                           f")\ntarget_compile_options({arguments[0].text} PRIVATE ")
            else:
                yield Edit(arguments[options - 1].end, arguments[options].end, "")
            arguments = arguments[:options]
        folder = posixpath.dirname(unit.path)
        sources = [renamed_reference(a.text, folder, unit.options) for a in arguments[1:]
                   if a.text not in _KEYWORDS and _GPU_SOURCE.search(a.text)]
        marker = f"set_source_files_properties({' '.join(sources)} PROPERTIES LANGUAGE CXX)"
        if sources and marker not in text:
            indent = text[text.rfind("\n", 0, command.start) + 1 : command.start]
            yield Edit(command.end, command.end, f"\n{indent}{marker}")


RULE = Rule("R505", "cmake-cuda-sources", "targets built from .cu files are compiled by hipcc",
            check, "build-system", __doc__, languages=frozenset({"cmake"}))
