"""File naming policy of a tree migration, and the name clashes it must report.

Policies:

- ``keep`` (default): every file keeps its name.
- ``hip``: ``foo.cu`` becomes ``foo.hip``; references in includes and build files follow
  (rule R515). ``.cuh`` headers keep their names: a header's suffix means nothing to a
  compiler, and renaming them would touch every include line of a project for no gain.
  When ``foo.hip`` already exists beside ``foo.cu``, ``foo.cu`` keeps its name and the
  clash is reported.

Clashes reported whatever the policy: output names that differ only by case (they
overwrite each other on macOS and Windows file systems and in archives unpacked there),
and, under ``hip``, a renamed source that shares its stem with another source
(``a.cu`` + ``a.cpp``), since builds that name objects by stem (``a.o``) mix them up.
"""

from __future__ import annotations

import posixpath
from collections import defaultdict

__all__ = ["NAMING_POLICIES", "plan_names"]

NAMING_POLICIES = ("keep", "hip")
_SOURCE_SUFFIXES = (".cu", ".cpp", ".cc", ".cxx", ".c", ".hip")


def plan_names(paths: list[str], naming: str) -> tuple[dict[str, str], tuple[str, ...],
                                                        dict[str, list[str]]]:
    """(output path per input path, ``.cu`` paths kept by a clash, messages per path)."""
    if naming not in NAMING_POLICIES:
        raise ValueError(f"unknown naming policy {naming!r} (use one of {NAMING_POLICIES})")
    existing = set(paths)
    outputs: dict[str, str] = {}
    kept: list[str] = []
    messages: dict[str, list[str]] = defaultdict(list)
    for path in paths:
        output = path
        if naming == "hip" and path.endswith(".cu"):
            wanted = path[:-3] + ".hip"
            if wanted in existing:
                kept.append(path)
                messages[path].append(f"kept its name: {posixpath.basename(wanted)} already "
                                      "exists in this folder")
            else:
                output = wanted
                messages[path].extend(_stem_notes(path, existing))
        outputs[path] = output
    by_case: dict[str, list[str]] = defaultdict(list)
    for path, output in outputs.items():
        by_case[output.lower()].append(path)
    for group in by_case.values():
        for path in group:
            for other in group:
                if other != path:
                    messages[path].append(f"name differs only by case from {other}; they "
                                          "clash on case-insensitive file systems")
    return outputs, tuple(kept), dict(messages)


def _stem_notes(path: str, existing: set[str]) -> list[str]:
    stem = path[:-3]
    return [f"{posixpath.basename(stem + suffix)} shares this file's stem; builds that name "
            "objects by stem (a.o) would mix them up" for suffix in _SOURCE_SUFFIXES
            if suffix != ".cu" and stem + suffix in existing]
