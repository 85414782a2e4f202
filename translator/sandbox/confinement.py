"""Translate untrusted input inside the bubblewrap sandbox, and the program that does it.

Everything that reads what a user sent — unpacking the archive, the token pass, libclang,
the build files — runs in a child Python (``python -I -m translator.sandbox.confinement``)
inside ``translator.sandbox.bubblewrap.Sandbox``: the job's input read-only at ``/job/src``, one
writable folder at ``/job/out``, the read-only files Python, the virtual environment,
libclang and the HIP headers need, and nothing else (no data folder, no ``/etc/shadow``,
no ``/root``, no network, an empty environment, memory, CPU, process and time limits).
The caller (a worker, the web process) only ever reads a few named regular files back,
through translator/sandbox/leftovers.py: never through a link, never a FIFO or device.

The child speaks one JSON object per line on its output, each behind ``@rocport ``:
``{"file": path}`` before each file, ``{"progress": [done, total]}`` after it,
``{"error": {"code", "message"}}`` for a clear refusal, ``{"done": {...}}`` at the end.

A crash of libclang (a signal, or clang aborting when the memory limit stops it) kills
the child; the supervisor then runs it again with that file translated token-only, up
to ``max_crashes`` times, reusing every finished file from the run's result cache.
``MemoryError`` in the child ends the job with ``too-much-memory``.
"""

from __future__ import annotations

import dataclasses
import errno
import functools
import json
import os
import secrets
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TypeVar

from translator.options import Options, TreeFacts
from translator.output.report_json import Report
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

if TYPE_CHECKING:
    from translator.analysis.clang import StubCache

__all__ = ["Confinement", "ConfinementFailed", "TreeTranslation", "translate_archive",
           "translate_snippet", "open_output", "read_output", "ARTIFACT_NAMES", "REVIEW_NAME",
           "Canceled"]

MARK = "@rocport "
#: What a tree translation leaves in its ``artifacts`` folder.
ARTIFACT_NAMES = ("hip-tree.tar.gz", "hip-tree.zip", "changes.patch", "report.json",
                  "findings.sarif")
#: Per-file review data (``translator.output.review``), also in ``artifacts``: the worker unpacks
#: it into storage, so it is not one of the downloads above.
REVIEW_NAME = "review.tar.gz"
_EXIT_REFUSED = 3  # the child printed an {"error": ...} line
_PACKAGE = Path(__file__).resolve().parents[1]


class ConfinementFailed(Exception):
    """The sandboxed translation did not give a result. ``code`` is stable."""

    def __init__(self, code: str, message: str, output: str = "") -> None:
        super().__init__(message)
        #: OUTPUT: the end of what the child printed, for the operator's log (never shown
        #: to users: it may hold a traceback).
        self.code, self.message, self.output = code, message, output


class Canceled(Exception):
    """The caller's ``keep_going`` said stop; the sandbox was killed."""


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
            on_message: Callable[[dict], bool]) -> tuple[int, str]:
        """Run the child COMMAND; ON_MESSAGE gets each message (return False to stop)."""
        bubblewrap = self.sandbox.bubblewrap  # None: not isolated
        if bubblewrap is not None and not os.access(bubblewrap, os.X_OK):
            raise ConfinementFailed("sandbox-unavailable",
                                    f"the translation sandbox (bubblewrap at "
                                    f"{bubblewrap}) is not installed")
        src_mount, out_mount = self.sandbox.mounts(source, work)
        argv = [self.python, "-I", "-B", "-m", "translator.sandbox.confinement", command, src_mount,
                out_mount, self.precompiled_stubs]

        def watch(line: str | None) -> bool:
            if line is None:  # a quiet second (one long file): ask again whether to go on
                return on_message({})
            if not line.startswith(MARK):
                return True
            try:
                message = json.loads(line[len(MARK):])
            except ValueError:
                return True
            return on_message(message) if isinstance(message, dict) else True

        view = work.parent / "view"
        shutil.rmtree(view, ignore_errors=True)  # staged afresh: the request changes per run
        try:
            run = self.sandbox.run(argv, self.sandbox.source_view(source, view), work,
                                   watch=watch)
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
    summary: dict
    crashed: list[str]

    def open(self, name: str) -> BinaryIO:
        """The artifact NAME, opened as ``open_output`` does."""
        return open_output(self.artifacts.parent, f"{self.artifacts.name}/{name}")


