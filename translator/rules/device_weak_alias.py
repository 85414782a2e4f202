"""Finds ``#pragma weak name = target`` aliases of device functions.

What it finds
-------------
A ``#pragma weak alias = target`` line whose alias or target is a ``__device__``,
``__host__ __device__`` or ``__global__`` function of the file.

Why it matters on AMD
---------------------
nvcc hands the pragma to the host compiler and compiles the device side without it.
hipcc's clang applies it in both passes and stops (checked with HIP 5.2): with a device
target, "alias must point to a defined variable or function" (the host pass has no
definition of it); with the alias declared ``__host__ __device__`` or ``__device__``
after the pragma, "__host__ __device__ function cannot overload __host__ function" (the
pragma declared a host function). Where it compiles, device code that calls the alias
does not link ("undefined hidden symbol"): AMDGPU code has no weak aliases.

Example
-------
```
extern "C" __host__ __device__ float scale_impl(float x) { return 2.0f * x; }
#pragma weak scale = scale_impl
extern "C" __host__ __device__ float scale(float x);
```

Suggested fix
-------------
Define the alias as a function that forwards to its target
(``extern "C" __host__ __device__ float scale(float x) { return scale_impl(x); }``) and
drop the pragma, under ``#if defined(__HIP_PLATFORM_AMD__)`` when the CUDA build must keep
the weak symbol; a project that overrides the weak definition elsewhere must select the
override with the preprocessor instead.

Limits
------
Only the ``name = target`` form is reported (``#pragma weak name`` alone marks a symbol
weak and compiles with hipcc), and only when the file shows that a name is a device
function. Aliases of host functions are left, although clang rejects some of them too
(an ``extern "C"`` alias declared after the pragma).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.facts import facts_of
from translator.diagnostics import Diagnostic
from translator.rules.base import Finding, Rule
from translator.unit import Unit

_PRAGMA = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+weak[ \t]+([A-Za-z_][\w$]*)[ \t]*=[ \t]*"
                     r"([A-Za-z_][\w$]*)", re.M)
_DEVICE_TARGETS = frozenset({"device", "global", "host-device"})


def check(unit: Unit) -> Iterator[Finding]:
    source = unit.source
    if not unit.mentions("weak"):
        return
    pragmas = list(_PRAGMA.finditer(source))
    if not pragmas:
        return
    device = {function.name for function in facts_of(unit).functions
              if function.target in _DEVICE_TARGETS}
    for match in pragmas:
        alias, target = match.groups()
        if alias in device or target in device or _declared_device(source, (alias, target)):
            yield Diagnostic(
                "W480", f"#pragma weak {alias} = {target} names a device function: hipcc "
                "applies it in the device pass too, where it fails (no definition of the "
                "target on the host, a host declaration of the alias, or no weak alias in "
                "AMDGPU code)",
                offset=match.start(1),
                help=f"define {alias} as a function that returns {target}(...) instead")


def _declared_device(source: str, names: tuple[str, ...]) -> bool:
    """True when a line declares one of NAMES with ``__device__`` or ``__global__``."""
    pattern = re.compile(r"^[^\n;{}]*\b__(?:device|global)__\b[^\n;{}]*\b(?:"
                         + "|".join(map(re.escape, names)) + r")\s*\(", re.M)
    return pattern.search(source) is not None


RULE = Rule(
    code="W480",
    name="device-weak-alias",
    summary="#pragma weak aliases of device functions: no weak aliases in AMDGPU code",
    check=check,
    category="unsupported-api",
    doc=__doc__,
    mentions=("weak",),
)
