"""CUDA APIs that a warning rule of their own reports, so that W107 (deprecated APIs)
leaves them to it: the calls W108 reports as ignored or different on AMD
(``DIFFERENCES``, with what differs) and the texture and surface reference calls W109
reports (``TEXTURE_APIS``)."""

from __future__ import annotations

__all__ = ["DIFFERENCES", "TEXTURE_APIS"]

_IGNORED_CACHE = "is accepted and ignored on AMD GPUs: there is no configurable L1/LDS split"
_IGNORED_BANKS = "is accepted and ignored on AMD GPUs: the LDS bank width is fixed"
#: Calls that are accepted and ignored or act otherwise on AMD GPUs, with what differs.
DIFFERENCES = {
    "cudaDeviceSetCacheConfig": _IGNORED_CACHE, "cudaFuncSetCacheConfig": _IGNORED_CACHE,
    "cudaDeviceSetSharedMemConfig": _IGNORED_BANKS, "cudaFuncSetSharedMemConfig": _IGNORED_BANKS,
    "cudaFuncAttributePreferredSharedMemoryCarveout":
        "is ignored on AMD GPUs: LDS size per workgroup is fixed",
}
#: The calls that bind texture and surface references, which CUDA 12 removed.
TEXTURE_APIS = frozenset({
    "cudaBindTexture", "cudaBindTexture2D", "cudaBindTextureToArray",
    "cudaBindTextureToMipmappedArray", "cudaUnbindTexture", "cudaGetTextureReference",
    "cudaGetTextureAlignmentOffset", "cudaBindSurfaceToArray", "cudaGetSurfaceReference",
})
