"""Finds dynamic shared-memory requests above the LDS of the target GPUs.

What it finds
-------------
``cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, n)`` (``k`` may
be a template instance such as ``attention<half, 128>``) and launch
configurations ``k<<<g, b, n>>>`` where ``n`` (folded through literals, same-file
constants and local variables, or computed by clang: ``sizeof`` of the file's types)
exceeds the LDS per workgroup of the smallest target: 64 KiB on gfx90a and gfx942 (the
default), 160 KiB on gfx950. Code inside a macro's arguments is measured as any other:
an opt-in wrapped in ``CHECK(...)``, a launch in the lambda a dispatch macro
(``AT_DISPATCH_*``) is given.

Why it matters on AMD
---------------------
NVIDIA GPUs let a kernel opt in to up to 99-227 KiB of shared memory; AMD GPUs cannot
give a workgroup more LDS than the compute unit has. The opt-in fails or the launch
returns an error after the port.

Example
-------
```
cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
k<<<grid, block, 96 * 1024>>>(data);
```

Suggested fix
-------------
Choose the tile size from ``hipDeviceAttributeMaxSharedMemoryPerBlock`` at run time,
or target gfx950 only (160 KiB). No automatic fix.

An opt-in whose size is not known here (computed from a template's traits, a
parameter or a device query) is reported too: it exists to pass NVIDIA's 48 KiB default,
and such kernels were tuned for far more. The driver API's
``cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, n)`` and calls
inside the file's macros (a launch helper ``#define``) count too.

Limits
------
Launch sizes computed from parameters, function calls or device queries are not known
and not reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.expressions import arguments, fold
from translator.analysis.facts import facts_of, lds_limit
from translator.analysis.hazard import finding, is_call, macro_bodies, scan
from translator.analysis.launch_values import span_value
from translator.rules.base import Finding, Rule

_HELP = "size dynamic shared memory from hipDeviceAttributeMaxSharedMemoryPerBlock"


def check(unit) -> Iterator[Finding]:
    facts = facts_of(unit)
    code = facts.code
    limit, arch = lds_limit(unit.options)
    more = "" if limit >= 160 * 1024 else " (gfx950 has 160 KiB)"
    for launch in facts.launches:
        if len(launch.config) >= 3:
            span = launch.config[2]
            size = span_value(facts, span, code[launch.index].start)
            if size and size > limit:
                yield finding("W203", f"launch asks for {size / 1024:g} KiB of dynamic shared "
                              f"memory; {arch} has {limit // 1024} KiB of LDS per "
                              f"workgroup{more}", code[span[0]].start, _HELP)
    if not unit.mentions("MaxDynamicSharedMemorySize") and not unit.mentions(
            "MAX_DYNAMIC_SHARED_SIZE_BYTES"):
        return
    for index, _token in scan(facts, _SETTERS):
        if is_call(code, index, _SETTERS):
            yield from _opt_in(facts, code, index, limit, arch, more)
    for _, body in macro_bodies(unit):  # a launch helper macro of the project
        for index, token in enumerate(body):
            if token.text in _SETTERS and is_call(body, index, _SETTERS):
                yield from _opt_in(facts, body, index, limit, arch, more)


#: The runtime's and the driver's opt-in calls, and their attribute names.
_SETTERS = ("cudaFuncSetAttribute", "cuFuncSetAttribute")
_ATTRIBUTES = frozenset({"cudaFuncAttributeMaxDynamicSharedMemorySize",
                         "CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES"})


def _opt_in(facts, code, index: int, limit: int, arch: str, more: str) -> Iterator[Finding]:
    """The finding of the opt-in call at code INDEX (of the file or of a macro body)."""
    # The kernel may be a template instance whose arguments hold commas at depth 0
    # (``k<float, 128>``): the attribute and the size are the last two arguments.
    spans = arguments(code, index + 1)
    if len(spans) < 3 or not _ATTRIBUTES & {code[i].text for i in range(*spans[-2])}:
        return
    start = code[spans[-1][0]].start
    if code is facts.code:
        size = span_value(facts, spans[-1], code[index].start)
    else:
        size = fold(code[slice(*spans[-1])], facts.macros)
    if size is not None and size <= limit:
        return
    if size:
        yield finding("W203", f"opt-in to {size / 1024:g} KiB of dynamic shared memory; "
                      f"{arch} has {limit // 1024} KiB of LDS per workgroup{more}", start, _HELP)
        return
    # The opt-in exists to pass NVIDIA's 48 KiB default: kernels that ask for it were
    # tuned for 99-227 KiB, and the size is computed where it cannot be read here.
    yield finding("W203", f"opt-in to more dynamic shared memory than 48 KiB, of a size "
                  f"not known here; {arch} has {limit // 1024} KiB of LDS per "
                  f"workgroup{more}", start, _HELP)


RULE = Rule(
    code="W203",
    name="dynamic-shared-memory-limit",
    summary="Dynamic shared memory above the LDS of the target GPUs (64 KiB)",
    check=check,
    category="shared-memory-limit",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("MaxDynamicSharedMemorySize", "MAX_DYNAMIC_SHARED_SIZE_BYTES"),
)
