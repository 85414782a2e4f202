"""Helpers of R003 (cuda-macro-test): the block a version or feature gate enables, and
the first thing in it that HIP lacks at the target version. Not a rule itself."""

from __future__ import annotations

import re

from translator.hip_guards import is_hip_macro
from translator.names import resolve_header, resolve_name
from translator.rules.cuda_api_name import UNKNOWN, declared_in_file
from translator.scan import IDENTIFIER, Directive, next_branch
from translator.unit import Unit

__all__ = ["enabled_block", "first_missing"]

_CUDA_HEADER = re.compile(r"cu(?:da|[a-z]+)\w*(?:[./]\w+)*")
_FEATURE = re.compile(r"__CUDA_\w+_TYPES_EXIST__")
#: Macros of gates that are judged on their own when nested in another gate's block.
_GATE_MACRO = re.compile(
    r"__CUDA_ARCH__|CUDART_VERSION|CUDA_VERSION|__CUDACC_VER_MAJOR__|__NVCC__"
    r"|__CUDA_\w+_TYPES_EXIST__")


def enabled_block(conditionals: list[Directive], index: int,
                   positive: bool) -> tuple[int, int] | None:
    """The body of the branch a test enables: its own branch when the test being true
    enables it (POSITIVE), else the ``#elif``/``#else`` branch after it, if any."""
    following = next_branch(conditionals, index)
    if following is None:
        return None
    if positive:
        return conditionals[index].end, following.start
    if following.keyword == "endif":
        return None
    at = next(i for i in range(index + 1, len(conditionals)) if conditionals[i] is following)
    after = next_branch(conditionals, at)
    return None if after is None else (following.end, after.start)


def first_missing(unit: Unit, conditionals: list[Directive], start: int, end: int) -> str:
    """The first name or header between START and END (outside nested gates, which are
    judged on their own) that does not translate at the target HIP version, with why."""
    skipped = _nested_gates(conditionals, start, end, unit.options.hip_macros)
    source = unit.source
    table = unit.names.identifiers
    for include in unit.includes:
        if start <= include.start < end and not _inside(skipped, include.start):
            header = include.tokens[0].text[1:-1]
            resolved = resolve_header(header, unit.options)
            if resolved is not None and resolved[1].name is None:
                return f"{header} ({resolved[1].reason})"
            if resolved is None and _CUDA_HEADER.fullmatch(header):
                return f"{header} (a CUDA header HIP has no counterpart of)"
    regions = unit.regions
    for match in IDENTIFIER.finditer(source, start, end):
        name = match.group()
        if name[0] not in "_cCn" or not regions.in_code(match.start()) \
                or _inside(skipped, match.start()):
            continue
        resolved = resolve_name(name, unit.options)
        if resolved is not None:
            entry, target = resolved
            if target.name is None and entry.kind not in ("preprocessor", "define"):
                return f"{name} ({target.reason})"
        elif (name not in table and UNKNOWN.fullmatch(name) and not _FEATURE.fullmatch(name)
              and name not in unit.options.project_names and not declared_in_file(unit, name)):
            return f"{name} (not in the CUDA->HIP table)"
    return ""


def _nested_gates(conditionals, start: int, end: int, extra) -> list[tuple]:
    """Spans of the groups nested between START and END whose conditions are gates or
    HIP tests: judged on their own."""
    spans = []
    stack: list[tuple[int, bool]] = []
    for directive in conditionals:
        if directive.start < start or directive.start >= end:
            continue
        if directive.keyword in ("if", "ifdef", "ifndef"):
            stack.append((directive.start, False))
        if not stack:
            continue
        if directive.keyword != "else" and directive.keyword != "endif" and any(
                _GATE_MACRO.fullmatch(t.text) or is_hip_macro(t.text, extra)
                for t in directive.tokens):
            stack[-1] = (stack[-1][0], True)
        if directive.keyword == "endif":
            opened, gated = stack.pop()
            if gated:
                spans.append((opened, directive.end))
    return spans


def _inside(spans: list[tuple[int, int]], offset: int) -> bool:
    return any(first <= offset < last for first, last in spans)
