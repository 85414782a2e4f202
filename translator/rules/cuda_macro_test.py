"""Gives ``#if`` tests of ``__CUDA_ARCH__``, ``CUDART_VERSION``, ``CUDA_VERSION`` their HIP meaning.

What it does
------------
In ``#if``, ``#elif``, ``#ifdef`` and ``#ifndef`` lines:

- ``__CUDA_ARCH__`` asks "is this the device pass?"; HIP's name for that is
  ``__HIP_DEVICE_COMPILE__``. ``defined(__CUDA_ARCH__)`` and ``#ifdef __CUDA_ARCH__``
  are renamed; a comparison with a number, ``__CUDA_ARCH__ >= 600``, is replaced by what
  it means on an AMD GPU, taken as offering the features of compute capability 8.0
  (double atomics, half and bfloat16 arithmetic, but no sm_90 clusters or TMA):
  ``defined(__HIP_DEVICE_COMPILE__)`` when it holds in the device pass only,
  ``!defined(__HIP_DEVICE_COMPILE__)`` when in the host pass only, else ``1`` or ``0``.
- ``CUDART_VERSION`` and ``CUDA_VERSION`` compared with a number ask "does the runtime
  offer the API of that CUDA release?"; the comparison becomes a test of ``HIP_VERSION``
  against the first HIP release that follows that CUDA API level
  (``data/cuda_api_levels.tsv``: HIP 5 follows CUDA 11, HIP 6 follows CUDA 12), or ``0``
  when no HIP release does. ``defined(CUDA_VERSION)`` becomes ``defined(HIP_VERSION)``.
  nvcc's ``__CUDACC_VER_MAJOR__`` is read the same way, its N as the API level of CUDA
  N.0 (``__CUDACC_VER_MAJOR__ >= 11`` becomes ``HIP_VERSION >= 50000000``).
- A version gate is rewritten only when every name in the block it enables (its own
  branch for ``>=``/``>``, the branch after it for ``<``/``<=``) translates at
  ``--hip-version``, headers included. Otherwise the block stays off on HIP: the
  comparison gains ``&& !defined(__HIP_PLATFORM_AMD__)`` (or ``|| defined(...)`` for
  ``<``), the block is left as written, and a finding names what HIP lacks. Lacking
  counts: a CUDA header or name without HIP counterpart, an ``__nv_*`` extension no
  table knows (CUDA 12.8's fp4 and e8m0 conversions), a bfloat16 name whose HIP header
  the file does not include (``cuda_fp16.h`` brings bfloat16 in CUDA, ``hip_fp16.h``
  does not), ``__CUDA_ARCH__`` in a ``#define`` body, and a function, type or macro the
  file defines only in blocks kept off (a call must not be switched on while its
  definition stays off).
- A device-pass test (``#ifdef __CUDA_ARCH__``, ``defined(__CUDA_ARCH__)`` in a
  conjunction without an architecture comparison) is judged the same way: renamed when
  its block translates, else left (off on HIP, so its alternative is compiled in both
  passes) with a finding: ``#define ARCH __CUDA_ARCH__`` would be an undeclared name in
  the device pass.
- Feature macros (``__CUDA_BF16_TYPES_EXIST__``, any ``__CUDA_*_TYPES_EXIST__``) and
  nvcc's ``__NVCC__`` are judged the same way: when their block translates, the test
  becomes ``defined(__HIP_PLATFORM_AMD__)`` (``#ifdef`` becomes ``#if defined(...)``) and
  ``__NVCC__`` becomes ``__HIPCC__``, so the code is not silently dropped on HIP; when it
  does not, the test is left (undefined on HIP: the block stays off) with a finding.
  A ``defined(__NVCC__)`` test whose ``#else`` is an ``#error`` ("wrong compiler
  detected") is switched on all the same, with a note: kept off, every HIP build would
  stop there.
- Compiler detection: clang's CUDA macro ``__CUDA__`` becomes ``__HIP__`` (hipcc is
  clang in HIP mode), and ``!defined(__NVCC__)`` beside ``defined(__CUDACC__)`` or
  ``defined(__CUDA__)`` ("clang compiling CUDA") is left as it is: hipcc passes it
  (R101 renames ``__CUDACC__`` to ``__HIPCC__``).

Why
---
hipcc defines neither ``__CUDA_ARCH__`` nor the CUDA version macros: untouched, every
such test takes the host or "old CUDA" branch, so device-only code vanishes from the
device pass and old API paths are compiled.

Example (CUDA)
--------------
```
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
#if CUDART_VERSION >= 11000
#ifdef __CUDA_ARCH__
#ifdef __CUDA_BF16_TYPES_EXIST__
#if CUDART_VERSION >= 11080   // a block using __nv_fp8_e4m3
```

Output (HIP)
------------
```
#if defined(__HIP_DEVICE_COMPILE__) && !defined(__HIP_DEVICE_COMPILE__)
#if HIP_VERSION >= 50000000
#ifdef __HIP_DEVICE_COMPILE__
#if defined(__HIP_PLATFORM_AMD__)
#if CUDART_VERSION >= 11080 && !defined(__HIP_PLATFORM_AMD__)   // a block using __nv_fp8_e4m3
```

Limits
------
When the branch of such a test uses inline PTX or a name that HIP lacks
(``__reduce_add_sync``, ``__nanosleep``) and the condition is a conjunction (no ``||``,
``?:`` or ``!`` other than ``!defined``), the comparison becomes ``0``: the branch is
never compiled, in either pass, and its ``#elif``/``#else`` alternative (the portable
fallback) is taken, or nothing when there is none, as on the NVIDIA GPUs too old for the
branch; a note says so. Such a branch is still renamed and its names are reported.
Only comparisons with a number literal are rewritten (``__CUDA_ARCH__ == 800`` holds in
the device pass, as for every comparison that compute capability 8.0 passes);
``__CUDA_ARCH__ >= MY_ARCH``, ``==``/``!=`` tests of the version macros and arithmetic on
these macros are reported and left alone, and so
are uses in ``#define`` bodies and code. ``HIP_VERSION`` comes from the HIP headers, so
the test must follow their include (as ``CUDART_VERSION`` had to follow CUDA's).
A gated block is judged by the names it spells (not by what its macros expand to);
nested gates are judged on their own, and so are HIP groups inside it (left alone).
"""

