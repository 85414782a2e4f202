"""Finds lane bits built from a 32-bit one (``1u << lane``).

What it finds
-------------
In device code, ``1 << x``, ``1u << x`` or ``1U << x`` where ``x`` is a lane index
(``threadIdx``-derived, or a variable named like ``lane``), as used to build or test
lane masks: ``ballot & (1u << lane)``, ``(1u << lane) - 1``.

Why it matters on AMD
---------------------
Lanes 32-63 of a 64-lane wavefront shift a 32-bit one out of range: undefined
behaviour that in practice yields 0 or wraps to a low bit, so masks and "lanes below
me" counts are wrong for half the wavefront.

Example
-------
```
unsigned long long below = ballot & ((1u << lane) - 1);
```

Suggested fix
-------------
Shift a 64-bit one: ``1u << lane`` -> ``1ull << lane``.

Limits
------
Shift amounts that are not recognisably lane indices (``1u << k`` in a bit loop) are
not reported, nor amounts reduced to a bit of a 32-bit word (``1u << (tid % 32)``,
``1u << (i & 31)``: a bitset, and no overflow; W401 reports a ``% 32`` that is a lane
index); masks built in host code are not checked.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.expressions import integer
from translator.analysis.facts import THREAD_SOURCES, facts_of
from translator.analysis.hazard import (
    finding,
    fix,
    shift_amount,
    within_word,
)
from translator.rules.base import Finding, Rule


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("<<"):
        return
    facts = facts_of(unit)
    code = facts.code
    cache: dict = {}
    for index in (shift - 1 for shift in facts.indexes_of("<<")):  # "1 << lane"
        token = code[index]
        if (not 0 <= index < len(code) - 2 or token.kind != "number" or integer(token.text) != 1
                or "l" in token.text.lower()):
            continue
        function = facts.function_at(token.start)
        if function is None or not function.on_device:
            continue
        if function not in cache:
            cache[function] = facts.thread_names(function) | THREAD_SOURCES
        end = shift_amount(code, index + 1)
        words = {t.text for t in code[index + 2:end]}
        if not words & cache[function] or within_word(code, index + 2, end, facts.macros):
            continue
        yield finding("W411", f"'{facts.text(index, end)}' shifts a 32-bit one by a lane "
                      "index; lanes 32-63 of a 64-lane wavefront overflow it", token.start,
                      "shift a 64-bit one: 1ull << lane",
                      (fix(token, "1ull", "64-bit one"),))


RULE = Rule(
    code="W411",
    name="lane-bit-32",
    summary="A lane bit built by shifting a 32-bit one by the lane index",
    check=check,
    category="lane-mask",
    doc=__doc__,
    silent_in_platform_branches=True,
    safe_fixes=True,
    mentions=("<<",),
)
