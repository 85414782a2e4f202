"""R501 cmake-cuda-language: CUDA enabled as a CMake language.

What it does
------------
Removes ``CUDA`` from ``project(... LANGUAGES ...)`` and ``enable_language(...)``
(keeping or adding ``CXX``), turns ``LANGUAGE CUDA`` source properties and
``$<COMPILE_LANGUAGE:CUDA>`` generator expressions into ``CXX``, and, after the first
such command, adds ``GPU_TARGETS`` (from the options), ``find_package(hip REQUIRED)``
and ``link_libraries(hip::device)`` unless the file already finds HIP or CUDA. When the
tree calls ``*_sync`` warp functions (target HIP 6.2 or newer), the setup also has
``add_compile_definitions(HIP_ENABLE_WARP_SYNC_BUILTINS)``, without which ROCm 6.2 to 6.x
do not declare them (ROCm 7 ignores it); R503 adds the same setup.

Why
---
HIP sources are C++ compiled by ``hipcc`` (configure with ``CXX=hipcc``);
``hip::device`` adds ``-x hip`` and ``--offload-arch`` for every target.

Example (CUDA)
--------------
    project(particles LANGUAGES CXX CUDA)

Output (HIP)
------------
    project(particles LANGUAGES CXX)
    set(GPU_TARGETS "gfx942" CACHE STRING "AMD GPU targets to compile for")
    find_package(hip REQUIRED)
    link_libraries(hip::device)

Limits
------
Flags for the CUDA language (``CMAKE_CUDA_FLAGS``) are R506's; CMake's own ``HIP``
language is not used because Debian's HIP packages do not support it (see
``translator/tree/build_files.py``). Every C++ file of the project is compiled as HIP.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import FINDS_GPU, cmake_commands, hip_setup, remove_argument

_GENEX = re.compile(r"\$<COMPILE_LANG(?:UAGE|_AND_ID):(?P<lang>CUDA)\b")


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("CUDA"):
        return
    text = unit.source
    setup_needed = not FINDS_GPU.search(text)
    for command in cmake_commands(text):
        if command.lowered in ("project", "enable_language"):
            arguments = command.arguments[1:] if command.lowered == "project" else command.arguments
            languages = [a for a in arguments if a.text == "CUDA"]
            if not languages:
                continue
            has_cxx = any(a.text == "CXX" for a in arguments)
            for argument in languages:
                if has_cxx:
                    yield Edit(*remove_argument(text, argument), "")
                else:
                    yield Edit(argument.start, argument.end, "CXX")
                    has_cxx = True
                yield Usage("CUDA", "build-system", "cmake-language", argument.start, True, "CXX")
            if setup_needed:
                indent = text[text.rfind("\n", 0, command.start) + 1 : command.start]
                setup = hip_setup(unit.options, indent, text, command.start)
                yield Edit(command.end, command.end, "\n" + setup)
                setup_needed = False
        elif command.lowered in ("set_source_files_properties", "set_property"):
            for before, argument in zip(command.arguments, command.arguments[1:], strict=False):
                if before.text == "LANGUAGE" and argument.text == "CUDA":
                    yield Edit(argument.start, argument.end, "CXX")
                    yield Usage("LANGUAGE CUDA", "build-system", "cmake-language",
                                argument.start, True, "LANGUAGE CXX")
    for match in _GENEX.finditer(text):
        yield Edit(match.start("lang"), match.end("lang"), "CXX")
        yield Usage(match.group(), "build-system", "cmake-language", match.start(), True, "CXX")


RULE = Rule("R501", "cmake-cuda-language", "CUDA as a CMake language becomes HIP via hipcc",
            check, "build-system", __doc__, languages=frozenset({"cmake"}), mentions=("CUDA",))
