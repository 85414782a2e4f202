"""Which translation units to compile, and with which include folders, macros and standard.

In order of preference:

1. The report's ``compile_commands`` section (the tree's ``compile_commands.json`` as
   the tree migration placed it on the tree, translator/tree/compdb.py), else a
   ``compile_commands.json`` at the tree's root or in ``build/``, placed the same way.
   Its ``.cu``/``.hip`` entries and the entries that use HIP are compiled with their
   include folders and macros, and the C++ standard most entries ask for.
2. Otherwise every ``.cu``/``.hip`` file and every other source that uses HIP, with
   the flags of the build files (``CMakeLists.txt``, Makefiles) in its folder and the
   folders above it, and the include folders of the other build files after those.

Include folders are tree-relative; absolute ones are kept only below ``/usr`` or
``/opt/rocm`` (the only host folders the sandbox shows) and never a CUDA toolkit's.
Paths that leave the tree are dropped. The C++ standard defaults to C++17 (what CUDA
12 and newer compile by default).
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shlex
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from translator.compile.build_systems import BuildRun
from translator.tree.build_flags import (
    BUILD_FILE_NAMES,
    SAFE_MACRO,
    Flags,
    filter_flags,
    read_build_flags,
)
from translator.tree.compdb import read_compile_database

__all__ = ["CompileUnit", "find_units", "has_compile_database", "uses_hip", "gpu_sources",
           "SOURCE_SUFFIXES", "DEFAULT_STD"]

SOURCE_SUFFIXES = (".cu", ".hip", ".cpp", ".cc", ".cxx", ".c++")
DEFAULT_STD = "c++17"
_HIP_USE = re.compile(rb"#\s*include\s*[<\"]hip/|\bhip[A-Z]\w*|__global__|<<<")
_KERNEL_CODE = re.compile(rb"#\s*include\s*[<\"]hip/hip_runtime\.h|__global__|__device__|<<<|"
                          rb"hipLaunchKernelGGL")
_SYSTEM_PREFIXES = ("/usr/", "/opt/rocm")
_MAX_SCANNED_BYTES = 8 << 20


@dataclass(frozen=True)
class CompileUnit:
    """One unit to compile. Paths are tree-relative with ``/``."""

    path: str
    language: str  # "hip" or "c++"
    include_dirs: tuple[str, ...] = ()
    system_include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    undefines: tuple[str, ...] = ()
    std: str = DEFAULT_STD
    origin: str = "scan"  # "compile_commands.json", "cmake", "make -n", "build files", "scan"
    ignored_flags: tuple[str, ...] = ()
    #: The flags of the project's own compile command (cmake, make -n), in order, paths
    #: as the sandbox sees them; None: the flags above are used instead.
    arguments: tuple[str, ...] | None = None
    #: Where the flags came from, for people (``flags_source`` in the report).
    flags_source: str = ""
    #: Host folder of the CMake build whose generated headers the unit may include, and
    #: where the sandbox shows it (translator/compile/build_systems.py).
    generated: str = ""
    generated_mount: str = ""


def gpu_sources(root: Path) -> list[str]:
    """Tree-relative paths of the GPU sources of the tree at ROOT: ``.cu`` and ``.hip``
    files, and C++ sources with kernel code. Every one of them is compiled by the check
    or named with the reason it is not."""
    root = Path(root).resolve()
    found = []
    for folder, folders, files in os.walk(root, followlinks=False):
        folders[:] = sorted(f for f in folders if not f.startswith("."))
        for name in sorted(files):
            if not name.endswith(SOURCE_SUFFIXES) or Path(folder, name).is_symlink():
                continue
            relative = Path(folder, name).relative_to(root).as_posix()
            if name.endswith((".cu", ".hip")):
                found.append(relative)
                continue
            data = _read(Path(folder, name))
            if data is not None and _KERNEL_CODE.search(data):
                found.append(relative)
    return found


def uses_hip(data: bytes) -> bool:
    return _HIP_USE.search(data) is not None


def _language(path: str, data: bytes) -> str:
    if path.endswith((".cu", ".hip")) or _KERNEL_CODE.search(data):
        return "hip"
    return "c++"


def find_units(root: Path, *, renames: Mapping[str, str] | None = None,
               compile_commands: Mapping | None = None,
               build_runs: list[BuildRun] | None = None,
               max_units: int = 1000) -> tuple[list[CompileUnit], list[str]]:
    """(units, notes) for the tree at ROOT. RENAMES maps original to output paths.

    COMPILE_COMMANDS is the report's ``compile_commands`` section (translator/tree/compdb.py:
    the database already placed on the tree, ``files`` keyed by output path); when it
    lists files it is used instead of reading ``compile_commands.json`` again. BUILD_RUNS
    are the runs of the project's own build systems (translator/compile/build_systems.py): a unit
    of a build that ran is compiled with that build's command, a source such a build
    does not compile is not a unit (listed in the notes), and the units of builds that
    failed, or of no build, get the flags of rocport's reader and say why.
    """
    root = Path(root).resolve()
    notes: list[str] = []
    database = _compile_database(root)
    if compile_commands and compile_commands.get("files"):
        units = _units_from_section(root, compile_commands, notes)
    elif database is not None:
        units = _units_from_database(root, database, renames or {}, notes)
    else:
        units = _units_from_scan(root, notes, build_runs)
    if len(units) > max_units:
        notes.append(f"{len(units) - max_units} units not compiled (limit {max_units})")
        units = units[:max_units]
    return units, notes


# --- compile_commands.json ---------------------------------------------------------------

def has_compile_database(root: Path, compile_commands: Mapping | None = None) -> bool:
    """True when the units come from a shipped compile_commands.json (the report's
    section or the tree's file): then the project's build system is not run."""
    return bool(compile_commands and compile_commands.get("files")) or \
        _compile_database(Path(root).resolve()) is not None


def _compile_database(root: Path) -> Path | None:
    for candidate in (root / "compile_commands.json", root / "build" / "compile_commands.json"):
        if candidate.is_file() and not candidate.is_symlink():
            return candidate
    return None


def _units_from_database(root: Path, database: Path, renames: Mapping[str, str],
                         notes: list[str]) -> list[CompileUnit]:
    """Units of a compile_commands.json read here (no report): placed on the tree by
    translator/tree/compdb.py, as the tree migration does, then as from a report."""
    relative_name = database.relative_to(root).as_posix()
    data = database.read_bytes()
    tree_files = {path.relative_to(root).as_posix() for path in root.rglob("*")
                  if path.is_file()}
    placed = read_compile_database(data, relative_name, tree_files | set(renames))
    if not placed.files:
        notes.append(f"{relative_name}: no usable entries "
                     f"({'; '.join(placed.problems[:3]) or 'empty'}); units found by scan")
        return _units_from_scan(root, notes)
    section = placed.to_dict()
    section["files"] = {renames.get(path, path): flags
                        for path, flags in section["files"].items()}
    return _units_from_section(root, section, notes)


def _units_from_section(root: Path, section: Mapping, notes: list[str]) -> list[CompileUnit]:
    std = _database_std(root, str(section.get("path", "")))
    units = []
    for path, entry in sorted(section["files"].items()):
        data = _read(root / path) if _inside(root, root / path) else None
        if data is None or not path.endswith(SOURCE_SUFFIXES):
            continue
        if not (path.endswith((".cu", ".hip")) or uses_hip(data)):
            continue
        defines = [d for d in entry.get("defines", ()) if SAFE_MACRO.match(str(d))]
        units.append(CompileUnit(
            path=path, language=_language(path, data),
            include_dirs=_usable_dirs(root, [str(d) for d in entry.get("include_dirs", ())]),
            defines=tuple(dict.fromkeys(defines)), std=std, origin="compile_commands.json",
            flags_source="compile_commands.json",
        ))
    notes.append(f"{len(units)} units from {section.get('path') or 'compile_commands.json'}")
    return units


def _database_std(root: Path, relative: str) -> str:
    """The C++ standard most entries of the tree's compile_commands.json ask for."""
    if not relative or not (root / relative).is_file():
        return DEFAULT_STD
    try:
        entries = json.loads((root / relative).read_text(encoding="utf-8", errors="replace"))
    except ValueError:
        return DEFAULT_STD
    found: Counter[str] = Counter()
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict):
            continue
        arguments = entry.get("arguments")
        if not isinstance(arguments, list):
            try:
                arguments = shlex.split(str(entry.get("command", "")))
            except ValueError:
                continue
        std = filter_flags([str(a) for a in arguments], Flags()).std
        if std:
            found[std] += 1
    return found.most_common(1)[0][0] if found else DEFAULT_STD


