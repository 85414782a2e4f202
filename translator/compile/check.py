"""The hipcc compile check: compile every translation unit of a migrated tree in a sandbox.

``compile_check(root, options, line_maps=...)`` finds the units and their flags
(compile_units.py), identifies hipcc and the GPU targets it accepts (toolchain.py),
compiles the units in parallel, each with ``hipcc -c`` in its own bubblewrap sandbox
with resource limits (sandbox.py), reuses results cached by the hash of the
preprocessed unit (compile_cache.py), and returns the report's compile part with every
diagnostic placed on the original CUDA line (compile_report.py)::

    {"toolchain": {"hipcc": {...}}, "compile": [...], "summary": {...}, "skipped": "",
     "notes": [...]}

Without a working bubblewrap the check refuses to run, unless
``CompileOptions.allow_unsandboxed`` (a development setting) says otherwise; the
report then says that hipcc ran unsandboxed. Never raises for bad input.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from translator.compile.build_cache import build_runs_key, load_build_runs, store_build_runs
from translator.compile.build_config import NO_CONFIG, BuildConfig, read_user_config
from translator.compile.build_systems import BuildRun, link_generated, run_build_systems
from translator.compile.cache import CompileCache, cache_key
from translator.compile.failures import classify_entries, context_from_report
from translator.compile.report import (
    CompileOutcome,
    GpuSourceReasons,
    checked_outcome,
    merge_into_report,
    skipped_outcome,
    unit_entry,
)
from translator.compile.runners import HOST, Runner, RunnerUnavailable, find_runner
from translator.compile.toolchain import (
    Toolchain,
    choose_archs,
    find_toolchain,
    sandbox_libraries,
)
from translator.compile.units import (
    CompileUnit,
    find_units,
    gpu_sources,
    has_compile_database,
)
from translator.output.line_maps import LineMaps
from translator.progress import Progress, going_on
from translator.sandbox.bubblewrap import READONLY_PATHS, Limits, Run, Sandbox, SandboxUnavailable
from translator.sandbox.leftovers import Refused, open_regular

__all__ = ["CompileOptions", "compile_check", "merge_outcomes", "merge_into_report",
           "report_context", "Limits"]

# No crash reproducers: they would copy preprocessed sources into the scratch folder.
_DIAGNOSTIC_FLAGS = ("-fno-color-diagnostics", "-fdiagnostics-parseable-fixits",
                     "-fno-crash-diagnostics", "-Wno-unused-command-line-argument")
_RESOURCE_FLAG = "-Rpass-analysis=kernel-resource-usage"


@dataclass(frozen=True)
class CompileOptions:
    """How to run the compile check. Hashable; every value comes from the caller."""

    #: The host's hipcc (a runner compiles with its own).
    hipcc: str = "hipcc"
    #: GPU targets; one the compiler does not know is replaced by its newest gfx9 target.
    offload_archs: tuple[str, ...] = ("gfx942",)
    #: Units compiled at once; 0 means one per CPU this process may use.
    jobs: int = 0
    #: Folder of cached results (shared between runs); None disables the cache.
    cache_dir: str | None = None
    limits: Limits = Limits()
    bubblewrap: str = "/usr/bin/bwrap"
    #: Development only: without a working bubblewrap, run hipcc unsandboxed anyway.
    allow_unsandboxed: bool = False
    sandbox_uid: int = 65534
    sandbox_gid: int = 65534
    #: Host paths the sandbox shows read-only (those that exist).
    readonly_paths: tuple[str, ...] = READONLY_PATHS
    #: Extra variables for hipcc, e.g. (("ROCM_PATH", "/opt/rocm"),).
    environment: tuple[tuple[str, str], ...] = ()
    #: Added to every unit: tree-relative include folders, NAME[=VALUE] definitions.
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    #: C++ standard for every unit (e.g. "c++20"); None uses the build's or C++17.
    std: str | None = None
    #: Record per-kernel registers, LDS and occupancy (clang 14 or newer).
    resource_usage: bool = True
    #: Keep scratch files (objects) in this folder; None uses a temporary folder, made
    #: in TEMPORARY_PARENT (None: the system's), and removed at the end.
    work_dir: str | None = None
    temporary_parent: str | None = None
    max_units: int = 1000
    #: Time budget of the whole check (e.g. the task's time limit minus a margin): units
    #: not started in time are reported as skipped. None: no budget.
    total_seconds: float | None = None
    #: Take the compile commands from the project's own build (cmake configure, make -n;
    #: translator/compile/build_systems.py), each build given this much wall-clock time.
    build_system: bool = True
    configure_seconds: float = 180.0
    #: The toolchain to compile in: "host" (this machine's hipcc) or a built runner
    #: (translator/compile/runners.py), found in RUNNERS_DIR (None: the default folder).
    runner: str = HOST
    runners_dir: str | None = None
    #: The build configuration (cache entries, make variables and goals) the user gives;
    #: the tree's .rocport.toml adds to it (translator/compile/build_config.py).
    build_config: BuildConfig = NO_CONFIG


def compile_check(
    root: str | os.PathLike,
    options: CompileOptions | None = None,
    *,
    line_maps: LineMaps | Mapping | None = None,
    renames: Mapping[str, str] | None = None,
    compile_commands: Mapping | None = None,
    progress: Progress | None = None,
    select: Callable[[Sequence[str]], Iterable[int]] | None = None,
    defines: Sequence[str] = (),
) -> CompileOutcome:
    """Compile the units of the migrated tree at ROOT; see the module docstring.

    LINE_MAPS is the report's ``line_maps`` section (or a LineMaps); RENAMES maps
    original to output paths (for compile_commands.json written before a rename);
    COMPILE_COMMANDS is the report's ``compile_commands`` section. ``report_context``
    gives all three from a report.

    PROGRESS (``translator.progress``) is called with (units done, units total) before
    and after each unit and about once a second while hipcc runs (from several threads);
    once it raises ``Canceled`` the running hipcc is killed with its process group, the
    units left are reported as ``skipped`` and the outcome of those compiled is returned:
    a canceled job keeps them.
    SELECT receives the paths of all units found, in order, and answers the indices of
    those to compile now (a batch; the others are left out of the outcome): the outcome's
    ``units_found`` lists all paths, so that a caller can split the rest into batches
    compiled elsewhere and join them with ``merge_outcomes``. DEFINES are macros every
    unit gets on top of OPTIONS.defines: the report's ``hip_build.switches``, which the
    project's ROCm build defines (``USE_ROCM``).
    """
    options = options or CompileOptions()
    if defines:
        options = dataclasses.replace(
            options, defines=tuple(dict.fromkeys((*options.defines, *defines))))
    root = Path(root).resolve()
    if not isinstance(line_maps, LineMaps):
        line_maps = LineMaps(line_maps)
    scratch = Path(options.work_dir or tempfile.mkdtemp(prefix="rocport-check-",
                                                        dir=options.temporary_parent))
    scratch.mkdir(parents=True, exist_ok=True)
    try:
        return _check(root, options, line_maps, renames, compile_commands, progress, scratch,
                      select)
    finally:
        if options.work_dir is None:
            shutil.rmtree(scratch, ignore_errors=True)


def _check(root: Path, options: CompileOptions, line_maps: LineMaps, renames,
           compile_commands, progress: Progress | None, scratch: Path,
           select=None) -> CompileOutcome:
    started = time.monotonic()
    notes: list[str] = []
    try:
        runner = find_runner(options.runner, options.runners_dir)
    except RunnerUnavailable as error:
        return skipped_outcome(f"compile check skipped: {error}", {"runner": options.runner},
                               notes)
    sandbox, refusal = _sandbox(options, scratch, notes, runner)
    if sandbox is None:
        return skipped_outcome(refusal, {"sandbox": f"unavailable: {refusal}",
                                  "runner": runner.name}, notes)
    # A runner compiles with its own hipcc; HIPCC names the host's.
    hipcc = str(runner.info.get("hipcc", "hipcc")) if runner.root else options.hipcc
    toolchain = find_toolchain(hipcc, sandbox, scratch)
    if not toolchain.available:
        return skipped_outcome(toolchain.message, {"sandbox": sandbox.describe(),
                                            "runner": runner.name}, notes)
    archs, substituted = choose_archs(toolchain, options.offload_archs, sandbox, scratch)
    toolchain_entry = {
        **toolchain.as_dict(), "runner": runner.name, "runner_description": runner.describe(),
        "requested_archs": list(options.offload_archs),
        "offload_archs": archs, "substituted_archs": substituted,
        "sandbox": sandbox.describe(), "limits": dataclasses.asdict(options.limits),
        "libraries": sandbox_libraries(sandbox),
    }
    for wanted, used in substituted.items():
        notes.append(f"{wanted} is not supported by the {runner.name} runner's hipcc; "
                     f"compiled for {used}" if used else
                     f"{wanted} is not supported by the {runner.name} runner's hipcc and no "
                     "gfx9 target is")
    if not archs:
        return skipped_outcome("compile check skipped: hipcc accepts none of the targets",
                        toolchain_entry, notes)
    source = sandbox.source_view(root, scratch / "src")
    mount = sandbox.mounts(source, scratch)[0]
    cache = CompileCache(options.cache_dir)
    gpu = gpu_sources(root)
    build_runs = None
    if options.build_system and not has_compile_database(root, compile_commands):
        user_config, problem = read_user_config(root)
        notes += [problem] if problem else []
        config = user_config.merged(options.build_config)
        build_runs = _build_runs(root, source, sandbox, scratch, toolchain, archs,
                                 toolchain_entry["libraries"], options, cache, tuple(gpu),
                                 config)
        notes += [run.note() for run in build_runs]
    units, unit_notes = find_units(root, renames=renames, compile_commands=compile_commands,
                                   build_runs=build_runs, max_units=options.max_units)
    notes += unit_notes
    reasons = _left_out_reasons(gpu, units, build_runs or [], compile_commands, root,
                                options.max_units)
    resource_usage = options.resource_usage and _clang_major(toolchain) >= 14
    paths = [unit.path for unit in units]
    chosen = range(len(units)) if select is None else sorted(
        {index for index in select(paths) if 0 <= index < len(units)})
    done = 0
    canceled = threading.Event()

    def going_on_now(_line: str | None = None) -> bool:
        """PROGRESS told the numbers; False (for good) once it raised Canceled."""
        if not canceled.is_set() and not going_on(progress, done, len(chosen)):
            canceled.set()
        return not canceled.is_set()

    watch = None if progress is None else going_on_now

    deadline = started + options.total_seconds if options.total_seconds else None

    def check(indexed: tuple[int, CompileUnit]) -> dict:
        nonlocal done
        index, unit = indexed
        unit = _with_option_flags(unit, options, toolchain.defines())
        unit_sandbox = _within_deadline(sandbox, deadline)
        if not going_on_now():
            run = _CANCELED
        elif unit_sandbox is None:
            run = {"status": "skipped", "output": "", "seconds": 0.0, "message":
                   f"not compiled: the check's time budget ({options.total_seconds:g} s) ran out"}
        else:
            run = _compile_unit(unit, index, archs, toolchain, unit_sandbox, source, scratch,
                                cache, resource_usage, watch)
            if run.get("stopped"):
                run = _CANCELED
        if options.work_dir is None:  # objects are not kept: free the space as we go
            shutil.rmtree(scratch / "units" / f"{index:05d}", ignore_errors=True)
        entry = unit_entry(unit, run, archs, line_maps, mount)
        done += 1
        going_on_now()
        return entry

    with ThreadPoolExecutor(max_workers=max(1, min(_jobs(options), len(chosen) or 1))) as pool:
        entries = list(pool.map(check, ((index, units[index]) for index in chosen)))
    classify_entries(entries, context_from_report({}, toolchain_entry, _tree_headers(root)))
    return checked_outcome({"hipcc": toolchain_entry}, entries, notes, paths, gpu, reasons,
                           round(time.monotonic() - started, 2))


#: A unit not compiled, or whose hipcc was killed, because PROGRESS said stop.
_CANCELED = {"status": "skipped", "output": "", "seconds": 0.0,
             "message": "not compiled: the job was canceled"}


def merge_outcomes(outcomes: Sequence[CompileOutcome]) -> CompileOutcome:
    """One compile_check() outcome from the outcomes of its batches (in unit order). The
    tree's GPU sources and units come from the first batch that found them (a batch no
    runner finished knows only its own units)."""
    checked = [outcome for outcome in outcomes if not outcome.get("skipped")]
    if not checked:
        return outcomes[0] if outcomes else skipped_outcome("no units were compiled", {}, [])
    entries = [entry for outcome in checked for entry in outcome["compile"]]
    found: GpuSourceReasons = next(
        (outcome["gpu_source_reasons"] for outcome in checked
         if outcome.get("gpu_source_reasons", {}).get("sources")),
        GpuSourceReasons(sources=[], reasons={}))
    listed = next((outcome["units_found"] for outcome in checked
                   if outcome.get("units_found")), [])
    notes = list(dict.fromkeys(note for outcome in outcomes for note in outcome["notes"]))
    toolchain = next((outcome["toolchain"] for outcome in checked
                      if outcome["toolchain"].get("hipcc")), checked[0]["toolchain"])
    return checked_outcome(toolchain, entries, notes, listed, found["sources"],
                           found["reasons"],
                           max(outcome["summary"].get("seconds", 0) for outcome in checked))


_HEADER_SUFFIXES = (".h", ".hh", ".hpp", ".hxx", ".cuh", ".inl", ".inc", ".ipp", ".tcc")


def _tree_headers(root: Path) -> frozenset[str]:
    """The tree's header files (tree-relative), to tell an in-tree header that is not on
    a unit's include path from a library the runner lacks."""
    found: set[str] = set()
    for folder, folders, files in os.walk(root, followlinks=False):
        folders[:] = [f for f in folders if not f.startswith(".")]
        relative = Path(folder).relative_to(root).as_posix()
        found.update(name if relative == "." else f"{relative}/{name}"
                     for name in files if name.endswith(_HEADER_SUFFIXES))
    return frozenset(found)


