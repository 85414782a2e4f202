"""Translate untrusted input inside the bubblewrap sandbox: the parent's side of a job.

Everything that reads what a user sent — unpacking the archive, the token pass, libclang,
the build files — runs in a child Python (``python -I -m translator.jobs.child``) inside
``translator.sandbox.bubblewrap.Sandbox``: the job's input read-only at ``/job/src``, one
writable folder at ``/job/out``, the read-only files Python, the virtual environment,
libclang and the HIP headers need, and nothing else (no data folder, no ``/etc/shadow``,
no ``/root``, no network, an empty environment, memory, CPU, process and time limits).
The caller (a worker, the web process) only ever reads a few named regular files back,
through translator/sandbox/leftovers.py: never through a link, never a FIFO or device.
Parent and child talk in the protocol of ``translator.jobs.protocol``.

A crash of libclang (a signal, or clang aborting when the memory limit stops it) kills
the child; the supervisor then runs it again with that file translated token-only, up
to ``max_crashes`` times, reusing every finished file from the run's result cache.
``MemoryError`` in the child ends the job with ``too-much-memory``.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import secrets
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, cast

from translator.jobs.child import REVIEW_NAME, TranslationSummary
from translator.jobs.protocol import Messages
from translator.options import Options, options_json
from translator.progress import Canceled, Progress
from translator.sandbox.bubblewrap import (
    NOBODY,
    READONLY_PATHS,
    Limits,
    Sandbox,
    SandboxUnavailable,
)
from translator.sandbox.leftovers import Refused, open_regular
from translator.tree.archive import ArchiveError
from translator.tree.archive import Limits as ArchiveLimits

__all__ = ["Confinement", "ConfinementFailed", "TreeTranslation", "translate_archive",
           "translate_snippet", "open_output", "read_output", "ARTIFACT_NAMES", "REVIEW_NAME",
           "Canceled"]

#: What a tree translation leaves in its ``artifacts`` folder.
ARTIFACT_NAMES = ("hip-tree.tar.gz", "hip-tree.zip", "changes.patch", "report.json",
                  "findings.sarif")
_PACKAGE = Path(__file__).resolve().parents[1]


class ConfinementFailed(Exception):
    """The sandboxed translation did not give a result. ``code`` is stable."""

    def __init__(self, code: str, message: str, output: str = "") -> None:
        super().__init__(message)
        #: OUTPUT: the end of what the child printed, for the operator's log (never shown
        #: to users: it may hold a traceback).
        self.code, self.message, self.output = code, message, output


def python_paths() -> tuple[str, ...]:
    """Read-only folders the sandboxed Python needs: its installation, the virtual
    environment, this package (installed in place) and the libclang it loads."""
    paths = {sys.base_prefix, sys.prefix, str(_PACKAGE)}
    try:
        from clang import cindex

        paths.add(str(Path(cindex.__file__).resolve().parent))
        if cindex.Config.library_file:
            paths.add(str(Path(cindex.Config.library_file).resolve().parent))
    except ImportError:
        pass
    return tuple(sorted(paths))



@dataclass(frozen=True)
class Confinement:
    """How to run the sandboxed translator. ``sandbox.bubblewrap=None`` runs it without
    a sandbox (development only; the include fence still applies)."""

    sandbox: Sandbox = field(default_factory=lambda: Sandbox(limits=Limits(
        wall_seconds=60, cpu_seconds=60, memory_bytes=2 << 30, processes=16)))
    python: str = sys.executable
    #: Stubs precompiled outside the sandbox (``shared_precompiled_stubs``), bound
    #: read-only; "" when the translation builds its own.
    precompiled_stubs: str = ""
    #: Files that crashed libclang and are retried token-only, before the job fails.
    max_crashes: int = 3

    def with_wall_seconds(self, seconds: float) -> Confinement:
        """This confinement with SECONDS of wall-clock time."""
        limits = dataclasses.replace(self.sandbox.limits, wall_seconds=seconds)
        return dataclasses.replace(self, sandbox=dataclasses.replace(self.sandbox,
                                                                     limits=limits))

    @classmethod
    def create(cls, *, wall_seconds: float, memory_bytes: int, sandboxed: bool = True,
               extra_readonly: tuple[str, ...] = (), stubs_folder: str = "") -> Confinement:
        """STUBS_FOLDER: where the precompiled stubs are kept (``shared_precompiled_stubs``);
        without one each translation builds its own."""
        limits = Limits(wall_seconds=wall_seconds, cpu_seconds=int(wall_seconds) + 5,
                        memory_bytes=memory_bytes, processes=256, output_bytes=64 << 10,
                        niceness=10)
        # absolute: the sandbox binds it at the same path, and its working folder differs
        precompiled = shared_precompiled_stubs(os.path.abspath(stubs_folder)) if stubs_folder \
            else ""
        readonly = tuple(dict.fromkeys((*READONLY_PATHS, *python_paths(), *extra_readonly,
                                        *([precompiled] if precompiled else []))))
        return cls(Sandbox(bubblewrap="/usr/bin/bwrap" if sandboxed else None, limits=limits,
                           readonly_paths=readonly, uid=_sandbox_uid(), gid=_sandbox_uid()),
                   precompiled_stubs=precompiled)

    def run(self, command: str, source: Path, work: Path,
            messages: Messages) -> tuple[int, str]:
        """Run the child COMMAND; MESSAGES reads what it says (and may stop it)."""
        bubblewrap = self.sandbox.bubblewrap  # None: not isolated
        if bubblewrap is not None and not os.access(bubblewrap, os.X_OK):
            raise ConfinementFailed("sandbox-unavailable",
                                    f"the translation sandbox (bubblewrap at "
                                    f"{bubblewrap}) is not installed")
        src_mount, out_mount = self.sandbox.mounts(source, work)
        argv = [self.python, "-I", "-B", "-m", "translator.jobs.child", command, src_mount,
                out_mount, self.precompiled_stubs]
        view = work.parent / "view"
        shutil.rmtree(view, ignore_errors=True)  # staged afresh: the request changes per run
        try:
            run = self.sandbox.run(argv, self.sandbox.source_view(source, view), work,
                                   watch=messages)
        except SandboxUnavailable as error:
            raise ConfinementFailed("sandbox-unavailable", str(error)) from None
        if run.stopped:
            raise Canceled()
        if run.timed_out:
            raise ConfinementFailed("time-limit", f"translation took longer than "
                                    f"{self.sandbox.limits.wall_seconds:g} s")
        return run.returncode, run.output


@functools.cache
def shared_precompiled_stubs(folder: str) -> str:
    """FOLDER, once it holds clang's precompiled stubs for this installation (built at
    most once, outside the sandbox), or "" when they cannot be built: every sandboxed
    translation reads them, never writes them, instead of spending a second building its
    own, most of a small request's time. The stubs are rocport's own headers and the
    system's, never anything a user sent, and their file name changes with every input,
    so FOLDER is a lasting cache that survives (and is shared by) worker processes."""
    try:
        os.makedirs(folder, mode=0o755, exist_ok=True)
        os.chmod(folder, 0o755)  # the sandbox's user reads it
        built = subprocess.run([sys.executable, "-I", "-B", "-m", "translator.analysis.precompile",
                                folder], capture_output=True, timeout=300).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        built = False
    return folder if built else ""


def _sandbox_uid() -> int:
    """The uid a sandbox runs as. The kernel counts the process limit per uid, so as root
    each sandbox gets its own unused uid (libclang's threads count too): concurrent
    translations, and the compile check's sandboxes, never share one budget. Without root
    the user namespace maps the caller to 65534."""
    return _UID_BASE + secrets.randbelow(_UID_RANGE) if os.geteuid() == 0 else NOBODY


#: Unused uids on Debian (below the subuid ranges, far above system and login users).
_UID_BASE, _UID_RANGE = 1 << 20, 1 << 16



@dataclass
class TreeTranslation:
    """What a sandboxed tree translation left: ARTIFACT_NAMES in ``artifacts``."""

    artifacts: Path
    summary: TranslationSummary
    crashed: list[str]

    def open(self, name: str) -> BinaryIO:
        """The artifact NAME, opened as ``open_output`` does."""
        return open_output(self.artifacts.parent, f"{self.artifacts.name}/{name}")


def translate_archive(archive: Path, scratch: Path, options: Options,
                      archive_limits: ArchiveLimits, confinement: Confinement, *,
                      progress: Progress | None = None) -> TreeTranslation:
    """Unpack ARCHIVE and migrate its tree in the sandbox; SCRATCH is an empty private
    folder. PROGRESS gets (files done, total) (``translator.progress``: its ``Canceled``
    kills the sandbox and is raised on).
    Raises ArchiveError for a refused archive and ConfinementFailed for the rest."""
    source, work = scratch / "input", scratch / "work"
    source.mkdir(parents=True)
    shutil.copyfile(archive, source / f"input{_archive_suffix(archive)}")
    crashed: list[str] = []
    while True:
        request = {"archive": f"input{_archive_suffix(archive)}", "token_only": crashed,
                   "options": options_json(options),
                   "limits": dataclasses.asdict(archive_limits)}
        (source / "request.json").write_text(json.dumps(request))
        messages = Messages(progress)
        work.mkdir(exist_ok=True)
        returncode, output = confinement.run("tree", source, work, messages)
        if messages.done is not None and returncode == 0:
            # the child's own summary (translator.jobs.child), written by our code
            summary = cast(TranslationSummary, messages.done)
            return TreeTranslation(work / "artifacts", summary, crashed)
        _raise_refusal(messages.error)
        file = messages.file
        if file is None or file in crashed or len(crashed) >= confinement.max_crashes:
            where = f" while translating {file}" if file else ""
            raise ConfinementFailed("translation-crashed",
                                    f"the translator crashed{where} ({_ending(returncode)})",
                                    output[-4000:])
        crashed.append(file)  # again, with that file token-only; finished files are cached


#: The share of a snippet's time that libclang may take before the file is translated
#: again with tokens only in what is left (hostile shapes make clang quadratic).
CLANG_SHARE = 0.6


def translate_snippet(source: str, path: str, options: Options, scratch: Path,
                      confinement: Confinement) -> dict:
    """The ``/api/translate/`` answer for SOURCE in the sandbox (see ``snippet_result``).
    A libclang crash, or libclang past ``CLANG_SHARE`` of the time limit, is retried once
    token-only in the time left (the answer then says so)."""
    folder, work = scratch / "input", scratch / "work"
    folder.mkdir(parents=True)
    deadline = time.monotonic() + confinement.sandbox.limits.wall_seconds
    note = ""
    for use_clang in (options.use_clang, False):
        request = {"source": source, "path": path,
                   "options": options_json(options.with_changes(use_clang=use_clang))}
        (folder / "request.json").write_text(json.dumps(request))
        messages = Messages()
        work.mkdir(exist_ok=True)
        left = deadline - time.monotonic()
        attempt = confinement.with_wall_seconds(left * CLANG_SHARE if use_clang else left)
        try:
            returncode, output = attempt.run("snippet", folder, work, messages)
        except ConfinementFailed as error:
            if error.code != "time-limit" or not use_clang:
                raise
            note = "libclang took too long on this file; it was translated with tokens only"
            continue
        if messages.done is not None and returncode == 0:
            answer = json.loads(read_output(work, "result.json", 64 << 20))
            if use_clang != options.use_clang:
                answer["note"] = note or ("libclang crashed on this file; it was translated "
                                          "with tokens only")
            return answer
        _raise_refusal(messages.error)
        if not use_clang:
            break
    raise ConfinementFailed("translation-crashed",
                            f"the translation stopped without an answer ({_ending(returncode)})",
                            output[-4000:])



def open_output(top: Path, relative: str) -> BinaryIO:
    """Open RELATIVE, a file the sandbox wrote below TOP (its writable folder): a regular
    file reached without following a link (translator/sandbox/leftovers.py)."""
    try:
        return open_regular(top, relative)
    except Refused as error:
        raise ConfinementFailed("internal-error",
                                f"the translation left no usable {error}") from None


def read_output(top: Path, relative: str, limit: int) -> bytes:
    """The bytes of a file the sandbox wrote (see ``open_output``), at most LIMIT."""
    with open_output(top, relative) as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise ConfinementFailed("internal-error", f"the translation left a bad {relative}")
    return data


def _raise_refusal(error: dict | None) -> None:
    if not error:
        return
    code, message = str(error.get("code", "")), str(error.get("message", ""))
    if code.startswith("archive:"):
        raise ArchiveError(code.removeprefix("archive:"), message)
    raise ConfinementFailed(code, message)


def _ending(returncode: int) -> str:
    if returncode < 0 or returncode > 128:
        import signal

        number = -returncode if returncode < 0 else returncode - 128
        try:
            return f"signal {signal.Signals(number).name}"
        except ValueError:
            return f"signal {number}"
    return f"exit status {returncode}"


def _archive_suffix(archive: Path) -> str:
    name = archive.name.lower()
    return next((s for s in (".tar.gz", ".tgz", ".tar", ".zip") if name.endswith(s)), "")
