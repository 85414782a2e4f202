"""Member names of uploaded archives: which are refused, and how they are shown.

``safe_relative`` turns a member's name into a clean relative POSIX path or raises
``ArchiveError`` (defined here, re-exported by ``translator.tree.archive``); ``shown`` prints
any name safely in a one-line message. The rules are ``translator.tree.archive``'s module doc.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

__all__ = ["ArchiveError", "safe_relative", "shown"]

#: NAME_MAX of Linux and most file systems: a longer component cannot be created.
_MAX_COMPONENT_BYTES = 255
#: Newline, carriage return, tab, NUL, the rest of C0, and DEL.
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_SHOWN_CHARACTERS = 80


class ArchiveError(Exception):
    """An archive that cannot be unpacked safely. ``code`` is stable, ``message`` is for people."""

    def __init__(self, code: str, message: str, member: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.member = member


def shown(name: str) -> str:
    """NAME for a message: control characters escaped, a long name shortened in the middle."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in name)
    if len(text) <= _SHOWN_CHARACTERS:
        return text
    half = _SHOWN_CHARACTERS // 2 - 2
    return f"{text[:half]}...{text[-half:]}"


def safe_relative(name: str, max_depth: int, max_path_bytes: int) -> str:
    """NAME as a clean relative POSIX path, or ArchiveError naming what is wrong with it."""
    label = shown(name)
    if _CONTROL.search(name):
        raise ArchiveError("bad-name", f"{label}: names with control characters (newline, "
                           "tab, NUL and the like) are not allowed", name)
    if "\\" in name:
        raise ArchiveError("unsafe-path", f"{label}: has a backslash", name)
    if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        raise ArchiveError("unsafe-path", f"{label}: absolute paths are not allowed", name)
    parts = [part for part in PurePosixPath(name).parts if part not in ("", ".")]
    if ".." in parts:
        raise ArchiveError("unsafe-path", f"{label}: '..' in a path is not allowed", name)
    if not parts:
        raise ArchiveError("unsafe-path", f"{label!r}: an empty path", name)
    try:  # tarfile keeps undecodable bytes as surrogates; every output needs UTF-8
        sizes = [len(part.encode("utf-8")) for part in parts]
    except UnicodeEncodeError:
        raise ArchiveError("bad-name", f"{label}: the name is not valid UTF-8", name) from None
    if max(sizes) > _MAX_COMPONENT_BYTES:
        raise ArchiveError("bad-name", f"{label}: a file or folder name is longer than "
                           f"{_MAX_COMPONENT_BYTES} bytes", name)
    if len(parts) > max_depth:
        raise ArchiveError("path-too-deep", f"{label}: a path of more than {max_depth} "
                           f"names ({max_depth - 1} folders and a file)", name)
    if sum(sizes) + len(parts) - 1 > max_path_bytes:
        raise ArchiveError("path-too-long", f"{label}: the path is longer than "
                           f"{max_path_bytes} bytes", name)
    return "/".join(parts)
