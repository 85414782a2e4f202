"""Finds cooperative-groups tiles of 32 threads used as warps.

What it finds
-------------
``tiled_partition<32>(...)``, ``thread_block_tile<32>`` and ``tiled_partition(g, 32)``.

Why it matters on AMD
---------------------
A tile of 32 is half of a 64-lane wavefront on gfx90a/gfx942/gfx950. Code that
partitions into 32-thread tiles usually means "one warp" (one partial result per warp,
a ballot of the whole warp, ``meta_group_rank()`` as warp id); on AMD every wavefront
holds two such tiles, so those assumptions break.

Example
-------
```
auto warp = cg::tiled_partition<32>(cg::this_thread_block());
```

Suggested fix
-------------
Partition by the wavefront size (64 on gfx9 targets), or check that the algorithm is
correct for tiles smaller than a wavefront. No automatic fix: the size is a template
argument and ``warpSize`` is not a constant.

Limits
------
Only the literal 32 (or a same-file constant folding to 32) is checked; tiles of 16 or
fewer are sub-warp by design and are not reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.expressions import arguments, fold
from translator.analysis.facts import facts_of, wave_size
from translator.analysis.hazard import finding, scan
from translator.rules.base import Finding, Rule

_NAMES = frozenset({"tiled_partition", "thread_block_tile"})


def check(unit) -> Iterator[Finding]:
    if wave_size(unit.options) == 32 or not unit.mentions_any(_NAMES):
        return
    facts = facts_of(unit)
    code = facts.code
    for index, token in scan(facts, _NAMES):
        if index + 3 >= len(code):
            continue
        if token.text not in _NAMES:
            continue
        value_start = None
        if code[index + 1].text == "<":
            end = index + 2
            while end < len(code) and code[end].text not in (">", ">>", ";"):
                end += 1
            if fold(code[index + 2:end], facts.macros) == 32:
                value_start = code[index + 2].start
        elif code[index + 1].text == "(":
            spans = arguments(code, index + 1)
            if len(spans) == 2 and facts.fold_span(*spans[1]) == 32:
                value_start = code[spans[1][0]].start
        if value_start is not None:
            yield finding("W404", f"{token.text} of 32 threads is half a wavefront on the "
                          f"target GPUs ({wave_size(unit.options)} lanes)", value_start,
                          "partition by the wavefront size, or make the code correct for "
                          "tiles smaller than a wavefront")


RULE = Rule(
    code="W404",
    name="warp-tile-32",
    summary="Cooperative-groups tile of 32 threads used as a warp",
    check=check,
    category="warp-size",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=tuple(sorted(_NAMES)),
)