def translate_archive(archive: Path, scratch: Path, options: Options,
                      archive_limits: ArchiveLimits, confinement: Confinement, *,
                      progress: Callable[[int, int], bool] | None = None) -> TreeTranslation:
    """Unpack ARCHIVE and migrate its tree in the sandbox; SCRATCH is an empty private
    folder. PROGRESS gets (files done, total) and returns False to cancel (``Canceled``).
    Raises ArchiveError for a refused archive and ConfinementFailed for the rest."""
    source, work = scratch / "input", scratch / "work"
    source.mkdir(parents=True)
    shutil.copyfile(archive, source / f"input{_archive_suffix(archive)}")
    crashed: list[str] = []
    while True:
        request = {"archive": f"input{_archive_suffix(archive)}", "token_only": crashed,
                   "options": _options_json(options),
                   "limits": dataclasses.asdict(archive_limits)}
        (source / "request.json").write_text(json.dumps(request))
        messages = _Messages(progress)
        work.mkdir(exist_ok=True)
        returncode, output = confinement.run("tree", source, work, messages)
        if messages.done is not None and returncode == 0:
            return TreeTranslation(work / "artifacts", messages.done, crashed)
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
                   "options": _options_json(options.with_changes(use_clang=use_clang))}
        (folder / "request.json").write_text(json.dumps(request))
        messages = _Messages()
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


class _Messages:
    """What the child said: the file it was on, its refusal, its summary; progress is
    passed on to PROGRESS, whose False stops the run."""

    def __init__(self, progress: Callable[[int, int], bool] | None = None) -> None:
        self.progress = progress
        self.last: tuple[int, int] | None = None
        self.file: str | None = None
        self.error: dict | None = None
        self.done: dict | None = None

    def __call__(self, message: dict) -> bool:
        if "file" in message:
            self.file = str(message["file"])
        elif "progress" in message and self.progress is not None:
            done, total = message["progress"]
            self.last = (int(done), int(total))
            return self.progress(*self.last) is not False
        elif not message and self.last is not None and self.progress is not None:
            return self.progress(*self.last) is not False  # no news: may we go on?
        elif "error" in message and isinstance(message["error"], dict):
            self.error = message["error"]
        elif "done" in message and isinstance(message["done"], dict):
            self.done = message["done"]
        return True


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


def _options_json(options: Options) -> dict:
    return dataclasses.asdict(options)


_Value = TypeVar("_Value", Options, TreeFacts)


def _options_from_json(data: dict) -> Options:
    facts = _from_json(TreeFacts, data.get("tree", {}))
    return _from_json(Options, {**data, "tree": facts})


def _from_json(kind: type[_Value], data: dict) -> _Value:
    """KIND from the fields of DATA that it has (JSON lists back to tuples)."""
    def frozen(value):
        return tuple(frozen(v) for v in value) if isinstance(value, list) else value

    names = {f.name for f in dataclasses.fields(kind)}
    return kind(**{k: frozen(v) for k, v in data.items() if k in names})


# --- the child: what runs inside the sandbox ---------------------------------------------
def _say(**message) -> None:
    print(MARK + json.dumps(message), flush=True)


