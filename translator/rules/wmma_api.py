"""Finds warp matrix (WMMA) code: ``<mma.h>`` and ``nvcuda::wmma``.

What it finds
-------------
``#include <mma.h>`` and, once per function, the first use of ``wmma::`` or
``nvcuda::wmma`` (fragments, ``load_matrix_sync``, ``mma_sync``,
``store_matrix_sync``).

Why it matters on AMD
---------------------
HIP has no ``nvcuda::wmma``. AMD's matrix cores are reached through rocWMMA (a
similar but different API: other namespaces, fragment shapes and layouts tied to
64-lane wavefronts) or through MFMA builtins, so WMMA kernels must be rewritten and
re-tuned, not renamed.

Example
-------
```
#include <mma.h>
using namespace nvcuda;
wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
```

Suggested fix
-------------
Port to rocWMMA (``rocwmma::fragment``, ``rocwmma::mma_sync``) and check the supported
block shapes for the target, or call a GEMM library (hipBLASLt). No automatic fix.

Limits
------
One finding per function, not per use; WMMA reached through a type alias defined in
another file is not seen.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.facts import facts_of
from translator.analysis.hazard import finding, scan
from translator.rules.base import Finding, Rule

_HELP = "port the kernel to rocWMMA (rocwmma::) or use hipBLASLt"


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("wmma") and not unit.mentions("mma.h"):
        return
    for directive in unit.directives:
        if directive.keyword == "include" and directive.tokens and directive.tokens[0].text in (
                "<mma.h>", '"mma.h"'):
            yield finding("W440", "<mma.h> (WMMA) has no HIP counterpart", directive.start,
                          _HELP)
    facts = facts_of(unit)
    code = facts.code
    seen = set()
    for index, token in scan(facts, ("wmma",)):
        if index + 1 >= len(code):
            continue
        if token.text != "wmma" or code[index + 1].text != "::":
            continue
        function = facts.function_at(token.start)
        key = function.start if function is not None else -1
        if key in seen:
            continue
        seen.add(key)
        name = code[index + 2].text if index + 2 < len(code) else ""
        yield finding("W440", f"wmma::{name}: WMMA has no HIP counterpart (rocWMMA differs)",
                      token.start, _HELP)


RULE = Rule(
    code="W440",
    name="wmma-api",
    summary="Warp matrix (nvcuda::wmma) code that needs rocWMMA",
    check=check,
    category="wmma",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("wmma", "mma.h"),
)
