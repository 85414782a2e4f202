"""``compile_commands.json``: the include directories and macros of each translation unit.

The database was written on the author's machine, so its absolute paths do not exist
here. ``read_compile_database`` finds where the tree sat on that machine by matching
each entry's file against the tree's files (longest common path suffix) and turns the
include directories inside the tree into tree-relative paths. Directories outside the
tree (a CUDA toolkit, system paths) are kept in ``external_include_dirs`` for the
record but are not used for analysis.

Limits: response files (``@file``) and ``-imacros``/``-include`` are ignored; an entry
whose file is not in the tree is skipped and counted in ``problems``.
"""

from __future__ import annotations

import json
import posixpath
import shlex
from dataclasses import dataclass, field

__all__ = ["CompileFlags", "CompileDatabase", "read_compile_database"]

_INCLUDE_FLAGS = ("-I", "-isystem", "-iquote", "-idirafter", "--include-directory=")


@dataclass(frozen=True)
class CompileFlags:
    """What one translation unit was compiled with (include dirs relative to the tree)."""

    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    external_include_dirs: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {"include_dirs": list(self.include_dirs), "defines": list(self.defines),
                "external_include_dirs": list(self.external_include_dirs)}


@dataclass
class CompileDatabase:
    path: str = ""  # tree-relative path of compile_commands.json, '' when there is none
    files: dict[str, CompileFlags] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def flags_for(self, relative: str) -> CompileFlags:
        """The file's own flags, or for files not in the database (headers) the union of
        every entry's tree include directories and no macros."""
        if relative in self.files:
            return self.files[relative]
        dirs: dict[str, None] = {}
        for flags in self.files.values():
            dirs.update(dict.fromkeys(flags.include_dirs))
        return CompileFlags(tuple(dirs))

    def to_dict(self) -> dict:
        return {"path": self.path, "problems": self.problems,
                "files": {name: flags.to_dict() for name, flags in sorted(self.files.items())}}


def read_compile_database(data: bytes, database_path: str, tree_files: set[str]) -> CompileDatabase:
    """Parse DATA (the JSON file at tree-relative DATABASE_PATH). Never raises on bad input."""
    database = CompileDatabase(database_path)
    try:
        entries = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        database.problems.append(f"not valid JSON: {error}")
        return database
    if not isinstance(entries, list):
        database.problems.append("not a JSON list of compile commands")
        return database
    for entry in entries:
        try:
            _add_entry(database, entry, tree_files)
        except (KeyError, TypeError, ValueError) as error:
            database.problems.append(f"entry skipped: {error!r}")
    return database


def _add_entry(database: CompileDatabase, entry: dict, tree_files: set[str]) -> None:
    directory = entry.get("directory", "/")
    arguments = entry.get("arguments") or shlex.split(entry["command"])
    source = posixpath.normpath(posixpath.join(directory, entry["file"]))
    relative, root = _locate(source, tree_files)
    if relative is None:
        database.problems.append(f"{entry['file']}: not in the tree")
        return
    includes, external, defines = [], [], []
    words = iter(arguments[1:])
    for word in words:
        flag = next((f for f in _INCLUDE_FLAGS if word.startswith(f)), None)
        if flag is not None:
            value = word[len(flag):] or next(words, "")
            absolute = posixpath.normpath(posixpath.join(directory, value))
            inside = absolute == root or absolute.startswith(root.rstrip("/") + "/")
            if inside:
                includes.append(posixpath.relpath(absolute, root))
            else:
                external.append(absolute)
        elif word.startswith("-D"):
            defines.append(word[2:] or next(words, ""))
    database.files[relative] = CompileFlags(tuple(includes), tuple(defines), tuple(external))


def _locate(source: str, tree_files: set[str]) -> tuple[str | None, str]:
    parts = source.strip("/").split("/")
    for start in range(len(parts)):
        candidate = "/".join(parts[start:])
        if candidate in tree_files:
            return candidate, "/" + "/".join(parts[:start])
    return None, ""
