"""migrate_tree(): migrate a whole repository folder into a HIP folder.

Every entry of the source tree is accounted for in ``TreeResult.files``:

- C/C++ files (CUDA sources and headers, C/C++ files, and any file a C/C++ file includes
  with quotes, wherever it lives) are translated by ``translator.engine.translate``;
- build files, scripts, CI and Python dependency files by the build-system rules
  (``translator.tree.build_files``);
- everything else is copied byte for byte; file modes are kept; empty folders are kept;
- symbolic links are never followed: a relative link that stays inside the tree is
  recreated as a link, any other link is skipped and reported;
- unreadable files, special files, NUL bytes (binary), undecodable text and files larger
  than ``max_file_bytes`` are reported per file and never lose data in the output.

``compile_commands.json`` anywhere in the tree feeds include directories and macros to
the analysis (``TreeResult.compile_database``, also in the report for the compile check).
Translations run in a process pool (``jobs``) in a fixed order, so the output does not
depend on scheduling; with ``cache_dir`` results are reused by content hash.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import multiprocessing
import os
import posixpath
import tempfile
import threading
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from translator.analysis import clang
from translator.config import configure, options_for_path
from translator.engine import Result, collector_paused, translate
from translator.options import Options
from translator.source.file_kinds import classify
from translator.tree.build_files import find_modules, translate_build_file
from translator.tree.cache import ResultCache
from translator.tree.compdb import CompileDatabase, read_compile_database
from translator.tree.file_facts import file_facts, tree_facts
from translator.tree.file_names import plan_names
from translator.tree.hip_build import HipBuild, detect_hip_build, reads_file
from translator.tree.include_paths import IncludePaths, include_paths
from translator.tree.own_libraries import own_libraries
from translator.tree.walk import Entry, included_files, link_inside, walk

__all__ = ["FileOutcome", "TreeResult", "migrate_tree", "translate_file",
           "MAX_TRANSLATED_BYTES"]

MAX_TRANSLATED_BYTES = 8 * 1024 * 1024
#: Below this much C/C++ to translate, files are translated in this process whatever
#: ``jobs`` says: starting a pool and warming its workers (the name tables, a first parse)
#: cost about a tenth of a second, which a small tree does not win back. Measured on
#: real projects with 2 workers: 25 KB took 0.01 s alone and 0.10 s with a pool, 430 KB
#: 0.09 s and 0.20 s, 710 KB the same either way, 840 KB 0.36 s and 0.29 s.
POOL_MIN_BYTES = 512 * 1024
_C_KINDS = ("cuda-source", "cuda-header", "cpp")
_Item = TypeVar("_Item")
_Answer = TypeVar("_Answer")


@dataclass
class FileOutcome:
    """What happened to one entry. Paths are relative to the tree roots, with ``/``.

    ``kind``: cuda-source, cuda-header, cuda-cpp, cpp, build, script, text, binary, link,
    folder, special, unknown. ``status``: translated (content changed), unchanged
    (translated, same content), copied, skipped (not in the output), error (not in the
    output). ``message`` says why, for anything unusual.
    """

    path: str
    output_path: str
    kind: str
    status: str
    result: Result | None = None
    message: str = ""
    language: str = ""
    mode: int = 0o644


@dataclass
class TreeResult:
    source_root: Path
    output_root: Path
    options: Options
    files: list[FileOutcome] = field(default_factory=list)
    compile_database: CompileDatabase = field(default_factory=CompileDatabase)
    #: Where clang finds the tree's headers during analysis (translator/tree/include_paths.py).
    include_paths: IncludePaths = field(default_factory=IncludePaths)
    #: cache hits, misses, files translated in this run, jobs, seconds
    run: dict = field(default_factory=dict)
    #: The tree's own HIP build, when it has one (translator/tree/hip_build.py).
    hip_build: HipBuild = field(default_factory=HipBuild)


def translate_file(data: bytes, options: Options, path: str, language: str,
                   stubs: clang.StubCache | None = None) -> Result:
    """Translate one file with the engine that fits its language."""
    if language == "c++":
        return translate(data, options, path, stubs=stubs)
    return translate_build_file(data, options, path)


#: A pool worker's stub cache (``_start_worker``), which all its files read.
_worker_stubs: clang.StubCache | None = None


def _translate_job(job: tuple[bytes, Options, str, str]) -> Result:
    """One file's translation in a pool worker."""
    data, options, path, language = job
    return translate_file(data, options, path, language, _worker_stubs)


