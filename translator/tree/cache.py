"""A content-hash cache of translation results, kept in a folder the caller chooses.

A key covers everything a result depends on: the file's bytes, its tree-relative path
and kind, the options (with include directories relative to the tree, so the same tree
unpacked elsewhere still hits), rocport's version and a fingerprint of the translator's
own code and data (so a changed rule never serves stale results).

Entries are pickles written atomically (temporary file, then rename). The folder must be
private to rocport: a pickle from an untrusted folder could run code when loaded.
Unreadable or corrupt entries count as misses.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from functools import cache
from pathlib import Path

from translator.engine import Result

__all__ = ["ResultCache", "code_fingerprint"]

_PACKAGE = Path(__file__).resolve().parents[1]


@cache
def code_fingerprint() -> str:
    """A digest of the translator's code and data files (computed once per process)."""
    from translator import __version__

    digest = hashlib.sha256(__version__.encode())
    for path in sorted(_PACKAGE.rglob("*")):
        if path.suffix in (".py", ".tsv", ".h", ".json") and "__pycache__" not in path.parts:
            digest.update(path.relative_to(_PACKAGE).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


class ResultCache:
    """get/put translation results by key; ``hits`` and ``misses`` count lookups."""

    def __init__(self, folder: str | os.PathLike) -> None:
        self.folder = Path(folder)
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(data: bytes, *parts: str) -> str:
        digest = hashlib.sha256(code_fingerprint().encode())
        for part in parts:
            digest.update(b"\0" + part.encode("utf-8", "surrogateescape"))
        digest.update(b"\0" + data)
        return digest.hexdigest()

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key[2:]}.pickle"

    def get(self, key: str) -> Result | None:
        try:
            with open(self._path(key), "rb") as handle:
                result = pickle.load(handle)
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
            self.misses += 1
            return None
        if not isinstance(result, Result):
            self.misses += 1
            return None
        self.hits += 1
        return result

    def put(self, key: str, result: Result) -> None:
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile("wb", dir=path.parent, delete=False) as handle:
                pickle.dump(result, handle, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(handle.name, path)
        except OSError:
            pass  # a cache that cannot be written only costs speed
