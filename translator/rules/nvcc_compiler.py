"""R511 nvcc-compiler: the nvcc program named in build files and scripts.

What it does
------------
Replaces the word ``nvcc`` (with any ``.../bin/`` prefix such as
``$(CUDA_HOME)/bin/nvcc`` or ``/usr/local/cuda/bin/nvcc``) by ``hipcc`` in Makefiles,
CMake files, shell scripts, Python launchers and CI files. Variable names such as
``NVCC`` or ``NVCC_FLAGS`` are kept, so the rest of the build still refers to them.

When the tree calls ``*_sync`` warp functions (and the target HIP is 6.2 or newer), a
Makefile's compiler (the value of an assignment such as ``NVCC := nvcc``, or the command
of a recipe line) becomes ``hipcc -DHIP_ENABLE_WARP_SYNC_BUILTINS``; CMake builds get
``add_compile_definitions(HIP_ENABLE_WARP_SYNC_BUILTINS)`` from R501/R503.

Why
---
``hipcc`` is the HIP compiler driver; it accepts CUDA-style sources once the other R5xx
rules have mapped nvcc's own flags. ROCm 6.2 to 6.x declare the ``*_sync`` warp
functions only when ``HIP_ENABLE_WARP_SYNC_BUILTINS`` is defined (ROCm 7 always does,
and ignores the macro).

Example (CUDA)
--------------
    NVCC ?= $(CUDA_HOME)/bin/nvcc

Output (HIP)
------------
    NVCC ?= hipcc

Limits
------
Comments are left alone. The warp-sync definition is not added to shell scripts, to
``nvcc`` words elsewhere in a Makefile (``$(shell which nvcc)``) or to Makefiles whose
compiler is not nvcc. ``hipcc`` is assumed to be on ``PATH``; a build that needs a
specific ROCm install should set ``HIPCC`` or ``PATH`` itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import (
    WARP_SYNC_DEFINE,
    code_spans,
    defines_warp_sync,
    unit_language,
)
from translator.source.nvcc_flags import FLAG_LANGUAGES, NVCC_WORD

#: What precedes a Makefile's compiler: a variable assignment, or a recipe's command start.
_COMPILER_POSITION = re.compile(r"\s*(?:[\w.]+\s*(?:::=|:=|\?=|\+=|!=|=)\s*|\t[@+-]*\s*)")


def check(unit) -> Iterator[Finding]:
    language = unit_language(unit)
    if not unit.mentions("nvcc"):
        return
    compiler_flags = language == "make" and defines_warp_sync(unit.options)
    for offset, code in code_spans(unit.source):
        for match in NVCC_WORD.finditer(code):
            start = offset + match.start()
            hipcc = "hipcc"
            if compiler_flags and _COMPILER_POSITION.fullmatch(code[: match.start()]):
                hipcc += f" -D{WARP_SYNC_DEFINE}"
            yield Edit(start, offset + match.end(), hipcc)
            yield Usage(match.group(), "build-system", "compiler", start, True, "hipcc")


RULE = Rule("R511", "nvcc-compiler", "the nvcc compiler driver becomes hipcc", check,
            "build-system", __doc__, languages=FLAG_LANGUAGES)
