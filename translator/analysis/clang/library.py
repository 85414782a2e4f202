"""Loading libclang: the bindings, the index, its version and clang's resource headers.

The only importer of ``clang.cindex`` in rocport is this package; the other modules ask
``bindings()`` for it, so that a missing installation is one ``ClangUnavailable``.
"""

from __future__ import annotations

import atexit
import functools
import glob
import os

_RESOURCE_PATTERNS = (
    "/usr/lib/llvm-*/lib/clang/*",
    "/usr/lib/clang/*",
    "/usr/local/lib/clang/*",
    "/opt/rocm*/llvm/lib/clang/*",
    "/opt/rocm*/lib/llvm/lib/clang/*",
)


class ClangUnavailable(RuntimeError):
    """libclang or clang's resource headers cannot be found on this machine."""


def bindings():
    """The ``clang.cindex`` module."""
    try:
        from clang import cindex
    except ImportError as error:  # pragma: no cover - depends on the installation
        raise ClangUnavailable(f"the libclang Python package is not installed: {error}") from error
    return cindex


@functools.cache
def clang_index(library_file: str | None):
    """The process's libclang index (LIBRARY_FILE: the libclang to load first)."""
    cindex = bindings()
    # Free the index while the bindings still exist, not during interpreter teardown.
    atexit.register(clang_index.cache_clear)
    if library_file and not cindex.Config.loaded:
        cindex.Config.set_library_file(library_file)
    try:
        # excludeDecls: a visit of the translation unit lists the declarations parsed for
        # this file only, not the thousands of the precompiled stubs and standard headers
        # (one Python callback each).
        return cindex.Index.create(excludeDecls=True)
    except cindex.LibclangError as error:
        raise ClangUnavailable(f"libclang cannot be loaded: {error}") from error


# Drop the cached Index while clang.cindex still works; at interpreter teardown its
# __del__ would otherwise print "Exception ignored ... 'NoneType' object has no attribute".
atexit.register(clang_index.cache_clear)


def libclang_version(library_file: str | None = None) -> str:
    """clang's version string, e.g. ``clang version 18.1.1``."""
    clang_index(library_file)
    return loaded_version()


@functools.cache
def loaded_version() -> str:
    """The version string of the libclang this process loaded (an index was made)."""
    cindex = bindings()
    get_version = cindex.conf.lib.clang_getClangVersion
    get_version.restype = cindex._CXString
    get_version.errcheck = cindex._CXString.from_result
    return get_version()


@functools.cache
def find_resource_dir(hint: str | None = None) -> str:
    """A clang resource directory with the CUDA builtin-variable header; newest first."""
    candidates = [hint] if hint else []
    for pattern in _RESOURCE_PATTERNS:
        candidates.extend(sorted(glob.glob(pattern), key=_version_key, reverse=True))
    for candidate in candidates:
        if candidate and os.path.isfile(
            os.path.join(candidate, "include", "__clang_cuda_builtin_vars.h")
        ):
            return candidate
    raise ClangUnavailable(
        "clang resource headers not found (install libclang-common-NN-dev, "
        "or set the clang resource directory)"
    )


def _version_key(path: str) -> tuple[int, ...]:
    parts: list[int] = []
    for piece in path.replace("-", "/").split("/"):
        if piece.replace(".", "").isdigit():
            parts.extend(int(p) for p in piece.split(".") if p)
    return tuple(parts)

