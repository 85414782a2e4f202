"""The API table (translator/data/cuda2hip.tsv, hip_extras.tsv) agrees with the headers of
the rocm-6.4 runner (HIP 6.4 and its libraries, as Debian packages them).

a. Every name the table emits for a target of HIP 6.4 -- with the default options, with
   ``--roc`` and with ``--miopen`` -- is declared by the runner's headers (an identifier
   of their code, comments and strings left out), and every header it includes exists.
b. No CUDA name is reported as having no HIP counterpart (flagged ``unsupported`` or
   ``hip_unsupported``, or without a HIP name) while the runner declares the HIP name the
   usual renaming gives: the row's own HIP name, or the CUDA name with a prefix renamed
   as the table's supported rows rename it (``cublas`` -> ``hipblas``, ``CUFFT_`` ->
   ``HIPFFT_``, ``cudaDevAttr`` -> ``hipDeviceAttribute``...).

Declared is a matter of tokens: a name that a header only uses (a field, a parameter
type) counts too, which is what a rename needs. The exceptions below stay for the
reason given; a fix removes its line, and a line whose name passes fails the test.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from tests.runners import RUNNERS_DIR, needs_rocm_64
from translator.compile.runners import find_runner
from translator.data.names import ApiName, load_names, resolve
from translator.options import Options

RUNNER = "rocm-6.4"
HIP_VERSION = (6, 4)
#: The folders of /usr/include that HIP and its libraries install, and the headers of
#: clang that every hipcc compile includes first (device functions, math).
LIBRARY_FOLDERS = ("hip", "hipblas", "hipblas-common", "hipblaslt", "hipcub", "hipfft",
                   "hiprand", "hipsolver", "hipsparse", "miopen", "rccl", "rocblas",
                   "rocfft", "rocprim", "rocrand", "rocsolver", "rocsparse", "thrust",
                   "roctracer")
CLANG_HEADERS = ("__clang_hip_*.h", "__clang_cuda_math_forward_declares.h",
                 "__clang_cuda_complex_builtins.h")
#: hipCUB's backend for NVIDIA GPUs: it wraps CUB and is never compiled for AMD, so its
#: HIPCUB_* names prove nothing.
CUDA_BACKEND = ("hipcub", "backend", "cub")
#: A prefix renaming is a rule when this many supported rows follow it.
RULE_SUPPORT = 3
UNSUPPORTED = frozenset({"unsupported", "hip_unsupported"})
TARGETS = {
    "hip": Options(hip_version=HIP_VERSION),
    "roc": Options(hip_version=HIP_VERSION, roc=True),
    "miopen": Options(hip_version=HIP_VERSION, miopen=True),
}

_CAFFE2 = ("Caffe2's HIP names are PyTorch's own (its hipified caffe2 tree): no ROCm "
           "library declares them")
#: Names the table emits that the runner does not declare, and why they stay.
EMITTED_UNDECLARED: dict[str, str] = {
    **dict.fromkeys(("CUDAContext", "REGISTER_CUDA_OPERATOR", "REGISTER_CUDA_OPERATOR_CREATOR",
                     "cuda_stream", "caffe2/core/common_cudnn.h",
                     "caffe2/operators/spatial_batch_norm_op.h"), _CAFFE2),
}

_ROUNDING = ("HIP declares the directed roundings only under OCML_BASIC_ROUNDED_OPERATIONS, "
             "and then they do not link (no __ocml_*_rtn/rtp/rtz); names.py says what to use")
_FP8 = ("HIP 6.4 has CUDA's (OCP) fp8 formats in device code on gfx950 and gfx12 only: on "
        "gfx942 its OCP types convert on the host only and its conversions assert an FNUZ "
        "interpretation, an encoding that differs; porting fp8 code is a choice of format")
_DRIVER_COPY = ("takes CUdeviceptr and contexts; HIP's function of that name takes host "
                "pointers and a copy kind or device numbers")
_HIP_FUNCTION_POINTER = ("takes a CUfunction (hipFunction_t); HIP's function of that name "
                         "takes the host function's address")
#: CUDA names reported without a HIP counterpart although the runner declares the
#: renamed name, and why the rename would be wrong.
UNSUPPORTED_DECLARED: dict[str, str] = {
    **dict.fromkeys(
        (f"__{operation}_r{mode}" for operation in (
            "fadd", "fsub", "fmul", "fdiv", "frcp", "fsqrt", "fmaf",
            "dadd", "dsub", "dmul", "ddiv", "drcp", "dsqrt", "fma") for mode in "duz"),
        _ROUNDING),
    **dict.fromkeys(
        ("__NV_E4M3", "__NV_E5M2", "__NV_NOSAT", "__NV_SATFINITE", "__nv_saturation_t",
         "__nv_fp8_interpretation_t", "__nv_fp8_storage_t", "__nv_fp8x2_storage_t",
         "__nv_fp8x4_storage_t", "__nv_fp8_e4m3", "__nv_fp8_e5m2", "__nv_fp8x2_e4m3",
         "__nv_fp8x2_e5m2", "__nv_fp8x4_e4m3", "__nv_fp8x4_e5m2",
         *(f"__nv_cvt_{conversion}" for conversion in (
             "float_to_fp8", "float2_to_fp8x2", "double_to_fp8", "double2_to_fp8x2",
             "halfraw_to_fp8", "halfraw2_to_fp8x2", "bfloat16raw_to_fp8",
             "bfloat16raw2_to_fp8x2", "fp8_to_halfraw", "fp8x2_to_halfraw2"))),
        _FP8),
    "__hmax2": "HIP 6.4 has __hmax2 for __hip_bfloat162 only, not for __half2",
    "__hmin2": "HIP 6.4 has __hmin2 for __hip_bfloat162 only, not for __half2",
    "CUDA_VERSION": "HIP_VERSION counts otherwise (60443484, not 12080): R003 handles #if tests",
    "CUDART_VERSION": "as CUDA_VERSION",
    **dict.fromkeys(
        ("CUDA_POINTER_ATTRIBUTE_ACCESS_FLAGS", "CUDA_POINTER_ATTRIBUTE_ACCESS_FLAGS_enum",
         "CUDA_POINTER_ATTRIBUTE_P2P_TOKENS", "CUDA_POINTER_ATTRIBUTE_P2P_TOKENS_st",
         "CUDA_POINTER_ATTRIBUTE_P2P_TOKENS_v1"),
        "a type in CUDA (the access flags, the token pair); HIP's HIP_POINTER_ATTRIBUTE_* "
        "of that name is a pointer attribute, CUDA's CU_POINTER_ATTRIBUTE_*"),
    **dict.fromkeys(
        ("CUstreamMemoryBarrier_flags", "CUstreamMemoryBarrier_flags_enum"),
        "HIPIFY's HIP name, hipGraphInstantiateFlags, is an unrelated type; HIP 6.4 has no "
        "memory barrier flags"),
    "CUB_PREVENT_MACRO_SUBSTITUTION": ("hipCUB defines HIPCUB_PREVENT_MACRO_SUBSTITUTION for "
                                       "its own min and max, then undefines it"),
    "CUB_DEFINE_VECTOR_TYPE": ("hipCUB's HIPCUB_DEFINE_VECTOR_TYPE takes the element type, "
                               "CUB's the prefix of the vector type's name"),
    **dict.fromkeys(("CUB_HOST_COMPILER", "CUB_HOST_COMPILER_CLANG", "CUB_HOST_COMPILER_GCC"),
                    "hipCUB only tests HIPCUB_HOST_COMPILER* in #if and never defines them"),
    **dict.fromkeys(("cuMemcpy", "cuMemcpyAsync", "cuMemcpyPeer", "cuMemcpyPeerAsync"),
                    _DRIVER_COPY),
    **dict.fromkeys(("cuFuncSetAttribute", "cuFuncSetCacheConfig", "cuFuncSetSharedMemConfig"),
                    _HIP_FUNCTION_POINTER),
    **dict.fromkeys(
        ("cuDeviceGetTexture1DLinearMaxWidth", "cudaDeviceGetTexture1DLinearMaxWidth"),
        "HIP 6.4's hipDeviceGetTexture1DLinearMaxWidth takes (hipMemPool_t*, int), not a "
        "format and a channel count"),
    "cublasLtGetVersion": ("returns the version; hipblasLtGetVersion(handle, int*) needs a "
                           "handle and writes it"),
}


def _runner_root() -> Path:
    root = find_runner(RUNNER, RUNNERS_DIR).root
    assert root is not None
    return root


pytestmark = needs_rocm_64

_SKIPPED = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


@cache
def _include_dir() -> Path:
    return _runner_root() / "usr" / "include"


@cache
def declared() -> frozenset[str]:
    """Every identifier in the code of the runner's HIP and library headers."""
    include = _include_dir()
    files = [path for folder in LIBRARY_FOLDERS for path in (include / folder).rglob("*")
             if path.is_file() and path.relative_to(include).parts[:3] != CUDA_BACKEND]
    files += [path for path in include.glob("*.h")
              if re.match(r"(hip|roc|miopen|rccl)", path.name)]
    clang = max((include.parent / "lib").glob("llvm-*/lib/clang/*/include"))
    files += [path for pattern in CLANG_HEADERS for path in clang.glob(pattern)]
    names: set[str] = set()
    for path in files:
        text = _SKIPPED.sub(" ", path.read_text(encoding="utf-8", errors="replace"))
        names.update(_IDENTIFIER.findall(text))
    return frozenset(names)