def _tree(source: Path, out: Path, stubs: StubCache) -> int:
    import translator
    from translator.output.packing import pack
    from translator.output.patches import write_tree_patch
    from translator.output.report import build_report
    from translator.output.review import write_review_archive
    from translator.output.sarif import to_sarif
    from translator.tree.archive import extract
    from translator.tree.migrate import migrate_tree

    request = json.loads((source / "request.json").read_text())
    phases = _Phases()
    tree_root = out / "source"
    if not tree_root.exists():  # a retry after a crash finds it unpacked already
        try:
            extract(source / request["archive"], tree_root, ArchiveLimits(**request["limits"]))
        except ArchiveError as error:
            _say(error={"code": f"archive:{error.code}", "message": error.message})
            return _EXIT_REFUSED
    phases.end("unpack")
    _say(progress=[0, 0])  # unpacked: translating from here on
    os.chdir(tree_root)  # clang resolves relative paths (and quoted includes) from here
    hip, artifacts = out / "hip", out / "artifacts"
    for folder in (hip, artifacts):
        shutil.rmtree(folder, ignore_errors=True)
    tree = migrate_tree(tree_root, hip, _options_from_json(request["options"]), jobs=1,
                        cache_dir=out / "cache", token_only=request["token_only"], stubs=stubs,
                        starting=lambda path: _say(file=path),
                        progress=lambda done, total: _say(progress=[done, total]))
    for outcome in tree.files:
        if outcome.path in request["token_only"]:
            outcome.message = "; ".join(filter(None, [
                outcome.message, "libclang crashed on this file; translated with tokens only"]))
    phases.end("translate")
    tree.run["phases"] = phases.seen  # this run's unpack and translation, in the report
    report = build_report(tree, {"rocport": translator.__version__})
    artifacts.mkdir()
    for name in ("hip-tree.tar.gz", "hip-tree.zip"):
        pack(hip, artifacts / name)
    phases.end("pack")
    # each written as it is made: a big tree's texts are never all in memory at once
    with open(artifacts / "changes.patch", "wb") as patch:
        write_tree_patch(tree, patch)
    _write_json(report, artifacts / "report.json")
    _write_json(to_sarif(report), artifacts / "findings.sarif")
    with open(artifacts / REVIEW_NAME, "wb") as review:
        write_review_archive(tree, report, review)
    phases.end("results")
    _say(done={**_summary(report), "phases": phases.seen, "peak_rss_bytes": phases.peak()})
    return 0


class _Phases:
    """Seconds of each phase of the child, and its peak resident memory (bytes) at its
    end: the big-repository test and benchmark read them from the ``done`` message."""

    def __init__(self) -> None:
        import time

        self.clock = time.monotonic
        self.started = self.clock()
        self.seen: dict[str, dict] = {}

    def end(self, name: str) -> None:
        now = self.clock()
        self.seen[name] = {"seconds": round(now - self.started, 3), "peak_rss_bytes": self.peak()}
        self.started = now

    @staticmethod
    def peak() -> int:
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux


def _summary(report: Report) -> dict:
    files = [f for f in report.get("files", []) if f.get("kind") != "folder"]
    return {
        "files": len(files),
        "translated": sum(1 for f in files if f.get("status") == "translated"),
        "findings": sum(1 for f in report.get("findings", []) if not f.get("suppressed")),
    }


def _snippet(source: Path, out: Path, stubs: StubCache) -> int:
    from translator.output.snippet import snippet_result

    request = json.loads((source / "request.json").read_text())
    answer = snippet_result(request["source"], _options_from_json(request["options"]),
                            request["path"], stubs)
    (out / "result.json").write_text(json.dumps(answer))
    _say(done={})
    return 0


def _write_json(value: Mapping[str, object], path: Path) -> None:
    """VALUE as indented JSON (and a newline) in PATH, written piece by piece."""
    with open(path, "w", encoding="utf-8") as out:
        json.dump(value, out, indent=2, ensure_ascii=False)
        out.write("\n")


def main(argv: list[str]) -> int:
    command, source, out, precompiled_stubs = argv
    from translator.analysis.clang import StubCache

    stubs = StubCache(shared=precompiled_stubs)  # built outside the sandbox, when it could
    # Room to report running out of memory: without it, printing the message can itself
    # raise MemoryError, and the job would end as a crash.
    reserve = bytearray(4 << 20)
    try:
        return {"tree": _tree, "snippet": _snippet}[command](Path(source), Path(out), stubs)
    except MemoryError:
        pass  # leaving the handler frees the traceback, and the translation's data with it
    except OSError as error:
        if error.errno not in (errno.ENOSPC, errno.EDQUOT):
            raise
        _say(error={"code": "insufficient-storage", "message": "the worker's disk filled up "
                    "while the job was translated; nothing of it was kept; submit it again "
                    "later"})
        return _EXIT_REFUSED
    del reserve
    _say(error={"code": "too-much-memory", "message": "the translation needed more memory "
                "than its limit allows"})
    return _EXIT_REFUSED


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
