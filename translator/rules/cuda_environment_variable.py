"""R521 cuda-environment-variable: CUDA runtime environment variables with a HIP twin.

What it does
------------
In shell scripts, Python launchers, CI files, Makefiles and CMake files renames
``CUDA_VISIBLE_DEVICES`` → ``HIP_VISIBLE_DEVICES`` and ``CUDA_LAUNCH_BLOCKING`` →
``HIP_LAUNCH_BLOCKING`` wherever the name appears outside comments (``export``,
Python environment mappings, ``env:`` maps, ``$VAR`` uses).

Why
---
The HIP runtime reads the HIP names; keeping the CUDA names makes device selection and
synchronous launches silently stop working on a ROCm machine.

Example (CUDA)
--------------
    export CUDA_VISIBLE_DEVICES=0,1
    CUDA_LAUNCH_BLOCKING=1 python train.py

Output (HIP)
------------
    export HIP_VISIBLE_DEVICES=0,1
    HIP_LAUNCH_BLOCKING=1 python train.py

Limits
------
Names built at run time (``"CUDA_" + name``) are not seen. Variables without a HIP
twin are reported by W521. ``NCCL_*`` variables keep their names: RCCL reads them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.buildtext import code_spans, unit_language
from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule

LANGUAGES = frozenset(("shell", "python", "ci", "make", "cmake", "python-deps"))
VARIABLES = {
    "CUDA_VISIBLE_DEVICES": "HIP_VISIBLE_DEVICES",
    "CUDA_LAUNCH_BLOCKING": "HIP_LAUNCH_BLOCKING",
}
_NAME = re.compile(r"(?<![\w])(?P<name>" + "|".join(VARIABLES) + r")(?!\w)")


def check(unit) -> Iterator[Finding]:
    if unit_language(unit) not in LANGUAGES or "CUDA_" not in unit.source:
        return
    for offset, code in code_spans(unit.source):
        for match in _NAME.finditer(code):
            target = VARIABLES[match.group("name")]
            yield Edit(offset + match.start(), offset + match.end(), target)
            yield Usage(match.group(), "build-system", "environment", offset + match.start(),
                        True, target)


RULE = Rule("R521", "cuda-environment-variable", "CUDA_VISIBLE_DEVICES and friends become HIP_*",
            check, "build-system", __doc__)