from __future__ import annotations

import functools
import operator
import re
from collections.abc import Iterator

from translator.data import DIRECTORY as DATA_DIRECTORY
from translator.data.names import resolve_name
from translator.diagnostics import Diagnostic, Severity
from translator.edits import Edit
from translator.options import parse_version
from translator.rules._shared.gate_blocks import (
    defined_names,
    definitions,
    enabled_block,
    first_missing,
    inside,
)
from translator.rules.base import Finding, Rule
from translator.source.scan import IDENTIFIER, Directive, next_branch
from translator.source.tokens import Token
from translator.unit import Unit

ARCH = "__CUDA_ARCH__"
#: clang's macro for "compiling CUDA"; in HIP mode it defines __HIP__ instead.
CLANG_CUDA = "__CUDA__"
COMPILER_MAJOR = "__CUDACC_VER_MAJOR__"
VERSIONS = ("CUDART_VERSION", "CUDA_VERSION", COMPILER_MAJOR)
DEVICE_PASS = "__HIP_DEVICE_COMPILE__"
#: The compute capability whose features an AMD Instinct GPU is taken to offer.
AMD_ARCH_EQUIVALENT = 800
LEVELS_PATH = DATA_DIRECTORY / "cuda_api_levels.tsv"
_COMPARISONS = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
    "==": operator.eq, "!=": operator.ne,
}
_MIRRORED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
_BOUNDARY = frozenset({"(", ")", "&&", "||", "!", "?", ":"})
#: CUDA's feature macros (``__CUDA_BF16_TYPES_EXIST__``) and nvcc's compiler macro.
FEATURE = re.compile(r"__CUDA_\w+_TYPES_EXIST__")
COMPILER = "__NVCC__"
HIP_PLATFORM = "__HIP_PLATFORM_AMD__"


