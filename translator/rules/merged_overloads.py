"""Finds overloads that differ only in CUDA types which become one HIP type.

What it finds
-------------
Two definitions of a function with the same name in one file whose parameter types
differ in CUDA but are equal after translation: ``f(cudaError_t)`` and ``f(CUresult)``
(both ``hipError_t``), ``f(cudaStream_t)`` and ``f(CUstream)`` (both ``hipStream_t``).

Why it matters on AMD
---------------------
HIP has one error type and one stream type for its runtime and driver APIs. The two
overloads become one function defined twice, and the file stops compiling with a
redefinition error. Error-string helpers written for both APIs are the usual case.

Example
-------
```
static const char *errorName(cudaError_t error) { return cudaGetErrorName(error); }
static const char *errorName(CUresult error) { const char *s; cuGetErrorName(error, &s); return s; }
```

Suggested fix
-------------
Keep one of the two definitions: HIP's error names serve both APIs. The safe fix
(``--fix-hazards``) puts the overload on the driver API type between ``#if 0`` and
``#endif``, with a comment saying why; its body stays for the reader. (``#ifndef
__HIPCC__`` would not do: a host compiler that includes the HIP headers does not define
it, and the two types are one there too.)

Limits
------
Definitions in branches that test a CUDA header's include guard which the translation
leaves as it is (``#ifdef __CUDA_FP16_H__``) are skipped: HIP never defines it, so the
branch vanishes. Guards the table maps to a macro of the HIP header (``__cuda_cuda_h__``
and ``__CUDA_RUNTIME_H__`` both to ``HIP_VERSION``) keep their branch.
Declarations without bodies, templates and overloads in different files are not seen;
only pairs with a driver API type (``CUresult``, ``CUstream``...) on one side are looked
for.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.clang import Function
from translator.analysis.facts import facts_of
from translator.analysis.hazard import finding
from translator.data.names import resolve_name
from translator.diagnostics import Fix
from translator.rules._shared.parameters import parameter_types
from translator.rules.base import Finding, Rule

_CUDA_TYPE = re.compile(r"(?:cuda|CU|cu)[A-Za-z]\w*")
_DRIVER_TYPE = re.compile(r"CU(?<![\w$]CU)[a-z]")  # the letters first: a fast scan
_INCLUDE_GUARD = re.compile(r"(?<![\w$])__(?:cuda|CUDA)\w*_[hH](?:PP)?_*(?![\w$])")


def check(unit) -> Iterator[Finding]:
    if _DRIVER_TYPE.search(unit.source) is None:
        return  # the merging pairs have a driver API type (CUresult, CUstream) on one side
    facts = facts_of(unit)
    code = facts.code
    seen: dict[str, list[tuple[tuple, tuple, str, Function]]] = {}
    guarded = _guarded_spans(unit)
    for function in facts.functions:
        if any(start <= function.start < end for start, end in guarded):
            continue
        parameters = parameter_types(code, facts.index_at(function.start),
                                      facts.body_span(function)[0])
        if parameters is None or not any(_CUDA_TYPE.fullmatch(w) for p in parameters for w in p):
            continue
        translated = tuple(tuple(_hip(unit, word) for word in p) for p in parameters)
        spelled = ", ".join(" ".join(p) for p in parameters)
        for original, other_translated, other_spelled, other in seen.get(function.name, []):
            if original != parameters and other_translated == translated:
                hip = ", ".join(" ".join(p) for p in translated)
                redundant = other if _DRIVER_TYPE.search(other_spelled) and not \
                    _DRIVER_TYPE.search(spelled) else function
                yield finding(
                    "W110", f"{function.name}({spelled}) and {function.name}({other_spelled}) "
                    f"both become {function.name}({hip}) in HIP: a redefinition",
                    function.start, "keep one definition: HIP's error names serve both APIs",
                    _disabled(unit.source, redundant, f"{function.name}({hip})"))
                break
        seen.setdefault(function.name, []).append((parameters, translated, spelled, function))


def _disabled(source: str, function, signature: str) -> tuple[Fix, Fix]:
    """Fixes that put FUNCTION's whole lines between #if 0 and #endif."""
    line_start = source.rfind("\n", 0, function.start) + 1
    line_end = source.find("\n", function.end)
    line_end = len(source) if line_end < 0 else line_end
    return (
        Fix(line_start, line_start, f"#if 0  // rocport W110: in HIP this redefines {signature}\n",
            "disable the redundant overload"),
        Fix(line_end, line_end, "\n#endif", "disable the redundant overload"),
    )


def _hip(unit, word: str) -> str:
    resolved = resolve_name(word, unit.options) if _CUDA_TYPE.fullmatch(word) else None
    return resolved[1].name or word if resolved is not None else word


def _guarded_spans(unit) -> list[tuple[int, int]]:
    """Spans of #if/#ifdef branches that test a CUDA header's include guard."""
    spans, stack = [], []
    for directive in unit.conditionals:
        keyword = directive.keyword
        if keyword in ("if", "ifdef", "ifndef"):
            stack.append((directive.end, any(_vanishing_guard(unit, t.text)
                                             for t in directive.tokens)))
        elif keyword == "endif" and stack:
            start, guard = stack.pop()
            if guard:
                spans.append((start, directive.start))
    return spans


def _vanishing_guard(unit, word: str) -> bool:
    """True for a CUDA header's include guard that stays untranslated (HIP never defines it)."""
    if _INCLUDE_GUARD.fullmatch(word) is None:
        return False
    resolved = resolve_name(word, unit.options)
    return resolved is None or not resolved[1].name


RULE = Rule(
    code="W110",
    name="merged-overloads",
    summary="overloads on CUDA types that become one HIP type (cudaError_t and CUresult)",
    check=check,
    category="unsupported-api",
    doc=__doc__,
    silent_in_platform_branches=True,
    safe_fixes=True,
)
