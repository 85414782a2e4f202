"""Declarations, for analysis, of the CUDA names that ``data/cuda_stubs.h`` leaves out.

``cuda_stubs.h`` declares the common CUDA names with their real types. The name table
(``data/cuda2hip.tsv``) knows about 9,000 more (library handles and status codes,
enumerators, driver API calls); an undeclared one stops clang from typing the code
around it, so ``declarations()`` declares each of them in the simplest form that lets
ordinary code parse:

- a function is a variadic template (``template <class... A> R f(A &&...)``) that
  takes any arguments and returns its family's status type (``cudaError_t`` for the
  runtime, ``CUresult`` for the driver, ``int``-like for the libraries; ``int`` for
  device functions);
- a type is, by its name, an ``int`` (status codes, enumerations, modes:
  ``cublasStatus_t``, ``cudaDataType``), a complete empty struct (states,
  parameter blocks, descriptions: ``curandState``, ``cudaTextureDesc``) or a pointer to
  an opaque struct (handles: ``cublasHandle_t``, ``CUcontext``);
- an enumerator is an ``int`` constant, typed as the stubs' enumeration when there is
  one (``cudaErrorInvalidValue`` is a ``cudaError_t``); a macro constant is a ``double``
  (``CUDART_PI``), a ``float`` (``CUDART_PI_F``) or an ``int``.

Limits: the values are not CUDA's (only the types matter for analysis, and that the
enumerators of one family differ, for ``switch`` statements over them); members of
the empty structs are unknown, so code that reads them still fails to parse; sizes of
those structs are 1 byte, so ``sizeof(curandState)`` is not CUDA's.
"""

from __future__ import annotations

import functools
import re

from translator.data.names import load_names

__all__ = ["declarations"]

#: Function kinds of the table, by family: the type the functions return.
_RETURNS = {"runtime": "cudaError_t", "driver": "CUresult"}
_FUNCTION_KINDS = frozenset({
    "context", "coredump", "d3d10", "d3d11", "d3d9", "device", "device_func",
    "driver_entry_point", "driver_interact", "egl", "error", "event", "execution",
    "external_res", "graph", "graphics", "init", "lib_device_func", "lib_func", "memory",
    "module", "multicast", "occupancy", "opengl", "ordered_memory", "peer", "profiler",
    "stream", "stream_memory", "surface", "tensor", "texture", "thread", "unified",
    "vdpau", "version", "virtual_memory", "cpp", "complex",
})
_ENUM_LIKE = re.compile(
    r"(?i)(status|result|type|mode|op|operation|order|kind|format|flags?|attr|attribute|"
    r"algo|layout|fill|side|diag|direction|enum|error|preference|level|option|policy|"
    r"class|cap|domain|precision|scale|granularity|location|transpose|reduction|"
    r"epilogue|norm|method|limit|config|cache|access|priority|target|device|ordinal|"
    r"handle|ptr|deviceptr|object|id|rng|ordering|value)(_t|_enum)?$")
_STRUCT_LIKE = re.compile(
    r"(?i)(state\w*|params|parms|desc|prop|properties|attributes|info|extent|pitchedptr|"
    r"pos|_st|_v\d|complex|descriptor|requirements|node|config_t|data|uuid)$")
_POINTER_FIRST = re.compile(r"(Handle_t|Descr_t|Descriptor_t|Generator_t|Plan_t)$|^CU[a-z]+$")
_INT_FIRST = re.compile(r"^(CUdevice|cufftHandle|CUdeviceptr\w*|\w+Object_t)$")
#: Families whose names are C++ namespaces and macros (cub, caffe2): never declared here.
_CXX_LIBRARIES = frozenset({"cub", "caffe2"})
#: The value of the first enumerator declared here, past those of cuda_stubs.h's enums.
_FIRST_VALUE = 1000
#: Enumerator prefixes of the enumerations cuda_stubs.h declares as enums.
_STUB_ENUMS = (("cudaError", "cudaError_t"), ("cudaMemcpy", "cudaMemcpyKind"),
               ("cudaFuncCache", "cudaFuncCache"), ("cudaSharedMem", "cudaSharedMemConfig"),
               ("cudaFuncAttribute", "cudaFuncAttribute"), ("cudaMemAdvise", "cudaMemoryAdvise"),
               ("cudaReadMode", "cudaTextureReadMode"))


def declarations(declared: frozenset[str]) -> str:
    """The declarations of the table's identifiers that are not in DECLARED."""
    return _declarations(declared)


@functools.cache
def _declarations(declared: frozenset[str]) -> str:
    rows = [row for row in load_names().identifiers.values()
            if row.cuda not in declared and re.fullmatch(r"[A-Za-z_]\w*", row.cuda)
            and row.api not in _CXX_LIBRARIES]
    types: list[str] = []
    constants: list[str] = []
    functions: list[str] = []
    for row in sorted(rows, key=lambda r: r.cuda):
        name = row.cuda
        if row.kind in ("type", "device_type"):
            types.append(_type(name))
        elif row.kind == "numeric_literal":
            # distinct values: a switch over a library's status codes must not find
            # duplicate cases (the stubs' enumerations take any int: ': int')
            enum = next((e for prefix, e in _STUB_ENUMS if name.startswith(prefix)), "int")
            constants.append(f"constexpr {enum} {name} = ({enum}){_FIRST_VALUE + len(constants)};")
        elif row.kind == "define":
            value = ("float", "1.0f") if name.startswith("CUDART_") and name.endswith("_F") \
                else ("double", "1.0") if name.startswith("CUDART_") else ("int", "1")
            constants.append(f"constexpr {value[0]} {name} = {value[1]};")
        elif row.kind in _FUNCTION_KINDS:
            device = row.kind in ("device_func", "lib_device_func")
            returns = "int" if device else _RETURNS.get(row.api, "int")
            functions.append(f"template <class... A> __host__ __device__ {returns} "
                             f"{name}(A &&...);")
    return "\n".join(["#pragma once", "typedef int CUresult;" if "CUresult" not in declared
                      else "", *types, *constants, *functions, ""])


def _type(name: str) -> str:
    if name == "CUresult":
        return ""
    if _INT_FIRST.match(name):
        return f"typedef unsigned long long {name};" if "Object" in name or "ptr" in name \
            else f"typedef int {name};"
    if _POINTER_FIRST.search(name):
        return f"typedef struct __rocport_{name} *{name};"
    if _STRUCT_LIKE.search(name):
        return f"struct {name} {{}};"
    if _ENUM_LIKE.search(name):
        return f"typedef int {name};"
    return f"typedef struct __rocport_{name} *{name};"
