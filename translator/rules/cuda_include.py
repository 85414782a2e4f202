"""Maps include directives of CUDA headers to their HIP headers.

What it does
------------
Rewrites the header name of ``#include`` directives that name a CUDA header from the
API table (``cuda_runtime.h``, ``curand_kernel.h``, ``cublas_v2.h``...) to the HIP (or,
with ``--roc``/``--miopen``, ROC) header, keeping the ``<>`` or ``""`` delimiters.
A CUDA header with no HIP counterpart is dropped, and so is a second include of
``hip/hip_runtime.h`` in the same file.

Why
---
hipcc does not ship the CUDA headers; each CUDA library has a HIP or ROC header
under its package folder.

Example (CUDA)
--------------
```
#include <cuda_runtime.h>
#include <cuda.h>
#include <curand.h>
#include <device_launch_parameters.h>
```

Output (HIP)
------------
```
#include <hip/hip_runtime.h>


#include <hiprand/hiprand.h>
```

Limits
------
Includes built with macros (``#include MY_HEADER``) are left alone. A header that has no
HIP counterpart is removed without replacement; the code that used it may still need
attention.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.diagnostics import Diagnostic
from translator.edits import Edit
from translator.names import resolve
from translator.rules.base import Finding, Rule
from translator.unit import Unit

RUNTIME_HEADER = "hip/hip_runtime.h"


def check(unit: Unit) -> Iterator[Finding]:
    if "include" not in unit.source:
        return
    seen_runtime = False
    for directive in unit.directives:
        if directive.keyword not in ("include", "include_next", "import") or not directive.tokens:
            continue
        header = directive.tokens[0]
        if header.kind not in ("header", "string") or len(header.text) < 2:
            continue
        name = header.text[1:-1]
        if name == RUNTIME_HEADER:
            if seen_runtime:
                yield Edit(directive.start, header.end, "", "R001")
            seen_runtime = True
            continue
        entry = unit.names.headers.get(name)
        if entry is None:
            continue
        target = resolve(entry, unit.options)
        if target.name is None and entry.hip:
            yield Diagnostic(
                "R001", f"#include <{name}> left as is: {target.reason}", offset=header.start
            )
            continue
        if not target.name or (target.name == RUNTIME_HEADER and seen_runtime):
            yield Edit(directive.start, header.end, "", "R001")
            continue
        seen_runtime = seen_runtime or target.name == RUNTIME_HEADER
        yield Edit(header.start, header.end, header.text[0] + target.name + header.text[-1], "R001")


RULE = Rule(
    code="R001",
    name="cuda-include",
    summary="Map #include of CUDA headers to their HIP/ROC headers",
    check=check,
    category="unsupported-api",
    doc=__doc__,
)