def _left_out_reasons(gpu: list[str], units: list[CompileUnit], runs: list[BuildRun],
                      compile_commands: Mapping | None, root: Path,
                      max_units: int) -> dict[str, str]:
    """{GPU source that is no unit: why}: the build's reason, the shipped compile
    database's, or the unit limit."""
    unit_paths = {unit.path for unit in units}
    reasons = {}
    for path in gpu:
        if path in unit_paths:
            continue
        run = max((run for run in runs if run.covers(path)), key=lambda run: len(run.folder),
                  default=None)
        if run is not None and path in run.left_out:
            reasons[path] = run.left_out[path]
        elif run is not None and run.ok:
            reasons[path] = "not in any build target of the configuration used"
        elif has_compile_database(root, compile_commands):
            reasons[path] = "not in the project's compile_commands.json"
        else:
            reasons[path] = f"not compiled: more than {max_units} units"
    return reasons


def _build_runs(root: Path, source: Path, sandbox: Sandbox, scratch: Path,
                toolchain: Toolchain, archs: list[str], libraries: list[str],
                options: CompileOptions, cache: CompileCache, gpu: tuple[str, ...],
                config: BuildConfig) -> list[BuildRun]:
    """The project's build systems run in the sandbox, or their cached result for the
    same build files, sources, compiler, targets and configuration
    (translator/compile/build_cache.py)."""
    hipcc = toolchain.hipcc
    assert hipcc is not None  # only an available toolchain compiles
    key = None
    if cache.enabled:
        key = build_runs_key(root, hipcc=hipcc, identity=toolchain.identity,
                             archs=archs, libraries=libraries, sandbox=sandbox,
                             configuration=config.describe())
        cached = load_build_runs(cache, key, scratch)
        if cached is not None:
            return cached
    runs = run_build_systems(root, source, sandbox, scratch, hipcc=hipcc,
                             archs=archs, seconds=options.configure_seconds,
                             jobs=_jobs(options), hip_clang=toolchain.hip_clang,
                             gpu_sources=gpu, config=config)
    if key is not None:
        store_build_runs(cache, key, runs, scratch)
    return runs


