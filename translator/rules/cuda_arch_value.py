"""Gives ``__CUDA_ARCH__`` used as a value in code (not in ``#if``) a HIP value.

What it does
------------
In code, outside preprocessor lines, ``__CUDA_ARCH__`` becomes ``800``: the compute
capability whose features rocport takes an AMD GPU to offer, the value R003 uses for
``#if __CUDA_ARCH__ >= N`` tests, so that the code and the tests agree. A note says
what was chosen.

Why
---
In the device pass nvcc defines ``__CUDA_ARCH__`` as the compute capability times ten,
and code prints it, stores it or computes with it (``__CUDA_ARCH__ / 10``). hipcc defines
no numeric architecture macro: ``__HIP_DEVICE_COMPILE__`` says only "device pass",
``__gfx90a__`` (one macro per target) and the string ``__amdgcn_processor__`` name the
target. Left as is, the name is undeclared and the file does not compile.

Example (CUDA)
--------------
```
#ifdef __CUDA_ARCH__
  if (threadIdx.x == 0) printf("built for sm_%d\n", __CUDA_ARCH__ / 10);
#endif
```

Output (HIP)
------------
```
#ifdef __HIP_DEVICE_COMPILE__
  if (threadIdx.x == 0) printf("built for sm_%d\n", 800 / 10);
#endif
```

Limits
------
The value does not name the AMD target; code that must know it should test
``__gfx90a__``-style macros or print ``__amdgcn_processor__`` instead (the note says so).
Uses in ``#define`` bodies are left and reported by R101: a macro may be expanded in an
``#if`` of the host pass, where ``__CUDA_ARCH__`` is not defined. ``#if`` tests are R003's.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator

from translator.analysis.arch_tests import AMD_ARCH_EQUIVALENT, ARCH
from translator.diagnostics import Diagnostic, Severity, Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.unit import Unit

VALUE = str(AMD_ARCH_EQUIVALENT)


def check(unit: Unit) -> Iterator[Finding]:
    offsets = unit.api_offsets.get(ARCH)
    if not offsets:
        return
    directives = [(d.start, d.end) for d in unit.directives]
    starts = [start for start, _ in directives]
    for offset in offsets:
        index = bisect.bisect_right(starts, offset) - 1
        if index >= 0 and offset < directives[index][1]:
            continue  # #if tests are R003's; #define bodies stay (see Limits)
        yield Edit(offset, offset + len(ARCH), VALUE, "R406")
        yield Usage(ARCH, "runtime", "preprocessor", offset, True, VALUE)
        yield Diagnostic(
            "R406", f"{ARCH} used as a value becomes {VALUE}, the compute capability taken "
            "for AMD GPUs (as in the #if tests); hipcc names the target with __gfx90a__-style "
            "macros and the string __amdgcn_processor__", offset=offset,
            severity=Severity.NOTE)


RULE = Rule(
    code="R406",
    name="cuda-arch-value",
    summary="__CUDA_ARCH__ used as a value in code becomes the compute capability taken for "
            "AMD GPUs",
    check=check,
    category="unsupported-api",
    doc=__doc__,
)
