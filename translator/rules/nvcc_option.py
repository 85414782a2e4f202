"""R513 nvcc-option: nvcc-only compiler options that hipcc spells differently or lacks.

What it does
------------
Maps nvcc options to hipcc (clang) ones: ``-Xcompiler A,B`` → ``A B``,
``--use_fast_math`` → ``-ffast-math``, ``-x cu`` (a ``.cc`` file compiled as CUDA) →
``-x hip``, ``-rdc=true`` → ``-fgpu-rdc``, ``-dc`` →
``-fgpu-rdc -c``, ``--default-stream per-thread`` → ``-fgpu-default-stream=per-thread``,
``-lineinfo`` → ``-gline-tables-only``, ``--resource-usage`` →
``-Rpass-analysis=kernel-resource-usage``, ``-fatbin``/``-cubin`` (a device binary for
the module API) → ``--genco`` (a code object for ``hipModuleLoad``). Drops options
clang does not need
(``--expt-extended-lambda``, ``--expt-relaxed-constexpr``, ``-Wno-deprecated-gpu-targets``,
``-rdc=false``) and options with no AMD counterpart (``-Xptxas``, ``-maxrregcount``,
``-ccbin``, ``-cudart``, ``-Xnvlink``), which W501 reports.

Why
---
``hipcc`` passes unknown options to clang, which stops with "unknown argument".

Example (CUDA)
--------------
    NVCCFLAGS = -O2 --use_fast_math -Xcompiler -fopenmp,-Wall --expt-extended-lambda

Output (HIP)
------------
    NVCCFLAGS = -O2 -ffast-math -fopenmp -Wall

Limits
------
Options are found in CMake files and Makefiles everywhere, and in scripts only on lines
that name nvcc. Options split across variables (``-Xcompiler $(HOSTFLAGS)``) become the
variable's value unchanged; a value is one word, a quoted string or make/CMake variable
references (``-ccbin $(HOST_COMPILER)``), never a lone parenthesis.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.nvcc_flags import FLAG_LANGUAGES, nvcc_options


def check(unit) -> Iterator[Finding]:
    python = unit.language in ("python", "python-deps")
    for offset, match, replacement, _message in nvcc_options(unit.source, unit.language):
        start, end = offset + match.start(), offset + match.end()
        if replacement is None and python and _whole_string(match):
            start, end = _list_item(unit.source, start, end)
            text = ""
        elif replacement is None:
            before = match.string[: match.start()]
            start -= len(before) - len(before.rstrip(" \t"))
            text = ""
        elif "{host}" in replacement:
            value = match.group("value").strip("\"'")
            text = " ".join(part for part in value.split(",") if part)
        else:
            text = replacement
        yield Edit(start, end, text)
        yield Usage(match.group().split()[0].split("=")[0], "build-system", "nvcc-flag", start,
                    True, text)


def _whole_string(match) -> bool:
    """The option is a whole Python string literal ("-Xptxas=-v"): dropping it must drop
    the literal, or hipcc gets an empty argument."""
    text, start, end = match.string, match.start(), match.end()
    return 0 < start and end < len(text) and text[start - 1] == text[end] and \
        text[end] in "\"'"


def _list_item(source: str, start: int, end: int) -> tuple[int, int]:
    """The span of the string literal around START..END with its comma and the blanks
    after it (or, for a last item, the comma and blanks before it)."""
    start, end = start - 1, end + 1
    after = re.match(r"\s*,[ \t]*\n?[ \t]*", source[end:])
    if after:
        return start, end + after.end()
    before = re.search(r",\s*$", source[:start])
    return (before.start() if before else start), end


RULE = Rule("R513", "nvcc-option", "nvcc-only options become hipcc options or are dropped",
            check, "build-system", __doc__, languages=FLAG_LANGUAGES)