def _jobs(options: CompileOptions) -> int:
    return options.jobs or len(os.sched_getaffinity(0)) or 1


def _within_deadline(sandbox: Sandbox, deadline: float | None) -> Sandbox | None:
    """SANDBOX with its wall-clock limit cut to what is left before DEADLINE (None when
    too little is left to compile anything)."""
    if deadline is None:
        return sandbox
    left = deadline - time.monotonic()
    if left < 1.0:
        return None
    if left >= sandbox.limits.wall_seconds:
        return sandbox
    return dataclasses.replace(sandbox, limits=dataclasses.replace(sandbox.limits,
                                                                   wall_seconds=left))


def report_context(report: Mapping) -> dict:
    """The keyword arguments of compile_check() that a translation report provides."""
    return {
        "line_maps": report.get("line_maps"),
        "renames": {f["path"]: f["output_path"] for f in report.get("files", [])
                    if f.get("output_path") and f.get("path") != f.get("output_path")},
        "compile_commands": report.get("compile_commands"),
        # the macros the project's ROCm build defines (USE_ROCM): the translation leaves
        # the CUDA alternatives of its ROCm branches as written
        "defines": tuple((report.get("hip_build") or {}).get("switches") or ()),
    }


def _sandbox(options: CompileOptions, scratch: Path, notes: list[str], runner: Runner):
    """(Sandbox, '') or (None, why the check refuses to run)."""
    sandbox = Sandbox(options.bubblewrap, options.limits, options.sandbox_uid,
                      options.sandbox_gid, options.readonly_paths, options.environment,
                      root=str(runner.root) if runner.root else None)
    try:
        sandbox.probe(scratch / "sandbox-probe")
        return sandbox, ""
    except SandboxUnavailable as error:
        if not options.allow_unsandboxed or runner.root:
            return None, (f"compile check refused: {error}; hipcc runs only sandboxed "
                          "(a development setting can allow it without bubblewrap)")
        notes.append(f"{error}: hipcc ran UNSANDBOXED because the development setting "
                     "allows it; never do this with untrusted code")
        return dataclasses.replace(sandbox, bubblewrap=None), ""


