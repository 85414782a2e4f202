"""Wraps the symbol argument of the CUDA symbol-copy calls in ``HIP_SYMBOL(...)``.

What it does
------------
The device variable passed to ``cudaMemcpyToSymbol``, ``cudaMemcpyToSymbolAsync``
(first argument), ``cudaMemcpyFromSymbol``, ``cudaMemcpyFromSymbolAsync``,
``cudaGetSymbolAddress`` and ``cudaGetSymbolSize`` (second argument) is wrapped in
``HIP_SYMBOL(...)``, as hipify does.

Why
---
CUDA's C++ overloads take the symbol by reference; HIP's functions take its address
(``const void*``), which ``HIP_SYMBOL`` supplies on AMD (and leaves alone on NVIDIA).
Without it the call does not compile.

Example (CUDA)
--------------
```
__constant__ float coefficients[16];
cudaMemcpyToSymbol(coefficients, host, sizeof(coefficients));
```

Output (HIP)
------------
```
__constant__ float coefficients[16];
hipMemcpyToSymbol(HIP_SYMBOL(coefficients), host, sizeof(coefficients));
```

Limits
------
An argument already wrapped, or already an address (``&symbol``) or a string, is left
alone, and so is a variable the file declares without ``__device__``/``__constant__``
(``const void *symbol``, already the address HIP takes). Calls made through function
pointers are not seen.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.call_rewrites import calls_of, declared_variable
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.unit import Unit

#: The symbol-taking calls and the index of their symbol argument.
SYMBOL_ARGUMENT = {
    "cudaMemcpyToSymbol": 0,
    "cudaMemcpyToSymbolAsync": 0,
    "cudaMemcpyFromSymbol": 1,
    "cudaMemcpyFromSymbolAsync": 1,
    "cudaGetSymbolAddress": 1,
    "cudaGetSymbolSize": 1,
}


def check(unit: Unit) -> Iterator[Finding]:
    if not unit.mentions("Symbol"):
        return
    for name, call in calls_of(unit, frozenset(SYMBOL_ARGUMENT)):
        index = SYMBOL_ARGUMENT[name]
        if index >= len(call.arguments):
            continue
        argument = call.arguments[index]
        if not argument.text or argument.text.startswith(("HIP_SYMBOL", "&", '"')):
            continue
        if _host_pointer(unit, argument.text):
            continue
        yield Edit(argument.start, argument.start, "HIP_SYMBOL(", "R103")
        yield Edit(argument.end, argument.end, ")", "R103")


def _host_pointer(unit: Unit, text: str) -> bool:
    """True when TEXT names a variable the file declares without a device qualifier
    (``const void *symbol``): already the address HIP wants, not a device symbol."""
    return re.fullmatch(r"[A-Za-z_]\w*", text) is not None \
        and declared_variable(unit, text) is False


RULE = Rule(
    code="R103",
    name="cuda-symbol-argument",
    summary="Wrap the symbol argument of cudaMemcpyToSymbol and its kin in HIP_SYMBOL()",
    check=check,
    category="unsupported-api",
    doc=__doc__,
    mentions=("Symbol",),
)
