"""R516 cuda-toolkit-flag: include and library flags that point into the CUDA toolkit.

What it does
------------
In Makefiles, ``-I`` and ``-isystem`` flags naming a CUDA toolkit's ``include`` folder
(``-I$(CUDA_PATH)/include``, ``-I/usr/local/cuda/include``) become
``-I$(ROCM_PATH)/include -D__HIP_PLATFORM_AMD__``, and ``-L`` flags naming its ``lib64``
or ``lib`` folder (also ``lib64/stubs``) become ``-L$(ROCM_PATH)/lib``. When the Makefile
does not set ``ROCM_PATH``, ``ROCM_PATH ?= /opt/rocm`` is added before its first
statement.

Why
---
Such flags mean "a host compiler builds code that uses the CUDA runtime": ``g++``
compiling a ``.cpp`` that includes ``cuda_runtime.h`` and links ``cudart``. After the
port that file includes ``hip/hip_runtime.h``, which a compiler other than hipcc only
accepts with ``__HIP_PLATFORM_AMD__`` defined and ROCm's include folder on the path.
For hipcc lines the definition is the one hipcc makes itself.

Example (CUDA)
--------------
    CUDA_PATH ?= /usr/local/cuda
    app: main.cpp ; g++ -I$(CUDA_PATH)/include main.cpp -L$(CUDA_PATH)/lib64 -lcudart

Output (HIP)
------------
    ROCM_PATH ?= /opt/rocm
    CUDA_PATH ?= /usr/local/cuda
    app: main.cpp ; g++ -I$(ROCM_PATH)/include -D__HIP_PLATFORM_AMD__ main.cpp \
        -L$(ROCM_PATH)/lib -lamdhip64

Limits
------
Makefiles only (CMake builds get HIP's folders from ``hip::host``/``hip::device``).
Other uses of the toolkit path (the variable's own assignment, ``nvcc`` next to it,
other sub-folders) are left and reported by W502.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import code_spans
from translator.source.nvcc_flags import TOOLKIT_FLAG

INCLUDE = "-I$(ROCM_PATH)/include -D__HIP_PLATFORM_AMD__"
LIBRARY = "-L$(ROCM_PATH)/lib"
_ROCM_PATH_SET = re.compile(r"(?m)^[ \t]*(?:export[ \t]+)?ROCM_PATH[ \t]*[:?+]?=")


def check(unit) -> Iterator[Finding]:
    source = unit.source
    if "cuda" not in source.lower():
        return
    rewritten = False
    for offset, code in code_spans(source):
        seen: set[str] = set()
        for match in TOOLKIT_FLAG.finditer(code):
            start, end = offset + match.start(), offset + match.end()
            text = INCLUDE if match.group("include") else LIBRARY
            rewritten = True
            if text in seen:  # a second toolkit on the line: ROCm's folder is there already
                before = code[: match.start()]
                yield Edit(start - (len(before) - len(before.rstrip(" \t"))), end, "")
            else:
                seen.add(text)
                yield Edit(start, end, text)
            yield Usage(match.group(), "build-system", "path", start, True, text)
    if rewritten and not _ROCM_PATH_SET.search(source):
        at = _first_statement(source)
        yield Edit(at, at, "ROCM_PATH ?= /opt/rocm\n")


def _first_statement(source: str) -> int:
    """Offset of the first line that is neither blank nor a comment."""
    offset = 0
    for line in source.splitlines(keepends=True):
        if line.strip() and not line.lstrip().startswith("#"):
            return offset
        offset += len(line)
    return offset


RULE = Rule("R516", "cuda-toolkit-flag",
            "-I/-L flags into the CUDA toolkit point at ROCm (host compilers need "
            "__HIP_PLATFORM_AMD__)", check, "build-system", __doc__,
            languages=frozenset({"make"}))
