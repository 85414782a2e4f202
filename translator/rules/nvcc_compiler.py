"""R511 nvcc-compiler: the nvcc program named in build files and scripts.

What it does
------------
Replaces the word ``nvcc`` (with any ``.../bin/`` prefix such as
``$(CUDA_HOME)/bin/nvcc`` or ``/usr/local/cuda/bin/nvcc``) by ``hipcc`` in Makefiles,
CMake files, shell scripts, Python launchers and CI files. Variable names such as
``NVCC`` or ``NVCC_FLAGS`` are kept, so the rest of the build still refers to them.

When the tree calls ``*_sync`` warp functions (and the target HIP is 6.2 or newer), a
Makefile's compiler (the value of an assignment such as ``NVCC := nvcc``, or the command
of a recipe line) becomes ``hipcc -DHIP_ENABLE_WARP_SYNC_BUILTINS``; CMake builds get
``add_compile_definitions(HIP_ENABLE_WARP_SYNC_BUILTINS)`` from R501/R503.

Why
---
``hipcc`` is the HIP compiler driver; it accepts CUDA-style sources once the other R5xx
rules have mapped nvcc's own flags. ROCm 6.2 to 6.x declare the ``*_sync`` warp
functions only when ``HIP_ENABLE_WARP_SYNC_BUILTINS`` is defined (ROCm 7 always does,
and ignores the macro).

Example (CUDA)
--------------
    NVCC ?= $(CUDA_HOME)/bin/nvcc

Output (HIP)
------------
    NVCC ?= hipcc

Limits
------
Comments are left alone, and so is the ``"nvcc"`` key of a PyTorch extension's
``extra_compile_args`` (PyTorch passes it to hipcc on ROCm; its flags get the warp-sync
definition first, when the tree calls ``*_sync`` functions). The warp-sync definition is
not added to shell scripts, to ``nvcc`` words elsewhere in a Makefile or to Makefiles
whose compiler is not nvcc; a compiler looked up on PATH (``NVCC := $(shell which
nvcc)``) gets it after the lookup.
``hipcc`` is assumed to be on ``PATH``; a build that needs a
specific ROCm install should set ``HIPCC`` or ``PATH`` itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import (
    WARP_SYNC_DEFINE,
    code_spans,
    defines_warp_sync,
)
from translator.source.nvcc_flags import FLAG_LANGUAGES, NVCC_WORD

#: What precedes a Makefile's compiler: a variable assignment, or a recipe's command start.
_COMPILER_POSITION = re.compile(r"\s*(?:[\w.]+\s*(?:::=|:=|\?=|\+=|!=|=)\s*|\t[@+-]*\s*)")
#: An assignment that looks the compiler up on PATH: ``NVCC := $(shell which nvcc)``.
_LOOKUP_POSITION = re.compile(r"\s*(?P<name>[\w.]+)\s*(?:::=|:=|\?=|=)\s*\$[({]shell\s+"
                              r"(?:which|command\s+-v|type\s+-p)\s+")


def check(unit) -> Iterator[Finding]:
    language = unit.language
    if not unit.mentions("nvcc"):
        return
    compiler_flags = language == "make" and defines_warp_sync(unit.options)
    # PyTorch's extension build reads extra_compile_args["nvcc"] for hipcc too on ROCm
    torch_extension = language in ("python", "python-deps") and "cpp_extension" in unit.source
    if torch_extension and defines_warp_sync(unit.options):
        yield from _torch_warp_sync(unit.source)
    for offset, code in code_spans(unit.source):
        for match in NVCC_WORD.finditer(code):
            start = offset + match.start()
            if torch_extension and re.match(r"[\"']\s*:", code[match.end():]):
                continue
            hipcc = "hipcc"
            before = code[: match.start()]
            if compiler_flags and _COMPILER_POSITION.fullmatch(before):
                hipcc += f" -D{WARP_SYNC_DEFINE}"
            elif compiler_flags and (lookup := _LOOKUP_POSITION.fullmatch(before)) and \
                    _runs_as_compiler(unit.source, lookup.group("name")):
                close = code.find(")" if "$(" in before else "}", match.end())
                if close >= 0:  # after the lookup: $(shell which hipcc) -D...
                    yield Edit(offset + close + 1, offset + close + 1,
                               f" -D{WARP_SYNC_DEFINE}")
            if match.group("path") == "/bin/" and code[match.start() - 1: match.start()] in \
                    ("'", '"'):  # "/bin/nvcc" joined to a variable: the path stays
                hipcc = "/bin/" + hipcc
            yield Edit(start, offset + match.end(), hipcc)
            yield Usage(match.group(), "build-system", "compiler", start, True, "hipcc")


def _torch_warp_sync(text: str) -> Iterator[Finding]:
    """The warp-sync definition first in a PyTorch extension's ``"nvcc"`` flags: the list
    given there, or the one assigned to the variable given there."""
    given = re.search(r"[\"']nvcc[\"']\s*:\s*(?:(?P<list>\[)|(?P<name>[A-Za-z_]\w*))", text)
    if given is None or WARP_SYNC_DEFINE in text:
        return
    if given.group("list"):
        at = given.end("list")
    else:
        assigned = re.search(rf"^\s*{given.group('name')}\s*=\s*\[", text, re.M)
        if assigned is None:
            return
        at = assigned.end()
    item = f'"-D{WARP_SYNC_DEFINE}",'
    if text.startswith("\n", at):  # one item a line: a line of its own, indented as the next
        indent = text[at + 1:][: len(text[at + 1:]) - len(text[at + 1:].lstrip(" \t"))]
        yield Edit(at, at, f"\n{indent}{item}")
    else:
        yield Edit(at, at, item + " ")


def _runs_as_compiler(text: str, name: str) -> bool:
    """Whether a recipe line of TEXT starts with the variable NAME (``\t$(NVCC) ...``)."""
    return re.search(rf"^\t[@+-]*\s*\$[({{]{re.escape(name)}[)}}]", text, re.M) is not None


RULE = Rule("R511", "nvcc-compiler", "the nvcc compiler driver becomes hipcc", check,
            "build-system", __doc__, languages=FLAG_LANGUAGES, mentions=("nvcc",))
