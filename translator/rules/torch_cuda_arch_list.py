"""R522 torch-cuda-arch-list: PyTorch's ``TORCH_CUDA_ARCH_LIST`` and its NVIDIA targets.

What it does
------------
In shell scripts, Python files (``setup.py``), CI files and build files renames
``TORCH_CUDA_ARCH_LIST`` → ``PYTORCH_ROCM_ARCH`` and, on the same line, replaces a list
of NVIDIA compute capabilities (``"8.0;8.6;9.0"``, ``8.0 9.0+PTX``) by the options' AMD
targets (``gfx942``), keeping the list's separator.

Why
---
PyTorch's extension build (``torch.utils.cpp_extension``) reads ``PYTORCH_ROCM_ARCH``
on ROCm to choose the ``--offload-arch`` targets; ``TORCH_CUDA_ARCH_LIST`` is ignored
there, and compute capabilities mean nothing to AMD GPUs.

Example (CUDA)
--------------
    export TORCH_CUDA_ARCH_LIST="8.0;9.0"

Output (HIP)
------------
    export PYTORCH_ROCM_ARCH="gfx942"

Limits
------
A list assembled elsewhere (a variable, a loop) keeps its values: only a literal list on
the line of the name is replaced.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import ENVIRONMENT_LANGUAGES, code_spans

_NAME = re.compile(r"(?<!\w)TORCH_CUDA_ARCH_LIST(?!\w)")
#: A list of compute capabilities: 8.0, 8.6+PTX, 9.0a, separated by ';' or blanks.
_CAPABILITIES = re.compile(r"(?<![\w.])\d{1,2}\.\d[a-z]?(?:\+PTX)?"
                           r"(?:(?P<separator>[; ]+)\d{1,2}\.\d[a-z]?(?:\+PTX)?)*(?![\w.])")


def check(unit) -> Iterator[Finding]:
    if unit.language not in ENVIRONMENT_LANGUAGES or \
            "TORCH_CUDA_ARCH_LIST" not in unit.source:
        return
    archs = unit.options.offload_archs or ("gfx942",)
    for offset, code in code_spans(unit.source):
        names = list(_NAME.finditer(code))
        for match in names:
            yield Edit(offset + match.start(), offset + match.end(), "PYTORCH_ROCM_ARCH")
            yield Usage(match.group(), "build-system", "environment", offset + match.start(),
                        True, "PYTORCH_ROCM_ARCH")
        if names:
            for listed in _CAPABILITIES.finditer(code, names[0].end()):
                separator = (listed.group("separator") or ";").strip() or " "
                yield Edit(offset + listed.start(), offset + listed.end(),
                           separator.join(archs))


RULE = Rule("R522", "torch-cuda-arch-list", "TORCH_CUDA_ARCH_LIST becomes PYTORCH_ROCM_ARCH",
            check, "build-system", __doc__, languages=ENVIRONMENT_LANGUAGES)
