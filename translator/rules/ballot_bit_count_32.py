"""Finds 32-bit bit counts (``__popc``, ``__ffs``, ``__clz``) applied to ballots.

What it finds
-------------
``__popc``, ``__ffs`` and ``__clz`` whose argument is a ballot or active mask: a call
of ``__ballot_sync``/``__ballot``/``__activemask``/``__match_any_sync`` or of a
cooperative-groups tile's ``ballot()``, or a variable assigned from one.

Why it matters on AMD
---------------------
The 32-bit versions look at lanes 0-31 only. On a 64-lane wavefront the count of
voting lanes, the first set lane and the leader computed from them ignore half the
wavefront.

Example
-------
```
int votes = __popc(__ballot_sync(0xffffffff, pred));
```

Suggested fix
-------------
Use the 64-bit versions: ``__popc`` -> ``__popcll``, ``__ffs`` -> ``__ffsll``,
``__clz`` -> ``__clzll``.

Limits
------
Masks that reach the call through a function parameter or a struct member are not
recognised. The ballot of a cooperative-groups tile of at most 32 lanes
(``thread_block_tile<16>``, ``tiled_partition<8>(block)``, or a tile whose size is a
template parameter: CUDA's tiles have at most 32 lanes) holds one bit per lane of the
tile, so 32 bits count it on AMD too: it is not reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.expressions import closing
from translator.analysis.facts import facts_of
from translator.analysis.hazard import (
    BALLOTS,
    ballot_names,
    finding,
    fix,
    is_call,
    narrow_tile_ballot,
    scan,
)
from translator.rules.base import Finding, Rule

_WIDE = {"__popc": "__popcll", "__ffs": "__ffsll", "__clz": "__clzll"}


def check(unit) -> Iterator[Finding]:
    if not unit.mentions_any(_WIDE):
        return
    facts = facts_of(unit)
    code = facts.code
    cache: dict = {}
    for index, token in scan(facts, _WIDE):
        if not is_call(code, index, _WIDE):
            continue
        function = facts.function_at(token.start)
        if function is None:
            continue
        if function not in cache:
            cache[function] = ballot_names(facts, function) | BALLOTS
        end = closing(code, index + 1)
        words = {t.text for t in code[index + 2:end]}
        if words & cache[function] or "ballot" in words and not all(
                narrow_tile_ballot(facts, at) for at in range(index + 2, end)
                if code[at].text == "ballot"):
            wide = _WIDE[token.text]
            yield finding("W413", f"{token.text} counts 32 bits of a lane mask; a 64-lane "
                          "wavefront needs the 64-bit version", token.start,
                          f"use {wide}", (fix(token, wide, f"use {wide}"),))


RULE = Rule(
    code="W413",
    name="ballot-bit-count-32",
    summary="__popc/__ffs/__clz applied to a ballot or active mask",
    check=check,
    category="lane-mask",
    doc=__doc__,
    silent_in_platform_branches=True,
    safe_fixes=True,
    mentions=tuple(_WIDE),
)