def _clang_major(toolchain: Toolchain) -> int:
    head = toolchain.clang_version.split(".")[0]
    return int(head) if head.isdigit() else 0


def _with_option_flags(unit: CompileUnit, options: CompileOptions,
                       toolchain_defines: tuple[str, ...] = ()) -> CompileUnit:
    if unit.arguments is not None:  # the project's own command: only what the user asked
        extra = [f"-I{folder}" for folder in options.include_dirs]
        extra += [f"-D{name}" for name in options.defines]
        extra += [f"-std={options.std}"] if options.std else []
        return dataclasses.replace(unit, arguments=unit.arguments + tuple(extra),
                                   std=options.std or unit.std)
    return dataclasses.replace(
        unit,
        include_dirs=tuple(dict.fromkeys(unit.include_dirs + options.include_dirs)),
        defines=tuple(dict.fromkeys(unit.defines + options.defines + toolchain_defines)),
        std=options.std or unit.std,
    )


def _flags(unit: CompileUnit, archs: list[str], resource_usage: bool) -> list[str]:
    if unit.arguments is not None:
        # The build's command as it is; hipcc decides the language when it does not say
        # (HIP 5.x compiles .cpp as HIP, and ``-x c++`` would lose __HIP_PLATFORM_AMD__).
        flags = [*unit.arguments, *(f"--offload-arch={arch}" for arch in archs),
                 *_DIAGNOSTIC_FLAGS]
        if resource_usage and unit.language == "hip":
            flags.append(_RESOURCE_FLAG)
        return flags
    # A host file is given no -x: hipcc compiles it as the build would, with the HIP
    # platform macros its HIP headers need (-x c++ would drop __HIP_PLATFORM_AMD__).
    flags = ["-x", "hip"] if unit.language == "hip" else []
    flags.append(f"-std={unit.std}")
    if unit.language == "hip":
        flags += [f"--offload-arch={arch}" for arch in archs]
    flags += [f"-I{folder}" for folder in unit.include_dirs]
    for folder in unit.system_include_dirs:
        flags += ["-isystem", folder]
    flags += [f"-D{name}" for name in unit.defines]
    flags += [f"-U{name}" for name in unit.undefines]
    flags += list(_DIAGNOSTIC_FLAGS)
    if resource_usage and unit.language == "hip":
        flags.append(_RESOURCE_FLAG)
    return flags


