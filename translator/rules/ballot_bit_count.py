"""R408 ballot-bit-count: ``__popc``/``__ffs``/``__clz`` of a ballot or active mask.

What it does
------------
Where W413 finds ``__popc``, ``__ffs`` or ``__clz`` applied to a ballot or active mask
(a call of ``__ballot_sync``/``__ballot``/``__activemask``/``__match_any_sync``, a
cooperative-groups ``ballot()`` wider than 32 lanes, or a variable assigned from one),
the call becomes ``__popcll``, ``__ffsll`` or ``__clzll`` when the argument is 64-bit
in the HIP output (a ballot call, a variable declared ``unsigned long long``,
``uint64_t`` or ``auto``, or a mask variable R401 makes 64-bit) and a target GPU has
64-lane wavefronts (the default ``gfx942``). W413 notes each change at its place.

Why
---
HIP's ballot and active mask are ``unsigned long long``, and HIP declares ``__ffs`` and
``__clz`` for ``int`` and ``unsigned int``: ``__ffs(__ballot_sync(...))`` is an
ambiguous call that hipcc refuses, and ``__popc`` of it counts lanes 0-31 only. The
64-bit versions compile, and ``__popcll`` and ``__ffsll`` give CUDA's result for lanes
0-31 while counting lanes 32-63 too. This was W413's fix, applied only with
``--fix-hazards``; since the alternative is a compile error, it is applied always.

Example (CUDA)
--------------
```
int first = __ffs(__ballot_sync(0xffffffff, pred)) - 1;
int votes = __popc(__activemask());
```

Output (HIP)
------------
```
int first = __ffsll(__ballot_sync(0xffffffffffffffff, pred)) - 1;
int votes = __popcll(__activemask());
```

Limits
------
``__clzll`` counts from bit 63, so its result is 32 more than CUDA's ``__clz`` of the
same lanes: the call compiles, but arithmetic on the result (``31 - __clz(mask)`` for
the highest lane) is left as written, and W413 keeps a warning there. With 32-lane
targets only (``--offload-arch gfx1100``...) nothing changes: W413 suggests the fix.
A ballot kept in a 32-bit variable is left as well: ``__ffs`` of it compiles, and
``__ffsll``/``__clzll`` of an ``unsigned int`` is ambiguous in HIP too; W412 asks for a
64-bit variable, and ``--fix-hazards`` applies both fixes. Masks that reach the call
through a function parameter or a struct member are not recognised (W413's limits).
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.facts import wave_size
from translator.edits import Edit
from translator.rules._shared.ballot_counts import WIDE, ballot_counts
from translator.rules.base import Finding, Rule
from translator.unit import Unit


def check(unit: Unit) -> Iterator[Finding]:
    if wave_size(unit.options) == 32 or not unit.mentions_any(WIDE):
        return
    for token, wide_argument in ballot_counts(unit):
        if wide_argument:
            yield Edit(token.start, token.end, WIDE[token.text])


RULE = Rule(
    code="R408",
    name="ballot-bit-count",
    summary="__popc/__ffs/__clz of a ballot or active mask become __popcll/__ffsll/__clzll",
    check=check,
    category="lane-mask",
    doc=__doc__,
    mentions=tuple(WIDE),
)