def check(unit: Unit) -> Iterator[Finding]:
    source = unit.source
    offsets = unit.api_offsets  # every name of ours starts with "__" or "CU": no extra scan
    if not _mentions_tests(unit):
        return
    conditionals = unit.conditionals
    for index, directive in enumerate(conditionals):
        if (source.find("CUDA", directive.start, directive.end) < 0
                and (COMPILER not in offsets
                     or source.find(COMPILER, directive.start, directive.end) < 0)):
            continue  # none of the macros (all contain "CUDA"): no need to lex the line
        tokens = directive.tokens
        if directive.keyword in ("ifdef", "ifndef", "elifdef", "elifndef"):
            if tokens and tokens[0].text == ARCH and directive.keyword.endswith("ifdef"):
                yield from _device_gate(unit, conditionals, index, 0)
            elif tokens and tokens[0].text in (ARCH, CLANG_CUDA, *VERSIONS):
                yield _renamed(tokens[0])
            elif tokens and _gate_macro(tokens[0].text):
                yield from _gate_test(unit, conditionals, index, 0)
        elif directive.keyword in ("if", "elif"):
            yield from _condition(tokens, _nvidia_only_branch(unit, conditionals, index),
                                  unit, conditionals, index)


def _mentions_tests(unit: Unit) -> bool:
    offsets = unit.api_offsets
    return (ARCH in offsets or COMPILER in offsets or CLANG_CUDA in offsets
            or any(name in offsets for name in VERSIONS)
            or any(FEATURE.fullmatch(name) for name in offsets if name.startswith("__CUDA_")))


def _gate_macro(name: str) -> bool:
    return name == COMPILER or FEATURE.fullmatch(name) is not None


def kept_off_blocks(unit: Unit) -> list[tuple[int, int]]:
    """Source spans of the blocks that version and feature gates keep off on HIP (they
    use names HIP lacks at the target version): code the port leaves as written."""
    return unit.fact(_kept_off_blocks)


def _kept_off_blocks(unit: Unit) -> list[tuple[int, int]]:
    if not _mentions_tests(unit):
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
            block, blocker = _gate(unit, conditionals, index, position)
            if block is not None and blocker:
                spans.append(block)
    return spans


def _gate_positions(directive: Directive) -> Iterator[int]:
    """Token positions of the version comparisons, feature tests and device-pass tests
    (``#ifdef __CUDA_ARCH__``, ``defined(__CUDA_ARCH__)`` in a conjunction) of DIRECTIVE."""
    tokens = directive.tokens
    if directive.keyword in ("ifdef", "ifndef", "elifdef", "elifndef"):
        if tokens and (_gate_macro(tokens[0].text)
                       or tokens[0].text == ARCH and directive.keyword.endswith("ifdef")):
            yield 0
        return
    for position, token in enumerate(tokens):
        if token.text in VERSIONS and _comparison(tokens, position) is not None:
            yield position
        elif (_gate_macro(token.text) and _defined_operand(tokens, position)
              and not _clang_cuda_test(tokens, position)):
            yield position
        elif _device_test(tokens, position):
            yield position


def _device_test(tokens: list[Token], position: int) -> bool:
    """True for ``defined(__CUDA_ARCH__)`` in a conjunction, not negated and without an
    architecture comparison beside it: a test whose block runs in the device pass
    (judged like a gate: kept off when HIP lacks what the block names)."""
    return (tokens[position].text == ARCH and _defined_operand(tokens, position)
            and not _negated(tokens, position) and _conjunction(tokens)
            and not any(token.text == ARCH and _comparison(tokens, index) is not None
                        for index, token in enumerate(tokens)))  # _nvidia_only_branch's


def _clang_cuda_test(tokens: list[Token], index: int) -> bool:
    """True for ``!defined(__NVCC__)`` beside ``defined(__CUDACC__)`` or
    ``defined(__CUDA__)`` in a conjunction: a test of clang's CUDA compiler ("CUDA, but
    not nvcc"), which hipcc, a clang, passes as it stands (R101 renames the other test)."""
    if tokens[index].text != COMPILER or not _negated(tokens, index) or not _conjunction(tokens):
        return False
    return any(token.text in ("__CUDACC__", "__CUDA__") and _defined_operand(tokens, position)
               and not _negated(tokens, position) for position, token in enumerate(tokens))


def _defined_operand(tokens: list[Token], index: int) -> bool:
    before = tokens[index - 1].text if index else ""
    return before == "defined" or (before == "(" and index > 1
                                   and tokens[index - 2].text == "defined")


def _negated(tokens: list[Token], index: int) -> bool:
    """True when the ``defined`` test at INDEX is preceded by ``!``."""
    first = index - 1 if tokens[index - 1].text == "defined" else index - 2
    return first > 0 and tokens[first - 1].text == "!"


