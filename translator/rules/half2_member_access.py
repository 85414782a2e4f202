"""Reads the halves of a ``__half2`` through ``__low2half``/``__high2half``, not ``.x``/``.y``.

What it does
------------
A read of the member ``x`` or ``y`` of a ``__half2`` (or ``half2``) variable, parameter,
pointee or array element becomes HIP's accessor: ``h.x`` becomes ``__low2half(h)``,
``h.y`` ``__high2half(h)``, ``p->x`` ``__low2half(*p)`` and ``v[i].y``
``__high2half(v[i])``. So ``(float)h.x`` becomes ``(float)__low2half(h)``. A write to a
member (``h.x = v``, ``h.y += v``, ``&h.x``) is reported and left as is.

Why
---
CUDA's ``__half2`` has two ``__half`` members ``x`` and ``y``. HIP's (amd_hip_fp16.h,
HIP 5.2 and later releases) has ``unsigned short x, y`` in a union with the vector of two
``_Float16``: the raw bits. ``(float)h.x`` still compiles with hipcc but converts the bit
pattern as an integer (1.0 reads as 15360.0), and ``__half2float(h.x)`` turns the bits
into a half by value. The accessors return the ``__half`` on both platforms.

Example (CUDA)
--------------
```
__global__ void widen(const __half2 *in, float2 *out) {
  __half2 h = in[threadIdx.x];
  out[threadIdx.x] = make_float2((float)h.x, __half2float(h.y));
}
```

Output (HIP)
------------
```
__global__ void widen(const __half2 *in, float2 *out) {
  __half2 h = in[threadIdx.x];
  out[threadIdx.x] = make_float2((float)__low2half(h), __half2float(__high2half(h)));
}
```

Limits
------
The object must be a name whose declaration says ``__half2``/``half2`` (clang's types;
``--no-clang`` sees only declarations written in the file), used as ``name.x``,
``name->x`` or ``name[index].x`` (an index without brackets inside). Members of
members (``s.h.x``), results of calls (``f().x``) and macros are left alone. Writes are
reported, not rewritten: assign the whole pair (``h = __halves2half2(v, __high2half(h))``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.facts import facts_of
from translator.diagnostics import Diagnostic
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.unit import Unit

_ACCESS = re.compile(
    r"(?<![\w$.])(?P<name>[A-Za-z_][\w$]*)(?P<index>\s*\[[^\[\];{}]*\])?"
    r"\s*(?P<arrow>\.|->)\s*(?P<member>[xy])(?![\w$])")
#: The member after its arrow: where an _ACCESS match may be, found first because the regex
#: engine skips ahead to a "." or "-" (to a name, it tried every identifier of the file).
_MEMBER = re.compile(r"(?:\.|->)\s*[xy](?![\w$])")
_HALF2 = frozenset({"__half2", "half2"})
_QUALIFIERS = re.compile(r"\b(?:const|volatile|__restrict__|__restrict|struct)\b|[&]")
_WRITE_AFTER = re.compile(r"\s*(?:=(?!=)|[-+*/%&|^]=|<<=|>>=|\+\+|--)")
_WRITE_BEFORE = re.compile(r"(?:&(?!&)|\+\+|--)\s*$")
ACCESSORS = {"x": "__low2half", "y": "__high2half"}


def check(unit: Unit) -> Iterator[Finding]:
    source = unit.source
    if not unit.mentions("half2"):
        return
    facts = facts_of(unit)
    regions = unit.regions
    maybe: dict[str, bool] = {}  # name -> may a place of it declare a __half2
    for match in _accesses(source):
        start = match.start()
        if not regions.in_code(start):
            continue
        if source[start - 1 : start] == ">":
            continue  # p->h.x: a member of a member
        name, arrow = match.group("name"), match.group("arrow")
        indexed = match.group("index") is not None
        if name not in maybe:
            maybe[name] = facts.may_declare(name, _HALF2)
        if not maybe[name] or not _is_half2(facts.declaration(name, start), arrow, indexed):
            continue
        member = match.group("member")
        before = source[max(0, start - 8) : start]
        if _WRITE_AFTER.match(source, match.end()) or _WRITE_BEFORE.search(before):
            spelled = " ".join(source[start : match.end()].split())
            yield Diagnostic("R405", f"{spelled}: HIP's __half2 holds the raw bits in "
                             f"{member}; a write through it is left as is (assign the pair: "
                             "__halves2half2(low, high))", offset=start)
            continue
        accessor = ACCESSORS[member]
        object_end = match.end("index") if indexed else match.end("name")
        yield Edit(start, start, accessor + ("(*" if arrow == "->" else "("), "R405")
        yield Edit(object_end, match.end(), ")", "R405")


def _accesses(source: str) -> list[re.Match[str]]:
    """The matches of _ACCESS in SOURCE, as ``_ACCESS.finditer`` gives them: each found
    from its member back to its object, then the leftmost that do not overlap."""
    found = []
    for member in _MEMBER.finditer(source):
        arrow = member.start()
        match = _ACCESS.match(source, _object_start(source, arrow))
        if match is not None and match.start("arrow") == arrow:
            found.append(match)
    found.sort(key=lambda m: m.start())
    kept: list[re.Match[str]] = []
    for match in found:
        if not kept or match.start() >= kept[-1].end():
            kept.append(match)
    return kept


def _object_start(source: str, arrow: int) -> int:
    """Where the object before the arrow at ARROW starts (``name``, ``name[index]``, with
    blanks between): the start of the word before it."""
    position = _skip_space_back(source, arrow)
    if source[position - 1 : position] == "]":
        opening = source.rfind("[", 0, position - 1)
        if opening >= 0:
            position = _skip_space_back(source, opening)
    while position and (source[position - 1].isalnum() or source[position - 1] in "_$"):
        position -= 1
    return position


def _skip_space_back(source: str, position: int) -> int:
    while position and source[position - 1].isspace():
        position -= 1
    return position


def _is_half2(declaration, arrow: str, indexed: bool) -> bool:
    """True when DECLARATION makes ``name[index]?{arrow}`` a ``__half2`` object."""
    if declaration is None:
        return False
    if arrow == "->" or indexed:
        if not declaration.pointer and "[" not in declaration.type_text:
            return False
        pointee = declaration.pointee or re.sub(r"\s*\*\s*$", "", declaration.type_text)
        if arrow == "->" and indexed:
            return False
        return " ".join(_QUALIFIERS.sub(" ", pointee).split()) in _HALF2
    if declaration.pointer or "[" in declaration.type_text:
        return False
    return " ".join(_QUALIFIERS.sub(" ", declaration.type_text).split()) in _HALF2


RULE = Rule(
    code="R405",
    name="half2-member-access",
    summary="Reads of __half2 members .x/.y become __low2half/__high2half (HIP's are raw "
            "bits)",
    check=check,
    category="unsupported-api",
    doc=__doc__,
    mentions=("half2",),
)
