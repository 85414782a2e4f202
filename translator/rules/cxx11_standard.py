"""R517 cxx11-standard: a C++11 (or C++98/03) standard in the build files of a tree that
uses Thrust or CUB.

What it does
------------
When some file of the tree includes a Thrust or CUB header (``Options.tree.thrust``), the
C++ standard 11, 98 or 03 asked by its CMake files and Makefiles becomes 14:
``set(CMAKE_CXX_STANDARD 11)``, ``set(CMAKE_CUDA_STANDARD 11)``, the ``CXX_STANDARD`` and
``CUDA_STANDARD`` target properties, the ``cxx_std_11``/``cuda_std_11`` compile features
and the ``-std=c++11`` (``c++0x``, ``gnu++11``...) compiler options. Each change comes with
a note that says why.

Why
---
rocThrust and hipCUB are built on rocPRIM, which stops with "rocPRIM requires at least
C++14"; nvcc's Thrust and CUB accepted C++11.

Example (CUDA)
--------------
```
set(CMAKE_CXX_STANDARD 11)
target_compile_features(app PRIVATE cxx_std_11)
NVCCFLAGS = -O2 -std=c++11
```

Output (HIP)
------------
```
set(CMAKE_CXX_STANDARD 14)
target_compile_features(app PRIVATE cxx_std_14)
NVCCFLAGS = -O2 -std=c++14
```

Limits
------
Only a tree migration knows whether the tree uses Thrust or CUB: a single file translated
alone keeps its standard. The whole tree gets C++14, also the targets that use neither
library. A standard held in a variable (``CXX_STANDARD ${STD}``) is left as written;
a ``set(CMAKE_CUDA_STANDARD 11)`` that R506 removes as a repetition is left to R506.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Diagnostic, Severity
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import cmake_commands, code_spans

_OLD = r"(?P<old>11|0x|98|03)"
_CMAKE = re.compile(r"(?:\bCMAKE_|\b)(?:CXX|CUDA)_STANDARD[ \t]+\"?" + _OLD + r"\b"
                    r"|\b(?:cxx|cuda)_std_" + _OLD.replace("old", "feature") + r"\b")
_FLAG = re.compile(r"(?<![\w-])--?std[= ](?:c|gnu)\+\+" + _OLD + r"\b")
_NOTE = ("C++{old} becomes C++14: the tree uses Thrust or CUB, and rocThrust and hipCUB "
         "(rocPRIM) require at least C++14")


def check(unit) -> Iterator[Finding]:
    if not unit.options.tree.thrust or not (unit.mentions("STANDARD") or unit.mentions("std")):
        return
    text = unit.source
    skipped: set[int] = set()
    if unit.language == "cmake" and unit.mentions("CMAKE_CUDA_STANDARD"):
        # R506 removes set(CMAKE_CUDA_STANDARD 11) beside an equal CMAKE_CXX_STANDARD one
        commands = [c for c in cmake_commands(text) if c.lowered == "set" and c.arguments]
        settings = {(c.arguments[0].text, tuple(a.text for a in c.arguments[1:]))
                    for c in commands}
        skipped = {c.arguments[0].start for c in commands
                   if c.arguments[0].text == "CMAKE_CUDA_STANDARD"
                   and ("CMAKE_CXX_STANDARD", tuple(a.text for a in c.arguments[1:])) in settings}
    for offset, code in code_spans(text):
        for pattern in (_CMAKE, _FLAG) if unit.language == "cmake" else (_FLAG,):
            for match in pattern.finditer(code):
                if offset + match.start() in skipped:
                    continue
                group = "feature" if match.group("old") is None and pattern is _CMAKE else "old"
                start, end = offset + match.start(group), offset + match.end(group)
                old = match.group(group)
                yield Edit(start, end, "14")
                yield Diagnostic("R517", _NOTE.format(old="11" if old == "0x" else old),
                                 offset=offset + match.start(), severity=Severity.NOTE)


RULE = Rule("R517", "cxx11-standard",
            "C++11 in build files becomes C++14 when the tree uses Thrust or CUB", check,
            "build-system", __doc__, languages=frozenset({"cmake", "make"}),
            mentions=("STANDARD", "std", "CMAKE_CUDA_STANDARD"))
