"""R512 nvcc-arch-flag: NVIDIA GPU architecture flags of nvcc.

What it does
------------
Replaces ``-arch=sm_XX``, ``-arch sm_XX``, ``--gpu-architecture=...``, every
``-gencode arch=compute_XX,code=sm_XX`` and ``-code=...`` on a line by one set of
``--offload-arch=gfxNNN`` flags, one per target in the options (``gfx942`` by
default). Architecture flags that directly follow another one are removed; flags in
other places of the line (make ``$(if ...)`` branches) are replaced too. Variable
references in values (``sm_$(SM)``) belong to the flag; a closing parenthesis of the
surrounding ``$(foreach ...)`` or CMake call does not.

Why
---
AMD GPUs are named by their ISA (``gfx942`` for MI300X); NVIDIA's ``sm_XX`` values mean
nothing to ``hipcc``, and several ``-gencode`` flags collapse into one target list.

Example (CUDA)
--------------
    NVCCFLAGS := -O3 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90

Output (HIP)
------------
    NVCCFLAGS := -O3 --offload-arch=gfx942

Limits
------
The targets come from the options, not from the CUDA architectures (there is no
meaningful mapping). In scripts and CI files only lines that name ``nvcc`` are changed.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import offload_arch_flags
from translator.source.nvcc_flags import ARCH_FLAG, FLAG_LANGUAGES, flag_lines


def check(unit) -> Iterator[Finding]:
    replacement = offload_arch_flags(unit.options)
    for offset, code in flag_lines(unit.source, unit.language):
        matches = list(ARCH_FLAG.finditer(code))
        for index, match in enumerate(matches):
            start, end = offset + match.start(), offset + match.end()
            between = code[matches[index - 1].end() : match.start()] if index else "x"
            if between.strip(" \t"):  # the first of a run (not the next word of a list)
                yield Edit(start, end, replacement)
            else:  # drop the flag and the blanks before it
                yield Edit(start - len(between), end, "")
            yield Usage(match.group(), "build-system", "nvcc-flag", start, True, replacement)


RULE = Rule("R512", "nvcc-arch-flag", "sm_XX/-gencode flags become --offload-arch", check,
            "build-system", __doc__, languages=FLAG_LANGUAGES)
