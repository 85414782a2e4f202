"""Walking a source tree without following links, and finding the headers it includes.

``walk(root)`` lists every entry as an ``Entry`` (regular file, symbolic link, empty
folder or special file); links are never followed. ``included_files`` resolves the
quoted ``#include "..."`` lines of C/C++ files to files of the tree, wherever they live.
"""

from __future__ import annotations

import os
import posixpath
import re
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from translator.source.tokens import directive_matches

__all__ = ["Entry", "walk", "included_files", "link_inside"]

#: A quoted include, from its "#" (``directive_matches`` finds those that begin a line).
_QUOTED_INCLUDE = re.compile(rb'#[ \t]*include[ \t]*"(?P<name>[^"\n]+)"')


@dataclass(frozen=True)
class Entry:
    path: str  # relative, with "/"
    type: str  # "file", "link", "folder" (empty folder), "special"
    mode: int = 0o644
    size: int = 0


def walk(root: Path) -> Iterator[Entry]:
    """Every entry under ROOT, sorted by path; symbolic links are reported, not followed."""
    for folder, folders, files in os.walk(root, followlinks=False):
        folders.sort()
        here = Path(folder)
        relative_folder = here.relative_to(root).as_posix()
        for name in sorted(files + [f for f in folders if (here / f).is_symlink()]):
            full = here / name
            relative = name if relative_folder == "." else f"{relative_folder}/{name}"
            try:
                info = full.lstat()
            except OSError:
                yield Entry(relative, "special")
                continue
            if stat.S_ISLNK(info.st_mode):
                yield Entry(relative, "link")
            elif stat.S_ISREG(info.st_mode):
                yield Entry(relative, "file", stat.S_IMODE(info.st_mode), info.st_size)
            else:
                yield Entry(relative, "special")
        folders[:] = [f for f in folders if not (here / f).is_symlink()]
        if not files and not folders and relative_folder != ".":
            yield Entry(relative_folder, "folder", stat.S_IMODE(here.stat().st_mode))


def link_inside(root: Path, relative: str) -> str | None:
    """The link's target text when it is relative and stays inside ROOT, else None."""
    target = os.readlink(root / relative)
    if os.path.isabs(target):
        return None
    resolved = posixpath.normpath(posixpath.join(posixpath.dirname(relative), target))
    if resolved == ".." or resolved.startswith("../") or resolved.startswith("/"):
        return None
    return target


def included_files(sources: dict[str, bytes], tree_files: Iterable[str],
                   include_dirs: Iterable[str] = ()) -> dict[str, str]:
    """Map each tree file included with quotes by a file of SOURCES to its first includer.

    A name is resolved, in order, next to the including file, in each tree-relative
    include directory, and then anywhere in the tree by path suffix (the shortest match),
    which finds headers however a build's ``-I`` flags were set.
    """
    files = sorted(tree_files)
    file_set = set(files)
    by_name: dict[str, list[str]] = {}
    for path in files:
        by_name.setdefault(posixpath.basename(path), []).append(path)
    include_dirs = tuple(include_dirs)
    found: dict[str, str] = {}
    # (folder, name) -> target: the files of a folder include mostly the same headers
    resolved: dict[tuple[str, str], str | None] = {}
    for includer in sorted(sources):
        folder = posixpath.dirname(includer)
        for match in directive_matches(_QUOTED_INCLUDE, sources[includer]):
            name = match.group("name").decode("utf-8", "replace").strip()
            if (folder, name) not in resolved:
                resolved[folder, name] = _resolve(name, folder, include_dirs, file_set, by_name)
            target = resolved[folder, name]
            if target is not None and target != includer:
                found.setdefault(target, includer)
    return found


def _resolve(name: str, includer_folder: str, include_dirs: tuple[str, ...], files: set[str],
             by_name: dict[str, list[str]]) -> str | None:
    for folder in (includer_folder, *include_dirs):
        candidate = posixpath.normpath(posixpath.join(folder, name))
        if candidate in files:
            return candidate
    suffix = "/" + posixpath.normpath(name).lstrip("./")
    matches = [p for p in by_name.get(posixpath.basename(name), []) if ("/" + p).endswith(suffix)]
    return min(matches, key=lambda p: (p.count("/"), p)) if matches else None
