"""R106 thrust-cuda-system: Thrust's CUDA system becomes rocThrust's HIP system.

What it does
------------
Rewrites what names Thrust's CUDA device system explicitly:

- ``#include`` of a header under ``thrust/system/cuda/`` names the same header under
  ``thrust/system/hip/`` (``<thrust/system/cuda/execution_policy.h>`` becomes
  ``<thrust/system/hip/execution_policy.h>``), keeping the ``<>`` or ``""``;
- ``thrust::cuda::`` and ``thrust::system::cuda::`` become ``thrust::hip::`` and
  ``thrust::system::hip::`` (``thrust::cuda::par.on(stream)``; R101 renames
  ``thrust::cuda_cub::`` to ``thrust::hip_rocprim::``, from the API table);
- ``THRUST_DEVICE_SYSTEM_CUDA`` becomes ``THRUST_DEVICE_SYSTEM_HIP``, so that
  ``#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA`` keeps its device branch.

Why
---
rocThrust ships Thrust's CUDA system too (for HIP on NVIDIA GPUs): under hipcc for an
AMD GPU its headers stop at ``'cub/util_namespace.cuh' file not found``, and
``thrust::cuda`` is no namespace there (checked on the rocm-6.4 runner). Its device
system for AMD GPUs is ``hip``, with the same headers and execution policies.

Example (CUDA)
--------------
```
#include <thrust/system/cuda/execution_policy.h>
thrust::sort(thrust::cuda::par.on(stream), v.begin(), v.end());
```

Output (HIP)
------------
```
#include <thrust/system/hip/execution_policy.h>
thrust::sort(thrust::hip::par.on(stream), v.begin(), v.end());
```

Limits
------
Only the spellings above, written out: a namespace alias of ``thrust::cuda`` is
renamed where it is defined, and ``using namespace thrust::cuda;`` too, but a name
built by a macro is not seen. Thrust's internal CUDA headers that rocThrust's HIP
system lacks (``detail/core/...``, ``detail/cdp_dispatch.h``) are reported and left.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.diagnostics import Diagnostic, Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.unit import Unit

_CUDA_SYSTEM = "thrust/system/cuda/"
_HIP_SYSTEM = "thrust/system/hip/"
#: Headers of Thrust's CUDA system that rocThrust's HIP system does not have (rocm-6.4).
_NO_HIP_HEADER = re.compile(r"detail/core/.*|detail/cdp_dispatch\.h")
#: ``thrust::`` (and ``system::``) before a CUDA system namespace, which is group 1.
_NAMESPACE = re.compile(r"thrust\s*::\s*(?:system\s*::\s*)?(cuda)(?![\w$])\s*(?=::|;)")
_DEVICE_SYSTEM = "THRUST_DEVICE_SYSTEM_CUDA"


def check(unit: Unit) -> Iterator[Finding]:
    if not unit.mentions("thrust") and not unit.mentions(_DEVICE_SYSTEM):
        return
    yield from _includes(unit)
    source = unit.source
    if unit.mentions("thrust"):
        for match in unit.regions.code_matches(_NAMESPACE):
            if match.start() and (source[match.start() - 1].isalnum()
                                  or source[match.start() - 1] in "_$"):
                continue  # mythrust::cuda: another namespace
            start, end = match.span(1)
            yield Edit(start, end, "hip")
            yield Usage("thrust::cuda", "thrust", "namespace", start, True, "thrust::hip")
    for start in unit.whole_identifiers(_DEVICE_SYSTEM):
        yield Edit(start, start + len(_DEVICE_SYSTEM), "THRUST_DEVICE_SYSTEM_HIP")
        yield Usage(_DEVICE_SYSTEM, "thrust", "define", start, True, "THRUST_DEVICE_SYSTEM_HIP")


def _includes(unit: Unit) -> Iterator[Finding]:
    for directive in unit.includes:
        header = directive.tokens[0]
        name = header.text[1:-1]
        if not name.startswith(_CUDA_SYSTEM):
            continue
        rest = name[len(_CUDA_SYSTEM):]
        if _NO_HIP_HEADER.fullmatch(rest):
            reason = "rocThrust's HIP system has no such header"
            yield Usage(name, "thrust", "header", header.start, False, reason=reason)
            yield Diagnostic("R106", f"#include <{name}> left as is: {reason}",
                             offset=header.start)
            continue
        target = _HIP_SYSTEM + rest
        yield Edit(header.start, header.end, header.text[0] + target + header.text[-1])
        yield Usage(name, "thrust", "header", header.start, True, target)


RULE = Rule("R106", "thrust-cuda-system",
            "Thrust's CUDA system (thrust/system/cuda/, thrust::cuda::) becomes its HIP system",
            check, "unsupported-api", __doc__, mentions=("thrust", _DEVICE_SYSTEM))
