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

from collections.abc import Iterator

from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import ENVIRONMENT_LANGUAGES, environment_variables

VARIABLES = {
    "CUDA_VISIBLE_DEVICES": "HIP_VISIBLE_DEVICES",
    "CUDA_LAUNCH_BLOCKING": "HIP_LAUNCH_BLOCKING",
}


def check(unit) -> Iterator[Finding]:
    for offset, name in environment_variables(unit.source, unit.language, tuple(VARIABLES)):
        target = VARIABLES[name]
        yield Edit(offset, offset + len(name), target)
        yield Usage(name, "build-system", "environment", offset, True, target)


RULE = Rule("R521", "cuda-environment-variable", "CUDA_VISIBLE_DEVICES and friends become HIP_*",
            check, "build-system", __doc__, languages=ENVIRONMENT_LANGUAGES)
