"""Finds ``__syncwarp`` with a partial lane mask.

What it finds
-------------
``__syncwarp(mask)`` whose mask is a constant other than all lanes (``0x0000ffff``,
``0x1``) or a value computed at run time from something other than
``__activemask()``.

Why it matters on AMD
---------------------
HIP has no ``__syncwarp``: the port calls ``__builtin_amdgcn_wave_barrier()`` (R401), a
barrier of the whole wavefront, and drops the mask, so no subset of lanes is picked.
Code that synchronises two groups of lanes separately, in divergent branches, with
partial masks, relies on NVIDIA's independent thread scheduling and can deadlock or race
on AMD.

Example
-------
```
if (lane < 16) { buf[lane] = v; __syncwarp(0x0000ffff); }
```

Suggested fix
-------------
Synchronise the whole wavefront outside divergent code (``__syncwarp()`` with no
argument) or restructure the exchange with shuffles. No automatic fix.

Limits
------
A mask variable whose value cannot be seen in the same file counts as partial unless
it comes from ``__activemask()`` or a ballot.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.expressions import arguments, fold
from translator.analysis.facts import facts_of
from translator.analysis.hazard import (
    BALLOTS,
    FULL_MASK_32,
    ballot_names,
    finding,
    is_call,
    scan,
)
from translator.rules.base import Finding, Rule

_FULL = (FULL_MASK_32, 0xFFFFFFFFFFFFFFFF, -1)


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("__syncwarp"):
        return
    facts = facts_of(unit)
    code = facts.code
    for index, token in scan(facts, ("__syncwarp",)):
        if not is_call(code, index, ("__syncwarp",)):
            continue
        spans = arguments(code, index + 1)
        if not spans or spans[0][1] <= spans[0][0]:
            continue
        first, last = spans[0]
        value = fold(code[first:last], facts.macros)
        words = {t.text for t in code[first:last]}
        if value in _FULL:
            continue
        if value is None:
            function = facts.function_at(token.start)
            known = (ballot_names(facts, function) if function else frozenset()) | BALLOTS
            if words & known or words & {"mask", "full", "FULL_MASK", "ALL_LANES"}:
                continue
        yield finding("W421", f"__syncwarp({facts.text(first, last)}) synchronises part of a "
                      "warp; on AMD it becomes a whole-wavefront barrier", token.start,
                      "synchronise the whole wavefront outside divergent code, or use shuffles")


RULE = Rule(
    code="W421",
    name="syncwarp-partial-mask",
    summary="__syncwarp with a mask that names only some lanes",
    check=check,
    category="warp-synchronous",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("__syncwarp",),
)
