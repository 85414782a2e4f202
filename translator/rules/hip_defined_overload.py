"""Finds a project's own device overloads that HIP's headers already define.

What it finds
-------------
Definitions of functions that CUDA lacks and projects therefore write themselves, but
that HIP declares too: ``atomicMin``/``atomicMax`` on ``float``, ``double`` or
``unsigned long``; ``atomicSub`` on ``float``, ``double``, ``unsigned long`` or
``unsigned long long``; ``atomicExch`` on ``double``; ``atomicAdd``, ``atomicAnd``,
``atomicOr`` and ``atomicXor`` on ``unsigned long`` (and the ``_system`` forms of all
of these); and compound assignments between two of the same vector type
(``operator+=(float3 &, const float3 &)``, ``-=``, ``*=``, ``/=``, ``%=``, ``&=``,
``|=``, ``^=``, ``<<=``, ``>>=``), which HIP's vector types define as members.

Why it matters on AMD
---------------------
The atomics become a second definition of HIP's inline functions ("redefinition of
'atomicMax'"), and every use of such an operator is ambiguous between the project's
function and HIP's member ("use of overloaded operator '+=' is ambiguous"): the file does
not compile with hipcc (checked with HIP 5.2). HIP's versions do what the project's do,
often better (HIP's float ``atomicMax`` is right for negative values too, which the
usual integer-compare trick is not).

Example
-------
```
__device__ float atomicMax(float *address, float value) {
  return __int_as_float(atomicMax((int *)address, __float_as_int(value)));
}
__host__ __device__ inline void operator+=(float3 &a, const float3 &b) { a.x += b.x; ... }
```

Suggested fix
-------------
Keep the definition for CUDA only. The safe fix (``--fix-hazards``) puts it between
``#if !defined(__HIP_PLATFORM_AMD__)`` and ``#endif``: hipcc and every compiler that uses
HIP's AMD headers define that macro, so HIP's overload is used there, and a CUDA build
(or HIP on NVIDIA) keeps the project's.

Limits
------
Only definitions with a body in the file are seen; the parameter types are read as
written (a typedef of ``float`` is not recognised) and only the first parameter decides
for the atomics. A host function is not reported: it overloads HIP's device function
(CUDA's execution spaces tell them apart). A compound assignment is reported only when
the file uses it on a variable it declares with that vector type (an unused overload
compiles: only a use is ambiguous), so a header whose operators only other files use
is not reported; hipcc's compile check then names the ambiguous use. Other operators
(``+``, ``*`` with a scalar) are left alone: a non-template function wins over HIP's
templates, so they still compile. Targets older than HIP 5.2 are not checked (their
headers were not verified).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.facts import facts_of
from translator.analysis.hazard import finding
from translator.diagnostics import Fix
from translator.rules._shared.parameters import parameter_types
from translator.rules.base import Finding, Rule

#: The HIP release whose headers were checked (amd_hip_atomic.h, amd_hip_vector_types.h).
CHECKED_SINCE = (5, 2)
_UNSIGNED_LONG = frozenset({"unsigned long", "unsigned long int"})
_ATOMICS: dict[str, frozenset[str]] = {
    "atomicMin": frozenset({"float", "double"}) | _UNSIGNED_LONG,
    "atomicMax": frozenset({"float", "double"}) | _UNSIGNED_LONG,
    "atomicSub": frozenset({"float", "double", "unsigned long long", "unsigned long long int"})
    | _UNSIGNED_LONG,
    "atomicExch": frozenset({"double"}) | _UNSIGNED_LONG,
    "atomicAdd": _UNSIGNED_LONG,
    "atomicAnd": _UNSIGNED_LONG,
    "atomicOr": _UNSIGNED_LONG,
    "atomicXor": _UNSIGNED_LONG,
}
ATOMICS = {**_ATOMICS, **{f"{name}_system": types for name, types in _ATOMICS.items()}}
COMPOUND_ASSIGNMENTS = frozenset({"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="})
_VECTOR = re.compile(
    r"(?:u?char|u?short|u?int|u?long|(?:u|unsigned)?longlong|float|double)[1-4]")
_QUALIFIERS = frozenset({"const", "volatile", "__restrict__", "*", "&", "&&"})


def check(unit) -> Iterator[Finding]:
    version = unit.options.hip_version
    if version is not None and version < CHECKED_SINCE:
        return
    source = unit.source
    if not unit.mentions("atomic") and not unit.mentions("operator"):
        return
    facts = facts_of(unit)
    for function in facts.functions:
        name = function.name.removeprefix("operator")  # operator+= is checked as +=
        if name not in ATOMICS and name not in COMPOUND_ASSIGNMENTS:
            continue
        if not function.on_device:
            continue  # a host function overloads HIP's device one: both compile
        parameters = parameter_types(facts.code, facts.index_at(function.start),
                                      facts.body_span(function)[0])
        if not parameters:
            continue
        words = [_bare(parameter) for parameter in parameters]
        if name in ATOMICS:
            if "*" not in parameters[0] or words[0] not in ATOMICS[name]:
                continue
            spelled = f"{name}({words[0]} *, ...)"
            message = f"HIP already defines {spelled}: this definition is a redefinition"
        else:
            if (len(words) != 2 or not _VECTOR.fullmatch(words[0]) or words[1] != words[0]
                    or "&" not in parameters[0]):
                continue
            if not _used_on(facts, name, words[0], function):
                continue  # only a use is ambiguous: an unused overload compiles
            spelled = f"operator{name}({words[0]} &, {words[0]})"
            message = (f"HIP's {words[0]} already has {spelled[: spelled.index('(')]}: every "
                       "use of this one is ambiguous")
        yield finding("W470", message, function.start,
                      "keep it for CUDA only: HIP's overload does the same",
                      _cuda_only(source, function, spelled))


def _used_on(facts, operator: str, vector: str, function) -> bool:
    """True when the file applies OPERATOR outside FUNCTION to a variable (or an element
    of an array or pointer) that it declares with the type VECTOR."""
    code = facts.code
    first, last = facts.index_at(function.start), facts.index_at(function.end)
    for index in facts.indexes_of(operator):
        if first <= index < last or index < 1:
            continue
        position = index - 1
        if code[position].text == "]":  # acc[i] += v
            depth = 0
            while position > 0:
                depth += {"]": 1, "[": -1}.get(code[position].text, 0)
                position -= 1
                if depth == 0:
                    break
        target = code[position]
        if target.kind != "ident" or position and code[position - 1].text in (".", "->"):
            continue
        if _declared_as(facts, target.text, vector, index):
            return True
    return False


def _declared_as(facts, name: str, vector: str, before: int) -> bool:
    """True when a place of NAME before code index BEFORE declares it with type VECTOR
    (``float3 s``, ``const float3 &s``, ``float3 *p``, ``float3 acc[4]``)."""
    code = facts.code
    for index in facts.indexes_within(name, 0, before):
        position = index - 1
        while position > 0 and code[position].text in _QUALIFIERS:
            position -= 1
        if code[position].text == vector:
            return True
    return False


def _bare(parameter: tuple[str, ...]) -> str:
    """A parameter's type without qualifiers, pointers and references: ``float``."""
    return " ".join(word for word in parameter if word not in _QUALIFIERS)


def _cuda_only(source: str, function, spelled: str) -> tuple[Fix, Fix]:
    """Fixes that put FUNCTION's whole lines under ``#if !defined(__HIP_PLATFORM_AMD__)``."""
    line_start = source.rfind("\n", 0, function.start) + 1
    line_end = source.find("\n", function.end)
    line_end = len(source) if line_end < 0 else line_end
    return (
        Fix(line_start, line_start,
            f"#if !defined(__HIP_PLATFORM_AMD__)  // rocport W470: HIP defines {spelled}\n",
            "keep the project's overload for CUDA only"),
        Fix(line_end, line_end, "\n#endif", "keep the project's overload for CUDA only"),
    )


RULE = Rule(
    code="W470",
    name="hip-defined-overload",
    summary="a project's own atomics or vector operators that HIP's headers already define",
    check=check,
    category="unsupported-api",
    doc=__doc__,
    silent_in_platform_branches=True,
    safe_fixes=True,
    mentions=("atomic", "operator"),
)
