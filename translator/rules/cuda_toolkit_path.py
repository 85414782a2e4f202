"""W502 cuda-toolkit-path: a path into a CUDA toolkit install in a build file or script.

What it finds
-------------
``/usr/local/cuda``, ``$(CUDA_HOME)``, ``$(CUDA_PATH)``, ``${CUDA_TOOLKIT_ROOT_DIR}``,
``$CUDA_HOME`` and similar, outside comments, in build files, scripts and CI files.

Why it matters on AMD
---------------------
A ROCm machine has no CUDA toolkit; include (``-I``) and library (``-L``) paths that
point into it are dead, and a build that requires them fails or silently picks up
stale NVIDIA headers.

Example
-------
    CFLAGS += -I$(CUDA_HOME)/include

Suggested fix
-------------
Remove the path (``hipcc`` adds the HIP include and library paths itself) or point it
at ``$(ROCM_PATH)`` (``/opt/rocm`` by default) when a ROCm library needs it.

Limits
------
Paths built from other variables are not followed. The nvcc program path itself is
rewritten by R511, and Makefile ``-I``/``-L`` flags into the toolkit by R516; neither is
reported here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Diagnostic
from translator.rules.base import Finding, Rule
from translator.source.build_text import code_spans
from translator.source.nvcc_flags import NVCC_WORD, TOOLKIT_FLAG

_TOOLKIT_PATH = re.compile(
    r"/usr/local/cuda(?:-[\d.]+)?(?![\w-])|\$[({]?(?:CUDA_HOME|CUDA_PATH|CUDA_ROOT|CUDA_DIR"
    r"|CUDA_TOOLKIT_ROOT_DIR|CUDAToolkit_ROOT|CUDA_INSTALL_PATH|CUDA_TOOLKIT_INCLUDE)\b[)}]?"
)


def check(unit) -> Iterator[Finding]:
    if "cuda" not in unit.source.lower():
        return
    for offset, code in code_spans(unit.source):
        nvcc_spans = [match.span() for match in NVCC_WORD.finditer(code)]
        if unit.language == "make":  # R516 rewrites these flags
            nvcc_spans += [match.span() for match in TOOLKIT_FLAG.finditer(code)]
        for match in _TOOLKIT_PATH.finditer(code):
            if any(start <= match.start() < end for start, end in nvcc_spans):
                continue
            yield Diagnostic("W502", f"{match.group()} points into a CUDA toolkit; ROCm has "
                             "none (hipcc adds HIP's paths; use $(ROCM_PATH) if needed)",
                             offset=offset + match.start())


RULE = Rule("W502", "cuda-toolkit-path", "a path into a CUDA toolkit install", check,
            "build-system", __doc__, languages=frozenset({"make", "cmake", "shell", "ci"}))
