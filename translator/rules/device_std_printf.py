"""Turns ``std::printf`` in device code into the global ``printf`` HIP provides.

What it does
------------
In ``__global__`` and ``__device__`` functions, ``std::printf(...)`` (and
``::std::printf``) becomes ``printf(...)``. Host code keeps ``std::printf``.

Why
---
nvcc accepts ``std::printf`` on the device, since CUDA's device ``printf`` is the same
function. HIP declares its device ``printf`` in the global namespace only; ``std::printf``
names the C library's host function, and hipcc stops with "reference to __host__
function 'printf' in __global__ function".

Example (CUDA)
--------------
```
__global__ void report(int n) { std::printf("n = %d\\n", n); }
```

Output (HIP)
------------
```
__global__ void report(int n) { printf("n = %d\\n", n); }
```

Limits
------
Device functions are those the analysis sees (a function's own ``__device__`` or
``__global__``); ``__host__ __device__`` functions are rewritten too, which is right for
both sides. ``using std::printf;`` and ``std::fprintf`` are left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.unit import Unit

_STD_PRINTF = re.compile(r"(?<![\w$])(?:::\s*)?std\s*::\s*(?=printf\s*\()")
#: What every match of _STD_PRINTF holds, found with the regex engine's fast scan for a
#: leading literal (which _STD_PRINTF's lookbehind and optional "::" cost it).
_STD_PRINTF_ANYWHERE = re.compile(r"std\s*::\s*printf\s*\(")


def check(unit: Unit) -> Iterator[Finding]:
    source = unit.source
    if not _STD_PRINTF_ANYWHERE.search(source):
        return
    facts = None
    for match in unit.regions.code_matches(_STD_PRINTF):
        if facts is None:
            facts = unit.facts
        if facts.on_device(match.start()):
            yield Edit(match.start(), match.end(), "")


RULE = Rule(
    code="R404",
    name="device-std-printf",
    summary="std::printf in device code becomes HIP's global printf",
    check=check,
    category="unsupported-api",
    doc=__doc__,
)
