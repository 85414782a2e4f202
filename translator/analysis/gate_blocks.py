"""The block a version, feature or device gate enables, and what in it HIP lacks.

R003 switches a gate on (``#if CUDART_VERSION >= 11080`` becomes a test of
``HIP_VERSION``) only when everything its block names exists in the target HIP
(``translator.analysis.gates``); the block is judged here. Judged missing: a CUDA
header or name that does not translate at the target version, a name that looks like a
CUDA API name or an ``__nv_*`` extension no table knows, a bfloat16 name whose HIP
header the file does not include (HIP's runtime header does not bring it),
``__CUDA_ARCH__`` in a ``#define`` body (R406 replaces only values in code), and a name
the file defines only in blocks kept off on HIP (``unavailable``: the caller's fixed
point).
"""

from __future__ import annotations

import bisect
import re

from translator.analysis.api_names import UNKNOWN, declared_in_file
from translator.analysis.hip_guards import is_hip_macro
from translator.analysis.includes import include_targets
from translator.data.names import resolve_header, resolve_name
from translator.source.scan import IDENTIFIER, Directive, next_branch
from translator.unit import Unit

__all__ = ["enabled_block", "first_missing", "defined_names", "definitions", "inside"]

_CUDA_HEADER = re.compile(r"cu(?:da|[a-z]+)\w*(?:[./]\w+)*")
_FEATURE = re.compile(r"__CUDA_\w+_TYPES_EXIST__")
#: CUDA's own extension names (``__nv_fp4_e2m1``, ``__nv_cvt_float_to_e8m0``, ``__NV_E2M1``).
_NV_EXTENSION = re.compile(r"__nv_\w+|__NV_[A-Z0-9_]+")
#: Names of the bfloat16 API: their HIP header must be included by the file itself.
_BF16_NAME = re.compile(r"\w*(?:bfloat16|bf16)\w*", re.I)
#: Macros of gates that are judged on their own when nested in another gate's block.
_GATE_MACRO = re.compile(
    r"__CUDA_ARCH__|CUDART_VERSION|CUDA_VERSION|__CUDACC_VER_MAJOR__|__NVCC__"
    r"|__CUDA_\w+_TYPES_EXIST__")
_ARCH_IN_DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+\w+(?:\([^)\n]*\))?[^\n]*?"
                             r"(?<![\w$])__CUDA_ARCH__(?![\w$])", re.M)
#: What a file defines: macros, types, aliases (each pattern starts with a keyword or
#: "#", so that the regex engine skips to it), and functions (found from their bodies).
_DEFINED = (
    re.compile(r"#[ \t]*define[ \t]+([A-Za-z_]\w*)"),
    re.compile(r"(?:struct|class|union|enum)(?<![\w$]struct)(?<![\w$]class)(?<![\w$]union)"
               r"(?<![\w$]enum)(?:[ \t]+class)?[ \t]+([A-Za-z_]\w*)\s*[:{]"),
    re.compile(r"using[ \t]+([A-Za-z_]\w*)[ \t]*=(?!=)"),
    re.compile(r"typedef[^;{}]*?([A-Za-z_]\w*)\s*;"),
)
_BODY = re.compile(r"\)\s*(?:const\s*)?\{")
_NOT_FUNCTION = frozenset({"if", "for", "while", "switch", "catch", "return", "sizeof",
                           "__launch_bounds__", "__attribute__", "decltype", "alignas"})


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