def _rows() -> list[ApiName]:
    """The rows the translator uses: one per CUDA identifier, one per header."""
    table = load_names()
    return [*table.identifiers.values(), *table.headers.values()]


def emitted_undeclared() -> dict[str, str]:
    """{CUDA name: what it becomes} for targets of HIP 6.4 the runner does not declare."""
    names, include = declared(), _include_dir()
    found = {}
    for label, options in TARGETS.items():
        for row in _rows():
            target = resolve(row, options)
            if target.name is None or (label != "hip" and target.library == "hip"):
                continue
            if row.is_include:
                present = (include / target.name).is_file()
            else:
                present = all(word in names for word in _IDENTIFIER.findall(target.name))
            if not present:
                found[row.cuda] = target.name
    return found


def renaming_rules() -> list[tuple[str, str]]:
    """(CUDA prefix, HIP prefix) pairs that at least RULE_SUPPORT supported rows follow:
    a row's rule is its two names less their longest common ending."""
    counts: Counter[tuple[str, str]] = Counter()
    for row in _rows():
        if row.is_include or not row.hip or row.flags & UNSUPPORTED or row.hip == row.cuda:
            continue
        common = 0
        while (common < min(len(row.cuda), len(row.hip))
               and row.cuda[-1 - common] == row.hip[-1 - common]):
            common += 1
        cuda, hip = row.cuda[: len(row.cuda) - common], row.hip[: len(row.hip) - common]
        if cuda:
            counts[(cuda, hip)] += 1
    return sorted(pair for pair, count in counts.items() if count >= RULE_SUPPORT)