def _gate(unit: Unit, conditionals: list[Directive], index: int,
          position: int) -> tuple[tuple[int, int] | None, str]:
    """(the block the test at POSITION of CONDITIONALS[INDEX] enables, the first thing in
    it that HIP lacks at the target version, or '')."""
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
    if not _mentions_tests(unit):
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
        comparison = _comparison(tokens, position)
        assert comparison is not None  # _condition asks only about a comparison
        positive = comparison[2] in (">", ">=")
    else:
        positive = not _negated(tokens, position)
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


def _gate_test(unit: Unit, conditionals: list[Directive], index: int,
               position: int) -> Iterator[Finding]:
    """The HIP form of a feature or compiler test (``#ifdef __CUDA_BF16_TYPES_EXIST__``,
    ``defined(__NVCC__)``), or a finding when its block uses what HIP lacks."""
    directive = conditionals[index]
    token = directive.tokens[position]
    block, missing = _gate(unit, conditionals, index, position)
    if missing:
        yield Diagnostic("R003", f"{token.text}: the block it enables uses {missing}; HIP "
                         "does not define the macro, so the block stays off on HIP",
                         offset=token.start)
        return
    if token.text == COMPILER and block is not None:
        lacking = first_missing(unit, conditionals, *block)
        if lacking:  # switched on although HIP lacks something: its alternative is #error
            yield Diagnostic("R003", f"{token.text}: the block it enables uses {lacking}, but "
                             "its #else stops the build with #error: the block is switched on "
                             "for hipcc", offset=token.start, severity=Severity.NOTE)
    hip_test = "__HIPCC__" if token.text == COMPILER else HIP_PLATFORM
    if directive.keyword in ("if", "elif"):
        yield Edit(token.start, token.end, hip_test)
        return
    keyword_at = unit.source.find(directive.keyword, directive.start, token.start)
    negation = "!" if directive.keyword.endswith("ndef") else ""
    keyword = "if" if directive.keyword in ("ifdef", "ifndef") else "elif"
    yield Edit(keyword_at, token.end, f"{keyword} {negation}defined({hip_test})")


def replaced_branches(unit: Unit) -> list[tuple[int, int]]:
    """Source spans of the ``__CUDA_ARCH__`` branches that give way to their alternative
    (see ``_nvidia_only_branch``): code that the port never compiles for AMD."""
    if not unit.mentions(ARCH):
        return []
    conditionals = unit.conditionals
    spans = []
    for index, directive in enumerate(conditionals):
        if directive.keyword in ("if", "elif") and _nvidia_only_branch(unit, conditionals, index):
            end = next_branch(conditionals, index) or conditionals[-1]
            spans.append((directive.end, end.start))
    return spans


def _nvidia_only_branch(unit: Unit, conditionals: list, index: int) -> str:
    """For an ``#if``/``#elif`` whose condition is a conjunction with a ``__CUDA_ARCH__``
    comparison (which ``_condition`` can turn into ``0``; ``defined(__CUDA_ARCH__)`` alone
    stays a device-pass test): the first NVIDIA-only construct of its branch (inline PTX,
    a name without HIP counterpart) and what becomes of the branch, else ''. Nested
    branches that give way to their own alternative do not count: their own gate
    already keeps that code from AMD GPUs. Judged once per branch (a nested one is
    asked again by every branch around it)."""
    assert conditionals is unit.conditionals  # the judgement is kept by index
    return unit.fact(_judge_nvidia_only, index)


def _judge_nvidia_only(unit: Unit, index: int) -> str:
    conditionals = unit.conditionals
    tokens = conditionals[index].tokens
    if not _conjunction(tokens) or not any(
            token.text == ARCH and _comparison(tokens, position) is not None
            for position, token in enumerate(tokens)):
        return ""
    following = next_branch(conditionals, index)
    if following is None:
        return ""  # an unterminated #if: leave it to the compiler's error
    start, end = conditionals[index].end, following.start
    given_way = []  # the text of nested branches that give way to their alternative
    inner = index + 1
    while inner < len(conditionals) and conditionals[inner].start < end:
        if (conditionals[inner].keyword in ("if", "elif")
                and _nvidia_only_branch(unit, conditionals, inner)):
            closing = next_branch(conditionals, inner)
            given_way.append((conditionals[inner].end, closing.start if closing else end))
        inner += 1
    construct = _first_nvidia_only(unit, start, end, given_way)
    if not construct:
        return ""
    if following.keyword == "endif":
        return f"{construct}, which AMD GPUs lack; the branch is left out, as on older GPUs"
    return f"{construct}, which AMD GPUs lack; the alternative branch is taken"


