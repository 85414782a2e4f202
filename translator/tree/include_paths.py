"""Where clang looks for a tree's headers during analysis, as the project's compiler would.

A compiler finds a quoted include next to the including file first (clang does that
itself once the file's path is right: ``Options.tree.tree_root``), then in the ``-I``
folders, then in the system folders. ``IncludePaths.for_file`` gives a file's ``-I``
folders, tree-relative, best first:

1. the folders of the build files (``CMakeLists.txt``, Makefiles; read by
   ``translator.tree.build_flags``) in the file's folder and above, nearest first;
2. the file's own ``compile_commands.json`` entry (or every entry's, for a header);
3. the folders of the other build files of the tree (targets are not told apart);
4. last, folders guessed from the tree's own includes: an include that none of the
   above resolves but that names a tree file by path suffix (``"dlk/ops.h"`` found as
   ``include/dlk/ops.h``) adds the folder in front of it (``include``), so a project
   whose flags live where rocport cannot read them (``setup.py``, a CMake function)
   still finds its own headers.

The C++ standard the nearest build file names (``-std=c++20``, ``CMAKE_CXX_STANDARD``)
is passed too; C++17 otherwise.

A header that a source file of the tree includes with quotes is analysed in that file's
context (``IncludePaths.includers``, ``TreeFacts.includer``): clang parses the source
file's text up to the include line and the header through it, as clang-tidy analyses a
header through a unit of the compile database, so a header that relies on what its
includer declared first (library-style ``detail/`` headers) is typed.

Only folders inside the tree are kept: absolute folders and folders that climb out
(``../x``) are dropped, as the include fence (``translator.analysis.include_fence``) refuses
such includes.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from translator.options import Options
from translator.source.tokens import directive_matches
from translator.tree.build_flags import BUILD_FILE_NAMES, Flags, cmake_flags, makefile_flags
from translator.tree.compdb import CompileDatabase

__all__ = ["IncludePaths", "include_paths"]

#: The standards clang takes; a build file's other values are ignored.
_STANDARD = re.compile(r"(?:c|gnu)\+\+(?:11|14|17|20|23|2a|2b|1z)")
#: An include directive, from its "#" (``directive_matches`` finds those that begin a line).
_INCLUDE = re.compile(rb'#[ \t]*include[ \t]*(?:"(?P<quoted>[^"\n]+)"|<(?P<angled>[^>\n]+)>)')
#: Options ``analysis_options`` keeps for reuse (and folders whose build folders it
#: keeps): trees rarely have more sets of folders, and a compile database that gives each
#: file macros of its own would keep one per file.
_MADE_OPTIONS_KEPT = 256
#: Files whose includes give headers their context.
_SOURCE_SUFFIXES = (".cu", ".cpp", ".cc", ".cxx", ".c")


@dataclass(frozen=True)
class IncludePaths:
    """The ``-I`` folders of a tree's files (see the module doc)."""

    #: tree-relative folder of a build file -> its include folders (inside the tree)
    build: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    database: CompileDatabase = field(default_factory=CompileDatabase)
    guessed: tuple[str, ...] = ()
    root: str = ""  # the tree's absolute path
    #: tree-relative folder of a build file -> the C++ standard it asks for (c++20)
    standards: Mapping[str, str] = field(default_factory=dict)
    #: (options, key) -> what analysis_options made of them
    _made_options: dict[tuple[Options, str], Options] = field(
        default_factory=dict, compare=False, repr=False)
    #: header -> (a source file that includes it, characters of that file up to the end
    #: of the include line): the context its analysis parses it in
    includers: Mapping[str, tuple[str, int]] = field(default_factory=dict)
    #: folder -> (the build folders at and above it, nearest first; the others, sorted):
    #: asked for every file, answered once per folder
    _build_folders: dict[str, tuple[list[str], list[str]]] = field(
        default_factory=dict, compare=False, repr=False)

    def standard_for(self, path: str) -> str:
        """The C++ standard of the nearest build file above PATH that names one, else
        the newest any build file names (targets are not told apart); '' for none."""
        for build_folder in self._builds_of(posixpath.dirname(path))[0]:
            if build_folder in self.standards:
                return self.standards[build_folder]
        return max(self.standards.values(), key=_year, default="")

    def analysis_options(self, options: Options, path: str) -> tuple[Options, str]:
        """OPTIONS for analysing the tree file PATH (its place in the tree, its include
        folders and compile-database macros), and a key for caching its result. Files
        with the same folders, macros and standard get the same Options object: the
        caches keyed by options then serve them all from the first."""
        include_dirs = self.for_file(path)
        defines = self.database.flags_for(path).defines
        standard = self.standard_for(path)
        includer = self.includers.get(path, ())
        key = "\0".join(include_dirs) + "\1" + "\0".join(defines) + "\1" + standard
        if includer:
            key += "\1" + includer[0] + "\0" + str(includer[1])
        made = self._made_options.get((options, key))
        if made is None:
            if len(self._made_options) >= _MADE_OPTIONS_KEPT:
                self._made_options.clear()
            made = self._made_options[options, key] = options.with_tree_facts(
                tree_root=self.root, includer=includer).with_changes(
                include_dirs=options.include_dirs
                + tuple(posixpath.join(self.root, d) for d in include_dirs),
                defines=options.defines + defines,
                # the project's own standard first, so that the caller's clang_args win
                clang_args=((f"-std={standard}",) if standard else ()) + options.clang_args)
        return made, key

    def _builds_of(self, folder: str) -> tuple[list[str], list[str]]:
        known = self._build_folders.get(folder)
        if known is None:
            if len(self._build_folders) >= _MADE_OPTIONS_KEPT:  # files come folder by folder
                self._build_folders.clear()
            folders = self.build.keys() | self.standards.keys()
            own = sorted((f for f in folders if _within(f, folder)), key=len, reverse=True)
            others = sorted(f for f in folders if f not in own)
            known = self._build_folders[folder] = (own, others)
        return known

    def for_file(self, path: str) -> tuple[str, ...]:
        own, others = self._builds_of(posixpath.dirname(path))
        found: list[str] = []
        for build_folder in own:
            found += self.build.get(build_folder, ())
        found += self.database.flags_for(path).include_dirs
        for build_folder in others:
            found += self.build.get(build_folder, ())
        found += self.guessed
        return tuple(dict.fromkeys(found))


