"""Finds CUDA APIs that translate to HIP but do nothing or behave differently on AMD.

What it finds
-------------
Calls that R101 renames successfully but whose HIP counterpart is a no-op or has
different semantics on AMD GPUs: cache and shared-memory bank configuration
(``cudaDeviceSetCacheConfig``, ``cudaFuncSetCacheConfig``,
``cudaDeviceSetSharedMemConfig``, ``cudaFuncSetSharedMemConfig``), the shared-memory
carveout attribute, ``clock()``/``clock64()`` in device code, and ``nvrtcGetCUBIN``
(and its size), whose HIP counterpart returns LLVM bitcode rather than a loadable code
object.

Why it matters on AMD
---------------------
The port compiles and runs, but a tuning knob silently stops working (AMD GPUs have no
configurable L1/LDS split and a fixed LDS bank width) or a measurement changes meaning
(device ``clock64()`` counts at a different rate than the shader clock on NVIDIA).

Example
-------
```
cudaFuncSetCacheConfig(kernel, cudaFuncCachePreferShared);
long long t0 = clock64();  // in a kernel
```

Suggested fix
-------------
Drop the configuration calls (or keep them knowing they are ignored). For timing use
``wall_clock64()`` with ``hipDeviceAttributeWallClockRate``. No automatic fix.

Limits
------
Only the listed APIs are known; names R101 cannot translate are reported by R101 only.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.facts import facts_of
from translator.analysis.hazard import (
    finding,
    is_call,
    r101_reports,
    scan,
)
from translator.rules._shared.warned_apis import DIFFERENCES
from translator.rules.base import Finding, Rule

_BITCODE = ("becomes hiprtcGetBitcode{}, which gives LLVM bitcode for linking, not a code "
            "object that hipModuleLoadData can load")
#: Calls whose HIP counterpart returns something else; with the help for each.
_DIFFERENT_RESULT = {
    "nvrtcGetCUBIN": (_BITCODE.format(""), "to load the result, call hiprtcGetCode instead"),
    "nvrtcGetCUBINSize": (_BITCODE.format("Size"),
                          "to load the result, call hiprtcGetCodeSize instead"),
}
_DEVICE_ONLY = {
    "clock64": "counts a counter whose rate differs from the shader clock on AMD GPUs",
    "clock": "counts a counter whose rate differs from the shader clock on AMD GPUs",
}


def check(unit) -> Iterator[Finding]:
    facts = facts_of(unit)
    code = facts.code
    for index, token in scan(facts, [*DIFFERENCES, *_DIFFERENT_RESULT, *_DEVICE_ONLY]):
        text = token.text
        if text in _DIFFERENT_RESULT and is_call(code, index, _DIFFERENT_RESULT):
            if not r101_reports(unit, text):
                message, help = _DIFFERENT_RESULT[text]
                yield finding("W108", f"{text} {message}", token.start, help)
        elif text in DIFFERENCES and (index == 0 or code[index - 1].text not in (".", "->")):
            if not r101_reports(unit, text):
                yield finding("W108", f"{text} {DIFFERENCES[text]}", token.start,
                              "remove the call or keep it knowing it has no effect")
        elif text in _DEVICE_ONLY and is_call(code, index, _DEVICE_ONLY) and (
                facts.on_device(token.start)):
            yield finding("W108", f"{text}() in device code {_DEVICE_ONLY[text]}", token.start,
                          "use wall_clock64() and hipDeviceAttributeWallClockRate for time")


RULE = Rule(
    code="W108",
    name="api-semantics-differ",
    summary="CUDA API that translates but is ignored or behaves differently on AMD",
    check=check,
    category="unsupported-api",
    doc=__doc__,
    silent_in_platform_branches=True,
)
