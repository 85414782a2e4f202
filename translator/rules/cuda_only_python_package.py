"""W531 cuda-only-python-package: a Python dependency with no ROCm build to switch to.

What it finds
-------------
Packages in dependency files whose published wheels are CUDA builds and which have no
drop-in ROCm wheel: ``cupy-cuda12x``, ``nvidia-*`` runtime wheels, ``flashinfer``,
``flash-attn``, ``xformers``, ``pycuda``, ``onnxruntime-gpu``, TensorRT, RAPIDS
``-cu12`` packages, ``jax[cuda12]`` (the table is ``translator/data/python_packages.tsv``),
and wheel links (``-f``/``--find-links``/``--extra-index-url``) to CUDA builds
other than PyTorch's.

Why it matters on AMD
---------------------
Installing them on a ROCm machine either fails or installs code that cannot use the GPU;
each needs a choice only a person can make (a ROCm fork, a source build, another library).

Example
-------
    cupy-cuda12x==13.0.0
    -f https://flashinfer.ai/whl/cu121/torch2.4

Suggested fix
-------------
Follow the finding's message: e.g. build ``cupy`` with ``CUPY_INSTALL_USE_HIP=1``, drop
``nvidia-*`` wheels, use AMD's kernels instead of FlashInfer.

Limits
------
Dependencies computed in ``setup.py`` code are not evaluated.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.data.python_packages import package_table
from translator.diagnostics import Diagnostic, Usage
from translator.rules.base import Finding, Rule
from translator.source.build_text import code_spans

_CUDA_LINK = re.compile(r"(?:-f|--find-links|--extra-index-url|--index-url)[ =]+"
                        r"(?P<url>(?!https?://download\.pytorch\.org/)\S*/cu\d+\S*)")


def check(unit) -> Iterator[Finding]:
    for offset, code in code_spans(unit.source):
        for entry, match in package_table().find(code):
            if entry.action == "report":
                start = offset + match.start()
                yield Diagnostic("W531", f"{match.group()}: {entry.message}", offset=start)
                yield Usage(match.group(), "build-system", "python-package", start, False)
        for match in _CUDA_LINK.finditer(code):
            yield Diagnostic("W531", f"{match.group('url')} serves CUDA builds; find the ROCm "
                             "build of these wheels or build them from source",
                             offset=offset + match.start("url"))


RULE = Rule("W531", "cuda-only-python-package", "a CUDA-only Python dependency needs a choice",
            check, "build-system", __doc__, languages=frozenset({"python-deps"}))