def include_paths(root: str, contents: Mapping[str, bytes], c_files: list[str],
                  database: CompileDatabase) -> IncludePaths:
    """The include folders of the tree at ROOT whose files (tree-relative path -> bytes)
    are CONTENTS; C_FILES are its C/C++ files."""
    folders = _folders(contents)
    build: dict[str, tuple[str, ...]] = {}
    standards: dict[str, str] = {}
    for path in sorted(contents):
        name = posixpath.basename(path)
        if name in BUILD_FILE_NAMES or name.endswith(".mk"):
            flags = _flags(path, contents[path])
            dirs = _inside(flags.include_dirs + flags.system_include_dirs, folders)
            if dirs:
                build[posixpath.dirname(path)] = dirs
            if flags.std and _STANDARD.fullmatch(flags.std):
                standards[posixpath.dirname(path)] = flags.std
    known = [*(d for dirs in build.values() for d in dirs),
             *(d for flags in database.files.values() for d in flags.include_dirs)]
    guessed = _guessed(contents, c_files, tuple(dict.fromkeys(known)))
    paths = IncludePaths(build, database, guessed, root, standards)
    object.__setattr__(paths, "includers", _includers(contents, c_files, paths))
    return paths


def _includers(contents: Mapping[str, bytes], c_files: list[str],
               paths: IncludePaths) -> dict[str, tuple[str, int]]:
    """For each header of the tree that a source file includes with quotes: the first
    such source file (in path order) and the characters of its text up to the end of the
    include line, the context a header is analysed in (clang-tidy analyses a header
    through a unit that includes it). Headers included only by other headers have none."""
    found: dict[str, tuple[str, int]] = {}
    for includer in sorted(c_files):
        if not includer.endswith(_SOURCE_SUFFIXES):
            continue
        data = contents[includer]
        folder = posixpath.dirname(includer)
        for match in directive_matches(_INCLUDE, data):
            raw = match["quoted"]
            if not raw:
                continue
            name = posixpath.normpath(raw.decode("utf-8", "replace").strip())
            if name.startswith(("/", "..")) or ".." in name.split("/"):
                continue
            candidates = [posixpath.normpath(posixpath.join(folder, name)),
                          *(posixpath.normpath(posixpath.join(d, name))
                            for d in paths.for_file(includer))]
            header = next((c for c in candidates if c in contents), None)
            if header is None or header in found or header == includer:
                continue
            end = data.find(b"\n", match.end())
            end = len(data) if end < 0 else end + 1
            found[header] = (includer, len(data[:end].decode("utf-8", "surrogateescape")))
    return found


