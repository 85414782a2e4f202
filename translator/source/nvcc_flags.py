"""nvcc command lines: which lines carry them, and what each nvcc-only flag becomes.

Shared by the rules that rewrite compiler invocations (R511-R514, R516, W501, W502); the
flags the compile check takes from a project's build are translator/compile/flags.py and
translator/tree/build_flags.py. A table, not logic: each entry is a pattern for one nvcc
flag (with its value), the hipcc spelling (``None`` = drop) and, for flags whose meaning
is lost, the message a person should read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.source.build_text import code_spans

__all__ = ["flag_lines", "nvcc_options", "FLAG_LANGUAGES", "NVCC_OPTIONS", "LIBRARIES", "ARCH_FLAG",
           "NVCC_WORD", "VALUE", "TOOLKIT", "TOOLKIT_FLAG"]

#: Languages of the files that may hold nvcc command lines or flag variables (setup.py is
#: "python-deps": it lists dependencies, and builds extensions).
FLAG_LANGUAGES = frozenset(("make", "cmake", "shell", "python", "python-deps", "ci"))

#: The nvcc program as a word: ``nvcc``, ``/usr/local/cuda/bin/nvcc``, ``$(CUDA_HOME)/bin/nvcc``.
NVCC_WORD = re.compile(
    r"(?<![\w.+/-])(?P<path>(?:\$[({]?\w+[)}]?|[\w.+-]*)?(?:/[\w.+-]+)*/bin/)?nvcc(?![\w.+-])"
)
#: A make or CMake variable reference, $(NAME) or ${NAME}: part of a flag's value. A bare
#: parenthesis is not, so a flag inside $(foreach ...) or set(...) keeps the closing one.
_VARIABLE = r"\$[({][\w.-]+[)}]"
#: A flag's value: words, variable references, quoted text; never an unbalanced parenthesis.
VALUE = r"(?:\"[^\"]*\"|'[^']*'|(?:" + _VARIABLE + r"|[^\s()<>;$\"']|\$(?![({]))+)"
_ARCH_VALUE = rf"(?:{_VARIABLE}|[\w,=\[\]])+"
#: Architecture flags: -arch=sm_80, -arch sm_80, --gpu-architecture=compute_80, -gencode ...
ARCH_FLAG = re.compile(
    rf"(?<![\w-])(?:(?:-arch|--gpu-architecture)(?:=|[ \t]+)(?:sm|compute|lto)_{_ARCH_VALUE}"
    rf"|(?:-arch|--gpu-architecture)(?:=|[ \t]+)(?:native|all|all-major|{_VARIABLE})"
    rf"|(?:-gencode|--generate-code)(?:=|[ \t]+)[\"']?arch={_ARCH_VALUE}[\"']?"
    rf"|(?:-code|--gpu-code)(?:=|[ \t]+){_ARCH_VALUE})(?![\w-])"
)

#: A CUDA toolkit's folder: the usual install path or the variables that hold it.
TOOLKIT = (r"(?:/usr/local/cuda(?:-[\d.]+)?|\$[({](?:CUDA_HOME|CUDA_PATH|CUDA_ROOT|CUDA_DIR"
           r"|CUDA_TOOLKIT_ROOT_DIR|CUDA_INSTALL_PATH)[)}])")
#: An include or library flag into a CUDA toolkit (``-I/usr/local/cuda/include``,
#: ``-L$(CUDA_HOME)/lib64``): R516 rewrites them in Makefiles, W502 leaves them to it.
TOOLKIT_FLAG = re.compile(
    rf"(?<![\w-])(?:(?P<include>(?:-I|-isystem)[ \t]*{TOOLKIT}/include)"
    rf"|(?P<library>-L[ \t]*{TOOLKIT}/lib(?:64)?(?:/stubs)?))(?![\w/.-])"
)

#: (pattern, hipcc replacement or None to drop, message for a person or None)
NVCC_OPTIONS: tuple[tuple[re.Pattern, str | None, str | None], ...] = tuple(
    (re.compile(r"(?<![\w-])(?:" + pattern + r")(?![\w-])"), replacement, message)
    for pattern, replacement, message in (
        (r"(?:-Xcompiler|--compiler-options)(?:=|[ \t]+)(?P<value>" + VALUE + ")",
         "{host}", None),
        (r"--?use_fast_math", "-ffast-math", None),
        # nvcc's name for the CUDA language; clang's "-x cu" would look for a CUDA toolkit.
        (r"--?x(?:=|[ \t]+)cu", "-x hip", None),
        (r"(?:-rdc|--relocatable-device-code)(?:=|[ \t]+)true", "-fgpu-rdc", None),
        (r"(?:-rdc|--relocatable-device-code)(?:=|[ \t]+)false", None, None),
        (r"-dc", "-fgpu-rdc -c", None),
        (r"--?(?:expt-extended-lambda|extended-lambda|expt-relaxed-constexpr)", None, None),
        (r"(?:--default-stream|-default-stream)(?:=|[ \t]+)per-thread",
         "-fgpu-default-stream=per-thread", None),
        (r"-lineinfo|--generate-line-info", "-gline-tables-only", None),
        (r"-Wno-deprecated-gpu-targets", None, None),
        (r"(?:-cudart|--cudart)(?:=|[ \t]+)(?:static|shared|none)", None,
         "hipcc always links the shared HIP runtime; nvcc's -cudart choice was dropped"),
        (r"(?:-ccbin|--compiler-bindir)(?:=|[ \t]+)" + VALUE, None,
         "hipcc is clang and compiles host code itself; the nvcc host compiler was dropped"),
        (r"(?:-Xptxas|--ptxas-options)(?:=|[ \t]+)" + VALUE, None,
         "ptxas options have no AMD counterpart and were dropped; for register limits use "
         "__launch_bounds__ in the code"),
        (r"(?:-maxrregcount|--maxrregcount)(?:=|[ \t]+)\d+", None,
         "AMD has no per-file register cap; use __launch_bounds__ on the kernels instead"),
        (r"(?:-Xnvlink|--nvlink-options)(?:=|[ \t]+)" + VALUE, None,
         "nvlink options have no AMD counterpart and were dropped"),
        (r"--resource-usage|-res-usage", "-Rpass-analysis=kernel-resource-usage", None),
        # A device-only binary for the module API (cuModuleLoad): a code object on AMD.
        (r"--?fatbin|--?cubin", "--genco", None),
    )
)

#: nvcc/CUDA link libraries -> (HIP library, ROC library for --roc).
LIBRARIES: dict[str, tuple[str, str]] = {
    "cudart": ("amdhip64", "amdhip64"),
    "cudart_static": ("amdhip64", "amdhip64"),
    "cuda": ("amdhip64", "amdhip64"),
    "cublas": ("hipblas", "rocblas"),
    "cublasLt": ("hipblaslt", "hipblaslt"),
    "curand": ("hiprand", "rocrand"),
    "cusparse": ("hipsparse", "rocsparse"),
    "cufft": ("hipfft", "rocfft"),
    "cusolver": ("hipsolver", "rocsolver"),
    "nccl": ("rccl", "rccl"),
    "cudnn": ("MIOpen", "MIOpen"),
    "nvToolsExt": ("roctx64", "roctx64"),
    "nvrtc": ("hiprtc", "hiprtc"),
}


def flag_lines(text: str, language: str) -> Iterator[tuple[int, str]]:
    """(offset, code) of the lines of TEXT, a file in LANGUAGE, that may carry nvcc flags.

    In CMake files and Makefiles every line does (flag variables are set far from the
    nvcc call), and in a Python file that builds a PyTorch extension
    (``torch.utils.cpp_extension``: its ``extra_compile_args["nvcc"]`` go to hipcc on
    ROCm); in scripts, CI and other Python files only lines that name nvcc; in any other
    file none.
    """
    if language not in FLAG_LANGUAGES:
        return
    every = language in ("cmake", "make") or (
        language in ("python", "python-deps") and "cpp_extension" in text)
    for offset, code in code_spans(text):
        if every or NVCC_WORD.search(code):
            yield offset, code


def nvcc_options(text: str,
                 language: str) -> Iterator[tuple[int, re.Match, str | None, str | None]]:
    """(line offset, match, replacement, message) of every ``NVCC_OPTIONS`` entry on the
    flag lines of TEXT (``flag_lines``): line by line, in table order within a line. The
    match is made on the line's code (``match.string``), so the line offset plus
    ``match.start()`` is its place in the file."""
    for offset, code in flag_lines(text, language):
        if "-" not in code:
            continue  # every option begins with "-": most lines of a CMake file have none
        for pattern, replacement, message in NVCC_OPTIONS:
            for match in pattern.finditer(code):
                yield offset, match, replacement, message
