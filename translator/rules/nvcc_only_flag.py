"""W501 nvcc-only-flag: an nvcc option whose meaning has no AMD counterpart.

What it finds
-------------
``-Xptxas``/``--ptxas-options``, ``-maxrregcount``, ``-ccbin``, ``-cudart`` and
``-Xnvlink`` in build files and nvcc command lines. R513 drops them so that hipcc
accepts the command; this finding says what was lost.

Why it matters on AMD
---------------------
Register caps and assembler options tuned occupancy on NVIDIA GPUs. On AMD the same
intent is expressed in the code (``__launch_bounds__``), so dropping the flag silently
could change performance.

Example
-------
    NVCCFLAGS = -O3 -maxrregcount 64

Suggested fix
-------------
Put ``__launch_bounds__(threads, blocks)`` on the kernels that needed the cap, then
measure occupancy with ``rocprof``.

Limits
------
Only options spelled literally are seen; options assembled from variables are not.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.diagnostics import Diagnostic
from translator.rules.base import Finding, Rule
from translator.source.nvcc_flags import FLAG_LANGUAGES, nvcc_options


def check(unit) -> Iterator[Finding]:
    for offset, match, _replacement, message in nvcc_options(unit.source, unit.language):
        if message is not None:
            yield Diagnostic("W501", f"{match.group()}: {message}", offset=offset + match.start())


RULE = Rule("W501", "nvcc-only-flag", "an nvcc option with no AMD counterpart was dropped",
            check, "build-system", __doc__, languages=FLAG_LANGUAGES)