def first_missing(unit: Unit, conditionals: list[Directive], start: int, end: int,
                  unavailable: dict[str, str] | None = None) -> str:
    """The first name or header between START and END (outside nested gates, which are
    judged on their own) that HIP lacks at the target version, with why; UNAVAILABLE
    maps the names the file defines only in blocks kept off on HIP to why."""
    skipped = _nested_gates(conditionals, start, end, unit.options.tree.hip_macros)
    source = unit.source
    table = unit.names.identifiers
    for include in unit.includes:
        if start <= include.start < end and not inside(skipped, include.start):
            header = include.tokens[0].text[1:-1]
            resolved = resolve_header(header, unit.options)
            if resolved is not None and resolved[1].name is None:
                return f"{header} ({resolved[1].reason})"
            if resolved is None and _CUDA_HEADER.fullmatch(header):
                return f"{header} (a CUDA header HIP has no counterpart of)"
    regions = unit.regions
    own = defined_names(unit, start, end) if unavailable else set()
    for match in IDENTIFIER.finditer(source, start, end):
        name = match.group()
        if not regions.in_code(match.start()) or inside(skipped, match.start()):
            continue
        if unavailable and name in unavailable and name not in own:
            return f"{name} ({unavailable[name]})"
        if name[0] not in "_cCn":
            continue
        why = _lacking(unit, name, table)
        if why:
            return f"{name} ({why})"
    arch = _ARCH_IN_DEFINE.search(source, start, end)
    if arch is not None and not inside(skipped, arch.start()):
        return ("__CUDA_ARCH__ in a #define body (no HIP macro gives the architecture as a "
                "number)")
    return ""


def _lacking(unit: Unit, name: str, table) -> str:
    """Why HIP lacks NAME at the target version, or ''."""
    resolved = resolve_name(name, unit.options)
    if resolved is not None:
        entry, target = resolved
        if target.name is None and entry.kind not in ("preprocessor", "define"):
            return target.reason
        if target.name and _BF16_NAME.fullmatch(name):
            header = _bf16_header(unit)
            if header and header not in include_targets(unit):
                return (f"its HIP form {target.name} is declared in {header}, which this "
                        "file does not include")
        return ""
    if name in table or name in unit.options.tree.project_names:
        return ""
    if UNKNOWN.fullmatch(name) and not _FEATURE.fullmatch(name):
        return "" if declared_in_file(unit, name) else "not in the CUDA->HIP table"
    if _NV_EXTENSION.fullmatch(name):
        # CUDA's own types: used like declarations (__device__ __nv_fp4_e2m1 f()), so
        # only a definition of the file's own counts (a shim for older CUDA)
        own = unit.fact(_defined_name_set)
        return "" if name in own else "a CUDA extension not in the CUDA->HIP table"
    return ""


def _bf16_header(unit: Unit) -> str:
    """The HIP header of cuda_bf16.h at the target version ('' when it has none)."""
    resolved = resolve_header("cuda_bf16.h", unit.options)
    return resolved[1].name or "" if resolved is not None else ""


def _defined_name_set(unit: Unit) -> set[str]:
    return {name for _offset, name in definitions(unit)}


def defined_names(unit: Unit, start: int, end: int) -> set[str]:
    """The names that the text between START and END defines (by their shape)."""
    found = definitions(unit)
    first = bisect.bisect_left(found, (start, ""))
    last = bisect.bisect_left(found, (end, ""))
    return {name for _offset, name in found[first:last]}


def definitions(unit: Unit) -> list[tuple[int, str]]:
    """(offset, name) of every definition of UNIT by its shape, in order (found once)."""
    return unit.fact(_definitions)


def _definitions(unit: Unit) -> list[tuple[int, str]]:
    source = unit.source
    regions = unit.regions
    found = [(match.start(1), match.group(1)) for pattern in _DEFINED
             for match in pattern.finditer(source) if regions.in_code(match.start(1))]
    for body in _BODY.finditer(source):
        if not regions.in_code(body.start()):
            continue
        opening = _opening(source, body.start())
        if opening is None:
            continue
        name = _NAME_BEFORE.search(source, max(0, opening - 120), opening)
        if name is not None and name.group(1) not in _NOT_FUNCTION:
            found.append((name.start(1), name.group(1)))
    return sorted(found)


_NAME_BEFORE = re.compile(r"(?<![\w$])([A-Za-z_]\w*)\s*$")


def _opening(source: str, close: int) -> int | None:
    """The ``(`` that matches the ``)`` at CLOSE (within a few hundred characters)."""
    depth = 0
    for index in range(close, max(-1, close - 600), -1):
        char = source[index]
        if char == ")":
            depth += 1
        elif char == "(":
            depth -= 1
            if depth == 0:
                return index
        elif char in ";{}":
            return None
    return None


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


def inside(spans: list[tuple[int, int]], offset: int) -> bool:
    return any(first <= offset < last for first, last in spans)