# the collector paused: each pass went over every result held so far (a tenth of this
# process's work)
@collector_paused()
def migrate_tree(
    source: str | os.PathLike,
    output: str | os.PathLike,
    options: Options | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
    starting: Callable[[str], None] | None = None,
    token_only: Collection[str] = (),
    jobs: int | None = None,
    cache_dir: str | os.PathLike | None = None,
    max_file_bytes: int = MAX_TRANSLATED_BYTES,
    stubs: clang.StubCache | None = None,
) -> TreeResult:
    """Migrate every entry under SOURCE into OUTPUT (created; must not be inside SOURCE).

    PROGRESS is called with (files done, files to translate); STARTING with the path of
    each file about to be translated in this process (not with JOBS > 1): a supervisor
    learns which file a crash happened in. Files in TOKEN_ONLY are translated without
    libclang (one that crashed it). JOBS is the number of
    processes (default: the CPU count; 1 = in this process; a tree with less than
    POOL_MIN_BYTES to translate is translated in this process; ``run["jobs"]`` says
    how many translated it). CACHE_DIR, when given, is a
    private folder for cached results. STUBS is where clang's precompiled stubs are
    found, built or kept (``clang.StubCache``; default: this process's, kept
    nowhere). Raises ValueError for overlapping folders or an unknown naming policy.
    """
    started = time.monotonic()
    source_root, output_root = Path(source).resolve(), Path(output).resolve()
    if output_root == source_root or source_root in output_root.parents:
        raise ValueError("the output folder must not be inside the source folder")
    if output_root in source_root.parents:
        raise ValueError("the source folder must not be inside the output folder")
    options = configure(options or Options(), source_root)  # the repository's .rocport.toml
    entries = list(walk(source_root))
    files = {e.path: e for e in entries if e.type == "file"}
    outputs, kept, notes = plan_names(sorted(files), options.naming)
    options = options.with_tree_facts(kept_names=kept)
    tree = TreeResult(source_root, output_root, options)
    contents, outcomes = _read_and_classify(source_root, entries, outputs, max_file_bytes)
    cache = ResultCache(cache_dir) if cache_dir is not None else None
    sizes = [len(contents[path]) for path, o in outcomes.items() if o.language and path in contents]
    with _workers(jobs, sizes, options, stubs or clang.PROCESS_STUBS) as pool:
        translated = _migrate(tree, entries, contents, outcomes, notes, pool, cache,
                              progress, starting, frozenset(token_only))
    tree.run = {
        "cache_hits": cache.hits if cache else 0, "cache_misses": cache.misses if cache else 0,
        "translated": translated, "jobs": pool.workers,
        "seconds": round(time.monotonic() - started, 3),
    }
    return tree


def _migrate(tree: TreeResult, entries: list[Entry], contents: _Contents,
             outcomes: dict[str, FileOutcome], notes: dict[str, list[str]],
             pool: _Pool, cache: ResultCache | None,
             progress: Callable[[int, int], None] | None,
             starting: Callable[[str], None] | None, token_only: frozenset[str]) -> int:
    """The tree's facts, its files translated (each written as its result comes), every
    other entry written; how many files were translated (not from the cache)."""
    files = {e.path for e in entries if e.type == "file"}
    tree.compile_database = _compile_database(contents, files)
    _promote_included(contents, outcomes, tree.compile_database)
    code = [(p, contents[p]) for p, o in outcomes.items() if o.language == "c++" and p in contents]
    pending = pool.map(file_facts, code, len(code))  # a pool reads them meanwhile
    tree.include_paths = include_paths(str(tree.source_root), contents, [p for p, _ in code],
                                       tree.compile_database)
    tree.hip_build = detect_hip_build((p, contents[p]) for p in contents if reads_file(p))
    facts = list(pending)
    switches = {name for found in facts for name in found.build_switches}
    if switches or tree.hip_build.macros:
        tree.hip_build = dataclasses.replace(
            tree.hip_build, switches=tuple(sorted(
                (switches | set(tree.hip_build.macros)) - set(tree.hip_build.valued))))
    libraries = own_libraries(files, {path: found.library_includes
                                      for (path, _data), found in zip(code, facts, strict=True)})
    tree.options = tree.options.with_tree_facts(**tree_facts(facts),
                                                find_modules=find_modules(files),
                                                own_libraries=libraries)
    if tree.hip_build.macros:
        tree.options = tree.options.with_tree_facts(hip_macros=tree.hip_build.macros)
    del code  # each file's bytes are held by CONTENTS only until it is translated
    for path, outcome in outcomes.items():
        if not outcome.language and path in contents:
            contents.release(path)  # copied as it is: written from disk
    tree.output_root.mkdir(parents=True, exist_ok=True)
    by_path = {entry.path: entry for entry in entries}
    folders: set[str] = {""}  # of the output tree, made

    def write(path: str) -> None:
        outcome = outcomes[path]
        if path in notes:
            outcome.message = "; ".join(filter(None, [outcome.message, *notes[path]]))
        _write(tree.source_root, tree.output_root, by_path[path], outcome, folders)

    def write_the_rest() -> None:
        for entry in entries:
            if not _translates(outcomes[entry.path], entry.path, contents):
                write(entry.path)

    pool.stubs_ready()  # before any parse in this process
    count = _translate_all(tree, contents, outcomes, cache, pool, progress, starting,
                           token_only, write, write_the_rest)
    tree.files.extend(outcomes[entry.path] for entry in entries)
    return count