def _compile_unit(unit: CompileUnit, index: int, archs: list[str], toolchain: Toolchain,
                  sandbox: Sandbox, source: Path, scratch: Path, cache: CompileCache,
                  resource_usage: bool, watch=None) -> dict:
    work = scratch / "units" / f"{index:05d}"
    work.mkdir(parents=True, exist_ok=True)
    out = sandbox.mounts(source, work)[1]
    link_generated(unit.generated, unit.generated_mount, work, sandbox.isolated)
    flags = _flags(unit, archs, resource_usage)
    key = None
    if cache.enabled:
        key = _preprocessed_key(unit, flags, toolchain, sandbox, source, work, out, watch)
        cached = cache.get(key) if key else None
        if cached is not None:
            return {**cached, "cached": True}
    compile_only = [] if "--genco" in flags else ["-c"]  # a code object: no -c
    assert toolchain.hipcc is not None  # only an available toolchain compiles
    run = sandbox.run([toolchain.hipcc, *flags, *compile_only, _argument(unit.path), "-o",
                       f"{out}/unit.o"], source, work, watch=watch)
    if run.stopped:
        return {"stopped": True}
    result = _classify(run, sandbox.limits)
    if key and result["status"] in ("ok", "failed"):
        cache.put(key, result)
    return result


