"""The build-system step's result in the compile cache, so that checking the same tree
again skips configuring it.

``build_runs_key`` hashes what the result of ``run_build_systems`` depends on: the
content of every file of the tree (build files, CMake modules, ``configure_file`` inputs,
and the sources too, since a build may read any of them), the list of all files, hipcc's
path and identity, the GPU targets, the runner's libraries (a configure that failed for a
missing package succeeds once it is installed) and the ``cmake`` and ``make`` programs.
``load_build_runs``/``store_build_runs`` read and write the runs with their compile
commands and the headers the configure step generated. Those headers are the host's
copies (translator/sandbox/leftovers.py read them without following links); they are put
back in the new scratch folder. Runs stopped by their time limit are never stored.
"""

from __future__ import annotations

import base64
import hashlib
import os
from pathlib import Path, PurePosixPath

from translator.compile.build_systems import BuildCommand, BuildRun
from translator.compile.cache import CompileCache, cache_key
from translator.sandbox.bubblewrap import Sandbox
from translator.sandbox.leftovers import Refused, open_regular

__all__ = ["build_runs_key", "load_build_runs", "store_build_runs"]

_VERSION = "build-systems/3"
#: Generated headers larger than this in all are not stored (the configure runs again).
_MAX_GENERATED_BYTES = 4 << 20


def build_runs_key(root: Path, *, hipcc: str, identity: str, archs: list[str],
                   libraries: list[str], sandbox: Sandbox, configuration: str = "") -> str:
    """The cache key of the build-system step for the tree at ROOT: HIPCC (the path the
    builds are given) and IDENTITY (its ``--version`` text), ARCHS, LIBRARIES, the
    cmake and make programs the SANDBOX runs (a runner's own, or the host's), and the
    user's CONFIGURATION (``BuildConfig.describe``)."""
    tools = [_program_identity(sandbox, name) for name in ("cmake", "make")]
    return cache_key(_VERSION, hipcc, identity, ";".join(archs), ",".join(sorted(libraries)),
                     *tools, configuration, _tree_digest(Path(root)))


def _program_identity(sandbox: Sandbox, name: str) -> str:
    path = sandbox.which(name)
    if path is None:
        return f"{name}: none"
    found = sandbox.host_path(path)
    status = os.stat(found)
    return f"{os.path.realpath(found)} {status.st_size} {status.st_mtime_ns}"


def _tree_digest(root: Path) -> str:
    digest = hashlib.sha256()
    for folder, folders, files in os.walk(root, followlinks=False):
        folders.sort()
        for name in sorted(files):
            path = Path(folder, name)
            relative = path.relative_to(root).as_posix()
            if path.is_symlink():
                digest.update(f"link {relative} -> {os.readlink(path)}\0".encode())
            else:
                digest.update(f"file {relative} {_file_digest(root, relative)}\0".encode())
    return digest.hexdigest()


def _file_digest(root: Path, relative: str) -> str:
    """The SHA-256 of a regular file's bytes; a FIFO or device is named, never read."""
    digest = hashlib.sha256()
    try:
        with open_regular(root, relative) as stream:
            for block in iter(lambda: stream.read(1 << 20), b""):
                digest.update(block)
    except Refused as error:
        return f"unreadable: {error}"
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
            "generated_files": generated, "unread": run.unread,
            "configuration": run.configuration, "left_out": run.left_out,
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
            generated = str(scratch / _below(item["generated"])) if item["generated"] else ""
            for relative, data in item["generated_files"].items():
                target = Path(generated, _below(relative))
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(base64.b64decode(data))
            commands = {path: BuildCommand(path, tuple(arguments), tuple(dropped), source)
                        for path, arguments, dropped, source in item["commands"]}
            runs.append(BuildRun(item["folder"], item["system"], item["problem"],
                                 item["seconds"], commands, generated,
                                 item["generated_mount"], unread=list(item["unread"]),
                                 configuration=str(item["configuration"]),
                                 left_out=dict(item["left_out"]), cached=True))
    except (KeyError, TypeError, ValueError, OSError):
        return None  # an entry of another layout: configure again
    return runs


def _below(relative: str) -> str:
    """RELATIVE, when it is a path below a folder (a cache entry is data, not trusted
    to name one); ValueError otherwise."""
    parts = PurePosixPath(relative).parts
    if not parts or relative.startswith("/") or ".." in parts:
        raise ValueError(f"not a relative path: {relative!r}")
    return relative


def _generated_files(top: Path) -> dict[str, str] | None:
    """{relative path: base64 content} of the host's copies of the headers the configure
    step wrote; None when they are too large to store."""
    files, total = {}, 0
    for folder, _, names in os.walk(top, followlinks=False):
        for name in sorted(names):
            relative = Path(folder, name).relative_to(top).as_posix()
            try:
                with open_regular(top, relative) as stream:
                    data = stream.read(_MAX_GENERATED_BYTES + 1 - total)
            except Refused:
                continue
            total += len(data)
            if total > _MAX_GENERATED_BYTES:
                return None
            files[relative] = base64.b64encode(data).decode()
    return files
