"""With ``--roc``, casts complex, half and bfloat16 arguments of cuBLAS calls to rocBLAS types.

What it does
------------
With ``--roc``, in a call of a cuBLAS function that becomes a rocBLAS function, an
argument that points at CUDA's complex, half or bfloat16 data gets a cast to the type
rocBLAS declares: ``dA`` declared ``const cuComplex *`` becomes
``reinterpret_cast<const rocblas_float_complex *>(dA)``, ``&alpha`` of a ``cuComplex``
becomes ``reinterpret_cast<rocblas_float_complex *>(&alpha)``, and likewise
``cuDoubleComplex`` (``rocblas_double_complex``), ``__half``/``half`` (``rocblas_half``)
and ``__nv_bfloat16`` (``rocblas_bfloat16``); the rocBLAS type is the table's ``--roc``
name of the CUDA type. Pointers to pointers (batched calls) keep their levels and
``const``. The variables themselves keep HIP's types (``hipComplex``, ``__half``).

Why
---
rocBLAS takes ``rocblas_float_complex``, ``rocblas_half``... where cuBLAS takes
``cuComplex``, ``__half``...; ``--roc`` renames the functions but the data keep HIP's
types, which C++ does not convert to rocBLAS's. Casting the data itself would be wrong:
``rocblas_half`` is a struct holding the bits (``uint16_t``) unless ``ROCM_USE_FLOAT16``,
with no arithmetic, so device code must keep HIP's ``__half``. The types have the same
size and layout, so a pointer cast at the call is what rocBLAS users write.

Example (CUDA)
--------------
```
cuComplex alpha = make_cuComplex(1.0f, 0.0f);
cublasCscal(handle, n, &alpha, x, 1);
```

Output (HIP)
------------
```
hipComplex alpha = make_hipComplex(1.0f, 0.0f);
rocblas_cscal(handle, n, reinterpret_cast<rocblas_float_complex *>(&alpha), x, 1);
```

Limits
------
An argument is cast when it is a name, ``&name``, ``&name[i]`` or ``name + i`` whose
declaration spells one of these CUDA types (clang's types, or the file's own
declaration): a typedef of them (``typedef cuComplex Complex``), a member
(``s.data``) or a call result (``v.data()``) is left, and hipcc then reports the
argument. Values passed by value (the legacy ``cublas.h`` API) are not converted:
rocBLAS has only the v2 API. Not compiled here: rocBLAS is not installed on the test
machine (the type names are those of rocBLAS's documentation).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from translator.data.names import ROC_FAMILIES, load_names, resolve
from translator.data.signatures import calls_of
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.unit import Unit

#: CUDA spellings that are typedefs of a table name.
_ALIASES = {"half": "__half", "nv_bfloat16": "__nv_bfloat16"}
_SHAPE = re.compile(r"\s*(?P<address>&\s*)?(?P<name>[A-Za-z_][\w$]*)\s*"
                    r"(?P<rest>\[[^\[\]]*\]|[+-][^,]*)?\s*", re.S)
_NOISE = re.compile(r"\b(?:__restrict__|__restrict|restrict|volatile)\b")


@functools.cache
def rocblas_types() -> dict[str, str]:
    """{CUDA data type: rocBLAS type} from the table's --roc column (complex, half and
    bfloat16 types, which --roc alone does not rename)."""
    found = {row.cuda: row.roc for row in load_names().identifiers.values()
             if row.kind in ("type", "device_type") and row.roc.startswith("rocblas_")
             and row.api not in ROC_FAMILIES}
    found.update({alias: found[name] for alias, name in _ALIASES.items() if name in found})
    return found


def check(unit: Unit) -> Iterator[Finding]:
    if not unit.options.roc or not unit.mentions("cublas"):
        return
    types = rocblas_types()
    if not unit.mentions_any(types):
        return
    for _name, call in calls_of(unit, _rocblas_calls(unit)):
        for argument in call.arguments:
            cast = _cast_type(unit, argument.text, argument.start, types)
            if cast is not None:
                yield Edit(argument.start, argument.start, f"reinterpret_cast<{cast}>(", "R302")
                yield Edit(argument.end, argument.end, ")", "R302")


def _rocblas_calls(unit: Unit) -> frozenset[str]:
    """The cuBLAS function names of UNIT that become rocBLAS functions."""
    names = set()
    for name in unit.api_offsets:
        if not name.startswith("cublas"):
            continue
        entry = unit.names.identifiers.get(name)
        if entry is not None and entry.api == "blas" and entry.kind.endswith("func"):
            target = resolve(entry, unit.options)
            if target.library == "roc" and target.name:
                names.add(name)
    return frozenset(names)


def _cast_type(unit: Unit, text: str, offset: int, types: dict[str, str]) -> str | None:
    """The rocBLAS pointer type ARGUMENT TEXT must be cast to, or None."""
    match = _SHAPE.fullmatch(text)
    if match is None:
        return None
    address, rest = match.group("address"), match.group("rest") or ""
    if address and rest.startswith(("+", "-")):
        return None
    spelled = _spelled_type(_declaration(unit, match.group("name"), offset))
    if spelled is None:
        return None
    words = re.findall(r"[A-Za-z_][\w$]*", spelled)
    found = next((word for word in words if word in types), None)
    if found is None:
        return None
    spelled = " ".join(_NOISE.sub(" ", spelled).split())
    spelled = re.sub(rf"(?<![\w$]){re.escape(found)}(?![\w$])", types[found], spelled)
    array = re.search(r"\[[^\]]*\]\s*$", spelled)
    if array is not None:
        spelled = spelled[: array.start()].rstrip() + " *"
    pointer = "*" in spelled
    if address:
        # &x gives a pointer to x's type; &p[i] one to p's element type.
        if rest.startswith("[") and pointer:
            return spelled
        return None if pointer else spelled + " *"
    if not pointer:
        return None
    if rest.startswith("["):
        return None  # p[i] is an element, passed by value: not a pointer argument
    return spelled


def _declaration(unit: Unit, name: str, offset: int):
    """NAME's declaration visible at OFFSET: clang's first (its type keeps ``const``),
    else the tokens'."""
    def by_name(unit: Unit) -> dict[str, list]:
        grouped: dict[str, list] = {}
        for declaration in unit.facts.clang_declarations:
            grouped.setdefault(declaration.name, []).append(declaration)
        return grouped

    found = [d for d in unit.shared("R302 declarations", by_name).get(name, ())
             if d.start <= offset]
    return found[-1] if found else unit.facts.declaration(name, offset)


def _spelled_type(declaration) -> str | None:
    """The type of DECLARATION as written (``const cuComplex *``)."""
    if declaration is not None:
        text = declaration.type_text
        if declaration.pointer and "*" not in text and "[" not in text:
            text += " *"
        return text
    return None


RULE = Rule(
    code="R302",
    name="cublas-typed-argument",
    summary="With --roc, complex/half/bfloat16 arguments of cuBLAS calls are cast to "
            "rocBLAS types",
    check=check,
    category="unsupported-api",
    doc=__doc__,
)