def _preprocessed_key(unit, flags, toolchain, sandbox, source, work, out,
                      watch=None) -> str | None:
    """The cache key: compiler identity, flags and the preprocessed unit (``hipcc -E``)."""
    run = sandbox.run([toolchain.hipcc, *flags, "-E", _argument(unit.path), "-o",
                       f"{out}/unit.i"], source, work, watch=watch)
    if run.timed_out or run.stopped:
        return None
    # The sandbox wrote unit.i: read without following a link, whatever hipcc left there.
    digest = hashlib.sha256()
    try:
        with open_regular(work, "unit.i") as preprocessed:
            for block in iter(lambda: preprocessed.read(1 << 20), b""):
                digest.update(block)
    except Refused:
        if os.path.lexists(work / "unit.i"):
            return None  # not what hipcc writes: no cache entry for this unit
        digest = hashlib.sha256()  # hipcc -E failed; its messages are part of the key
    (work / "unit.i").unlink(missing_ok=True)
    return cache_key(toolchain.identity, "\0".join(flags), unit.path, run.output,
                     digest.hexdigest())


def _argument(path: str) -> str:
    """A tree-relative path as a compiler argument (``-x.cu`` would be read as a flag)."""
    return f"./{path}" if path.startswith("-") else path


def _classify(run: Run, limits: Limits) -> dict:
    output = run.output
    if run.timed_out:
        status, message = "timeout", f"stopped after {limits.wall_seconds:g} s (wall-clock limit)"
    elif "CPU time limit exceeded" in output or run.returncode in (-24, 128 + 24):
        status, message = "cpu-limit", f"stopped after {limits.cpu_seconds} s of CPU time"
    elif any(text in output for text in ("out of memory", "std::bad_alloc",
                                         "Cannot allocate memory")):
        status = "memory-limit"
        message = f"ran out of memory (limit {limits.memory_bytes >> 20} MiB per process)"
    elif run.returncode == 0:
        status, message = "ok", ""
    else:
        status, message = "failed", f"hipcc exited with status {run.returncode}"
    if run.truncated:
        message = (message + "; " if message else "") + "output truncated"
    return {"status": status, "message": message, "returncode": run.returncode,
            "output": output, "truncated": run.truncated, "seconds": run.seconds}
