"""Removes the CUDA calling-convention macros ``CUDART_CB``, ``CUDAAPI`` and ``CUDARTAPI``.

What it does
------------
Deletes ``CUDART_CB`` (stream and host-function callbacks), ``CUDAAPI`` (driver API
function pointer types) and ``CUDARTAPI`` (runtime API declarations) with the blank
after them.

Why
---
They are ``__stdcall`` on Windows and empty elsewhere; HIP has no counterpart, so left in
place they are undeclared identifiers and the declaration does not compile. A HIP
callback is a plain function.

Example (CUDA)
--------------
```
void CUDART_CB on_done(void *data);
typedef CUresult (CUDAAPI *PFN_cuInit)(unsigned int flags);
```

Output (HIP)
------------
```
void on_done(void *data);
typedef hipError_t (*PFN_cuInit)(unsigned int flags);
```

Limits
------
Only these three names; a project's own calling-convention macro is its own business.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.unit import Unit

NAMES = frozenset(("CUDART_CB", "CUDAAPI", "CUDARTAPI"))


def check(unit: Unit) -> Iterator[Finding]:
    source = unit.source
    found = sorted((offset, macro) for macro in NAMES for offset in unit.whole_identifiers(macro))
    for start, name in found:
        end = start + len(name)
        while end < len(source) and source[end] in " \t":
            end += 1
        yield Edit(start, end, "")


RULE = Rule(
    code="R104",
    name="cuda-calling-convention",
    summary="Remove CUDART_CB, CUDAAPI and CUDARTAPI, which HIP does not have",
    check=check,
    category="unsupported-api",
    doc=__doc__,
)
