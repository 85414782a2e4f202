"""R531 cuda-python-package: Python dependencies pinned to CUDA builds.

What it does
------------
In ``requirements*.txt``, ``constraints*.txt``, ``pyproject.toml``, ``setup.py``,
``setup.cfg``, ``Pipfile`` and conda ``environment.yml`` files:
PyTorch wheel indexes ``https://download.pytorch.org/whl/cuXXX`` become
``.../whl/rocmX.Y``; local versions ``+cuXXX`` (``torch==2.3.0+cu121``) become
``+rocmX.Y``; packages with a ROCm build are renamed (``tensorflow[and-cuda]`` →
``tensorflow-rocm``, see ``translator/data/python_packages.tsv``). Packages without
one are reported by W531.

Why
---
CUDA wheels install and import on a ROCm machine but find no GPU, or fail to load
``libcudart``; the ROCm wheels are separate builds.

Example (CUDA)
--------------
    --extra-index-url https://download.pytorch.org/whl/cu121
    torch==2.3.0+cu121

Output (HIP)
------------
    --extra-index-url https://download.pytorch.org/whl/rocm6.2
    torch==2.3.0+rocm6.2

Limits
------
The ROCm tag is ``rocm6.2`` unless the options name a HIP version of 6.0 or later
(``--hip-version 6.3`` gives ``rocm6.3``); whether your pinned torch version was built
for that ROCm release must still be checked on the index.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.data.python_packages import package_table, rocm_tag
from translator.diagnostics import Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.build_text import code_spans

_INDEX = re.compile(r"(?P<base>https?://download\.pytorch\.org/whl/(?:nightly/|test/)?)"
                    r"(?P<tag>cu\d+)(?![\w.])")
_LOCAL_VERSION = re.compile(r"(?<=\d)\+(?P<tag>cu\d+)(?![\w.])")


def check(unit) -> Iterator[Finding]:
    tag = rocm_tag(unit.options)
    for offset, code in code_spans(unit.source):
        for match in _INDEX.finditer(code):
            start = offset + match.start("tag")
            yield Edit(start, offset + match.end("tag"), tag)
            yield Usage(match.group(), "build-system", "python-package", start, True, tag)
        for match in _LOCAL_VERSION.finditer(code):
            start = offset + match.start("tag")
            yield Edit(start, offset + match.end("tag"), tag)
            yield Usage("+" + match.group("tag"), "build-system", "python-package", start, True,
                        tag)
        for entry, match in package_table().find(code):
            if entry.action == "rewrite":
                start = offset + match.start()
                yield Edit(start, offset + match.end(), entry.replacement)
                yield Usage(match.group(), "build-system", "python-package", start, True,
                            entry.replacement)


RULE = Rule("R531", "cuda-python-package", "CUDA builds of Python packages become ROCm builds",
            check, "build-system", __doc__, languages=frozenset({"python-deps"}))
