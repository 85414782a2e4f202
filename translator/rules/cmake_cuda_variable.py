"""R506 cmake-cuda-variable: CUDA compiler variables and properties in CMake files.

What it does
------------
Renames ``CMAKE_CUDA_FLAGS`` (and its ``_DEBUG``/``_RELEASE``... forms) →
``CMAKE_CXX_FLAGS``, ``CMAKE_CUDA_STANDARD`` → ``CMAKE_CXX_STANDARD``,
``CMAKE_CUDA_STANDARD_REQUIRED`` → ``CMAKE_CXX_STANDARD_REQUIRED``,
``CMAKE_CUDA_EXTENSIONS`` → ``CMAKE_CXX_EXTENSIONS``, ``CMAKE_CUDA_COMPILER`` (and its
``_ID``, ``_VERSION``, ``_LAUNCHER``) where it is read → ``CMAKE_CXX_COMPILER``..., the
target properties
``CUDA_STANDARD``/``CUDA_STANDARD_REQUIRED``/``CUDA_EXTENSIONS`` → their ``CXX`` forms;
``list(APPEND CUDA_NVCC_FLAGS ...)`` and ``set(CUDA_NVCC_FLAGS ${CUDA_NVCC_FLAGS} ...)``
→ ``add_compile_options(...)``. A ``set(CMAKE_CUDA_STANDARD 17)`` beside an equal
``set(CMAKE_CXX_STANDARD 17)`` is removed rather than repeated. Reports
``CUDA_SEPARABLE_COMPILATION``, ``CUDA_RESOLVE_DEVICE_SYMBOLS`` and a
``set(CMAKE_CUDA_COMPILER ...)`` for a person.

Why
---
``.cu`` files are compiled as ``CXX`` by ``hipcc`` after migration, so their flags and
standard are the ``CXX`` ones.

Example (CUDA)
--------------
    set(CMAKE_CUDA_STANDARD 17)
    set(CMAKE_CUDA_FLAGS "${CMAKE_CUDA_FLAGS} --use_fast_math")

Output (HIP)
------------
    set(CMAKE_CXX_STANDARD 17)
    set(CMAKE_CXX_FLAGS "${CMAKE_CXX_FLAGS} -ffast-math")

Limits
------
Separable compilation needs ``-fgpu-rdc`` on compile and link lines; it is reported,
not rewritten. The nvcc flags inside are mapped by R512/R513.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Diagnostic, Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import cmake_commands, code_spans

_RENAME = re.compile(
    r"\bCMAKE_CUDA_(?P<rest>FLAGS(?:_[A-Z]+)?|STANDARD(?:_REQUIRED)?|EXTENSIONS"
    r"|COMPILER(?:_ID|_VERSION|_LAUNCHER)?)\b"
    r"|\bCUDA_(?P<property>STANDARD(?:_REQUIRED)?|EXTENSIONS)\b"
)
_REPORTED = {
    "CUDA_SEPARABLE_COMPILATION": "separable compilation needs -fgpu-rdc when compiling "
    "and linking with hipcc; add it to the target's compile and link options",
    "CUDA_RESOLVE_DEVICE_SYMBOLS": "device symbol resolution is part of -fgpu-rdc linking",
    "CMAKE_CUDA_COMPILER": "configure with CXX=hipcc instead of choosing a CUDA compiler",
}
_REPORTED_WORD = re.compile(r"\b(?P<name>" + "|".join(_REPORTED) + r")\b")


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("CUDA_"):
        return
    text = unit.source
    commands = cmake_commands(text)
    settings = {(c.arguments[0].text, tuple(a.text for a in c.arguments[1:]))
                for c in commands if c.lowered == "set" and c.arguments}
    removed: list[tuple[int, int]] = []
    # set(CMAKE_CUDA_COMPILER ...) chooses a compiler: reported, never made CMAKE_CXX_COMPILER
    chosen = {c.arguments[0].start for c in commands if c.lowered == "set" and c.arguments
              and c.arguments[0].text == "CMAKE_CUDA_COMPILER"}
    for command in commands:
        arguments = command.arguments
        appended = (command.lowered == "list" and len(arguments) > 2
                    and arguments[0].text == "APPEND" and arguments[1].text == "CUDA_NVCC_FLAGS")
        extended = (command.lowered == "set" and len(arguments) > 2
                    and arguments[0].text == "CUDA_NVCC_FLAGS"
                    and arguments[1].text in ("${CUDA_NVCC_FLAGS}", '"${CUDA_NVCC_FLAGS}"'))
        if appended or extended:
            yield Edit(command.start, arguments[1].end, "add_compile_options(")
            # the text between "list(" or "set(" and the variable is replaced as a whole
            yield Usage("CUDA_NVCC_FLAGS", "build-system", "cmake-variable", command.start, True,
                        "add_compile_options")
            removed.append((command.start, arguments[1].end))
        elif command.lowered == "set" and arguments and arguments[0].text.startswith(
                "CMAKE_CUDA_") and (arguments[0].text.replace("CMAKE_CUDA_", "CMAKE_CXX_", 1),
                                    tuple(a.text for a in arguments[1:])) in settings:
            # set(CMAKE_CUDA_STANDARD 17) beside set(CMAKE_CXX_STANDARD 17): one is enough
            line_start = text.rfind("\n", 0, command.start) + 1
            line_end = text.find("\n", command.end)
            line_end = len(text) if line_end < 0 else line_end + 1
            alone = not text[line_start:command.start].strip()
            if alone and not text[command.end:line_end].strip():
                yield Edit(line_start, line_end, "")
                yield Usage(arguments[0].text, "build-system", "cmake-variable", command.start,
                            True, "")
                removed.append((line_start, line_end))
    for offset, code in code_spans(text):
        for match in _RENAME.finditer(code):
            if any(start <= offset + match.start() < end for start, end in removed) or \
                    offset + match.start() in chosen:
                continue
            rest = match.group("rest")
            target = f"CMAKE_CXX_{rest}" if rest else f"CXX_{match.group('property')}"
            yield Edit(offset + match.start(), offset + match.end(), target)
            yield Usage(match.group(), "build-system", "cmake-variable", offset + match.start(),
                        True, target)
        for match in _REPORTED_WORD.finditer(code):
            if match.group() == "CMAKE_CUDA_COMPILER" and offset + match.start() not in chosen:
                continue  # read, not set: renamed above
            yield Diagnostic("R506", f"{match.group()}: {_REPORTED[match.group()]}",
                             offset=offset + match.start())


RULE = Rule("R506", "cmake-cuda-variable", "CUDA compiler variables become CXX ones", check,
            "build-system", __doc__, languages=frozenset({"cmake"}), mentions=("CUDA_",))
