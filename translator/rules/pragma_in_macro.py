"""R007 pragma-in-macro: ``#pragma`` written in the body of a ``#define`` becomes ``_Pragma``.

What it does
------------
An object-like macro whose body is written as a ``#pragma`` line
(``#define UNROLL #pragma unroll``) gets the operator form of that pragma:
``#define UNROLL _Pragma("unroll")``, the pragma's text in a string literal (quotes and
backslashes escaped, continued lines joined).

Why
---
nvcc's front end accepts a ``#pragma`` that a macro expands to, and CUDA libraries use
it to unroll loops only in the device pass. In C and C++ a ``#`` that comes out of a
macro expansion starts no directive: clang, and so hipcc, reads the expanded
``# pragma unroll`` as code and stops with "expected expression". ``_Pragma("...")``
is the standard way for a macro to produce a pragma, and clang honours it in HIP code.

Example (CUDA)
--------------
```
#ifdef __CUDA_ARCH__
#define LOOP_UNROLL #pragma unroll
#else
#define LOOP_UNROLL
#endif
```

Output (HIP)
------------
```
#ifdef __HIP_DEVICE_COMPILE__
#define LOOP_UNROLL _Pragma("unroll")
#else
#define LOOP_UNROLL
#endif
```

Limits
------
Everything from ``#pragma`` to the end of the definition becomes the pragma's text, so
a body with two pragmas gives one ``_Pragma`` holding both. A ``#`` in a function-like
macro is the stringizing operator and is left alone, as is ``_Pragma`` already
written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.unit import Unit

_CONTINUATION = re.compile(r"\\\r?\n")


def check(unit: Unit) -> Iterator[Finding]:
    if not unit.mentions("pragma"):
        return
    for directive in unit.directives:
        tokens = directive.tokens
        if directive.keyword != "define" or len(tokens) < 3:
            continue
        if tokens[1].text == "(" and tokens[1].start == tokens[0].end:
            continue  # function-like: "#" stringizes a parameter
        for index in range(1, len(tokens) - 1):
            if tokens[index].text == "#" and tokens[index + 1].text == "pragma":
                hash_token, last = tokens[index], tokens[-1]
                text = _CONTINUATION.sub(" ", unit.source[tokens[index + 1].end : last.end])
                text = " ".join(text.split()).replace("\\", "\\\\").replace('"', '\\"')
                yield Edit(hash_token.start, last.end, f'_Pragma("{text}")')
                break


RULE = Rule(
    code="R007",
    name="pragma-in-macro",
    summary="#pragma written in a #define body becomes _Pragma(\"...\")",
    check=check,
    category="unsupported-api",
    doc=__doc__,
    mentions=("pragma",),
)
