"""Gates: the version, feature and device-pass tests whose block may stay off on HIP.

A gate enables a block: ``#if CUDART_VERSION >= 11080`` (a version of the CUDA API),
``#ifdef __CUDA_BF16_TYPES_EXIST__`` or ``defined(__NVCC__)`` (a feature or compiler
macro), ``#ifdef __CUDA_ARCH__`` (the device pass). R003 switches a gate on for HIP
only when everything its block names exists in the target HIP
(``translator.analysis.gate_blocks.first_missing``); otherwise the block stays off on
HIP, as the project wrote it. ``judge_gate`` gives R003 a gate's block and what HIP
lacks in it; ``kept_off_blocks`` gives the engine the blocks kept off, where no rule may
rewrite (``translator.analysis.protected_code``).

All gates of a file are judged together, to a fixed point: a name the file defines only
in blocks kept off is missing for the other gates too (a call switched on while its
definition stays off would not compile). A ``defined(__NVCC__)`` test whose ``#else`` is
an ``#error`` is switched on all the same: kept off, every HIP build would stop there.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.arch_tests import (
    ARCH,
    COMPILER,
    VERSIONS,
    clang_cuda_test,
    comparison,
    defined_operand,
    device_test,
    gate_macro,
    mentions_tests,
    negated,
)
from translator.analysis.gate_blocks import (
    defined_names,
    definitions,
    enabled_block,
    first_missing,
    inside,
)
from translator.source.scan import Directive, next_branch
from translator.unit import Unit

__all__ = ["kept_off_blocks", "judge_gate"]


def kept_off_blocks(unit: Unit) -> list[tuple[int, int]]:
    """Source spans of the blocks that version and feature gates keep off on HIP (they
    use names HIP lacks at the target version): code the port leaves as written."""
    return unit.fact(_kept_off_blocks)


def _kept_off_blocks(unit: Unit) -> list[tuple[int, int]]:
    if not mentions_tests(unit):
        return []
    spans = []
    conditionals = unit.conditionals
    for index, directive in enumerate(conditionals):
        if directive.keyword not in ("if", "elif", "ifdef", "ifndef", "elifdef", "elifndef"):
            continue
        if (unit.source.find("CUDA", directive.start, directive.end) < 0
                and unit.source.find(COMPILER, directive.start, directive.end) < 0):
            continue
        for position in _gate_positions(directive):
            block, blocker = judge_gate(unit, conditionals, index, position)
            if block is not None and blocker:
                spans.append(block)
    return spans


def _gate_positions(directive: Directive) -> Iterator[int]:
    """Token positions of the version comparisons, feature tests and device-pass tests
    (``#ifdef __CUDA_ARCH__``, ``defined(__CUDA_ARCH__)`` in a conjunction) of DIRECTIVE."""
    tokens = directive.tokens
    if directive.keyword in ("ifdef", "ifndef", "elifdef", "elifndef"):
        if tokens and (gate_macro(tokens[0].text)
                       or tokens[0].text == ARCH and directive.keyword.endswith("ifdef")):
            yield 0
        return
    for position, token in enumerate(tokens):
        if token.text in VERSIONS and comparison(tokens, position) is not None:
            yield position
        elif (gate_macro(token.text) and defined_operand(tokens, position)
              and not clang_cuda_test(tokens, position)):
            yield position
        elif device_test(tokens, position):
            yield position


def judge_gate(unit: Unit, conditionals: list[Directive], index: int,
          position: int) -> tuple[tuple[int, int] | None, str]:
    """(the block the test at POSITION of CONDITIONALS[INDEX] enables, the first thing in
    it that HIP lacks at the target version, or ''). CONDITIONALS are
    ``unit.conditionals``."""
    judged = _judgements(unit)
    key = (index, position)
    if key not in judged:  # not a gate _gate_positions lists: judged alone
        judged[key] = _judge(unit, conditionals, index, position, _unavailable(unit))
    return judged[key]


def _judgements(unit: Unit) -> dict[tuple[int, int], tuple[tuple[int, int] | None, str]]:
    """Every gate of UNIT judged, to a fixed point: a name the file defines only in
    blocks kept off on HIP is missing for the other gates too (a call switched on while
    its definition stays off would not compile)."""
    return unit.fact(_judge_all)


def _unavailable(unit: Unit) -> dict[str, str]:
    """Names the file defines only in blocks kept off on HIP, with why."""
    _judgements(unit)
    return unit.fact(_unavailable_names)


def _unavailable_names(unit: Unit) -> dict[str, str]:
    """An empty dict, a fact of UNIT: the fixed point of ``_judge_all`` fills it."""
    return {}


def _judge_all(unit: Unit) -> dict[tuple[int, int], tuple[tuple[int, int] | None, str]]:
    unavailable = unit.fact(_unavailable_names)
    if not mentions_tests(unit):
        return {}
    conditionals = unit.conditionals
    keys = [(index, position) for index, directive in enumerate(conditionals)
            if directive.keyword in ("if", "elif", "ifdef", "ifndef", "elifdef", "elifndef")
            for position in _gate_positions(directive)]
    judged: dict[tuple[int, int], tuple[tuple[int, int] | None, str]] = {}
    while True:  # the names only grow, and the blocks kept off with them
        for key in keys:
            if key not in judged or not judged[key][1]:
                judged[key] = _judge(unit, conditionals, *key, unavailable)
        blocks = [judged[key][0] for key in keys if judged[key][1] and judged[key][0]]
        found = {name: why for name, why in _defined_only_in(unit, blocks).items()
                 if name not in unavailable}
        if not found:
            return judged
        unavailable.update(found)


def _defined_only_in(unit: Unit, blocks: list) -> dict[str, str]:
    """Names defined in BLOCKS (kept off on HIP) and nowhere else in the file."""
    found: dict[str, str] = {}
    for start, end in blocks:
        for name in defined_names(unit, start, end):
            found.setdefault(name, f"defined only in the block at line "
                             f"{unit.location(start).line}, kept off on HIP")
    if not found:
        return found
    elsewhere = {name for offset, name in definitions(unit)
                 if name in found and not inside(blocks, offset)}
    return {name: why for name, why in found.items() if name not in elsewhere}


def _judge(unit: Unit, conditionals: list[Directive], index: int, position: int,
           unavailable: dict[str, str]) -> tuple[tuple[int, int] | None, str]:
    directive = conditionals[index]
    tokens = directive.tokens
    if directive.keyword in ("ifdef", "elifdef"):
        positive = True
    elif directive.keyword in ("ifndef", "elifndef"):
        positive = False
    elif tokens[position].text in VERSIONS:
        compared = comparison(tokens, position)
        assert compared is not None  # gate positions and R003 ask about comparisons only
        positive = compared[2] in (">", ">=")
    else:
        positive = not negated(tokens, position)
    block = enabled_block(conditionals, index, positive)
    missing = first_missing(unit, conditionals, *block, unavailable) if block else ""
    if (missing and tokens[position].text == COMPILER
            and _error_alternative(unit, conditionals, index, positive)):
        missing = ""  # kept off, the build would stop at the #error: switched on
    return block, missing


def _error_alternative(unit: Unit, conditionals: list[Directive], index: int,
                       positive: bool) -> bool:
    """True when the branch a false test takes is an ``#else`` holding an ``#error``
    outside nested groups (``#else`` / ``#error "wrong compiler"``): keeping the
    test's block off would stop every HIP build there."""
    following = next_branch(conditionals, index)
    if following is None:
        return False
    if not positive:
        return False  # the block is the #else: the test's own branch is the alternative
    if following.keyword != "else":
        return False
    at = next(i for i in range(index + 1, len(conditionals)) if conditionals[i] is following)
    end = next_branch(conditionals, at)
    if end is None:
        return False
    nested = _nested_groups(conditionals, following.end, end.start)
    return any(d.keyword == "error" and following.end <= d.start < end.start
               and not inside(nested, d.start) for d in unit.directives)


def _nested_groups(conditionals: list[Directive], start: int, end: int) -> list[tuple[int, int]]:
    """Spans of the outermost groups that open between START and END."""
    spans, depth, opened = [], 0, 0
    for directive in conditionals:
        if not start <= directive.start < end:
            continue
        if directive.keyword in ("if", "ifdef", "ifndef"):
            if depth == 0:
                opened = directive.start
            depth += 1
        elif directive.keyword == "endif" and depth:
            depth -= 1
            if depth == 0:
                spans.append((opened, directive.end))
    return spans
