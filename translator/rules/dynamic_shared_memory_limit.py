"""Finds dynamic shared-memory requests above the LDS of the target GPUs.

What it finds
-------------
``cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, n)`` (``k`` may
be a template instance such as ``attention<half, 128>``) and launch
configurations ``k<<<g, b, n>>>`` where ``n`` (folded through literals, same-file
constants and local variables) exceeds the LDS per workgroup of the smallest target:
64 KiB on gfx90a and gfx942 (the default), 160 KiB on gfx950.

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

Limits
------
Sizes computed from parameters, function calls or device queries are not known and
not reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.expressions import arguments
from translator.analysis.facts import lds_limit
from translator.analysis.hazard import finding, is_call, scan
from translator.analysis.launch_values import span_value
from translator.rules.base import Finding, Rule

_HELP = "size dynamic shared memory from hipDeviceAttributeMaxSharedMemoryPerBlock"


def check(unit) -> Iterator[Finding]:
    facts = unit.facts
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
    if not unit.mentions("MaxDynamicSharedMemorySize"):
        return
    for index, token in scan(facts, ("cudaFuncSetAttribute",)):
        if not is_call(code, index, ("cudaFuncSetAttribute",)):
            continue
        # The kernel may be a template instance whose arguments hold commas at depth 0
        # (``k<float, 128>``): the attribute and the size are the last two arguments.
        spans = arguments(code, index + 1)
        if len(spans) < 3 or "cudaFuncAttributeMaxDynamicSharedMemorySize" not in {
                code[i].text for i in range(*spans[-2])}:
            continue
        size = span_value(facts, spans[-1], token.start)
        if size and size > limit:
            yield finding("W203", f"opt-in to {size / 1024:g} KiB of dynamic shared memory; "
                          f"{arch} has {limit // 1024} KiB of LDS per workgroup{more}",
                          code[spans[-1][0]].start, _HELP)


RULE = Rule(
    code="W203",
    name="dynamic-shared-memory-limit",
    summary="Dynamic shared memory above the LDS of the target GPUs (64 KiB)",
    check=check,
    category="shared-memory-limit",
    doc=__doc__,
    silent_in_platform_branches=True,
)
