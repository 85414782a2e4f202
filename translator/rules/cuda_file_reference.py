"""R515 cuda-file-reference: references to ``.cu`` files when sources are renamed.

What it does
------------
Only with the ``hip`` naming policy (``rocport translate DIR --naming hip``), which
renames ``foo.cu`` to ``foo.hip``: rewrites ``#include "foo.cu"`` in C/C++ files and
every ``.cu`` file name or pattern in CMake files, Makefiles, scripts and CI files
(``main.cu``, ``src/*.cu``, ``%.o: %.cu``, ``$(SRC:.cu=.o)``) to ``.hip``.

Why
---
Renamed files must still be found by the includes and build rules that named them.

Example (CUDA)
--------------
    SOURCES := main.cu kernels.cu
    %.o: %.cu

Output (HIP)
------------
    SOURCES := main.hip kernels.hip
    %.o: %.hip

Limits
------
``.cuh`` headers keep their names (documented policy), so includes of them do not
change. A ``.cu`` file that kept its name because ``foo.hip`` already existed is left
as it is in every reference that names its path. Comments are left alone.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator

from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import code_spans

_BUILD_REFERENCE = re.compile(r"(?P<name>[\w./${}()*%+@<>:-]*)\.cu(?![\w.+-])")
_INCLUDE = re.compile(r'(?m)^[ \t]*#[ \t]*include[ \t]*"(?P<name>[^"\n]*)\.cu"')


def check(unit) -> Iterator[Finding]:
    if unit.options.naming != "hip" or not unit.mentions(".cu"):
        return
    language = unit.language
    folder = posixpath.dirname(unit.path)
    if language == "c++":
        matches = [(0, m) for m in _INCLUDE.finditer(unit.source)]
    elif language in ("cmake", "make", "shell", "ci", "python"):
        matches = [(offset, m) for offset, code in code_spans(unit.source)
                   for m in _BUILD_REFERENCE.finditer(code)]
    else:
        return
    for offset, match in matches:
        path = posixpath.normpath(posixpath.join(folder, match.group("name") + ".cu"))
        if path in unit.options.tree.kept_names:
            continue
        start = offset + match.end("name")
        yield Edit(start, start + 3, ".hip")
        yield Usage(match.group("name") + ".cu", "build-system", "file-reference", start, True,
                    ".hip")


RULE = Rule("R515", "cuda-file-reference", "references to renamed .cu files follow the rename",
            check, "build-system", __doc__,
            languages=frozenset({"c++", "cmake", "make", "shell", "ci", "python"}),
            mentions=(".cu",))
