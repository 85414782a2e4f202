"""R523 nvidia-smi: NVIDIA's GPU management tool in scripts.

What it does
------------
In shell scripts, Python files, CI files and Makefiles replaces a bare ``nvidia-smi`` by
``rocm-smi`` (its table of the AMD GPUs) and ``nvidia-smi -L``/``--list-gpus`` by
``rocm-smi --showproductname``. An ``nvidia-smi`` with other options (``--query-gpu=...``, ``-q``,
``--format``, ``-i``, clocks and power settings) is left as it is and reported: those
options have no ``rocm-smi`` spelling.

Why
---
ROCm machines have no ``nvidia-smi``; a script that calls it to show or check the GPUs
fails there before it reaches the work.

Example (CUDA)
--------------
    nvidia-smi
    nvidia-smi --query-gpu=name,memory.total --format=csv

Output (HIP)
------------
    rocm-smi
    nvidia-smi --query-gpu=name,memory.total --format=csv   # reported

Limits
------
The reported queries need a person: ``rocm-smi --showproductname``,
``--showmeminfo vram`` and ``--showuse`` (or ``amd-smi static``/``amd-smi metric``)
cover most of them, with another output format.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Diagnostic, Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import ENVIRONMENT_LANGUAGES, code_spans

_TOOL = re.compile(r"(?<![\w.-])nvidia-smi(?![\w.-])(?P<options>(?:[ \t]+-[-\w=,.]*)*)")
_LISTING = re.compile(r"(?:[ \t]+(?:-L|--list-gpus))*")


def check(unit) -> Iterator[Finding]:
    if unit.language not in ENVIRONMENT_LANGUAGES or "nvidia-smi" not in unit.source:
        return
    for offset, code in code_spans(unit.source):
        for match in _TOOL.finditer(code):
            start = offset + match.start()
            options = match.group("options")
            if _LISTING.fullmatch(options):
                text = "rocm-smi --showproductname" if options.strip() else "rocm-smi"
                yield Edit(start, offset + match.end(), text)
                yield Usage("nvidia-smi", "build-system", "tool", start, True, text)
            else:
                yield Diagnostic("R523", "nvidia-smi with options rocm-smi does not spell the "
                                 "same way: use rocm-smi --showproductname, --showmeminfo "
                                 "vram or --showuse (or amd-smi) and read its output",
                                 offset=start)
                yield Usage("nvidia-smi", "build-system", "tool", start, False)


RULE = Rule("R523", "nvidia-smi", "nvidia-smi becomes rocm-smi", check, "build-system",
            __doc__, languages=ENVIRONMENT_LANGUAGES)
