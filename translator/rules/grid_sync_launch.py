"""Finds kernels that synchronise the whole grid but are launched with ``<<<>>>``.

What it finds
-------------
Launches ``k<<<...>>>`` or ``cudaLaunchKernel(k, ...)`` of a kernel whose body
synchronises the grid through cooperative groups (``this_grid().sync()``,
``grid.sync()`` on a ``grid_group``, ``cg::sync(grid)``), in the same file.

Why it matters on AMD
---------------------
A grid-wide barrier is only valid when all blocks are resident at once, which only a
cooperative launch guarantees (``hipLaunchCooperativeKernel``). HIP checks this
strictly: the sync is invalid (or the kernel deadlocks) when the kernel was launched
normally, even where the CUDA build happened to work.

Example
-------
```
__global__ void k(float *d) { cg::this_grid().sync(); }
k<<<blocks, 256>>>(d);
```

Suggested fix
-------------
Launch with ``cudaLaunchCooperativeKernel`` (``hipLaunchCooperativeKernel``) and size
the grid from ``cudaOccupancyMaxActiveBlocksPerMultiprocessor``. No automatic fix.

Limits
------
Kernels and launches in different files are not matched; a grid sync inside a device
function called by the kernel is not followed.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.facts import facts_of
from translator.analysis.hazard import finding
from translator.rules.base import Finding, Rule


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("this_grid") and not unit.mentions("grid_group"):
        return
    facts = facts_of(unit)
    code = facts.code
    syncing = set()
    for function in facts.functions:
        if function.target != "global":
            continue
        first, last = facts.body_span(function)
        words = [t.text for t in code[first:last]]
        if ("this_grid" in words or "grid_group" in words) and "sync" in words:
            syncing.add(function.name)
    for launch in facts.launches:
        if launch.kernel in syncing:
            token = code[launch.index]
            yield finding("W205", f"{launch.kernel} synchronises the whole grid but is not "
                          "launched as a cooperative kernel", token.start,
                          "launch it with cudaLaunchCooperativeKernel")


RULE = Rule(
    code="W205",
    name="grid-sync-launch",
    summary="Kernel with a grid-wide sync launched without a cooperative launch",
    check=check,
    category="cooperative-groups",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("this_grid", "grid_group"),
)
