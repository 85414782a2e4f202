"""A folder of compile results keyed by what determines them.

The key of a unit is the SHA-256 of the compiler's identity (its ``--version`` text),
the target list, the flags, and the unit's preprocessed text (``hipcc -E``: the unit
with every header it includes, for the host and every device target). An unchanged
unit is therefore never compiled twice, wherever its tree lives, while a change in any
header it includes, in a flag or in the compiler gives a new key.

Entries are small JSON files written atomically (temporary file + rename), so parallel
compiles and concurrent runners sharing the folder never read half an entry; an entry
that cannot be read is a miss.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

__all__ = ["CompileCache", "cache_key"]


def cache_key(*parts: bytes | str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8", "surrogateescape") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    return digest.hexdigest()


class CompileCache:
    """Get and put results by key in FOLDER; with FOLDER None nothing is stored."""

    def __init__(self, folder: str | os.PathLike | None) -> None:
        self.folder = Path(folder) if folder is not None else None

    @property
    def enabled(self) -> bool:
        return self.folder is not None

    @staticmethod
    def _path(folder: Path, key: str) -> Path:
        return folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict | None:
        if self.folder is None:
            return None
        try:
            value = json.loads(self._path(self.folder, key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return value if isinstance(value, dict) else None

    def put(self, key: str, value: dict) -> None:
        if self.folder is None:
            return
        path = self._path(self.folder, key)
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                json.dump(value, stream)
            os.replace(temporary, path)
        except OSError:
            Path(temporary).unlink(missing_ok=True)
            raise
