"""Finds ``__launch_bounds__`` whose second argument HIP reads as waves per SIMD.

What it finds
-------------
``__launch_bounds__(threads, minBlocks)`` whose second argument, read the AMD way, asks
for another occupancy than CUDA's. CUDA reads it as the minimum number of resident blocks
per multiprocessor. HIP passes it to ``amdgpu_waves_per_eu``: the minimum number of
wavefronts per execution unit (SIMD), of which a CDNA compute unit has four. The
equivalent is ``ceil(minBlocks * ceil(threads / 64) / 4)``; only launch bounds where it
differs from the written value are reported.

Why it matters on AMD
---------------------
``__launch_bounds__(64, 8)`` asks CUDA for 8 one-warp blocks per SM, but tells the AMD
compiler to fit 8 waves on every SIMD, four times the 2 that 8 one-wave blocks per
compute unit need. The compiler then caps the registers per thread to reach that
occupancy and spills. With large blocks the request is weaker than meant instead.

Example
-------
```
__global__ void __launch_bounds__(64, 8) scale(float *x);
```

Suggested fix
-------------
Give AMD its own value: ``__launch_bounds__(64, 2)`` under ``#ifdef
__HIP_PLATFORM_AMD__`` (the message gives the equivalent), or drop the second argument.
No automatic fix: on the NVIDIA platform HIP hands the value to CUDA unchanged.

Limits
------
Both arguments must be known in the file (literals, same-file macros and constants, a
macro that spells the launch bounds, the template arguments of a kernel template's
instantiations in the file). A kernel template whose block size is a template
parameter with no instantiation in the file is reported when its minimum is above 1,
with the block sizes for which the value keeps its meaning; so is a block size the file
cannot fold (``__launch_bounds__(threadsFor<T>(), 3)``, a traits member, a constant of
a header outside the tree).
The equivalent assumes four SIMDs per compute unit (CDNA, gfx9); with only wave32 (RDNA)
targets nothing is reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.facts import facts_of, wave_size
from translator.analysis.hazard import finding
from translator.analysis.launch_bounds import bounds
from translator.rules.base import Finding, Rule

#: SIMDs (execution units) per CDNA compute unit.
SIMDS_PER_CU = 4


def check(unit) -> Iterator[Finding]:
    width = wave_size(unit.options)
    if width != 64:
        return  # the equivalence below is CDNA's
    for found in bounds(facts_of(unit)):
        threads, blocks = found.threads, found.blocks
        if not found.has_blocks or not blocks or blocks < 0:
            continue
        if threads is None and blocks > 1:
            # a template parameter, or an expression the file cannot fold (a constexpr
            # function's call, a traits member, a header's constant)
            yield _dependent(found, blocks, width)
            continue
        if not threads or threads < 0:
            continue
        waves = -(-blocks * -(-threads // width) // SIMDS_PER_CU)
        if waves != blocks:
            where = f" (in {found.instance})" if found.instance else ""
            yield finding(
                "W207", f"__launch_bounds__({threads}, {blocks}){where}: HIP reads {blocks} as "
                f"waves per SIMD, not blocks per compute unit; {blocks} blocks of {threads} "
                f"threads are {waves} wave{'s' if waves != 1 else ''} per SIMD",
                found.blocks_offset,
                f"use __launch_bounds__({threads}, {waves}) for AMD (#ifdef __HIP_PLATFORM_AMD__)")


def _dependent(found, blocks: int, width: int):
    """A finding for bounds whose block size is a template parameter: for which block
    sizes the written minimum still means what CUDA meant."""
    waves = [w for w in range(1, 1024 // width + 1)
             if -(-blocks * w // SIMDS_PER_CU) == blocks]
    meaning = (f"it keeps its meaning only for blocks of {(waves[0] - 1) * width + 1} to "
               f"{waves[-1] * width} threads" if waves else "no block size keeps its meaning")
    source = (f"from template parameter {found.dependent[0]}" if found.dependent
              else "not known here")
    where = f" (in {found.instance})" if found.instance else ""
    return finding(
        "W207", f"__launch_bounds__{where} with a block size {source} and minimum {blocks} "
        f"blocks: HIP reads {blocks} as waves per "
        f"SIMD, not blocks per compute unit; {meaning}", found.blocks_offset,
        f"give AMD ceil({blocks} * ceil(threads / {width}) / {SIMDS_PER_CU}) "
        "(#ifdef __HIP_PLATFORM_AMD__)")

RULE = Rule(
    code="W207",
    name="launch-bounds-occupancy",
    summary="__launch_bounds__ minimum blocks, which HIP reads as waves per SIMD",
    check=check,
    category="block-size",
    doc=__doc__,
    silent_in_platform_branches=True,
)
