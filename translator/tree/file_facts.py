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

from translator.analysis.qualifiers import device_macros_of, macro_words
from translator.options import Options
from translator.rules.warp_sync_intrinsic import MASKED
from translator.tree.project_names import declared_names
from translator.unit import Unit

__all__ = ["FileFacts", "file_facts", "tree_facts"]

#: A call of a ``*_sync`` warp function: the build files then define the macro that
#: ROCm 6.2 to 6.x need to declare them (translator.source.build_text.defines_warp_sync).
_WARP_SYNC_CALL = re.compile(r"\b(?:" + "|".join(sorted(MASKED)) + r")\s*\(", re.ASCII)
#: What every such call has (each name ends with _sync): found with a fast literal search
#: first, as most files have none, where the alternation tries each name at each "_".
_SYNC_CALL = re.compile(r"_sync\s*\(")


#: The options of a unit read for its tree's facts (no tree facts: they are being found).
_OPTIONS = Options()


class FileFacts(NamedTuple):
    declared_names: set[str]
    macro_words: dict[str, set[str]]
    warp_sync_call: bool


def file_facts(source: tuple[str, bytes]) -> FileFacts:
    """The facts of SOURCE, a (path, C/C++ text) pair."""
    path, data = source
    unit = Unit(data.decode("utf-8", "replace"), _OPTIONS, path)  # one Regions for both
    names = declared_names(unit)
    macros = macro_words(unit.source, unit.regions) if "define" in unit.source else {}
    warp_sync = (_SYNC_CALL.search(unit.source) is not None
                 and _WARP_SYNC_CALL.search(unit.source) is not None)
    return FileFacts(names, macros, warp_sync)


def tree_facts(files: Iterable[FileFacts]) -> dict:
    """The tree facts (``Options.with_tree_facts`` arguments) of all its FILES' facts."""
    names: set[str] = set()
    macros: list[dict[str, set[str]]] = []
    warp_sync = False
    for facts in files:
        names |= facts.declared_names
        macros.append(facts.macro_words)
        warp_sync = warp_sync or facts.warp_sync_call
    return {"project_names": tuple(sorted(names)), "device_macros": device_macros_of(macros),
            "warp_sync_calls": warp_sync}
