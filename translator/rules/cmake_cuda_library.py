"""R504 cmake-cuda-library: CUDA library targets and variables in CMake files.

What it does
------------
Renames ``CUDA::cudart`` (and ``cudart_static``, ``cuda_driver``) → ``hip::host``,
``CUDA::cublas`` → ``roc::hipblas``, ``CUDA::cublasLt`` → ``roc::hipblaslt``,
``CUDA::curand`` → ``hip::hiprand``, ``CUDA::cusparse`` → ``roc::hipsparse``,
``CUDA::cufft`` → ``hip::hipfft``,
``CUDA::cusolver`` → ``roc::hipsolver``, ``CUDA::nvrtc`` → ``hiprtc::hiprtc``,
``NCCL::nccl``/``${NCCL_LIBRARIES}`` → ``rccl::rccl``, and FindCUDA's variables
(``${CUDA_LIBRARIES}``, ``${CUDA_CUBLAS_LIBRARIES}``, ``${CUDA_curand_LIBRARY}``, ...)
the same way; ``--roc`` picks the ROC libraries (``roc::rocblas``, ``roc::rocrand``...).
Before the first line that uses a library it adds ``find_package(<package> REQUIRED)``
unless the file already finds that package.

Why
---
The migrated sources call hipRAND/hipSPARSE/...; the link line must name those
libraries, and their imported targets exist only after their package is found.

Example (CUDA)
--------------
    target_link_libraries(app PRIVATE CUDA::cudart CUDA::curand)

Output (HIP)
------------
    find_package(hiprand REQUIRED)
    target_link_libraries(app PRIVATE hip::host hip::hiprand)

Limits
------
Libraries without a ROCm CMake package (``CUDA::nvToolsExt``, ``CUDA::cupti``...) are
left alone and reported here; for NVTX the report names ``roctx64``.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from translator.diagnostics import Diagnostic, Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import cmake_commands, code_spans

#: CUDA library -> ((HIP target, package), (ROC target, package))
_LIBRARIES = {
    "cudart": (("hip::host", "hip"),) * 2,
    "cudart_static": (("hip::host", "hip"),) * 2,
    "cuda_driver": (("hip::host", "hip"),) * 2,
    "cublas": (("roc::hipblas", "hipblas"), ("roc::rocblas", "rocblas")),
    "cublaslt": (("roc::hipblaslt", "hipblaslt"),) * 2,
    "curand": (("hip::hiprand", "hiprand"), ("roc::rocrand", "rocrand")),
    "cusparse": (("roc::hipsparse", "hipsparse"), ("roc::rocsparse", "rocsparse")),
    "cufft": (("hip::hipfft", "hipfft"), ("roc::rocfft", "rocfft")),
    "cusolver": (("roc::hipsolver", "hipsolver"), ("roc::rocsolver", "rocsolver")),
    "nvrtc": (("hiprtc::hiprtc", "hiprtc"),) * 2,
    "nccl": (("rccl::rccl", "rccl"),) * 2,
}
#: Libraries without a ROCm CMake package whose counterpart the message can name.
_BY_HAND = {
    "nvtoolsext": "roctx64 (the roctx calls R542 writes)",
    "nvtx3": "roctx64 (the roctx calls R542 writes)",
}
_REFERENCE = re.compile(
    r"\bCUDA::(?P<target>\w+)|\bNCCL::(?P<nccl>nccl)\b"
    r"|\$\{(?:CUDA_(?P<variable>\w+?)_LIBRAR(?:Y|IES)|(?P<bare>CUDA_LIBRARIES|CUDAToolkit_LIBRARIES)"
    r"|(?P<ncclvar>NCCL_LIBRAR(?:Y|IES)))\}"
)


def _library(match: re.Match) -> str:
    if match.group("nccl") or match.group("ncclvar"):
        return "nccl"
    if match.group("bare"):
        return "cudart"
    name = (match.group("target") or match.group("variable")).lower()
    name = {"cublas_static": "cublas", "cublaslt_static": "cublaslt",
            "curand_static": "curand", "cusparse_static": "cusparse",
            "cufft_static": "cufft", "cusolver_static": "cusolver"}.get(name, name)
    return {"cudart_static": "cudart", "cuda": "cuda_driver"}.get(name, name)


def check(unit) -> Iterator[Finding]:
    if not re.search("CUDA|NCCL", unit.source):
        return
    text = unit.source
    found = {p.lower() for p in re.findall(r"(?i)find_package\s*\(\s*(\w+)", text)} | {"hip"}
    if "nccl" in found:
        found.add("rccl")  # R503 turns find_package(NCCL) into find_package(rccl)
    # with a find module of its own, NCCL's variables are the project's (R503)
    own_nccl = any(name.lower() == "nccl" for name in unit.options.tree.find_modules)
    commands = cmake_commands(text)
    inserts: dict[int, list[str]] = {}
    linked: dict[int, set[str]] = {}  # HIP targets named so far, per statement
    for offset, code in code_spans(text):
        for match in _REFERENCE.finditer(code):
            start, end = offset + match.start(), offset + match.end()
            if own_nccl and match.group("ncclvar"):
                continue
            entry = _LIBRARIES.get(_library(match))
            if entry is None:
                counterpart = _BY_HAND.get(_library(match), "its ROCm counterpart")
                yield Diagnostic("R504", f"{match.group()} has no ROCm CMake package; link "
                                 f"{counterpart} by hand or drop it", offset=start)
                yield Usage(match.group(), "build-system", "cmake-library", start, False)
                continue
            target, package = entry[1] if unit.options.roc else entry[0]
            if package.lower() not in found:
                found.add(package.lower())
                inserts.setdefault(_statement_start(text, commands, start), []).append(package)
            statement = _statement_start(text, commands, start)
            if target in linked.setdefault(statement, set()):
                # CUDA::cudart and CUDA::cuda_driver are both hip::host: name it once.
                blank = len(code[: match.start()]) - len(code[: match.start()].rstrip(" \t"))
                yield Edit(start - blank, end, "")
            else:
                linked[statement].add(target)
                yield Edit(start, end, target)
            yield Usage(match.group(), "build-system", "cmake-library", start, True, target)
    for line_start, packages in inserts.items():
        line = text[line_start:]
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        yield Edit(line_start, line_start,
                   "".join(f"{indent}find_package({p} REQUIRED)\n" for p in packages))


def _statement_start(text: str, commands, offset: int) -> int:
    """Start of the line where the command around OFFSET begins."""
    index = bisect.bisect_right([c.start for c in commands], offset) - 1
    if index >= 0 and commands[index].start <= offset < commands[index].end:
        offset = commands[index].start
    return text.rfind("\n", 0, offset) + 1


RULE = Rule("R504", "cmake-cuda-library", "CUDA:: targets and library variables become HIP ones",
            check, "build-system", __doc__, languages=frozenset({"cmake"}))
