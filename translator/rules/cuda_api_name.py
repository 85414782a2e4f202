"""Renames CUDA API identifiers to their HIP (or ROC/MIOpen) counterparts.

What it does
------------
Every identifier in code that the CUDA->HIP table knows (runtime, driver, complex,
cuBLAS, cuRAND, cuSPARSE, cuSOLVER, cuFFT, cuDNN, CUB, RTC and device functions) is
replaced by its counterpart chosen by the options (``--roc``, ``--miopen``,
``--experimental``, ``--amap``, ``--hip-version``). Names that cannot be translated are
left as they are and reported with the reason.

Why
---
HIP mirrors the CUDA APIs under other names; a port is mostly these renames.

Example (CUDA)
--------------
```
cudaStream_t stream;
cudaStreamCreate(&stream);
cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &a, A, m, B, k, &b, C, m);
```

Output (HIP)
------------
```
hipStream_t stream;
hipStreamCreate(&stream);
hipblasSgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &a, A, m, B, k, &b, C, m);
```

Limits
------
Whole identifiers only: names inside comments and string literals, member names after
``.`` or ``->`` and identifiers that merely contain a CUDA name are left alone. Names
spelled by token pasting in macros (``cuda ## Malloc``) are not seen.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.diagnostics import Diagnostic, Usage
from translator.edits import Edit
from translator.names import Target, resolve
from translator.rules.base import Finding, Rule
from translator.unit import Unit


def check(unit: Unit) -> Iterator[Finding]:
    table = unit.names.identifiers
    source = unit.source
    targets: dict[str, Target] = {}
    for token in unit.identifiers:
        entry = table.get(token.text)
        if entry is None or _is_member_name(source, token.start):
            continue
        target = targets.get(token.text)
        if target is None:
            target = targets[token.text] = resolve(entry, unit.options)
        if target.name is None:
            yield Usage(token.text, entry.api, entry.kind, token.start, False, "", target.reason)
            yield Diagnostic("R101", f"{token.text} not translated: {target.reason}", offset=token.start)
            continue
        yield Usage(token.text, entry.api, entry.kind, token.start, True, target.name)
        if target.name != token.text:
            yield Edit(token.start, token.end, target.name, "R101")


def _is_member_name(source: str, start: int) -> bool:
    """True after ``.`` or ``->`` (a user's struct member that shares a CUDA name)."""
    index = start - 1
    while index >= 0 and source[index] in " \t\r\n":
        index -= 1
    line_start = source.rfind("\n", 0, index + 1) + 1
    if "//" in source[line_start : index + 1]:
        return False  # the "." ends a line comment ("// the GPU."), not a member access
    return index >= 0 and (
        source[index] == "." or (source[index] == ">" and index > 0 and source[index - 1] == "-")
    )


RULE = Rule(
    code="R101",
    name="cuda-api-name",
    summary="Rename CUDA API identifiers to HIP/ROC names from the API table",
    check=check,
    category="unsupported-api",
    doc=__doc__,
)
