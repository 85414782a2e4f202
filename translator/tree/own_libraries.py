"""CUDA-side libraries a tree provides itself: it is the library, or it vendors it.

A project that *is* NCCL ships ``nccl.h`` (built from its own ``nccl.h.in``) and every
unit includes it; a project that vendors NVTX (``nvtx3/nvToolsExt.h``) compiles against
its own copy. Their headers are project code: R541 must not point the includes at
RCCL's header, R542 must not rename NVTX's declarations and calls to roctx. The
libraries found here reach the rules through ``Options.tree.own_libraries``, as
``(library, path)`` pairs: the path of the file that says so, once (the header itself
when it is C/C++, else the first C/C++ file that includes it).

Limits: a header counts as provided when a file of the tree has its name (or its name
with ``.in``, a build's template) as a path suffix; which of several copies a build
would use is not asked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from translator.source.file_kinds import C_SUFFIXES

__all__ = ["LIBRARY_HEADERS", "own_libraries", "library_includes"]

#: Library -> the include names that show a tree provides it.
LIBRARY_HEADERS: dict[str, tuple[str, ...]] = {
    "nccl": ("nccl.h",),
    "nvtx": ("nvToolsExt.h", "nvtx3/nvToolsExt.h", "nvtx3/nvtx3.hpp"),
}
_ALL = frozenset(name for names in LIBRARY_HEADERS.values() for name in names)


def library_includes(include_names: Iterable[str]) -> frozenset[str]:
    """The include names among INCLUDE_NAMES that name a header of LIBRARY_HEADERS."""
    return frozenset(name for name in include_names if name in _ALL)


def own_libraries(paths: Iterable[str],
                  includes: Mapping[str, frozenset[str]]) -> tuple[tuple[str, str], ...]:
    """(library, path that says so) for each library of LIBRARY_HEADERS that the tree of
    PATHS provides; INCLUDES maps C/C++ files to the library headers they include."""
    paths = sorted(paths)
    found = []
    for library, names in LIBRARY_HEADERS.items():
        provider = next((path for path in paths for name in names
                         if _provides(path, name)), None)
        if provider is None:
            continue
        if provider.endswith(tuple(C_SUFFIXES)):
            found.append((library, provider))
            continue
        includer = next((path for path in sorted(includes)
                         if includes[path] & frozenset(names)), provider)
        found.append((library, includer))
    return tuple(found)


def _provides(path: str, name: str) -> bool:
    return any(path == candidate or path.endswith("/" + candidate)
               for candidate in (name, name + ".in"))
