"""Finds thread-block sizes that are not a multiple of the wavefront size (64).

What it finds
-------------
Kernel launches (``k<<<grid, block>>>``) whose block size, folded through literals,
``dim3(...)``, braced lists (``<<<grid, {16, 6}>>>``), same-file macros and constants
and local ``dim3``/integer variables, is not a multiple of 64; and
``__launch_bounds__(n)`` with such an ``n`` (also spelled through a macro, or from
template parameters of a kernel template instantiated in the file: ``k<96><<<...>>>``).

Why it matters on AMD
---------------------
Blocks are split into 64-lane wavefronts on gfx90a/gfx942/gfx950. A block of 32, 96 or
16x6 threads leaves lanes of its last wavefront idle on every block (up to half the
GPU), and code tuned for 32-thread warps often assumes that a block holds whole warps.

Example
-------
```
kernel<<<blocks, 32>>>(data);
dim3 block(16, 6);  // 96 threads
```

Suggested fix
-------------
Use block sizes that are multiples of 64 (e.g. 64, 128, 256) and check the kernel's
indexing still covers the data. No automatic fix: the grid often depends on it.

Limits
------
Block sizes computed at run time, from parameters or from other files are not known
and not reported; single-thread launches (``<<<1, 1>>>``) are not reported. With only
wave32 (RDNA) targets the check is for multiples of 32.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.facts import facts_of, wave_size
from translator.analysis.hazard import finding
from translator.analysis.launch_bounds import bounds
from translator.analysis.launch_values import threads
from translator.rules.base import Finding, Rule


def check(unit) -> Iterator[Finding]:
    facts = facts_of(unit)
    code = facts.code
    width = wave_size(unit.options)
    help_text = f"use a multiple of {width} threads per block"
    for launch in facts.launches:
        if len(launch.config) < 2:
            continue
        span = launch.config[1]
        offset = code[launch.index].start
        count = threads(facts, span, offset)
        if count and count > 1 and count % width:  # one thread: a setup kernel
            yield finding("W201", f"block of {count} threads is not a multiple of the "
                          f"{width}-lane wavefront: {width - count % width} lanes of the last "
                          "wavefront idle in every block", code[span[0]].start, help_text)
    reported = set()
    for found in bounds(facts):
        count = found.threads
        if count and count % width and (found.threads_offset, count) not in reported:
            reported.add((found.threads_offset, count))
            where = f" (in {found.instance})" if found.instance else ""
            yield finding("W201", f"__launch_bounds__({count}){where} is not a multiple of the "
                          f"{width}-lane wavefront", found.threads_offset, help_text)


RULE = Rule(
    code="W201",
    name="block-size-multiple",
    summary="Thread-block size that is not a multiple of the wavefront size (64)",
    check=check,
    category="block-size",
    doc=__doc__,
    silent_in_platform_branches=True,
)
