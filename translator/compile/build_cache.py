"""The build-system step's result in the compile cache, so that checking the same tree
again skips configuring it.

``build_runs_key`` hashes what the result of ``run_build_systems`` depends on: the
content of every file of the tree except the translation-unit sources (build files,
CMake modules, ``configure_file`` inputs, headers a build may read for a version), the
list of all files (names only for the sources: ``$(wildcard ...)`` and ``file(GLOB ...)``
see them), hipcc's path and identity, the GPU targets, the runner's libraries (a configure
that failed for a missing package succeeds once it is installed) and the ``cmake`` and
``make`` programs. ``load_build_runs``/``store_build_runs`` read and write the runs with
their compile commands and the headers the configure step generated, which are put back
in the new scratch folder. Runs stopped by their time limit are never stored.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
from pathlib import Path

from translator.compile.build_systems import GENERATED_SUFFIXES, BuildCommand, BuildRun
from translator.compile.cache import CompileCache, cache_key

__all__ = ["build_runs_key", "load_build_runs", "store_build_runs"]

_VERSION = "build-systems/1"
#: Translation units: only their names count (the build systems do not read them).
_SOURCE_SUFFIXES = (".cu", ".hip", ".cpp", ".cc", ".cxx", ".c++", ".c", ".C")
#: Generated headers larger than this in all are not stored (the configure runs again).
_MAX_GENERATED_BYTES = 4 << 20


def build_runs_key(root: Path, *, hipcc: str, identity: str, archs: list[str],
                   libraries: list[str]) -> str:
    """The cache key of the build-system step for the tree at ROOT: HIPCC (the path the
    builds are given) and IDENTITY (its ``--version`` text), ARCHS, LIBRARIES."""
    tools = [_program_identity(name) for name in ("cmake", "make")]
    return cache_key(_VERSION, hipcc, identity, ";".join(archs), ",".join(sorted(libraries)),
                     *tools, _tree_digest(Path(root)))


def _program_identity(name: str) -> str:
    path = shutil.which(name, path="/usr/local/bin:/usr/bin:/bin")
    if path is None:
        return f"{name}: none"
    status = os.stat(path)
    return f"{os.path.realpath(path)} {status.st_size} {status.st_mtime_ns}"


def _tree_digest(root: Path) -> str:
    digest = hashlib.sha256()
    for folder, folders, files in os.walk(root, followlinks=False):
        folders.sort()
        for name in sorted(files):
            path = Path(folder, name)
            relative = path.relative_to(root).as_posix()
            if path.is_symlink():
                digest.update(f"link {relative} -> {os.readlink(path)}\0".encode())
            elif name.endswith(_SOURCE_SUFFIXES):
                digest.update(f"source {relative}\0".encode())
            else:
                digest.update(f"file {relative} {_file_digest(path)}\0".encode())
    return digest.hexdigest()


def _file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as stream:
            for block in iter(lambda: stream.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return "unreadable"
    return digest.hexdigest()


def store_build_runs(cache: CompileCache, key: str, runs: list[BuildRun],
                     scratch: Path) -> None:
    """Store RUNS (made in SCRATCH) under KEY, unless one was stopped by its time limit
    or generated too much."""
    if not cache.enabled or any(run.timed_out for run in runs):
        return
    stored = []
    for run in runs:
        generated = _generated_files(Path(run.generated)) if run.generated else {}
        if generated is None:
            return
        stored.append({
            "folder": run.folder, "system": run.system, "problem": run.problem,
            "seconds": run.seconds, "generated_mount": run.generated_mount,
            "generated": (Path(run.generated).relative_to(scratch).as_posix()
                          if run.generated else ""),
            "generated_files": generated,
            "commands": [[c.path, list(c.arguments), list(c.dropped), c.source]
                         for c in run.commands.values()],
        })
    cache.put(key, {"build_runs": stored})


def load_build_runs(cache: CompileCache, key: str, scratch: Path) -> list[BuildRun] | None:
    """The runs stored under KEY, their generated headers written below SCRATCH again;
    None on a miss."""
    entry = cache.get(key)
    if entry is None or not isinstance(entry.get("build_runs"), list):
        return None
    runs = []
    try:
        for item in entry["build_runs"]:
            generated = str(scratch / item["generated"]) if item["generated"] else ""
            for relative, data in item["generated_files"].items():
                target = Path(generated, relative)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(base64.b64decode(data))
            commands = {path: BuildCommand(path, tuple(arguments), tuple(dropped), source)
                        for path, arguments, dropped, source in item["commands"]}
            runs.append(BuildRun(item["folder"], item["system"], item["problem"],
                                 item["seconds"], commands, generated,
                                 item["generated_mount"], cached=True))
    except (KeyError, TypeError, ValueError, OSError):
        return None  # an entry of another layout: configure again
    return runs


def _generated_files(top: Path) -> dict[str, str] | None:
    """{relative path: base64 content} of the headers the configure step wrote (as
    build_systems.link_generated shows them to units); None when they are too large."""
    files, total = {}, 0
    for folder, folders, names in os.walk(top):
        folders[:] = sorted(f for f in folders if f != "CMakeFiles")
        for name in sorted(names):
            if not name.endswith(GENERATED_SUFFIXES):
                continue
            path = Path(folder, name)
            data = path.read_bytes()
            total += len(data)
            if total > _MAX_GENERATED_BYTES:
                return None
            files[path.relative_to(top).as_posix()] = base64.b64encode(data).decode()
    return files
