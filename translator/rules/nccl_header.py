"""R541 nccl-header: the NCCL header in C/C++ sources.

What it does
------------
Rewrites ``#include <nccl.h>`` and ``#include "nccl.h"`` to ``#include <rccl/rccl.h>``.
The NCCL API names (``ncclAllReduce``, ``ncclComm_t``...) are the same in RCCL, so
nothing else in the code changes; link flags and CMake packages are R514/R503/R504's.

Why
---
RCCL is AMD's implementation of the NCCL API; ROCm installs its header as
``rccl/rccl.h`` and there is no ``nccl.h`` on a ROCm machine.

Example (CUDA)
--------------
    #include <nccl.h>

Output (HIP)
------------
    #include <rccl/rccl.h>

In a tree that provides ``nccl.h`` itself (NCCL's own sources, with ``nccl.h.in``, or a
project that ships its copy) the header is the project's: its includes are left as
written, and one note, on the header (or the first file that includes it), says so.

Limits
------
RCCL lags NCCL in a few newer calls; those fail to compile and show in the compile
check.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.diagnostics import Diagnostic, Severity, Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule


def check(unit) -> Iterator[Finding]:
    # Only in files named as C/C++ sources: translate() also runs its rules on unnamed
    # text and on a build file given on the command line.
    if not unit.mentions("nccl.h") or unit.language != "c++":
        return
    own = dict(unit.options.tree.own_libraries).get("nccl")
    if own is not None:
        if unit.path == own:
            yield Diagnostic(
                "R541", "nccl.h is this project's own header (it provides NCCL's API itself): "
                "its includes are left as written, not pointed at RCCL's rccl/rccl.h",
                offset=0, severity=Severity.NOTE)
        return
    for directive in unit.directives:
        if directive.keyword != "include" or not directive.tokens:
            continue
        token = directive.tokens[0]
        if token.text in ('"nccl.h"', "<nccl.h>"):
            yield Edit(token.start, token.end, "<rccl/rccl.h>")
            yield Usage("nccl.h", "build-system", "header", token.start, True, "rccl/rccl.h")


RULE = Rule("R541", "nccl-header", "nccl.h becomes rccl/rccl.h", check, "build-system", __doc__,
            mentions=("nccl.h",))
