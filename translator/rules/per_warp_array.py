"""Finds per-lane or per-warp arrays sized 32.

What it finds
-------------
One-dimensional arrays in device code (``__shared__`` or local) with exactly 32
elements that are indexed by a lane or warp index: a variable computed with ``% 32``,
``& 31``, ``/ 32``, ``>> 5`` or ``warpSize``, or named like ``lane``, ``warp`` or ``wid``.

Why it matters on AMD
---------------------
The 32 is the warp width. Indexed by a lane of a 64-lane wavefront, lanes 32-63 write
past the end of the array (corrupting neighbouring shared memory); indexed per warp,
the layout no longer matches the number of wavefronts.

Example
-------
```
__shared__ float partial[32];
int lane = threadIdx.x % warpSize;
partial[lane] = v;
```

Suggested fix
-------------
Size the array with the wavefront size of the target (64 on gfx9), or
``1024 / 32``-style counts with the real wavefront size. No automatic fix: ``warpSize``
is not a compile-time constant.

Limits
------
Two-dimensional tiles (``tile[32][33]``) and arrays indexed by plain thread indices are
tile buffers and are not reported. An extent spelled with a warp-size macro is left to
W001.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.expressions import closing, integer, within
from translator.analysis.facts import facts_of, wave_size
from translator.analysis.hazard import finding
from translator.rules.base import Finding, Rule

_LANE_NAME = re.compile(r"(?i)lane|warp|^wid")
_LANE_MATH = {"%": (32, "warpSize"), "&": (31,), "/": (32, "warpSize"), ">>": (5,)}
_TYPES = frozenset({"float", "double", "int", "unsigned", "long", "short", "char", "bool",
                    "half", "__half", "float2", "float4", "int2", "int4", "size_t", "uint32_t",
                    "int32_t", "uint64_t", "int64_t", "T", "scalar_t"})


def check(unit) -> Iterator[Finding]:
    if wave_size(unit.options) == 32 or not unit.mentions("32"):
        return
    facts = facts_of(unit)
    code = facts.code
    for index in facts.indexes_of("["):
        if not (2 <= index < len(code) - 3 and integer(code[index + 1].text) == 32
                and code[index + 2].text == "]" and code[index - 1].kind == "ident"
                and code[index + 3].text in (";", "=")):
            continue
        if code[index - 2].text not in _TYPES and code[index - 2].text != "__shared__":
            continue
        function = facts.function_at(code[index].start)
        if function is None or not function.on_device:
            continue
        name = code[index - 1].text
        lanes = _lane_names(facts, function)
        for position in range(index + 3, facts.index_at(function.end)):
            if (code[position].text == name and position + 1 < len(code)
                    and code[position + 1].text == "["):
                end = closing(code, position + 1)
                used = {t.text for t in code[position + 2:end]} & lanes
                if used:
                    yield finding("W403", f"{name}[32] is indexed by {sorted(used)[0]}, a lane "
                                  f"or warp index; wavefronts on the target GPUs have "
                                  f"{wave_size(unit.options)} lanes", code[index + 1].start,
                                  "size per-lane and per-warp buffers for 64-lane wavefronts")
                    break


def _lane_names(facts, function) -> set[str]:
    code = facts.code
    first, last = facts.body_span(function)
    names = {code[position].text
             for position in within(facts.occurrences_matching(_LANE_NAME), first, last)}
    for position in facts.indexes_within_any(_LANE_MATH, first, last):
        expected = _LANE_MATH[code[position].text]
        if position + 1 < last and (
                integer(code[position + 1].text) == expected[0]
                or code[position + 1].text in expected[1:]):
            back = position
            while back > first and code[back].text not in ("=", ";", "{"):
                back -= 1
            if code[back].text == "=" and code[back - 1].kind == "ident":
                names.add(code[back - 1].text)
    return names


RULE = Rule(
    code="W403",
    name="per-warp-array-32",
    summary="An array of 32 elements indexed by lane or warp",
    check=check,
    category="warp-size",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("32",),
)
