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

__all__ = ["declarations", "NCCL_HEADER"]

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


#: Types whose real shape code reads (members, arithmetic) and that the name-based forms
#: below get wrong: as the CUDA headers declare them (members in CUDA's order).
_SHAPES = {
    "cufftReal": "typedef float cufftReal;",
    "cufftDoubleReal": "typedef double cufftDoubleReal;",
    "cufftComplex": "typedef float2 cufftComplex;",
    "cufftDoubleComplex": "typedef double2 cufftDoubleComplex;",
    "cublasMath_t": "typedef int cublasMath_t;",
    "cublasLtMatmulAlgo_t": "struct cublasLtMatmulAlgo_t { unsigned long long data[8]; };",
    "cublasLtMatmulHeuristicResult_t": (
        "struct cublasLtMatmulHeuristicResult_t { cublasLtMatmulAlgo_t algo; "
        "size_t workspaceSize; int state; float wavesCount; int reserved[4]; };"),
}

#: ``<nccl.h>``, which the name table does not cover (RCCL's names are NCCL's): its
#: types and functions as NCCL 2 declares them. A stand-in header of its own, so that a
#: project that is NCCL itself (its nccl.h is generated at build time) declares them
#: once.
NCCL_HEADER = """#pragma once
#include "cuda_stubs.h"
#define NCCL_MAJOR 2
#define NCCL_MINOR 21
#define NCCL_UNIQUE_ID_BYTES 128
typedef struct ncclComm *ncclComm_t;
typedef struct { char internal[NCCL_UNIQUE_ID_BYTES]; } ncclUniqueId;
typedef enum { ncclSuccess = 0, ncclUnhandledCudaError = 1, ncclSystemError = 2,
  ncclInternalError = 3, ncclInvalidArgument = 4, ncclInvalidUsage = 5, ncclRemoteError = 6,
  ncclInProgress = 7, ncclNumResults = 8 } ncclResult_t;
typedef enum { ncclInt8 = 0, ncclChar = 0, ncclUint8 = 1, ncclInt32 = 2, ncclInt = 2,
  ncclUint32 = 3, ncclInt64 = 4, ncclUint64 = 5, ncclFloat16 = 6, ncclHalf = 6,
  ncclFloat32 = 7, ncclFloat = 7, ncclFloat64 = 8, ncclDouble = 8, ncclBfloat16 = 9,
  ncclNumTypes = 10 } ncclDataType_t;
typedef enum { ncclSum = 0, ncclProd = 1, ncclMax = 2, ncclMin = 3, ncclAvg = 4,
  ncclNumOps = 5, ncclMaxRedOp = 0x7fffffff } ncclRedOp_t;
typedef enum { ncclScalarDevice = 0, ncclScalarHostImmediate = 1 } ncclScalarResidence_t;
typedef struct { size_t size; unsigned int magic; unsigned int version; int blocking;
  int cgaClusterSize; int minCTAs; int maxCTAs; const char *netName; int splitShare; }
  ncclConfig_t;
#define NCCL_CONFIG_INITIALIZER {}
ncclResult_t ncclGetVersion(int *version);
ncclResult_t ncclGetUniqueId(ncclUniqueId *uniqueId);
ncclResult_t ncclCommInitRank(ncclComm_t *comm, int nranks, ncclUniqueId commId, int rank);
ncclResult_t ncclCommInitRankConfig(ncclComm_t *comm, int nranks, ncclUniqueId commId,
                                    int rank, ncclConfig_t *config);
ncclResult_t ncclCommInitAll(ncclComm_t *comm, int ndev, const int *devlist);
ncclResult_t ncclCommFinalize(ncclComm_t comm);
ncclResult_t ncclCommDestroy(ncclComm_t comm);
ncclResult_t ncclCommAbort(ncclComm_t comm);
ncclResult_t ncclCommSplit(ncclComm_t comm, int color, int key, ncclComm_t *newcomm,
                           ncclConfig_t *config);
const char *ncclGetErrorString(ncclResult_t result);
const char *ncclGetLastError(ncclComm_t comm);
ncclResult_t ncclCommGetAsyncError(ncclComm_t comm, ncclResult_t *asyncError);
ncclResult_t ncclCommCount(const ncclComm_t comm, int *count);
ncclResult_t ncclCommCuDevice(const ncclComm_t comm, int *device);
ncclResult_t ncclCommUserRank(const ncclComm_t comm, int *rank);
ncclResult_t ncclMemAlloc(void **ptr, size_t size);
ncclResult_t ncclMemFree(void *ptr);
ncclResult_t ncclRedOpCreatePreMulSum(ncclRedOp_t *op, void *scalar, ncclDataType_t datatype,
                                      ncclScalarResidence_t residence, ncclComm_t comm);
ncclResult_t ncclRedOpDestroy(ncclRedOp_t op, ncclComm_t comm);
ncclResult_t ncclReduce(const void *sendbuff, void *recvbuff, size_t count,
                        ncclDataType_t datatype, ncclRedOp_t op, int root, ncclComm_t comm,
                        cudaStream_t stream);
ncclResult_t ncclBcast(void *buff, size_t count, ncclDataType_t datatype, int root,
                       ncclComm_t comm, cudaStream_t stream);
ncclResult_t ncclBroadcast(const void *sendbuff, void *recvbuff, size_t count,
                           ncclDataType_t datatype, int root, ncclComm_t comm,
                           cudaStream_t stream);
ncclResult_t ncclAllReduce(const void *sendbuff, void *recvbuff, size_t count,
                           ncclDataType_t datatype, ncclRedOp_t op, ncclComm_t comm,
                           cudaStream_t stream);
ncclResult_t ncclReduceScatter(const void *sendbuff, void *recvbuff, size_t recvcount,
                               ncclDataType_t datatype, ncclRedOp_t op, ncclComm_t comm,
                               cudaStream_t stream);
ncclResult_t ncclAllGather(const void *sendbuff, void *recvbuff, size_t sendcount,
                           ncclDataType_t datatype, ncclComm_t comm, cudaStream_t stream);
ncclResult_t ncclSend(const void *sendbuff, size_t count, ncclDataType_t datatype, int peer,
                      ncclComm_t comm, cudaStream_t stream);
ncclResult_t ncclRecv(void *recvbuff, size_t count, ncclDataType_t datatype, int peer,
                      ncclComm_t comm, cudaStream_t stream);
ncclResult_t ncclGroupStart();
ncclResult_t ncclGroupEnd();
"""


def _type(name: str) -> str:
    if name in _SHAPES:
        return _SHAPES[name]
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
