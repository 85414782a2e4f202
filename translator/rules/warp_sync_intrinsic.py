"""Adapts the ``*_sync`` warp intrinsics: 64-bit lane masks, or the maskless forms of older HIP.

What it does
------------
For ``__shfl_sync``, ``__shfl_up_sync``, ``__shfl_down_sync``, ``__shfl_xor_sync``,
``__ballot_sync``, ``__any_sync``, ``__all_sync`` and ``__match_{any,all}_sync``:

- for HIP 6.2 and later (the default target), whose versions take a 64-bit lane mask
  and reject a 32-bit one at compile time, a full 32-lane mask literal
  (``0xffffffff``, ``0xFFFFFFFFu``, ``~0u``...) becomes the full 64-lane mask
  ``0xffffffffffffffff``; another literal keeps its value with an ``ull`` suffix. When
  the mask is a macro defined in the file as such a literal (``#define FULL_MASK
  0xffffffff``), the definition is widened instead;
- for an older ``--hip-version``, the call takes the maskless form HIP had then
  (``__shfl_down(v, 1)``, ``__ballot(p)``), as ``data/hip_extras.tsv`` lists; so does
  ``__activemask()`` (``__ballot(1)``);
- ``__syncwarp(mask)``, which no HIP release declares (HIP 6.4 neither), becomes
  ``__builtin_amdgcn_wave_barrier()`` for every target: a wavefront runs in lockstep,
  and the builtin keeps the compiler from moving memory operations across it.

Why
---
An AMD wavefront has 64 lanes: a mask written for a 32-lane warp names half of them,
and HIP's ``*_sync`` functions refuse 32-bit masks outright. HIP before 6.2 has no
``*_sync`` functions at all; its shuffles and votes act on the whole wavefront.

Example (CUDA)
--------------
```
v += __shfl_down_sync(0xffffffff, v, 16);
unsigned ballot = __ballot_sync(0xffffffffu, v > 0);
```

Output (HIP)
------------
```
v += __shfl_down_sync(0xffffffffffffffff, v, 16);
unsigned ballot = __ballot_sync(0xffffffffffffffff, v > 0);
```

Limits
------
A mask variable declared in the file as ``unsigned``, ``unsigned int`` or ``uint32_t``
gets the type ``unsigned long long`` (HIP refuses 32-bit masks), and a full 32-lane
literal value becomes the 64-lane one; a value computed otherwise is reported for a
person to check. Mask parameters are such variables (``unsigned int mask = 0xffffffff``
becomes ``unsigned long long mask = 0xffffffffffffffff``); one without a full-mask
default is reported too, for the values its callers pass. Other masks that are not
literals (members, expressions) are reported, not changed. With an older HIP, a
partial mask is dropped with the ``*_sync`` call (the maskless form acts on every lane)
and reported. Results of
``__ballot_sync`` stored in 32-bit variables are not widened. ROCm 6.2 to 6.x declare the
``*_sync`` functions only when ``HIP_ENABLE_WARP_SYNC_BUILTINS`` is defined: the migrated
CMake and Makefile builds define it (R501, R503, R511) and so does the compile check; a
unit compiled by hand on those releases needs ``-DHIP_ENABLE_WARP_SYNC_BUILTINS``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.call_rewrites import calls_of, rewrite_call
from translator.analysis.lane_masks import (
    FULL_32,
    FULL_MASK,
    LITERAL,
    MASKED,
    SIXTY_FOUR_BIT,
    macro_literal,
    mask_variable,
)
from translator.data.names import resolve
from translator.diagnostics import Diagnostic, Severity
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.syntax import Argument
from translator.unit import Unit

OLDER_FORMS = MASKED | {"__activemask", "__syncwarp"}


def check(unit: Unit) -> Iterator[Finding]:
    if not unit.mentions("_sync") and not unit.mentions("__activemask") \
            and not unit.mentions("__syncwarp"):
        return
    widened: set[str | int] = set()  # macro names and declaration offsets: changed once
    dropped: list[tuple[int, int]] = []  # arguments an older form removes, with their calls
    for name, call in calls_of(unit, OLDER_FORMS):
        entry = unit.names.get(name)
        if entry is None or any(start <= call.name_start < end for start, end in dropped):
            continue
        target = resolve(entry, unit.options)
        if target.name is None:
            continue  # R101 reports it
        if target.arguments is not None or target.name != name:
            dropped.extend(_dropped_arguments(call, target.arguments))
            yield from _older_form(unit, call, entry, target)
        elif name in MASKED and call.arguments:
            yield from _widen(unit, call.arguments[0], widened)


def _dropped_arguments(call, template: str | None) -> list[tuple[int, int]]:
    if template is None:
        return []
    kept = {int(index) for index in re.findall(r"\$(\d+)(?!\d)(?!\.\.\.)", template)}
    for first in re.findall(r"\$(\d+)\.\.\.", template):
        kept.update(range(int(first), len(call.arguments)))
    return [(a.start, a.end) for i, a in enumerate(call.arguments) if i not in kept]


def _older_form(unit, call, entry, target) -> Iterator[Finding]:
    mask = call.arguments[0] if call.arguments else None
    if (mask is not None and unit.source[call.name_start : call.name_end] in MASKED
            and not _full_mask(unit, mask.text)):
        yield Diagnostic(
            "R401", f"lane mask {mask.text} dropped: {target.name} acts on the whole wavefront",
            offset=mask.start, severity=Severity.WARNING)
    yield from rewrite_call(unit, call, entry, target.name, target.arguments, "R401")


def _full_mask(unit: Unit, text: str) -> bool:
    """True for a mask of every lane: a full literal, a macro of one, ``__activemask()``."""
    text = text.replace(" ", "")
    if FULL_32.fullmatch(text) or text == "__activemask()":
        return True
    definition = macro_literal(unit, text) if re.fullmatch(r"[A-Za-z_]\w*", text) else None
    return definition is not None and FULL_32.fullmatch(definition[2]) is not None


def _widen(unit: Unit, mask: Argument, widened: set[str | int]) -> Iterator[Finding]:
    text = mask.text
    if SIXTY_FOUR_BIT.fullmatch(text.replace(" ", "")):
        return
    if FULL_32.fullmatch(text.replace(" ", "")):
        yield Edit(mask.start, mask.end, FULL_MASK, "R401")
    elif LITERAL.fullmatch(text):
        if "ll" not in text.lower():  # already 64-bit otherwise
            yield Edit(mask.start, mask.end, text.rstrip("uUlL") + "ull", "R401")
    elif re.fullmatch(r"[A-Za-z_]\w*", text) and text not in widened:
        definition = macro_literal(unit, text)
        if definition is None:
            yield from _widen_variable(unit, text, mask, widened)
            return
        widened.add(text)
        start, end, literal = definition
        if "ll" not in literal.lower() and not SIXTY_FOUR_BIT.fullmatch(literal):
            wide = FULL_MASK if FULL_32.fullmatch(literal) else literal.rstrip("uUlL") + "ull"
            yield Edit(start, end, wide, "R401")
    elif not re.fullmatch(r"[A-Za-z_]\w*", text):
        yield Diagnostic(
            "R401", f"lane mask {text} is not a literal; HIP needs a 64-bit mask covering "
            "the 64 lanes of a wavefront", offset=mask.start)


def _widen_variable(unit: Unit, name: str, mask: Argument,
                    widened: set[str | int]) -> Iterator[Finding]:
    """A mask variable declared in the file with a 32-bit type becomes 64-bit (HIP's
    *_sync functions refuse 32-bit masks), a full 32-lane literal value with it. Each
    declaration is changed once (functions may each have a parameter ``mask``); a name
    declared nowhere is reported once."""
    declaration = mask_variable(unit, name, mask.start)
    key = name if declaration is None else declaration[0]
    if key in widened:
        return
    widened.add(key)
    if declaration is None:
        yield Diagnostic(
            "R401", f"lane mask {name} is not a literal; HIP needs a 64-bit mask "
            "covering the 64 lanes of a wavefront", offset=mask.start)
        return
    type_start, type_end, value = declaration
    yield Edit(type_start, type_end, "unsigned long long", "R401")
    if value is not None and FULL_32.fullmatch(value.group().replace(" ", "")):
        yield Edit(value.start(), value.end(), FULL_MASK, "R401")
    elif value is None or not (SIXTY_FOUR_BIT.fullmatch(value.group().replace(" ", ""))
                               or LITERAL.fullmatch(value.group())):
        yield Diagnostic(
            "R401", f"lane mask {name} was made 64-bit; check that its value covers the 64 "
            "lanes of a wavefront", offset=mask.start)


RULE = Rule(
    code="R401",
    name="warp-sync-intrinsic",
    summary="Widen *_sync lane masks to 64 bits, or use the maskless forms of older HIP",
    check=check,
    category="lane-mask",
    doc=__doc__,
    mentions=("_sync", "__activemask", "__syncwarp"),
)
