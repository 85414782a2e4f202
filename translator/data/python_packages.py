"""The table of Python packages with CUDA-only builds (``data/python_packages.tsv``).

Each row: a regular expression for the package name as written in a dependency file,
``rewrite`` (with the ROCm replacement) or ``report``, and the message for a person.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from translator.data import DIRECTORY as DATA_DIRECTORY
from translator.options import Options

__all__ = ["PackageEntry", "PackageTable", "package_table", "rocm_tag"]

_TABLE = DATA_DIRECTORY / "python_packages.tsv"
DEFAULT_ROCM_TAG = "rocm6.2"


@dataclass(frozen=True)
class PackageEntry:
    pattern: str
    action: str
    replacement: str
    message: str


class PackageTable:
    def __init__(self, entries: list[PackageEntry]) -> None:
        self.entries = entries
        self._patterns = [
            re.compile(r"(?<![\w./\[-])(?:" + e.pattern + r")(?![\w\[-])", re.IGNORECASE)
            for e in entries
        ]

    def find(self, code: str) -> Iterator[tuple[PackageEntry, re.Match]]:
        """Every table package named in CODE, first matching row only per place."""
        taken: list[tuple[int, int]] = []
        for entry, pattern in zip(self.entries, self._patterns, strict=True):
            for match in pattern.finditer(code):
                if any(s < match.end() and match.start() < e for s, e in taken):
                    continue
                taken.append(match.span())
                yield entry, match


@lru_cache(maxsize=1)
def package_table() -> PackageTable:
    rows = _TABLE.read_text(encoding="utf-8").splitlines()[1:]
    return PackageTable([PackageEntry(*row.split("\t")) for row in rows if row.strip()])


def rocm_tag(options: Options) -> str:
    """The PyTorch wheel tag for the target ROCm release (``rocm6.2`` by default)."""
    version = options.hip_version
    if version and version[0] >= 6 and len(version) >= 2:
        return f"rocm{version[0]}.{version[1]}"
    return DEFAULT_ROCM_TAG
