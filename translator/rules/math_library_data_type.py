"""With ``--roc``, complex, half and bfloat16 data of math-library files take rocBLAS types.

What it does
------------
With ``--roc``, in a file that uses cuBLAS, cuSPARSE or cuSOLVER (their names or
headers), CUDA's complex, half and bfloat16 types become the types the ROC libraries
take: ``cuComplex``/``cuFloatComplex`` become ``rocblas_float_complex``,
``cuDoubleComplex`` ``rocblas_double_complex`` (``rocsparse_float_complex`` and
``rocsparse_double_complex`` in a file that uses cuSPARSE and neither cuBLAS nor
cuSOLVER), ``__half``/``half`` ``rocblas_half`` and ``__nv_bfloat16``/``nv_bfloat16``
``rocblas_bfloat16``. The helpers that build and read those values follow:

- ``make_cuComplex(r, i)`` becomes the constructor ``rocblas_float_complex(r, i)``,
  ``cuCrealf``/``cuCimagf``/``cuConjf``/``cuCabsf`` (and the double forms) become
  ``std::real``/``std::imag``/``std::conj``/``std::abs``, ``cuCaddf``/``cuCsubf``/
  ``cuCmulf``/``cuCdivf`` become ``std::plus<>{}``/``std::minus<>{}``/
  ``std::multiplies<>{}``/``std::divides<>{}`` (the ROC complex classes have the
  operators), ``cuComplexFloatToDouble``/``cuComplexDoubleToFloat`` the other
  precision's constructor;
- ``__float2bfloat16(x)`` becomes ``rocblas_bfloat16(x)`` and ``__bfloat162float(b)``
  ``float(b)``;
- ``__float2half(x)`` (and ``__double2half``) becomes
  ``__builtin_bit_cast(rocblas_half, __float2half(x))``, and ``__half2float(h)``
  ``__half2float(__builtin_bit_cast(__half, h))``: ``rocblas_half`` holds the bits.

Why
---
rocBLAS and rocSOLVER take ``rocblas_float_complex``, ``rocblas_half``... and rocSPARSE
``rocsparse_float_complex``: C++ converts none of HIP's ``hipComplex``, ``__half`` or
``__hip_bfloat16`` to them, so code whose data keep HIP's types does not compile
against the ROC libraries (hipify-clang's ``--roc`` renames the types too, and leaves
the helpers). The ROC complex types are complex classes with arithmetic on host and
device; ``rocblas_bfloat16`` converts from and to ``float``; ``rocblas_half`` is a
struct of 16 bits.

Example (CUDA)
--------------
```
cuComplex alpha = make_cuComplex(1.0f, 0.0f);
cublasCscal(handle, n, &alpha, x, 1);
__half one = __float2half(1.0f);
```

Output (HIP)
------------
```
rocblas_float_complex alpha = rocblas_float_complex(1.0f, 0.0f);
rocblas_cscal(handle, n, &alpha, x, 1);
rocblas_half one = __builtin_bit_cast(rocblas_half, __float2half(1.0f));
```

Limits
------
The whole file changes: device code that computes with ``__half`` intrinsics
(``__hadd``) on data that are now ``rocblas_half`` needs HIP's ``__half`` back
(``__builtin_bit_cast``). ``cuCfmaf``/``cuCfma`` and the other half and bfloat16
intrinsics keep HIP's names. A file that uses cuSPARSE with cuBLAS or cuSOLVER gets the
rocBLAS complex types, which rocSPARSE's functions do not take. ``half`` is renamed
where it is used as a type (before a declarator, in template arguments and casts).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.call_rewrites import closed_calls
from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.syntax import call_at, is_member_name
from translator.unit import Unit

_LIBRARIES = ("cublas", "cusparse", "cusolver", "CUBLAS_", "CUSPARSE_", "CUSOLVER_")
_LIBRARY_HEADER = re.compile(r"(?:cublas|cusparse|cusolver)\w*\.h")
_FLOAT, _DOUBLE = "float_complex", "double_complex"
#: CUDA type -> the suffix of the ROC complex type, or the rocBLAS type itself.
_TYPES = {
    "cuComplex": _FLOAT, "cuFloatComplex": _FLOAT, "cuDoubleComplex": _DOUBLE,
    "__half": "rocblas_half", "half": "rocblas_half",
    "__nv_bfloat16": "rocblas_bfloat16", "nv_bfloat16": "rocblas_bfloat16",
}
#: Complex helpers -> their ROC form ({float}/{double}: the complex type of that precision).
_HELPERS = {
    "make_cuComplex": "{float}", "make_cuFloatComplex": "{float}",
    "make_cuDoubleComplex": "{double}",
    "cuComplexDoubleToFloat": "{float}", "cuComplexFloatToDouble": "{double}",
    "cuCrealf": "std::real", "cuCreal": "std::real", "cuCimagf": "std::imag",
    "cuCimag": "std::imag", "cuConjf": "std::conj", "cuConj": "std::conj",
    "cuCabsf": "std::abs", "cuCabs": "std::abs",
    "cuCaddf": "std::plus<>{}", "cuCadd": "std::plus<>{}",
    "cuCsubf": "std::minus<>{}", "cuCsub": "std::minus<>{}",
    "cuCmulf": "std::multiplies<>{}", "cuCmul": "std::multiplies<>{}",
    "cuCdivf": "std::divides<>{}", "cuCdiv": "std::divides<>{}",
    "__float2bfloat16": "rocblas_bfloat16", "__bfloat162float": "float",
}
#: Half conversions whose result becomes rocblas_half, and those that read one.
_TO_HALF = ("__float2half", "__double2half")
_FROM_HALF = ("__half2float",)
#: ``half`` used as a type: before a declarator, a ``>`` or ``,`` of template arguments,
#: or the ``)`` of a cast.
_HALF_AS_TYPE = re.compile(r"\s*(?:[*&]+\s*)*(?:[A-Za-z_]|>|,|\)(?!\s*[\w(]))")


def check(unit: Unit) -> Iterator[Finding]:
    if not unit.options.roc or not _uses_math_library(unit):
        return
    sparse_only = not any(name.startswith(("cublas", "cusolver", "CUBLAS_", "CUSOLVER_"))
                          for name in unit.api_offsets) and not unit.mentions_any(
                              ("cublas", "cusolver"))
    library = "rocsparse" if sparse_only else "rocblas"
    complex_types = {_FLOAT: f"{library}_float_complex", _DOUBLE: f"{library}_double_complex"}
    source = unit.source
    for name, kind_target in _TYPES.items():
        target = complex_types.get(kind_target, kind_target)
        for start in _uses(unit, name):
            if name == "half" and not _HALF_AS_TYPE.match(source, start + len(name)):
                continue
            yield Edit(start, start + len(name), target)
            yield Usage(name, "roc-data", "type", start, True, target)
    for name, form in _HELPERS.items():
        target = form.replace("{float}", complex_types[_FLOAT]).replace(
            "{double}", complex_types[_DOUBLE])
        for start in _uses(unit, name):
            yield Edit(start, start + len(name), target)
            yield Usage(name, "roc-data", "function", start, True, target)
    yield from _half_conversions(unit)


def _uses_math_library(unit: Unit) -> bool:
    return (any(name.startswith(_LIBRARIES) for name in unit.api_offsets)
            or any(_LIBRARY_HEADER.fullmatch(d.tokens[0].text[1:-1]) for d in unit.includes))


def _uses(unit: Unit, name: str) -> Iterator[int]:
    """Offsets of NAME in code, not as a member (``obj.half``) or after ``::``."""
    source = unit.source
    for start in unit.whole_identifiers(name):
        if is_member_name(source, start) or source[max(0, start - 2):start] == "::":
            continue
        yield start


def _half_conversions(unit: Unit) -> Iterator[Finding]:
    source = unit.source
    closed = closed_calls(unit)
    for names, before in ((_TO_HALF, "__builtin_bit_cast(rocblas_half, "),
                          (_FROM_HALF, "__builtin_bit_cast(__half, ")):
        for name in names:
            for start in _uses(unit, name):
                call = call_at(source, start, start + len(name), closed)
                if call is None:
                    continue
                if names is _TO_HALF:
                    yield Edit(start, start, before)
                    yield Edit(call.close + 1, call.close + 1, ")")
                elif len(call.arguments) == 1:
                    argument = call.arguments[0]
                    yield Edit(argument.start, argument.start, before)
                    yield Edit(argument.end, argument.end, ")")


RULE = Rule(
    code="R302",
    name="math-library-data-type",
    summary="With --roc, complex/half/bfloat16 data of cuBLAS/cuSPARSE/cuSOLVER files take "
            "rocBLAS (rocSPARSE) types",
    check=check,
    category="unsupported-api",
    doc=__doc__,
    mentions=("cublas", "cusolver"),
)
