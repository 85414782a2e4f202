"""Lane masks of the ``*_sync`` warp intrinsics: what R401 makes of them, for the rules
that must agree with it.

HIP's ``*_sync`` functions take a 64-bit lane mask (a wavefront has 64 lanes) and refuse
a 32-bit one. R401 (``translator/rules/warp_sync_intrinsic.py``) widens masks: a full
32-lane literal (``FULL_32``) becomes ``FULL_MASK``, another literal gets ``ull``, a
macro defined as such a literal is widened at its definition (``macro_literal``), and a
mask variable declared with a 32-bit unsigned type becomes ``unsigned long long``
(``mask_variable``). ``mask_rewrite`` tells W410 what R401 does to a mask, and
``widened_mask_variables`` tells W412 which declarations it widens, so that neither asks
for what the output already has. ``MASKED`` lists the intrinsics, for the tree's facts
too (a tree that calls them needs ``HIP_ENABLE_WARP_SYNC_BUILTINS`` on ROCm 6.2 to 6.x).
"""

from __future__ import annotations

import re

from translator.analysis.call_rewrites import calls_of
from translator.data.names import resolve
from translator.source.scan import find_directives
from translator.unit import Unit

__all__ = ["MASKED", "FULL_MASK", "FULL_32", "SIXTY_FOUR_BIT", "LITERAL", "mask_variable",
           "macro_literal", "mask_rewrite", "widened_mask_variables"]

#: The intrinsics whose first argument is a lane mask that R401 widens.
MASKED = frozenset({
    "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", "__ballot_sync",
    "__any_sync", "__all_sync", "__match_any_sync", "__match_all_sync",
})
#: The mask of all 64 lanes, and the spellings of a full 32-lane mask.
FULL_MASK = "0xffffffffffffffff"
FULL_32 = re.compile(r"(?:0[xX][fF]{8}|4294967295|~0|~0x0|-1)[uUlL]*")
#: Masks that already are 64-bit in HIP (its __activemask and __ballot return 64 bits).
SIXTY_FOUR_BIT = re.compile(
    r"__activemask\(\)|__ballot(?:_sync)?\(.*\)|0[xX][0-9a-fA-F]{9,}[uUlL]*"
)
#: An integer literal.
LITERAL = re.compile(r"(?:0[xX][0-9a-fA-F']+|0[bB][01']+|\d[\d']*)[uUlL]*")
_DEFINE_KEYWORD = frozenset({"define"})
_MASK_TYPE_BEFORE = re.compile(r"(?<![\w$])(?:unsigned[ \t]+int|unsigned|uint32_t)[ \t]+$")


def mask_variable(unit: Unit, name: str, before: int):
    """(type start, type end, value match or None) of the last declaration of NAME with a
    32-bit unsigned type before offset BEFORE, or None."""
    return unit.fact(_mask_variable, name, before)


def _mask_variable(unit: Unit, name: str, before: int):
    source = unit.source
    word = re.escape(name)
    pattern = re.compile(  # a last parameter first, with its plain default: (unsigned mask = ~0u)
        rf"{word}[ \t]*(?:=[ \t]*(?P<default>[^;,()\n]+?)[ \t]*)?\)"
        rf"|{word}[ \t]*(?:=[ \t]*(?P<value>[^;,]+?)[ \t]*)?[;,]")
    found = None
    for match in unit.regions.code_matches(pattern):
        start = match.start()
        if start >= before:
            break
        if start and (source[start - 1].isalnum() or source[start - 1] in "_$"):
            continue
        kind = _MASK_TYPE_BEFORE.search(source, max(0, start - 40), start)
        if kind is not None:
            found = (kind, match)
    if found is None:
        return None
    kind, match = found
    type_end = kind.end() - (len(kind.group()) - len(kind.group().rstrip(" \t")))
    group = "default" if match.group("default") is not None else "value"
    value = _Value(match, group) if match.group(group) is not None else None
    return kind.start(), type_end, value


class _Value:
    """The initializer of a declaration match (its group NAME), with a match's interface."""

    def __init__(self, match: re.Match, name: str) -> None:
        self._match, self._name = match, name

    def group(self) -> str:
        return self._match.group(self._name)

    def start(self) -> int:
        return self._match.start(self._name)

    def end(self) -> int:
        return self._match.end(self._name)


def widened_mask_variables(unit: Unit) -> frozenset[int]:
    """Offsets of the variable declarations whose type R401 makes 64-bit (mask
    variables of kept *_sync calls), so that W412 does not ask for it again."""
    return unit.fact(_widened_mask_variables)


def _widened_mask_variables(unit: Unit) -> frozenset[int]:
    found = set()
    if not unit.options.rule_enabled("R401") or not unit.mentions("_sync"):
        return frozenset()
    for name, call in calls_of(unit, MASKED):
        entry = unit.names.get(name)
        target = resolve(entry, unit.options) if entry is not None else None
        if (target is None or target.name != name or target.arguments is not None
                or not call.arguments):
            continue
        text = call.arguments[0].text
        if re.fullmatch(r"[A-Za-z_]\w*", text) and macro_literal(unit, text) is None:
            declaration = mask_variable(unit, text, call.arguments[0].start)
            if declaration is not None:
                found.add(declaration[0])
    return frozenset(found)


def mask_rewrite(unit: Unit, name: str, mask: str, at: int) -> str:
    """How R401 changes the mask MASK (at offset AT) of a call to NAME ('' when it
    leaves it alone), so that W410 does not ask for a fix the output already has."""
    entry = unit.names.get(name)
    if name not in MASKED or entry is None or not unit.options.rule_enabled("R401"):
        return ""
    target = resolve(entry, unit.options)
    if target.name is None:
        return ""
    if target.arguments is not None or target.name != name:
        return f"R401 calls {target.name}, which takes no mask"
    text = mask.replace(" ", "")
    if FULL_32.fullmatch(text) or LITERAL.fullmatch(text):
        return "R401 widens it to 64 bits"
    if re.fullmatch(r"[A-Za-z_]\w*", text) and macro_literal(unit, text) is not None:
        return "R401 widens the macro to 64 bits"
    if re.fullmatch(r"[A-Za-z_]\w*", text):
        declaration = mask_variable(unit, text, at)
        if (declaration is not None and declaration[2] is not None
                and FULL_32.fullmatch(declaration[2].group().replace(" ", ""))):
            return "R401 makes the variable 64-bit with a 64-lane value"
    return ""


def macro_literal(unit: Unit, name: str) -> tuple[int, int, str] | None:
    """The literal of the first ``#define NAME literal`` in the file: (start, end, text)."""
    return unit.fact(_find_macro_literal, name)


def _find_macro_literal(unit: Unit, name: str) -> tuple[int, int, str] | None:
    if not unit.mentions("define"):
        return None
    # Only the #define lines that mention NAME are lexed.
    for directive in find_directives(unit.source, unit.regions, _DEFINE_KEYWORD, name):
        tokens = directive.tokens
        if not tokens or tokens[0].text != name:
            continue
        body = [t for t in tokens[1:] if t.text not in "()"]
        if len(body) == 1 and (LITERAL.fullmatch(body[0].text)
                               or FULL_32.fullmatch(body[0].text)):
            return body[0].start, body[0].end, body[0].text
    return None