def _conjunction(tokens: list[Token]) -> bool:
    """True when the condition is a conjunction of its tests (no ``||``, ``?:``, or ``!``
    other than ``!defined``): a ``0`` in place of one test then makes it false."""
    for index, token in enumerate(tokens):
        if token.text in ("||", "?"):
            return False
        if token.text == "!" and (index + 1 == len(tokens) or tokens[index + 1].text != "defined"):
            return False
    return True


def _first_nvidia_only(unit: Unit, start: int, end: int, skipped: list[tuple[int, int]]) -> str:
    """The first NVIDIA-only construct between START and END, outside the SKIPPED spans."""
    regions = unit.regions
    for match in IDENTIFIER.finditer(unit.source, start, end):
        name = match.group()
        if (name[0] not in "_acCn" or not regions.in_code(match.start())
                or skipped and inside(skipped, match.start())):
            continue
        if name in ("asm", "__asm__", "__asm"):
            return "inline PTX"
        resolved = resolve_name(name, unit.options)
        if resolved is not None and resolved[1].name is None and resolved[0].kind != "preprocessor":
            return name
    return ""


def _defined_test(unit: Unit, conditionals: list[Directive], index: int,
                  position: int) -> Iterator[Finding]:
    """``defined(__CUDA_ARCH__)`` or ``defined(CUDART_VERSION)``: renamed, unless a
    device-pass test that stays off."""
    tokens = conditionals[index].tokens
    if _device_test(tokens, position):
        yield from _device_gate(unit, conditionals, index, position)
    else:
        yield _renamed(tokens[position])


def _device_gate(unit: Unit, conditionals: list[Directive], index: int,
                 position: int) -> Iterator[Finding]:
    """A device-pass test: renamed, or left (off on HIP) when its block names what HIP
    lacks (``#define ARCH __CUDA_ARCH__``, an intrinsic HIP has not)."""
    token = conditionals[index].tokens[position]
    missing = _gate(unit, conditionals, index, position)[1]
    if missing:
        yield Diagnostic("R003", f"{ARCH}: the block it enables uses {missing}; it stays off "
                         "on HIP (its alternative is compiled in both passes)",
                         offset=token.start)
    else:
        yield _renamed(token)


def _renamed(token: Token) -> Edit:
    hip = {ARCH: DEVICE_PASS, CLANG_CUDA: "__HIP__"}.get(token.text, "HIP_VERSION")
    return Edit(token.start, token.end, hip)


def _condition(tokens: list[Token], nvidia_only: str, unit: Unit,
               conditionals: list[Directive], at: int) -> Iterator[Finding]:
    for index, token in enumerate(tokens):
        if _gate_macro(token.text) and _defined_operand(tokens, index):
            if not _clang_cuda_test(tokens, index):
                yield from _gate_test(unit, conditionals, at, index)
            continue
        if token.text == CLANG_CUDA:
            yield _renamed(token)  # defined or not, a test of the compiler
            continue
        if token.text != ARCH and token.text not in VERSIONS:
            continue
        if _defined_operand(tokens, index):
            yield from _defined_test(unit, conditionals, at, index)
            continue
        comparison = _comparison(tokens, index)
        if comparison is None:
            if _bounded(tokens, index, index):
                yield (Edit(token.start, token.end, f"defined({DEVICE_PASS})")
                       if token.text == ARCH else _renamed(token))
            else:
                yield Diagnostic("R003", f"{token.text} used in arithmetic; left as is",
                                 offset=token.start)
            continue
        first, last, op, number = comparison
        replacement: str | None
        if token.text == ARCH:
            replacement = "0" if nvidia_only else _arch_test(op, number)
            if nvidia_only and _arch_test(op, number) != "0":
                yield Diagnostic("R003", f"{ARCH} {op} {number}: this branch uses {nvidia_only}",
                                 offset=token.start, severity=Severity.NOTE)
        else:
            missing = _gate(unit, conditionals, at, index)[1]
            if missing:
                yield from _kept_off(unit, tokens, first, last, op, number, missing)
                continue
            if token.text == COMPILER_MAJOR:
                # nvcc's major version N stands for the API level of CUDA N.0; it counts
                # whole releases, so "> 12" is ">= 13" (not a level past 12.0).
                if op in (">", "<="):
                    op, number = {">": ">=", "<=": "<"}[op], number + 1
                replacement = _version_test(op, number * 1000)
            else:
                replacement = _version_test(op, number)
        if replacement is None:
            yield Diagnostic("R003", f"{token.text} {op} {number} has no HIP meaning; left as is",
                             offset=token.start)
        else:
            yield Edit(tokens[first].start, tokens[last].end, replacement)


