"""Finds texture and surface references and the calls that bind them.

What it finds
-------------
Declarations of ``texture<T, dim, mode>`` and ``surface<void, dim>`` references and
calls of ``cudaBindTexture``, ``cudaBindTexture2D``, ``cudaBindTextureToArray``,
``cudaBindTextureToMipmappedArray``, ``cudaUnbindTexture``,
``cudaGetTextureReference``, ``cudaGetTextureAlignmentOffset`` and
``cudaBindSurfaceToArray``.

Why it matters on AMD
---------------------
Texture references were removed in CUDA 12 and are deprecated in HIP; ROCm keeps them
only for old code and new releases drop them. The object API (``cudaTextureObject_t``
with ``cudaCreateTextureObject``) is the portable form.

Example
-------
```
texture<float, 1, cudaReadModeElementType> tex;
cudaBindTexture(0, tex, d_data, bytes);
```

Suggested fix
-------------
Create a texture object with ``cudaCreateTextureObject`` and pass it to the kernel;
read it with ``tex1Dfetch<float>(obj, i)``. No automatic fix.

Limits
------
Uses of a reference inside kernels (``tex1Dfetch(tex, i)``) are not reported one by
one; the declaration and binding calls are. Calls R101 cannot translate are reported
by R101 only.
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
from translator.rules._shared.warned_apis import TEXTURE_APIS
from translator.rules.base import Finding, Rule

_HELP = "use texture objects (cudaCreateTextureObject) instead"


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("texture") and not unit.mentions("urface"):
        return
    code = facts_of(unit).code
    for index, token in scan(facts_of(unit), ("texture", "surface", *TEXTURE_APIS)):
        if index + 1 >= len(code):
            continue
        if token.text in ("texture", "surface") and code[index + 1].text == "<" and (
                index == 0 or code[index - 1].text not in (".", "->", "::")):
            yield finding("W109", f"{token.text} reference: removed in CUDA 12, deprecated in "
                          "HIP", token.start, _HELP)
        elif is_call(code, index, TEXTURE_APIS) and not r101_reports(unit, token.text):
            yield finding("W109", f"{token.text} binds a texture or surface reference: removed "
                          "in CUDA 12, deprecated in HIP", token.start, _HELP)


RULE = Rule(
    code="W109",
    name="texture-reference",
    summary="Texture or surface reference (removed in CUDA 12, deprecated in HIP)",
    check=check,
    category="texture-reference",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("texture", "urface"),
)
