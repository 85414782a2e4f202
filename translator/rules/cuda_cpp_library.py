"""R105 cuda-cpp-library: reports the CUDA C++ library (libcu++), which HIP lacks.

What it does
------------
Reports, and leaves as they are, ``#include`` directives of libcu++ headers
(``<cuda/std/atomic>``, ``<cuda/barrier>``, ``<cuda/pipeline>``, ``<nv/target>``...)
and every ``cuda::`` name in code (``cuda::std::atomic``, ``cuda::memcpy_async``,
``cuda::thread_scope_block``), each with its line and column, like any CUDA name left
untranslated. A ``cuda::`` name counts as libcu++ when the file includes one of its
headers or uses ``cuda::std::``; otherwise ``cuda`` may be a project's own namespace
(OpenCV's ``cv::cuda``, PyTorch's ``at::cuda``) and is left alone, as is any
``cuda::`` that follows another ``::`` or that the file declares itself.

Why
---
libcu++ (part of NVIDIA's CCCL) comes with the CUDA toolkit; HIP has no ``cuda::``
namespace and ROCm installs none of these headers, so each use needs a decision: the
``std::`` form where device code allows it (``std::sqrt``), HIP's atomic functions or
``__hip_atomic_*`` builtins for ``cuda::atomic_ref``, barriers and ``__syncthreads`` for
``cuda::barrier``. The API table has no rows for them, so R101 does not see them.

Example (CUDA)
--------------
```
#include <cuda/std/atomic>
cuda::std::atomic<int> counter;
```

Output (HIP)
------------
```
#include <cuda/std/atomic>
cuda::std::atomic<int> counter;
```
(unchanged; both lines are reported)

Limits
------
Reports only; nothing is rewritten. A ``cuda::`` name in a file that neither includes a
libcu++ header nor uses ``cuda::std::`` is not reported.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Diagnostic, Usage
from translator.rules.base import Finding, Rule
from translator.source.syntax import is_member_name

#: A ``cuda::`` qualified name: the namespace and the identifiers after it.
_QUALIFIED = re.compile(r"cuda\s*::\s*\w+(?:\s*::\s*\w+)*")
_STD = re.compile(r"cuda\s*::\s*std\s*::")
_LIBRARY_HEADER = re.compile(r"[<\"](?:cuda/|nv/target[>\"])")
_NAMESPACE_BEFORE = re.compile(r"(?<![\w$])(?<!using )namespace\s+$")
_REASON = "the CUDA C++ library (libcu++) has no HIP counterpart"


def check(unit) -> Iterator[Finding]:
    # The unit's scan of API-looking identifiers in code and its includes tell whether
    # there is anything to look at: no extra pass over the text.
    offsets = unit.api_offsets.get("cuda", ())
    headers = [d for d in unit.includes if d.tokens and _LIBRARY_HEADER.match(d.tokens[0].text)]
    for directive in headers:
        header = directive.tokens[0]
        name = header.text[1:-1]
        yield Usage(name, "libcu++", "header", header.start, False, reason=_REASON)
        yield Diagnostic("R105", f"#include <{name}> left as is: {_REASON}", offset=header.start)
    if not offsets:
        return
    source = unit.source
    if not headers and not any(_STD.match(source, start) and not _after_scope(source, start)
                               for start in offsets):
        return  # without libcu++ in sight, cuda:: may be a project's own namespace
    if any(_NAMESPACE_BEFORE.search(source, max(0, start - 40), start) for start in offsets):
        return  # the file's own namespace cuda
    for start in offsets:
        match = _QUALIFIED.match(source, start)
        if match is None or is_member_name(source, start) or _after_scope(source, start):
            continue
        name = re.sub(r"\s+", "", match.group())
        yield Usage(name, "libcu++", "name", start, False, reason=_REASON)
        yield Diagnostic("R105", f"{name} not translated: {_REASON}", offset=start)


def _after_scope(source: str, start: int) -> bool:
    """True after ``::`` (``cv::cuda::GpuMat``: another library's namespace)."""
    index = start
    while index > 0 and source[index - 1] in " \t":
        index -= 1
    return source[index - 2 : index] == "::"


RULE = Rule("R105", "cuda-cpp-library",
            "Report libcu++ (cuda::std:: names, cuda/ headers), which HIP lacks",
            check, "unsupported-api", __doc__)