# --- scanning and build files ------------------------------------------------------------

def _units_from_scan(root: Path, notes: list[str],
                     build_runs: list[BuildRun] | None = None) -> list[CompileUnit]:
    sources, build_flags = [], {}
    for folder, folders, files in os.walk(root, followlinks=False):
        folders[:] = sorted(f for f in folders if not f.startswith("."))
        relative_folder = Path(folder).relative_to(root).as_posix()
        relative_folder = "" if relative_folder == "." else relative_folder
        for name in sorted(files):
            relative = f"{relative_folder}/{name}" if relative_folder else name
            if name in BUILD_FILE_NAMES or name.endswith(".mk"):
                flags = read_build_flags(root, relative)
                if flags is not None:
                    build_flags[relative] = flags
            elif name.endswith(SOURCE_SUFFIXES) and not Path(folder, name).is_symlink():
                sources.append(relative)
    units, not_built = [], []
    for relative in sources:
        data = _read(root / relative)
        if data is None or not (relative.endswith((".cu", ".hip")) or uses_hip(data)):
            continue
        run = _build_run_of(relative, build_runs or [])
        if run is not None and run.ok:
            if relative in run.commands:
                units.append(_unit_from_build(relative, data, run))
            else:
                not_built.append(relative)
            continue
        unit, branches = _unit_from_build_files(root, relative, data, build_flags)
        why = run.problem if run is not None else (
            "the build was not run" if build_runs is None else "no CMakeLists.txt or Makefile "
            "above it")
        taken = f"; {', '.join(branches)}" if branches else ""
        units.append(dataclasses.replace(
            unit, flags_source=f"rocport's reader (fallback: {why}{taken})"))
    notes.append(f"{len(units)} units that use HIP"
                 + (f"; flags from {', '.join(sorted(build_flags))}" if build_flags else ""))
    if not_built:
        shown = ", ".join(not_built[:10]) + (" ..." if len(not_built) > 10 else "")
        notes.append(f"{len(not_built)} sources that use HIP are not compiled by the project's "
                     f"build as configured, so not checked: {shown}")
    return units


