"""Finds warp-size constants defined as 32.

What it finds
-------------
Macros, constants, enumerators and variables whose name says "warp" and whose value is
32: ``#define WARP_SIZE 32``, ``constexpr int kWarpSize = 32;``,
``enum { THREADS_PER_WARP = 32 };``, ``int warp_size = 32;``; and their base-2
logarithms, named "warp" with "log", "shift" or "bits", whose value is 5
(``#define LOG_WARP_SIZE 5``, used as ``tid >> LOG_WARP_SIZE``). Names that count warps
(``WARPS_PER_BLOCK``, ``NUM_WARPS``) are not warp sizes and are left alone.

Why it matters on AMD
---------------------
Instinct GPUs (gfx90a, gfx942, gfx950) run 64-lane wavefronts. Every lane index,
shuffle width, mask and per-warp buffer derived from a constant 32 covers only half a
wavefront: reductions drop half their inputs and lane arithmetic aliases two lanes.

Example
-------
```
#define WARP_SIZE 32
__device__ int lane_of(int t) { return t % WARP_SIZE; }
```

Suggested fix
-------------
Use ``warpSize`` where a run-time value works (device code). Where a compile-time
constant is needed, define it per target: 64 for CDNA (gfx9) GPUs, 32 for RDNA. A
device-code variable initialised to 32 gets the fix ``32`` -> ``warpSize``.

Limits
------
Only names containing "warp" are checked; a constant named ``LANES`` or ``W`` holding
32 is not recognised. Silent when every ``--offload-arch`` target is wave32 (RDNA).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.expressions import fold
from translator.analysis.facts import facts_of, wave_size
from translator.analysis.hazard import finding, fix
from translator.diagnostics import Fix
from translator.rules.base import Finding, Rule

_WARP_NAME = re.compile(r"(?i)warp")
_COUNT_NAME = re.compile(r"(?i)warps(?!ize|hift)|num|count|per_?(block|cta|sm)"
                         r"|^warp_?[mnk]$|tile")  # WARP_M, WARP_N: a warp's tile of a GEMM
_LOG_NAME = re.compile(r"(?i)log|shift|bits")
_HELP = ("use warpSize in device code; for a compile-time constant use 64 on CDNA (gfx9) "
         "targets and 32 on RDNA")


def _warp_value(name: str) -> int | None:
    """32 for a warp-size name, 5 for its logarithm's name, None for other names."""
    if not _WARP_NAME.search(name) or _COUNT_NAME.search(name):
        return None
    return 5 if _LOG_NAME.search(name) else 32


def _defined(value: int) -> str:
    return "5 (log2 of 32)" if value == 5 else "32"


def check(unit) -> Iterator[Finding]:
    if wave_size(unit.options) == 32 or "warp" not in unit.source.lower():  # _WARP_NAME
        return
    facts = facts_of(unit)
    width = wave_size(unit.options)
    for directive in unit.directives:
        body = directive.tokens
        if (directive.keyword != "define" or len(body) < 2 or body[0].kind != "ident"
                or not (expected := _warp_value(body[0].text))
                or (body[1].text == "(" and body[1].start == body[0].end)):
            continue
        if fold(body[1:], facts.macros) == expected:
            yield finding("W001", f"{body[0].text} is defined as {_defined(expected)}, but "
                          "wavefronts on the "
                          f"target GPUs have {width} lanes", body[1].start, _HELP)
    code = facts.code
    # "name = ...": the file's warp-size names, each judged once, where "=" follows them
    values = {name: value for name in facts.identifier_names  # lower(): 3 times a search
              if "warp" in name.lower() and (value := _warp_value(name))}
    for index in facts.occurrences(values):
        token = code[index]
        if (not 1 <= index < len(code) - 2 or code[index + 1].text != "="
                or code[index - 1].text in (".", "->")):
            continue
        expected = values[token.text]
        end = index + 2
        while end < len(code) and code[end].text not in (";", ",", "}", ")"):
            end += 1
        if fold(code[index + 2:end], facts.macros) != expected:
            continue
        statement = index
        while statement > 0 and code[statement - 1].text not in (";", "{", "}"):
            statement -= 1
        words = {t.text for t in code[statement:index]}
        fixes: tuple[Fix, ...] = ()
        if (expected == 32 and end == index + 3 and facts.on_device(token.start)
                and not words & {"constexpr", "static", "enum", "template"}):
            fixes = (fix(code[index + 2], "warpSize", "use the run-time wavefront size"),)
        yield finding("W001", f"{token.text} is set to {_defined(expected)}, but wavefronts "
                      f"on the target GPUs have {width} lanes", code[index + 2].start, _HELP, fixes)


RULE = Rule(
    code="W001",
    name="warp-size-constant",
    summary="A warp-size macro or constant defined as 32",
    check=check,
    category="warp-size",
    doc=__doc__,
    silent_in_platform_branches=True,
    safe_fixes=True,
)