def _translates(outcome: FileOutcome, path: str, contents: _Contents) -> bool:
    return bool(outcome.language) and path in contents and outcome.kind != "binary"


class _Pool:
    """Where files are translated: in this process, or in a process pool (``executor``).

    clang's stubs (about a second to precompile) are built once for all, or copied from
    the folder that keeps them between runs (``clang.StubCache.lasting``): in this
    process by a thread while the tree is read and scanned; for a pool, by its first
    worker as its first task, in a folder the other workers wait on when they need the
    stubs before they are done (the pool is forked first, so that no thread runs in a
    child)."""

    def __init__(self, stubs: clang.StubCache, executor: ProcessPoolExecutor | None = None,
                 workers: int = 1, preparing: threading.Thread | None = None) -> None:
        self.stubs = stubs  # this process's
        self.executor = executor
        self.workers = workers
        self._preparing = preparing

    def stubs_ready(self) -> None:
        if self._preparing is not None:
            self._preparing.join()

    def map(self, function: Callable[[_Item], _Answer], items: Iterable[_Item], count: int,
            chunks_per_worker: int = 8) -> Iterator[_Answer]:
        """FUNCTION of each of the COUNT ITEMS, in order: from the pool, which starts on
        them all now (in about CHUNKS_PER_WORKER chunks for each worker), or in this
        process as they are asked for."""
        if self.executor is None:
            return map(function, items)
        chunk = max(1, count // (self.workers * chunks_per_worker))
        return self.executor.map(function, items, chunksize=chunk)


@contextlib.contextmanager
def _workers(jobs: int | None, sizes: list[int], options: Options,
             stubs: clang.StubCache) -> Iterator[_Pool]:
    """The _Pool for files of SIZES (bytes) to translate with OPTIONS, reading STUBS."""
    workers = min(_job_count(jobs), len(sizes))
    if workers <= 1 or sum(sizes) < POOL_MIN_BYTES:
        thread = None
        if options.use_clang:
            thread = threading.Thread(target=stubs.prepare, daemon=True,
                                      args=(options.clang_resource_dir, options.clang_args))
            thread.start()
        yield _Pool(stubs, preparing=thread)
        return
    with tempfile.TemporaryDirectory(prefix="rocport-stubs-") as folder:
        if options.use_clang:
            clang.claim(folder)
        shared = stubs.with_shared(folder)
        with ProcessPoolExecutor(max_workers=workers, initializer=_start_worker,
                                 initargs=(shared,)) as executor:
            if options.use_clang:  # without libclang it ends the claim, and parse() says why
                executor.submit(shared.precompile_into, folder, options.clang_resource_dir,
                                options.clang_args)
            yield _Pool(stubs, executor, workers)


def _start_worker(stubs: clang.StubCache) -> None:
    global _worker_stubs
    gc.enable()  # forked while migrate_tree paused it in the parent; engine pauses it per file
    _worker_stubs = stubs


class _Contents(Mapping[str, bytes]):
    """The readable files of the tree (path -> bytes) in walk order. Only what the
    migration reads again is held in memory; the bytes of a binary file (kept only when
    ``translator.tree.hip_build`` reads its name) or of a file that is already translated are
    read from disk when asked for, so a big repository never sits in memory at once."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.held: dict[str, bytes | None] = {}  # None: on disk only

    def add(self, path: str, data: bytes, hold: bool = True) -> None:
        self.held[path] = data if hold else None

    def release(self, path: str) -> None:
        self.held[path] = None

    def __getitem__(self, path: str) -> bytes:
        data = self.held[path]
        return data if data is not None else (self.root / path).read_bytes()

    def __contains__(self, path: object) -> bool:
        return path in self.held

    def __iter__(self) -> Iterator[str]:
        return iter(self.held)

    def __len__(self) -> int:
        return len(self.held)


def _read_and_classify(root: Path, entries: list[Entry], outputs: dict[str, str],
                       limit: int) -> tuple[_Contents, dict[str, FileOutcome]]:
    contents = _Contents(root)
    outcomes: dict[str, FileOutcome] = {}
    for entry in entries:
        path = entry.path
        if entry.type == "folder":
            outcomes[path] = FileOutcome(path, path, "folder", "copied", message="empty folder",
                                         mode=entry.mode)
        elif entry.type == "special":
            outcomes[path] = FileOutcome(path, path, "special", "skipped",
                                         message="not a regular file (device, socket or pipe)")
        elif entry.type == "link":
            target = link_inside(root, path)
            outcomes[path] = (
                FileOutcome(path, path, "link", "copied", message=f"link to {target}")
                if target is not None else
                FileOutcome(path, path, "link", "skipped",
                            message="symbolic link leaves the tree or is absolute; not followed")
            )
        elif entry.size > limit:
            outcomes[path] = FileOutcome(path, outputs[path], "text", "copied", mode=entry.mode,
                                         message=f"{entry.size} bytes is over the {limit}-byte "
                                         "translation limit; copied unchanged")
        else:
            try:
                data = (root / path).read_bytes()
            except OSError as error:
                outcomes[path] = FileOutcome(path, path, "unknown", "error",
                                             message=f"cannot read: {error.strerror}")
                continue
            kind = classify(path, data)
            output_path = outputs[path] if kind.language == "c++" else path
            outcome = FileOutcome(path, output_path, kind.kind, "copied", language=kind.language,
                                  mode=entry.mode)
            if kind.kind == "binary" and path.lower().endswith((".cu", ".cuh", ".cpp", ".h")):
                outcome.message = "contains NUL bytes; copied unchanged, not translated"
            outcomes[path] = outcome
            contents.add(path, data, hold=kind.kind != "binary" or reads_file(path))
    return contents, outcomes


def _compile_database(contents: Mapping[str, bytes], tree_files: set[str]) -> CompileDatabase:
    candidates = sorted((p for p in contents if p.rsplit("/", 1)[-1] == "compile_commands.json"),
                        key=lambda p: (p.count("/"), p))
    if not candidates:
        return CompileDatabase()
    return read_compile_database(contents[candidates[0]], candidates[0], tree_files)


def _promote_included(contents: Mapping[str, bytes], outcomes: dict[str, FileOutcome],
                      database: CompileDatabase) -> None:
    """Text files included by C/C++ files are C/C++ headers too (repeat to a fixed point)."""
    include_dirs = database.flags_for("").include_dirs
    while True:
        sources = {p: contents[p] for p, o in outcomes.items()
                   if o.language == "c++" and p in contents}
        promoted = [
            (path, includer)
            for path, includer in included_files(sources, contents, include_dirs).items()
            if outcomes[path].kind == "text"
        ]
        if not promoted:
            return
        for path, includer in promoted:
            outcome = outcomes[path]
            outcome.kind, outcome.language = "cuda-header", "c++"
            outcome.message = f"included by {includer}; translated as a header"


def _translate_all(tree: TreeResult, contents: _Contents,
                   outcomes: dict[str, FileOutcome], cache: ResultCache | None,
                   pool: _Pool, progress: Callable[[int, int], None] | None,
                   starting: Callable[[str], None] | None, token_only: frozenset[str],
                   write: Callable[[str], None], meanwhile: Callable[[], None]) -> int:
    """Translate the C/C++ files (from the cache where it has them) and WRITE each as its
    result comes, running MEANWHILE once the translations are under way (in a pool, they
    go on while it runs); how many were translated (not from the cache)."""
    pending: list[tuple[str, tuple, str]] = []  # jobs without their bytes
    for path, outcome in outcomes.items():
        if _translates(outcome, path, contents):
            (_data, *job), key = _job(tree, path, outcome.language, contents[path],
                                      path in token_only, cache is not None)
            result = cache.get(key) if cache is not None else None
            if result is not None:
                _finish(outcome, result)
                contents.release(path)  # the result holds its text now
                write(path)
            else:
                pending.append((path, tuple(job), key))

    def with_bytes() -> Iterator[tuple]:
        for path, job, _key in pending:
            data = contents[path]
            contents.release(path)  # from here on only the job holds it
            yield (data, *job)

    total = len(pending)
    results = _run(with_bytes(), total, pool, starting)
    meanwhile()
    for done, ((path, _job_args, key), result) in enumerate(zip(pending, results, strict=True),
                                                            start=1):
        _finish(outcomes[path], result)
        write(path)
        if cache is not None:
            cache.put(key, result)
        if progress is not None:
            progress(done, total)
    return total


def _job(tree: TreeResult, path: str, language: str, data: bytes,
         token_only: bool, cached: bool) -> tuple[tuple, str]:
    """The translation job of a file, and its cache key when CACHED ("" otherwise: a
    digest of the file and of the tree's options costs the first file's start)."""
    options = options_for_path(tree.options, path)  # per-path ignores of .rocport.toml
    if token_only:
        options = options.with_changes(use_clang=False)
    # clang reads the file at its place in the tree, with the tree's include folders
    options, includes = tree.include_paths.analysis_options(options, path)
    key = ResultCache.key(data, path, language, repr(tree.options), includes) if cached else ""
    return (data, options, path, language), key


def _job_count(jobs: int | None) -> int:
    if multiprocessing.current_process().daemon:
        return 1  # a daemonic process (a Celery prefork child) may not start children
    return max(1, jobs if jobs is not None else (os.cpu_count() or 1))


def _run(jobs_list: Iterator[tuple], count: int, pool: _Pool,
         starting: Callable[[str], None] | None = None) -> Iterator[Result]:
    """Results of the COUNT jobs of JOBS_LIST, in order, as they come: one at a time in
    this process, which reads each file's bytes only when it comes to it; or from the
    pool, which has them all from the call on."""
    if pool.executor is None:
        return _run_here(jobs_list, starting, pool.stubs)
    # small chunks: the last ones left, when a worker waits for the other, are short
    return pool.map(_translate_job, jobs_list, count, chunks_per_worker=32)


def _run_here(jobs_list: Iterator[tuple], starting: Callable[[str], None] | None,
              stubs: clang.StubCache) -> Iterator[Result]:
    for data, options, path, language in jobs_list:
        if starting is not None:
            starting(path)
        yield translate_file(data, options, path, language, stubs)


def _write_file(target: Path, data: bytes, mode: int) -> None:
    """DATA into TARGET with MODE, in system calls only (Path.write_bytes and a chmod
    by name took twice as long for a tree of small files)."""
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fchmod(fd, mode)
    finally:
        os.close(fd)


def _finish(outcome: FileOutcome, result: Result) -> None:
    outcome.result = result
    outcome.status = "translated" if result.changed else "unchanged"
    if outcome.kind == "cpp" and (result.usages or result.changed):
        outcome.kind = "cuda-cpp"


def _write(source_root: Path, output_root: Path, entry: Entry, outcome: FileOutcome,
           folders: set[str]) -> None:
    """Write ENTRY's OUTCOME into the output tree; FOLDERS are its folders made so far
    (asking the file system again for each file's folder cost as much as the write)."""
    target = output_root / outcome.output_path
    try:
        if outcome.kind == "folder":
            target.mkdir(parents=True, exist_ok=True)
            os.chmod(target, entry.mode)
            return
        if outcome.status in ("skipped", "error"):
            return
        folder = posixpath.dirname(outcome.output_path)
        if folder not in folders:
            target.parent.mkdir(parents=True, exist_ok=True)
            folders.add(folder)
        if outcome.kind == "link":
            if target.is_symlink() or target.exists():
                target.unlink()
            os.symlink(os.readlink(source_root / entry.path), target)
            return
        if outcome.result is not None:
            _write_file(target, outcome.result.encode(), entry.mode)
            return
        with open(source_root / entry.path, "rb") as src, open(target, "wb") as dst:
            while chunk := src.read(1 << 20):  # copied: streamed, never held in memory
                dst.write(chunk)
        os.chmod(target, entry.mode)
    except OSError as error:
        outcome.status = "error"
        outcome.message = "; ".join(filter(None, [outcome.message,
                                                  f"cannot write: {error.strerror}"]))
