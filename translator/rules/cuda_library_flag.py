"""R514 cuda-library-flag: CUDA libraries named on link lines (``-lcudart``, ``-lnccl``).

What it does
------------
Renames ``-l`` flags of CUDA libraries to their HIP libraries: ``cudart``, ``cuda`` →
``amdhip64``; ``cublas`` → ``hipblas``; ``cublasLt`` → ``hipblaslt``; ``curand`` →
``hiprand``; ``cusparse`` → ``hipsparse``; ``cufft`` → ``hipfft``; ``cusolver`` →
``hipsolver``; ``nccl`` → ``rccl``; ``cudnn`` → ``MIOpen``; ``nvToolsExt`` →
``roctx64``; ``nvrtc`` → ``hiprtc``. With ``--roc`` the ROC libraries are used
(``rocblas``, ``rocrand``, ``rocsparse``, ``rocfft``, ``rocsolver``).

Why
---
The linker must find the libraries the translated calls now live in; ``--roc`` code
calls rocBLAS/rocRAND directly, so it must link them.

Example (CUDA)
--------------
    LDLIBS = -lcudart -lcurand -lnccl

Output (HIP)
------------
    LDLIBS = -lamdhip64 -lhiprand -lrccl

Limits
------
Only the ``-lNAME`` spelling is changed here; CMake targets and variables are R504's.
``-L`` paths into a CUDA install are reported by W502.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import code_spans
from translator.source.nvcc_flags import FLAG_LANGUAGES, LIBRARIES

_LIBRARY_FLAG = re.compile(r"(?<![\w-])-l(?P<name>" + "|".join(
    sorted(LIBRARIES, key=len, reverse=True)) + r")(?![\w+-])")


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("-l"):
        return
    for offset, code in code_spans(unit.source):
        for match in _LIBRARY_FLAG.finditer(code):
            hip, roc = LIBRARIES[match.group("name")]
            target = roc if unit.options.roc else hip
            start = offset + match.start("name")
            yield Edit(start, offset + match.end("name"), target)
            yield Usage(match.group(), "build-system", "library", start, True, f"-l{target}")


RULE = Rule("R514", "cuda-library-flag", "-lcudart/-lcublas/-lnccl... become HIP libraries",
            check, "build-system", __doc__, languages=FLAG_LANGUAGES, mentions=("-l",))
