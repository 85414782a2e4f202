"""Finds deprecated or removed CUDA APIs that still translate, with their replacement.

What it finds
-------------
Uses of runtime, driver and library names that the API table marks as deprecated or
removed in CUDA, or whose HIP counterpart is deprecated, when R101 translates them
(names R101 cannot translate are reported there, not twice). Texture and surface
references are left to W109 and calls whose AMD behaviour differs to W108.

Why it matters on AMD
---------------------
A rename keeps the old API alive: HIP's deprecated counterparts may disappear in the
next ROCm release, and removed CUDA APIs (``cudaThreadSynchronize``, non-``_sync``
warp intrinsics) often have subtly different semantics from their replacements.
Porting is the cheapest moment to move to the current API.

Example
-------
```
cudaThreadSynchronize();
float v = __shfl_down(x, 1);
```

Suggested fix
-------------
Use the replacement named in the message (``cudaDeviceSynchronize``,
``__shfl_down_sync``). No automatic fix: replacements often take other arguments.

Limits
------
Deprecation facts come from the API table; names missing there are not known. Member
names (``prop.x``) and names in comments or strings are not reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.facts import facts_of
from translator.analysis.hazard import finding
from translator.data.names import resolve
from translator.rules._shared.warned_apis import DIFFERENCES, TEXTURE_APIS
from translator.rules.base import Finding, Rule

_REFERENCE_TYPES = frozenset({"texture", "surface", "textureReference", "surfaceReference"})
_FLAGS = frozenset({"cuda_deprecated", "cuda_removed", "hip_deprecated", "deprecated"})
REPLACEMENTS = {
    "cudaThreadSynchronize": "cudaDeviceSynchronize", "cudaThreadExit": "cudaDeviceReset",
    "cudaThreadSetLimit": "cudaDeviceSetLimit", "cudaThreadGetLimit": "cudaDeviceGetLimit",
    "cudaThreadGetCacheConfig": "cudaDeviceGetCacheConfig",
    "cudaThreadSetCacheConfig": "cudaDeviceSetCacheConfig",
    "__shfl": "__shfl_sync", "__shfl_up": "__shfl_up_sync", "__shfl_down": "__shfl_down_sync",
    "__shfl_xor": "__shfl_xor_sync", "__ballot": "__ballot_sync", "__any": "__any_sync",
    "__all": "__all_sync", "cudaMemcpyToArray": "cudaMemcpy2DToArray",
    "cudaMemcpyFromArray": "cudaMemcpy2DFromArray",
    "cudaMemcpyToArrayAsync": "cudaMemcpy2DToArrayAsync",
    "cudaMemcpyFromArrayAsync": "cudaMemcpy2DFromArrayAsync",
    "cudaMemcpyArrayToArray": "cudaMemcpy2DArrayToArray", "cudaLaunch": "cudaLaunchKernel",
    "cudaConfigureCall": "cudaLaunchKernel", "cudaSetupArgument": "cudaLaunchKernel",
    "cudaSetDoubleForDevice": "nothing (remove the call)",
    "cudaSetDoubleForHost": "nothing (remove the call)",
    "cudaGLSetGLDevice": "cudaSetDevice", "cuCtxAttach": "cuCtxRetain (primary contexts)",
}


def check(unit) -> Iterator[Finding]:
    table = unit.names.identifiers
    source = unit.source
    facts = facts_of(unit)
    code = facts.code
    listed = unit.names.flagged(_FLAGS).intersection(facts.identifier_names) - TEXTURE_APIS
    for token in (code[index] for index in facts.occurrences(listed)):
        entry = table[token.text]
        if token.text in DIFFERENCES or token.text in _REFERENCE_TYPES or entry.is_include:
            continue
        if _is_member(source, token.start) or resolve(entry, unit.options).name is None:
            continue
        yield finding("W107", _message(entry), token.start,
                      f"use {REPLACEMENTS[token.text]}" if token.text in REPLACEMENTS
                      else "move to the current API before porting")


def _message(entry) -> str:
    cuda = []
    if entry.cuda_removed:
        cuda.append(f"removed in CUDA {entry.cuda_removed}")
    if entry.cuda_deprecated:
        cuda.append(f"deprecated since CUDA {entry.cuda_deprecated}")
    elif not entry.cuda_removed and ({"cuda_deprecated", "deprecated"} & entry.flags):
        cuda.append("deprecated in CUDA")
    hip = ""
    if entry.hip_deprecated or "hip_deprecated" in entry.flags:
        since = f" since HIP {entry.hip_deprecated}" if entry.hip_deprecated else ""
        hip = f"its HIP counterpart {entry.hip} is deprecated{since}"
    if cuda:
        text = f"{entry.cuda} is {' and '.join(cuda)}" + (f"; {hip}" if hip else "")
    else:
        text = f"{entry.cuda}: {hip or 'deprecated'}"
    replacement = REPLACEMENTS.get(entry.cuda)
    return text + (f"; use {replacement}" if replacement else "")


def _is_member(source: str, start: int) -> bool:
    index = start - 1
    while index >= 0 and source[index] in " \t\r\n":
        index -= 1
    return index >= 0 and (source[index] == "." or source[index - 1:index + 1] == "->")


RULE = Rule(
    code="W107",
    name="deprecated-cuda-api",
    summary="Deprecated or removed CUDA API that still translates, with its replacement",
    check=check,
    category="deprecated-api",
    doc=__doc__,
    silent_in_platform_branches=True,
)
