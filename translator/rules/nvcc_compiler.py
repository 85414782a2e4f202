"""R511 nvcc-compiler: the nvcc program named in build files and scripts.

What it does
------------
Replaces the word ``nvcc`` (with any ``.../bin/`` prefix such as
``$(CUDA_HOME)/bin/nvcc`` or ``/usr/local/cuda/bin/nvcc``) by ``hipcc`` in Makefiles,
CMake files, shell scripts, Python launchers and CI files. Variable names such as
``NVCC`` or ``NVCC_FLAGS`` are kept, so the rest of the build still refers to them.

Why
---
``hipcc`` is the HIP compiler driver; it accepts CUDA-style sources once the other R5xx
rules have mapped nvcc's own flags.

Example (CUDA)
--------------
    NVCC ?= $(CUDA_HOME)/bin/nvcc

Output (HIP)
------------
    NVCC ?= hipcc

Limits
------
Comments are left alone. ``hipcc`` is assumed to be on ``PATH``; a build that needs a
specific ROCm install should set ``HIPCC`` or ``PATH`` itself.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.buildflags import FLAG_LANGUAGES, NVCC_WORD
from translator.buildtext import code_spans, unit_language
from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule


def check(unit) -> Iterator[Finding]:
    if unit_language(unit) not in FLAG_LANGUAGES or "nvcc" not in unit.source:
        return
    for offset, code in code_spans(unit.source):
        for match in NVCC_WORD.finditer(code):
            start = offset + match.start()
            yield Edit(start, offset + match.end(), "hipcc")
            yield Usage(match.group(), "build-system", "compiler", start, True, "hipcc")


RULE = Rule("R511", "nvcc-compiler", "the nvcc compiler driver becomes hipcc", check,
            "build-system", __doc__)
