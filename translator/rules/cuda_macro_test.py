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
  stop there. In a file with HIP branches of its own (``#elif defined(__HIP__)``,
  ``#ifdef __HIP_PLATFORM_AMD__``), ``__NVCC__`` is left, with a note: there the
  project tells nvcc from hipcc on purpose (operators that HIP's vector types already
  have, defined for nvcc only).
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

from collections.abc import Iterator

from translator.analysis.arch_tests import (
    ARCH,
    CLANG_CUDA,
    COMPILER,
    COMPILER_MAJOR,
    DEVICE_PASS,
    HIP_PLATFORM,
    VERSIONS,
    arch_test,
    bounded,
    clang_cuda_test,
    comparison,
    conjunction,
    defined_operand,
    device_test,
    gate_macro,
    mentions_tests,
    nvidia_only_branch,
    version_test,
)
from translator.analysis.gate_blocks import first_missing
from translator.analysis.gates import judge_gate
from translator.analysis.hip_guards import hip_groups
from translator.diagnostics import Diagnostic, Severity
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.scan import Directive
from translator.source.tokens import Token
from translator.unit import Unit


def check(unit: Unit) -> Iterator[Finding]:
    source = unit.source
    offsets = unit.api_offsets  # every name of ours starts with "__" or "CU": no extra scan
    if not mentions_tests(unit):
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
            elif tokens and gate_macro(tokens[0].text):
                yield from _gate_test(unit, conditionals, index, 0)
        elif directive.keyword in ("if", "elif"):
            yield from _condition(tokens, nvidia_only_branch(unit, index),
                                  unit, conditionals, index)


def _gate_test(unit: Unit, conditionals: list[Directive], index: int,
               position: int) -> Iterator[Finding]:
    """The HIP form of a feature or compiler test (``#ifdef __CUDA_BF16_TYPES_EXIST__``,
    ``defined(__NVCC__)``), or a finding when its block uses what HIP lacks."""
    directive = conditionals[index]
    token = directive.tokens[position]
    if token.text == COMPILER and hip_groups(unit):
        yield Diagnostic("R003", f"{token.text}: this file has HIP branches of its own, so "
                         "its nvcc tests mean \"not HIP\": left as is, off for hipcc",
                         offset=token.start, severity=Severity.NOTE)
        return
    block, missing = judge_gate(unit, conditionals, index, position)
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


def _defined_test(unit: Unit, conditionals: list[Directive], index: int,
                  position: int) -> Iterator[Finding]:
    """``defined(__CUDA_ARCH__)`` or ``defined(CUDART_VERSION)``: renamed, unless a
    device-pass test that stays off."""
    tokens = conditionals[index].tokens
    if device_test(tokens, position):
        yield from _device_gate(unit, conditionals, index, position)
    else:
        yield _renamed(tokens[position])


def _device_gate(unit: Unit, conditionals: list[Directive], index: int,
                 position: int) -> Iterator[Finding]:
    """A device-pass test: renamed, or left (off on HIP) when its block names what HIP
    lacks (``#define ARCH __CUDA_ARCH__``, an intrinsic HIP has not)."""
    token = conditionals[index].tokens[position]
    missing = judge_gate(unit, conditionals, index, position)[1]
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
        if gate_macro(token.text) and defined_operand(tokens, index):
            if not clang_cuda_test(tokens, index):
                yield from _gate_test(unit, conditionals, at, index)
            continue
        if token.text == CLANG_CUDA:
            yield _renamed(token)  # defined or not, a test of the compiler
            continue
        if token.text != ARCH and token.text not in VERSIONS:
            continue
        if defined_operand(tokens, index):
            yield from _defined_test(unit, conditionals, at, index)
            continue
        compared = comparison(tokens, index)
        if compared is None:
            if bounded(tokens, index, index):
                yield (Edit(token.start, token.end, f"defined({DEVICE_PASS})")
                       if token.text == ARCH else _renamed(token))
            else:
                yield Diagnostic("R003", f"{token.text} used in arithmetic; left as is",
                                 offset=token.start)
            continue
        first, last, op, number = compared
        replacement: str | None
        if token.text == ARCH:
            replacement = "0" if nvidia_only else arch_test(op, number)
            if nvidia_only and arch_test(op, number) != "0":
                yield Diagnostic("R003", f"{ARCH} {op} {number}: this branch uses {nvidia_only}",
                                 offset=token.start, severity=Severity.NOTE)
        else:
            missing = judge_gate(unit, conditionals, at, index)[1]
            if missing:
                yield from _kept_off(unit, tokens, first, last, op, number, missing)
                continue
            if token.text == COMPILER_MAJOR:
                # nvcc's major version N stands for the API level of CUDA N.0; it counts
                # whole releases, so "> 12" is ">= 13" (not a level past 12.0).
                if op in (">", "<="):
                    op, number = {">": ">=", "<=": "<"}[op], number + 1
                replacement = version_test(op, number * 1000)
            else:
                replacement = version_test(op, number)
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
        if not conjunction(tokens):
            replacement = f"({replacement})"
    else:
        replacement = f"({text} || defined({HIP_PLATFORM}))"
    yield Edit(tokens[first].start, tokens[last].end, replacement)
    yield Diagnostic("R003", f"{name} {op} {number}: the block it enables uses {missing}; it "
                     "stays off on HIP", offset=tokens[first].start)


RULE = Rule(
    code="R003",
    name="cuda-macro-test",
    summary="Give #if tests of __CUDA_ARCH__ and CUDA versions their HIP meaning",
    check=check,
    category="unsupported-api",
    doc=__doc__,
)