def _kept_off(unit: Unit, tokens: list[Token], first: int, last: int, op: str, number: int,
              missing: str) -> Iterator[Finding]:
    """A version comparison whose block HIP cannot compile: it stays off on HIP."""
    text = unit.source[tokens[first].start : tokens[last].end]
    name = tokens[first if tokens[first].kind == "ident" else last].text
    if op in (">", ">="):
        replacement = f"{text} && !defined({HIP_PLATFORM})"
        if not _conjunction(tokens):
            replacement = f"({replacement})"
    else:
        replacement = f"({text} || defined({HIP_PLATFORM}))"
    yield Edit(tokens[first].start, tokens[last].end, replacement)
    yield Diagnostic("R003", f"{name} {op} {number}: the block it enables uses {missing}; it "
                     "stays off on HIP", offset=tokens[first].start)


def _comparison(tokens: list[Token], index: int) -> tuple[int, int, str, int] | None:
    """(first, last, op, number) for ``NAME op NUMBER`` or ``NUMBER op NAME``, normalised
    to the form with NAME on the left."""
    if index + 2 < len(tokens) and tokens[index + 1].text in _COMPARISONS:
        number = _number(tokens[index + 2])
        if number is not None and _bounded(tokens, index, index + 2):
            return index, index + 2, tokens[index + 1].text, number
    if index >= 2 and tokens[index - 1].text in _COMPARISONS:
        number = _number(tokens[index - 2])
        if number is not None and _bounded(tokens, index - 2, index):
            return index - 2, index, _MIRRORED[tokens[index - 1].text], number
    return None


def _bounded(tokens: list[Token], first: int, last: int) -> bool:
    """True when tokens FIRST..LAST form a whole operand of && || ! ?: or parentheses."""
    before = tokens[first - 1].text if first else "("
    after = tokens[last + 1].text if last + 1 < len(tokens) else ")"
    return before in _BOUNDARY and after in _BOUNDARY and after != "!"


def _number(token: Token) -> int | None:
    if token.kind != "number":
        return None
    text = token.text.rstrip("uUlL").replace("'", "")
    try:
        if len(text) > 1 and text[0] == "0" and text.isdigit():
            return int(text, 8)
        return int(text, 0)
    except ValueError:
        return None


def _arch_test(op: str, number: int) -> str:
    """The test's HIP form."""
    device = _COMPARISONS[op](AMD_ARCH_EQUIVALENT, number)
    host = _COMPARISONS[op](0, number)  # the host pass sees an undefined macro: 0
    if device and host:
        return "1"
    if device:
        return f"defined({DEVICE_PASS})"
    return f"!defined({DEVICE_PASS})" if host else "0"


def _version_test(op: str, number: int) -> str | None:
    if op in ("==", "!="):
        return None
    if op in (">", "<="):
        number += 1  # V > N is V >= N+1; V <= N is V < N+1
    release = _first_release(number)
    if op in (">", ">="):
        return "0" if release is None else f"HIP_VERSION >= {release}"
    return "1" if release is None else f"HIP_VERSION < {release}"


def _first_release(level: int) -> int | None:
    """HIP_VERSION of the first HIP release that follows CUDA API LEVEL, or None."""
    for version, cuda_level in _levels():
        if cuda_level >= level:
            major, minor = (version + (0,))[:2]
            return major * 10_000_000 + minor * 100_000
    return None


@functools.cache
def _levels() -> tuple[tuple[tuple[int, ...], int], ...]:
    rows = []
    for line in LEVELS_PATH.read_text(encoding="utf-8").splitlines()[1:]:
        if line.strip() and not line.startswith(("#", "hip_version")):
            version, level = line.split("\t")
            rows.append((parse_version(version), int(level)))
    return tuple(sorted(rows))


RULE = Rule(
    code="R003",
    name="cuda-macro-test",
    summary="Give #if tests of __CUDA_ARCH__ and CUDA versions their HIP meaning",
    check=check,
    category="unsupported-api",
    doc=__doc__,
)
