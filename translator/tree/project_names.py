"""The CUDA-looking names a project defines itself, found once for a whole tree.

A project's error-check macro (``cudaCheckErrors``, ``CUDA_CHECK``), helper function
(``cudaDeviceInit``) or build switch (``CUDA_DRIVER_API``) is usually defined in one
header and used in many files. Translated file by file, every user of such a name would
report it as an unknown CUDA API name; ``defined_names`` collects them across the tree
so that ``Options.tree.project_names`` can tell R101 they are the project's own.

Limits: the same declaration shapes as R101 (``#define NAME``, ``TYPE NAME(``,
``struct NAME``, ...); only names of the unknown-CUDA shape that the table lacks.
"""

from __future__ import annotations

from collections.abc import Iterable

from translator.analysis.api_names import UNKNOWN, declared_in_file
from translator.data.names import load_names
from translator.options import Options
from translator.unit import Unit

__all__ = ["defined_names", "declared_names"]


def defined_names(sources: Iterable[tuple[str, bytes]]) -> tuple[str, ...]:
    """Unknown-CUDA-shaped names that any of SOURCES ((path, C/C++ text)) declares, sorted."""
    found: set[str] = set()
    for path, data in sources:
        found |= declared_names(Unit(data.decode("utf-8", "replace"), _OPTIONS, path))
    return tuple(sorted(found))


def declared_names(unit: Unit) -> set[str]:
    """The unknown-CUDA-shaped names that UNIT, a file of the tree, declares."""
    table = load_names().identifiers
    # every word in code of the unknown-CUDA shape: the API-prefixed words (one scan finds
    # them all, and where they are, which declared_in_file reads) that UNKNOWN matches whole
    candidates = {name for name in unit.api_offsets
                  if name not in table and UNKNOWN.fullmatch(name)}
    return {name for name in candidates if declared_in_file(unit, name)}


#: The options of a unit read for its declarations (no tree facts: they are being found).
_OPTIONS = Options()