def _build_run_of(path: str, runs: list[BuildRun]) -> BuildRun | None:
    """The run of the innermost build whose folder holds PATH."""
    covering = [run for run in runs if run.covers(path)]
    return max(covering, key=lambda run: len(run.folder), default=None)


def _unit_from_build(path: str, data: bytes, run: BuildRun) -> CompileUnit:
    command = run.commands[path]
    arguments = command.arguments
    languages = [arguments[i + 1] for i, a in enumerate(arguments[:-1]) if a == "-x"]
    languages += [a[2:] for a in arguments if a.startswith("-x") and len(a) > 2]
    language = languages[-1] if languages else _language(path, data)
    language = "hip" if language in ("hip", "cu", "cuda") else (
        "c++" if language in ("c++", "c") else language)
    stds = [a.split("=", 1)[1] for a in arguments if a.startswith(("-std=", "--std="))]
    return CompileUnit(
        path=path, language=language, std=stds[-1] if stds else "", origin=run.system,
        ignored_flags=command.dropped, arguments=arguments, flags_source=run.system,
        generated=run.generated, generated_mount=run.generated_mount,
        include_dirs=tuple(a[2:] for a in arguments if a.startswith("-I")),
        defines=tuple(a[2:] for a in arguments if a.startswith("-D")),
    )


def _unit_from_build_files(root: Path, path: str, data: bytes,
                           build_flags: dict[str, Flags]) -> tuple[CompileUnit, list[str]]:
    """The unit with the flags of its folder's build files (nearest first) and the include
    folders of the others; and the conditions the reader decided in its own files."""
    folder = os.path.dirname(path)
    own = [flags for build_file, flags in build_flags.items()
           if _is_within(os.path.dirname(build_file), folder)]
    own.sort(key=lambda flags: -len(flags.base))  # nearest folder first
    ignored = [flag for flags in own for flag in flags.ignored]
    others = [flags for flags in build_flags.values() if flags not in own]
    include_dirs: list[str] = []
    system_dirs: list[str] = []
    defines: list[str] = []
    undefines: list[str] = []
    for flags in own:
        include_dirs += flags.include_dirs
        system_dirs += flags.system_include_dirs
        defines += flags.defines
        undefines += flags.undefines
    for flags in others:
        include_dirs += flags.include_dirs
    std = next((flags.std for flags in own if flags.std), None)
    std = std or max((f.std for f in build_flags.values() if f.std), default=None, key=_std_year)
    return CompileUnit(
        path=path, language=_language(path, data),
        include_dirs=_usable_dirs(root, include_dirs),
        system_include_dirs=_usable_dirs(root, system_dirs),
        defines=tuple(dict.fromkeys(defines)), undefines=tuple(dict.fromkeys(undefines)),
        std=std or DEFAULT_STD, origin="build files" if build_flags else "scan",
        ignored_flags=tuple(dict.fromkeys(ignored)),
    ), [branch for flags in own for branch in flags.branches]


def _std_year(std: str) -> int:
    digits = re.sub(r"\D", "", std)
    year = int(digits) if digits else 0
    return year + (1900 if year >= 90 else 2000) if year < 100 else year


def _usable_dirs(root: Path, values: list[str]) -> tuple[str, ...]:
    usable = []
    for value in dict.fromkeys(values):
        if os.path.isabs(value):
            if _system_folder(value):
                usable.append(value)
        elif (root / value).is_dir() and _inside(root, root / value):
            usable.append(PurePosixPath(value).as_posix())
    return tuple(usable)


def _system_folder(path: str) -> bool:
    """A host folder the sandbox shows, and not a CUDA toolkit's (whose headers would
    shadow the HIP ones)."""
    return path.startswith(_SYSTEM_PREFIXES) and not any(
        part.startswith("cuda") for part in PurePosixPath(path).parts
    )


def _is_within(folder: str, path_folder: str) -> bool:
    return folder == "" or path_folder == folder or path_folder.startswith(folder + "/")


def _inside(root: Path, path: Path) -> bool:
    resolved = path.resolve()
    return resolved == root or root in resolved.parents


def _read(path: Path) -> bytes | None:
    try:
        if path.is_symlink() or path.stat().st_size > _MAX_SCANNED_BYTES:
            return None
        return path.read_bytes()
    except OSError:
        return None
