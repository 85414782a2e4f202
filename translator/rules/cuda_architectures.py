"""R502 cuda-architectures: ``CMAKE_CUDA_ARCHITECTURES`` and ``CUDA_ARCHITECTURES``.

What it does
------------
``set(CMAKE_CUDA_ARCHITECTURES ...)`` becomes a ``GPU_TARGETS`` cache entry with the
options' targets (or goes, with an ``if()`` that guarded only it, when the file has set
``GPU_TARGETS`` before: a second set would be a no-op); other mentions of
``CMAKE_CUDA_ARCHITECTURES`` become ``GPU_TARGETS``; the target property
``CUDA_ARCHITECTURES <values>`` becomes ``HIP_ARCHITECTURES`` with the AMD targets;
``-DCMAKE_CUDA_ARCHITECTURES=...`` on cmake command lines (scripts, Makefiles, CI)
becomes ``-DGPU_TARGETS=...``, its whole value replaced, a CI expression
(``${{ matrix.arch }}``) or command substitution with blanks included.

Why
---
``find_package(hip)`` compiles for ``GPU_TARGETS``; NVIDIA ``sm`` numbers mean nothing
to AMD GPUs (MI300X is ``gfx942``).

Example (CUDA)
--------------
    set(CMAKE_CUDA_ARCHITECTURES 80 90)

Output (HIP)
------------
    set(GPU_TARGETS "gfx942" CACHE STRING "AMD GPU targets to compile for")

Limits
------
The targets come from the options (``offload_archs``), not from the CUDA values.
``GPU_TARGETS`` must be set before ``find_package(hip)``; R501 puts one there. A
per-target ``HIP_ARCHITECTURES`` is only honoured by CMake's HIP language.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import (
    cmake_commands,
    code_spans,
    gpu_targets_set_before,
)

#: The value: quoted, or a word that may hold a CI expression (``${{ matrix.arch }}``)
#: or a command substitution (``$(detect arch)``) with blanks inside.
_COMMAND_LINE = re.compile(r"-DCMAKE_CUDA_ARCHITECTURES(?::STRING)?=(?:\"[^\"]*\"|'[^']*'"
                           r"|(?:\$\{\{[^}\n]*\}\}|\$\([^)\n]*\)|\S)+)")
_VARIABLE = re.compile(r"\bCMAKE_CUDA_ARCHITECTURES\b")


def check(unit) -> Iterator[Finding]:
    language = unit.language
    if not unit.mentions("CUDA_ARCHITECTURES"):
        return
    targets = ";".join(unit.options.offload_archs or ("gfx942",))
    if language != "cmake":  # a configure command line in a script, Makefile or CI file
        for offset, code in code_spans(unit.source):
            for match in _COMMAND_LINE.finditer(code):
                start, end = offset + match.start(), offset + match.end()
                yield Edit(start, end, f'-DGPU_TARGETS="{targets}"')
                yield Usage(match.group(), "build-system", "architecture", offset + match.start(),
                            True, "GPU_TARGETS")
        return
    handled = []
    commands = cmake_commands(unit.source)
    for index, command in enumerate(commands):
        names = [a.text for a in command.arguments]
        if command.lowered == "set" and names[:1] == ["CMAKE_CUDA_ARCHITECTURES"]:
            if gpu_targets_set_before(unit.source, command.start):
                # set already (a second set would be a no-op): the set goes, and the
                # if() that guarded only it
                start, end = _guarded(commands, index, unit.source)
                yield Edit(start, end, "")
                handled.append((start, end))
            else:
                text = (f'set(GPU_TARGETS "{targets}" CACHE STRING '
                        '"AMD GPU targets to compile for")')
                yield Edit(command.start, command.end, text)
                handled.append((command.start, command.end))
            yield Usage("CMAKE_CUDA_ARCHITECTURES", "build-system", "architecture",
                        command.start, True, "GPU_TARGETS")
        for index, argument in enumerate(command.arguments[:-1]):
            if argument.text == "CUDA_ARCHITECTURES":
                value = command.arguments[index + 1]
                yield Edit(argument.start, argument.end, "HIP_ARCHITECTURES")
                yield Edit(value.start, value.end, f'"{targets}"')
                yield Usage("CUDA_ARCHITECTURES", "build-system", "architecture",
                            argument.start, True, "HIP_ARCHITECTURES")
    for match in _VARIABLE.finditer(unit.source):
        if not any(start <= match.start() < end for start, end in handled) and not _in_comment(
                unit.source, match.start()):
            yield Edit(match.start(), match.end(), "GPU_TARGETS")


def _guarded(commands, index: int, text: str) -> tuple[int, int]:
    """The span to remove for the command at INDEX: its whole lines, or the whole
    ``if()...endif()`` around it when that holds nothing else."""
    command = commands[index]
    first, last = command, command
    if 0 < index < len(commands) - 1 and commands[index - 1].lowered == "if" and \
            commands[index + 1].lowered == "endif":
        first, last = commands[index - 1], commands[index + 1]
    start = text.rfind("\n", 0, first.start) + 1
    end = text.find("\n", last.end)
    return start, len(text) if end < 0 else end + 1


def _in_comment(text: str, offset: int) -> bool:
    return "#" in text[text.rfind("\n", 0, offset) + 1 : offset]


RULE = Rule("R502", "cuda-architectures", "CUDA architectures become AMD GPU targets", check,
            "build-system", __doc__,
            languages=frozenset({"cmake", "make", "shell", "ci", "python"}),
            mentions=("CUDA_ARCHITECTURES",))
