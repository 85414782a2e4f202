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

from translator.analysis.facts import facts_of
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.unit import Unit

#: ``std::`` before ``printf(``; its letters come before the lookbehind that makes it a
#: whole word, so the regex engine scans for them fast (a leading lookbehind costs it
#: that scan: 15 ms per 230 KB file).
_STD_PRINTF = re.compile(r"std(?<![\w$]std)\s*::\s*(?=printf\s*\()")


def check(unit: Unit) -> Iterator[Finding]:
    if not unit.mentions("printf") or not unit.mentions("std"):
        return
    facts = None
    for match in unit.regions.code_matches(_STD_PRINTF):
        if facts is None:
            facts = facts_of(unit)
        if facts.on_device(match.start()):
            yield Edit(_global_scope_start(unit, match.start()), match.end(), "")


def _global_scope_start(unit: Unit, start: int) -> int:
    """Where ``std`` at START begins with the ``::`` that may qualify it (``::std::printf``);
    START when there is none, or when the ``::`` ends a qualified name."""
    source, position = unit.source, start
    while position and source[position - 1].isspace():
        position -= 1
    colons = position - 2
    if colons < 0 or source[colons:position] != "::" or not unit.regions.in_code(colons):
        return start
    before = source[colons - 1] if colons else ""
    return start if before.isalnum() or before in ("_", "$") else colons


RULE = Rule(
    code="R404",
    name="device-std-printf",
    summary="std::printf in device code becomes HIP's global printf",
    check=check,
    category="unsupported-api",
    doc=__doc__,
    mentions=("printf", "std"),
)