def unsupported_declared() -> dict[str, str]:
    """{CUDA name: declared HIP names} of names without a HIP counterpart in the table."""
    names, rules = declared(), renaming_rules()
    found = {}
    for row in _rows():
        if row.is_include or (row.hip and not row.flags & UNSUPPORTED):
            continue
        candidates = {row.hip} if row.hip else set()
        candidates |= {hip + row.cuda[len(cuda):] for cuda, hip in rules
                       if row.cuda.startswith(cuda)}
        present = sorted(name for name in candidates if name in names)
        if present:
            found[row.cuda] = ", ".join(present)
    return found


def test_runner_headers_are_read():
    names = declared()
    assert {"hipMalloc", "hipblasSgemm", "hipfftPlan1d", "rocblas_sgemm", "miopenCreate",
            "ncclAllReduce", "__shfl_down", "sinf"} <= names


def test_renaming_rules_are_learned_from_the_table():
    rules = renaming_rules()
    assert {("cu", "hip"), ("cuda", "hip"), ("CU", "HIP"),
            ("cudaDevAttr", "hipDeviceAttribute")} <= set(rules)


def test_emitted_names_are_declared_by_the_runner():
    undeclared = emitted_undeclared()
    assert {name: hip for name, hip in undeclared.items()
            if name not in EMITTED_UNDECLARED} == {}


def test_names_without_hip_counterpart_are_not_declared_by_the_runner():
    found = unsupported_declared()
    assert {name: hip for name, hip in found.items() if name not in UNSUPPORTED_DECLARED} == {}


@pytest.mark.parametrize(("exceptions", "find"), [
    pytest.param(EMITTED_UNDECLARED, emitted_undeclared, id="emitted"),
    pytest.param(UNSUPPORTED_DECLARED, unsupported_declared, id="unsupported"),
])
def test_exceptions_still_hold(exceptions, find):
    assert sorted(set(exceptions) - set(find())) == [], "these pass now: remove them"
