"""Turns the cache-hint loads and stores (``__ldcs``, ``__stcs``, ...) into plain accesses.

What it does
------------
``__ldcs(p)``, ``__ldcg(p)``, ``__ldca(p)``, ``__ldcv(p)`` and ``__ldlu(p)`` become
``*(p)`` (``*p`` for a plain name), and ``__stcs(p, v)``, ``__stcg(p, v)``,
``__stwb(p, v)`` and ``__stwt(p, v)`` become ``*(p) = v``. A load whose argument names a
half type (``__half``, ``half2``) is left alone: HIP has those overloads.

Why
---
The hints (streaming, cache at L2 only, write-back...) are PTX cache operators. HIP
offers the loads only for ``__half`` and ``__half2`` and none of the stores, so code that
streams ``float4`` or ``int4`` data through them does not compile. The hint only tunes
caching; the plain access has the same meaning.

Example (CUDA)
--------------
```
float4 v = __ldcs(reinterpret_cast<const float4 *>(in) + i);
__stcs(out + i, v.x);
```

Output (HIP)
------------
```
float4 v = *(reinterpret_cast<const float4 *>(in) + i);
*(out + i) = v.x;
```

Limits
------
The caching hint is dropped; on AMD GPUs ``__builtin_nontemporal_load``/``_store``
express streaming access for scalar and vector-extension types, a choice left to a
person. Calls through function pointers or with a wrong number of arguments are left
alone; the calls are rewritten around their arguments, so nested calls are rewritten too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.signatures import calls_of
from translator.unit import Unit

LOADS = frozenset(("__ldcs", "__ldcg", "__ldca", "__ldcv", "__ldlu"))
STORES = frozenset(("__stcs", "__stcg", "__stwb", "__stwt"))
_HALF = re.compile(r"(?<![\w$])(?:__half2?|half2?|__nv_bfloat162?)(?![\w$])")
_NAME = re.compile(r"[A-Za-z_][\w$]*")
_BINDS_TIGHTER = (".", "->", "[", "(", "++", "--")


def check(unit: Unit) -> Iterator[Finding]:
    source = unit.source
    if "__ld" not in source and "__st" not in source:
        return
    for name, call in calls_of(unit, LOADS | STORES):
        arguments = call.arguments
        if name in LOADS and len(arguments) == 1:
            if _HALF.search(arguments[0].text):
                continue
            wrap = source[call.close + 1 :].lstrip(" \t").startswith(_BINDS_TIGHTER)
            pointer = arguments[0]
            plain = _NAME.fullmatch(pointer.text) is not None
            yield Edit(call.name_start, pointer.start,
                       ("(" if wrap else "") + ("*" if plain else "*("))
            yield Edit(pointer.end, call.close + 1, ("" if plain else ")") + (")" if wrap else ""))
        elif name in STORES and len(arguments) == 2:
            pointer, value = arguments
            plain = _NAME.fullmatch(pointer.text) is not None
            yield Edit(call.name_start, pointer.start, "*" if plain else "*(")
            yield Edit(pointer.end, value.start, " = " if plain else ") = ")
            yield Edit(value.end, call.close + 1, "")
        else:
            continue
        yield Usage(name, "runtime", "device_func", call.name_start, True, "*")


RULE = Rule(
    code="R402",
    name="cache-hint-access",
    summary="Cache-hint loads and stores (__ldcs, __stcs...) become plain accesses",
    check=check,
    category="unsupported-api",
    doc=__doc__,
)
