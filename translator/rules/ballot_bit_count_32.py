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
wavefront. HIP's ballot is an ``unsigned long long``, and HIP declares ``__ffs`` and
``__clz`` for ``int`` and ``unsigned int``: ``__ffs(__ballot_sync(...))`` is an
ambiguous call that hipcc refuses.

When a target GPU has 64-lane wavefronts (the default) and the argument is 64-bit in the
output, R408 writes the 64-bit versions, since the only alternative is a compile error:
the finding is then a note for ``__popc`` and ``__ffs``, whose 64-bit versions give
CUDA's result for lanes 0-31 and count lanes 32-63 too. For ``__clz`` it stays a
warning: ``__clzll`` counts from bit 63, so its result is 32 more than CUDA's for the
same lanes, and the arithmetic on it (``31 - __clz(mask)`` for the highest lane) needs a
person. With 32-lane targets only (RDNA, ``--offload-arch gfx1100``), with R408 turned
off, or for a ballot kept in a 32-bit variable (which W412 reports, and whose ``__ffs``
compiles), the finding is a warning with the fix below, applied by ``--fix-hazards``.

Example
-------
```
int votes = __popc(__ballot_sync(0xffffffff, pred));
int leader = 31 - __clz(__activemask());
```

Suggested fix
-------------
Use the 64-bit versions: ``__popc`` -> ``__popcll``, ``__ffs`` -> ``__ffsll``,
``__clz`` -> ``__clzll``, and with ``__clzll`` count from bit 63
(``63 - __clzll(mask)``).

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

from translator.analysis.facts import wave_size
from translator.analysis.hazard import finding, fix
from translator.diagnostics import Diagnostic, Severity
from translator.rules._shared.ballot_counts import WIDE, ballot_counts
from translator.rules.base import Finding, Rule
from translator.unit import Unit


def widened(unit: Unit) -> bool:
    """True when R408 writes the 64-bit versions in the output: it is enabled and a
    target GPU has 64-lane wavefronts (HIP's ballot is 64-bit, and the 32-bit calls of it
    are ambiguous)."""
    return wave_size(unit.options) == 64 and unit.options.rule_enabled("R408")


def check(unit) -> Iterator[Finding]:
    calls = ballot_counts(unit)
    if not calls:
        return
    widens = widened(unit)
    for token, wide_argument in calls:
        wide = WIDE[token.text]
        rewritten = widens and wide_argument
        if rewritten and token.text == "__clz":
            yield Diagnostic(
                "W413", "__clz counts the leading zeros of a 32-bit lane mask; R408 calls "
                "__clzll, which counts from bit 63 of the 64-bit one: the result is 32 more "
                "than CUDA's", offset=token.start,
                help="check the arithmetic on the result: 31 - __clz(mask) (the highest "
                "lane) becomes 63 - __clzll(mask), a comparison with 32 one with 64")
        elif rewritten:
            yield Diagnostic(
                "W413", f"{token.text} counts 32 bits of a lane mask; R408 calls {wide}, "
                "which counts all 64 lanes of the wavefront", offset=token.start,
                help=f"nothing to do: {token.text} and {wide} agree on lanes 0-31",
                severity=Severity.NOTE)
        else:
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
    mentions=tuple(WIDE),
)
