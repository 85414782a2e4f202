"""What each file tells about its whole tree, read once per file and then merged.

A tree migration gives every file's translation facts that only the whole tree knows:
the CUDA-looking names the project defines itself (``project_names``), the macros that
mark device code (``qualifiers``) and whether any file calls a ``*_sync`` warp function.
Each file's part is read on its own, so a process pool reads them in parallel while
the parent looks at the tree's include folders and build files.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from translator.analysis.hip_guards import build_switches
from translator.analysis.lane_masks import MASKED
from translator.analysis.qualifiers import device_macros_of, macro_words
from translator.options import Options
from translator.rules.cuda_include import uses_blas_half
from translator.rules.implicit_cuda_runtime import kernel_header
from translator.tree.own_libraries import library_includes
from translator.tree.project_names import declared_names
from translator.unit import Unit

__all__ = ["FileFacts", "file_facts", "tree_facts"]

#: What every call of a ``*_sync`` warp function has (each name ends with _sync): the
#: build files then define the macro that ROCm 6.2 to 6.x need to declare them
#: (translator.source.build_text.defines_warp_sync). Found with a fast literal search and
#: the name read back from it: an alternation of the names tried each at every "_".
_SYNC_CALL = re.compile(r"_sync\s*\(")
_ASCII_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")


#: The options of a unit read for its tree's facts (no tree facts: they are being found).
_OPTIONS = Options()


class FileFacts(NamedTuple):
    declared_names: set[str]
    macro_words: dict[str, set[str]]
    warp_sync_call: bool
    #: The headers of CUDA-side libraries it includes (own_libraries.LIBRARY_HEADERS).
    library_includes: frozenset[str] = frozenset()
    #: The HIP build switches its #if lines test (USE_ROCM; hip_guards.build_switches).
    build_switches: tuple[str, ...] = ()
    #: It uses cuBLAS with __half (translator/rules/cuda_include.py uses_blas_half).
    blas_half: bool = False
    #: Its path, when it is a header of kernels without the runtime (R002's kernel_header).
    kernel_header: str = ""
    #: It includes a Thrust or CUB header (``thrust/...``, ``cub/...``).
    thrust: bool = False


def file_facts(source: tuple[str, bytes]) -> FileFacts:
    """The facts of SOURCE, a (path, C/C++ text) pair."""
    path, data = source
    unit = Unit(data.decode("utf-8", "replace"), _OPTIONS, path)  # one Regions for both
    names = declared_names(unit)
    macros = macro_words(unit.source, unit.regions) if "define" in unit.source else {}
    libraries = (library_includes(d.tokens[0].text[1:-1] for d in unit.includes)
                 if "nccl" in unit.source or "nvtx" in unit.source or "nvToolsExt" in unit.source
                 else frozenset())
    switches = tuple(build_switches(unit)) if "USE_" in unit.source else ()
    return FileFacts(names, macros, _calls_warp_sync(unit.source), libraries, switches,
                     uses_blas_half(unit), path if kernel_header(unit) else "",
                     _includes_thrust(unit))


def _includes_thrust(unit: Unit) -> bool:
    """Whether UNIT includes a header of Thrust or CUB."""
    if "thrust/" not in unit.source and "cub/" not in unit.source:
        return False
    return any(d.tokens and d.tokens[0].text[1:-1].startswith(("thrust/", "cub/"))
               for d in unit.includes)


def _calls_warp_sync(source: str) -> bool:
    """Whether SOURCE has a whole name of MASKED followed by "(" (comments included)."""
    if "_sync" not in source:
        return False
    for call in _SYNC_CALL.finditer(source):
        end = call.start() + len("_sync")
        for name in MASKED:
            start = end - len(name)
            if (start >= 0 and source.startswith(name, start)
                    and (start == 0 or source[start - 1] not in _ASCII_WORD)):
                return True
    return False


def tree_facts(files: Iterable[FileFacts]) -> dict:
    """The tree facts (``Options.with_tree_facts`` arguments) of all its FILES' facts."""
    names: set[str] = set()
    macros: list[dict[str, set[str]]] = []
    warp_sync = blas_half = thrust = False
    kernel_headers: list[str] = []
    for facts in files:
        if facts.kernel_header:
            kernel_headers.append(facts.kernel_header)
        names |= facts.declared_names
        macros.append(facts.macro_words)
        warp_sync = warp_sync or facts.warp_sync_call
        blas_half = blas_half or facts.blas_half
        thrust = thrust or facts.thrust
    return {"project_names": tuple(sorted(names)), "device_macros": device_macros_of(macros),
            "warp_sync_calls": warp_sync, "blas_half": blas_half,
            "kernel_headers": tuple(sorted(kernel_headers)), "thrust": thrust}
