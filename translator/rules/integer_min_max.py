"""Rewrites CUDA's integer ``umin``/``umax``/``llmin``/``ullmax``... calls for HIP.

What it does
------------
Calls of CUDA's integer minimum and maximum functions become HIP's ``min``/``max``
templates with the type spelled out: ``umin(a, b)`` becomes ``min<unsigned int>(a, b)``,
``llmax`` ``max<long long>``, ``ullmin`` ``min<unsigned long long>``. A file that defines
the name itself (``__device__ unsigned umin(unsigned a, unsigned b)``), or a project
that does (tree migration), keeps its own function and its calls.

Why
---
HIP has no ``umin``, ``umax``, ``llmin``, ``llmax``, ``ullmin`` or ``ullmax``. Its
``min``/``max`` are a template and an ``int`` overload; the template argument keeps
CUDA's conversions (``umin(threadIdx.x, 7)``: HIP's ``threadIdx.x`` is no plain
``unsigned``, so deduction alone would fail).

Example (CUDA)
--------------
```
unsigned lane = umin(threadIdx.x, 31u);
unsigned long long top = ullmax(a, b);
```

Output (HIP)
------------
```
unsigned lane = min<unsigned int>(threadIdx.x, 31u);
unsigned long long top = max<unsigned long long>(a, b);
```

Limits
------
Only direct calls with two arguments are rewritten; a name taken as a function pointer
is left (and hipcc reports it). A ``using namespace std;`` in device code can make
``min<T>`` ambiguous with ``std::min``.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.api_names import declared_in_file
from translator.analysis.call_rewrites import calls_of
from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.unit import Unit

FUNCTIONS = {
    "umin": "min<unsigned int>", "umax": "max<unsigned int>",
    "llmin": "min<long long>", "llmax": "max<long long>",
    "ullmin": "min<unsigned long long>", "ullmax": "max<unsigned long long>",
}
_NAMES = frozenset(FUNCTIONS)


def check(unit: Unit) -> Iterator[Finding]:
    if not unit.mentions("min") and not unit.mentions("max"):
        return
    own: dict[str, bool] = {}
    for name, call in calls_of(unit, _NAMES):
        if len(call.arguments) != 2:
            continue
        if name not in own:
            own[name] = name in unit.options.tree.project_names or declared_in_file(unit, name)
        if own[name]:
            continue
        target = FUNCTIONS[name]
        yield Edit(call.name_start, call.name_end, target)
        yield Usage(name, "runtime", "device_func", call.name_start, True, target)


RULE = Rule(
    code="R403",
    name="integer-min-max",
    summary="umin/umax/llmin/ullmax... become HIP's min<T>/max<T>",
    check=check,
    category="unsupported-api",
    doc=__doc__,
    mentions=("min", "max"),
)