def _flags(path: str, data: bytes) -> Flags:
    text = data.decode("utf-8", "replace")
    folder = posixpath.dirname(path)
    if posixpath.basename(path) == "CMakeLists.txt":
        return cmake_flags(text, folder)
    return makefile_flags(text, folder)


def _folders(contents: Mapping[str, bytes]) -> set[str]:
    folders = {"."}
    for path in contents:
        parent = posixpath.dirname(path)
        while parent and parent not in folders:
            folders.add(parent)
            parent = posixpath.dirname(parent)
    return folders


def _inside(values: list[str], folders: set[str]) -> tuple[str, ...]:
    kept = []
    for value in values:
        normal = posixpath.normpath(value.replace("\\", "/"))
        if not posixpath.isabs(normal) and normal in folders:
            kept.append(normal)
    return tuple(dict.fromkeys(kept))


def _guessed(contents: Mapping[str, bytes], c_files: list[str],
             known: tuple[str, ...]) -> tuple[str, ...]:
    """Folders that resolve the tree's includes which nothing else resolves."""
    files = set(contents)
    by_name: dict[str, list[str]] = {}
    for path in sorted(files):
        by_name.setdefault(posixpath.basename(path), []).append(path)
    guessed: dict[str, None] = {}
    # names that a known or guessed folder resolves: those folders only grow, so a name
    # resolved once stays resolved (most includes name the same few headers)
    resolved: set[str] = set()
    for includer in sorted(c_files):
        folder = posixpath.dirname(includer)
        for match in directive_matches(_INCLUDE, contents[includer]):
            raw = match["quoted"] or match["angled"]
            name = posixpath.normpath(raw.decode("utf-8", "replace").strip())
            if name in resolved or name.startswith(("/", "..")) or ".." in name.split("/"):
                continue
            if match["angled"] and "/" not in name:
                continue  # <vector>, <cuda_runtime.h>: the system's, not the tree's
            if posixpath.normpath(posixpath.join(folder, name)) in files:
                continue
            if any(posixpath.normpath(posixpath.join(p, name)) in files
                   for p in (*known, *guessed)):
                resolved.add(name)
                continue
            matches = [p for p in by_name.get(posixpath.basename(name), [])
                       if ("/" + p).endswith("/" + name)]
            if matches:
                best = min(matches, key=lambda p: (p.count("/"), p))
                guessed[best[: len(best) - len(name)].rstrip("/") or "."] = None
                resolved.add(name)
    return tuple(guessed)


def _year(standard: str) -> int:
    digits = {"1z": "17", "2a": "20", "2b": "23"}.get(standard[-2:], standard[-2:])
    return int(digits)


def _within(folder: str, path_folder: str) -> bool:
    return folder == "" or path_folder == folder or path_folder.startswith(folder + "/")
