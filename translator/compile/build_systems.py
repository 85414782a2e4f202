"""The compile commands of the project's own build, from its real build system, sandboxed.

Rather than re-implementing make and CMake, the compile check asks them:

- a CMake project (a folder with ``CMakeLists.txt`` and none above it) is configured with
  the real ``cmake`` (``-DCMAKE_EXPORT_COMPILE_COMMANDS=ON``, hipcc as the C++ compiler,
  the check's GPU targets as ``CMAKE_HIP_ARCHITECTURES``/``GPU_TARGETS``) into a build
  folder outside the tree, and its ``compile_commands.json`` is read back;
- a Makefile project (a folder with ``Makefile``, ``makefile`` or ``GNUmakefile``, none
  above it and not inside a CMake project) is dry-run with the real ``make -n -B -k -w``,
  with ``CC``, ``CXX``, ``NVCC`` and ``HIPCC`` pointed at hipcc, and the compiler
  commands it prints are read (``cd`` and make's directory messages are followed).

Configuring runs the project's code (CMake scripts, ``$(shell ...)``), so it runs in the
same bubblewrap sandbox as hipcc: the tree read-only, only the build folder writable, no
network, its own time limit. What it leaves in the build folder is hostile too (links to
host files, FIFOs, huge files): ``compile_commands.json`` and the generated headers are
read through translator/sandbox/leftovers.py, never by following a link, and the headers
are copied into a folder of the host's (``BuildRun.generated``) from which units see them.

Each command is reduced to its safe flags, in order (translator/compile/flags.py
``safe_arguments``); nothing is merged or invented. Paths stay
as the sandbox saw them (``/job/src/...`` for the tree, ``/job/out/build-N/...`` for the
build folder); the compile check shows each unit the same paths, generated headers
included. When a build system fails (a missing package, a configure error, a time-out),
``BuildRun.problem`` says why and the compile check falls back to its own reader for
that project's units.

Limits: only the default goal of a Makefile is dry-run; commands of sub-makes are read
when make runs them under ``-n`` (lines with ``$(MAKE)``). A CMake tree that enables the
HIP language needs a ROCm clang that CMake accepts (not Debian's hipcc wrapper): there
the configure fails and the reader is used.
"""

from __future__ import annotations

import dataclasses
import json
import os
import posixpath
import re
import shlex
import shutil
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from translator.compile.build_config import (
    NO_CONFIG,
    BuildConfig,
    cmake_switches,
    hip_switches,
    make_switches,
    parse_make_database,
)
from translator.compile.flags import path_arguments, safe_arguments
from translator.sandbox.bubblewrap import Sandbox
from translator.sandbox.leftovers import Refused, copy_regular_files, read_regular

__all__ = ["BuildCommand", "BuildRun", "find_projects", "run_build_systems",
           "make_commands", "database_commands", "link_generated", "MAKE_FILE_NAMES",
           "GENERATED_SUFFIXES"]

MAKE_FILE_NAMES = ("GNUmakefile", "makefile", "Makefile")
SOURCE_SUFFIXES = (".cu", ".hip", ".cpp", ".cc", ".cxx", ".c++", ".C")
_COMPILER = re.compile(r"^(?:[\w.+-]*-)?(?:hipcc|nvcc|clang\+\+|clang|g\+\+|gcc|c\+\+|cc|"
                       r"amdclang\+\+|amdclang|icpx|hipcc\.pl)(?:-\d+(?:\.\d+)*)?$")
_VALUE_FLAGS = {"-o", "-MF", "-MT", "-MQ", "-MJ", "-I", "-D", "-U", "-x", "-isystem",
                "-iquote", "-idirafter", "-include", "-imacros", "-Xclang", "-mllvm",
                "-Xlinker", "-L", "-l", "-B", "-isysroot", "--sysroot", "-target", "-arch",
                "-Xcompiler", "-ccbin", "--config", "--offload-arch"}
_ENTERING = re.compile(r"^\S*make(?:\[\d+\])?: (?P<what>Entering|Leaving) directory "
                       r"[`'\"](?P<folder>.*)['\"]$")
_OPERATORS = {";", "&&", "||", "|", "(", ")", "&"}
GENERATED_SUFFIXES = (".h", ".hh", ".hpp", ".hxx", ".cuh", ".inc", ".inl", ".ipp", ".def",
                       ".tcc")
_MAX_PROJECTS = 12
#: The largest compile_commands.json read back (tens of thousands of commands).
_MAX_DATABASE_BYTES = 64 << 20


@dataclass(frozen=True)
class BuildCommand:
    """How the project's build compiles one source (tree-relative ``path``)."""

    path: str
    arguments: tuple[str, ...]  # safe flags in order; paths as the sandbox sees them
    dropped: tuple[str, ...]
    source: str  # "cmake" or "make -n"


@dataclass
class BuildRun:
    """One build system run: its compile commands, or the problem that stopped it."""

    folder: str  # tree-relative folder of the project ('' for the root)
    system: str  # "cmake" or "make -n"
    problem: str = ""
    seconds: float = 0.0
    commands: dict[str, BuildCommand] = field(default_factory=dict)
    #: Host folder holding copies of the headers the configure step generated, and
    #: where units see the build folder (``/job/out/build-N``).
    generated: str = ""
    generated_mount: str = ""
    #: What was left in the build folder and not read ("path: why"): links, FIFOs,
    #: devices, files over the limits.
    unread: list[str] = field(default_factory=list)
    #: The configuration used beyond the defaults (``BuildConfig.describe``), '' for none.
    configuration: str = ""
    #: {tree-relative GPU source: why this build does not compile it}.
    left_out: dict[str, str] = field(default_factory=dict)
    timed_out: bool = False  # stopped by its time limit (never cached)
    cached: bool = False  # from the compile cache (translator/compile/build_cache.py)

    @property
    def ok(self) -> bool:
        return not self.problem

    def covers(self, path: str) -> bool:
        return self.folder == "" or path == self.folder or path.startswith(self.folder + "/")

    def note(self) -> str:
        where = self.folder or "the tree's root"
        if self.ok:
            took = "cached" if self.cached else f"{self.seconds:.1f} s"
            configured = f" with {self.configuration}" if self.configuration else ""
            note = (f"{self.system}: {len(self.commands)} compile commands for {where}"
                    f"{configured} ({took})")
        else:
            note = f"{self.system}: {where}: {self.problem}; its units use rocport's reader"
        if self.unread:
            shown = "; ".join(self.unread[:3]) + ("; ..." if len(self.unread) > 3 else "")
            note += (f"; {len(self.unread)} entries of its build folder were not read "
                     f"({shown})")
        return note


def find_projects(root: Path) -> list[tuple[str, str]]:
    """(tree-relative folder, "cmake" or "make -n") of the tree's top-level builds."""
    projects: list[tuple[str, str]] = []
    for folder, folders, files in os.walk(root, followlinks=False):
        folders[:] = sorted(f for f in folders if not f.startswith(".") and f != "build")
        relative = Path(folder).relative_to(root).as_posix()
        relative = "" if relative == "." else relative
        if "CMakeLists.txt" in files:
            projects.append((relative, "cmake"))
        elif any(name in files for name in MAKE_FILE_NAMES):
            projects.append((relative, "make -n"))
        else:
            continue
        folders[:] = []  # the project's build decides what its sub-folders compile
    return projects


@dataclass(frozen=True)
class _Context:
    """What every build system run of one check shares."""

    root: Path
    sandbox: Sandbox
    source_view: Path
    scratch: Path
    hipcc: str
    archs: list[str]
    hip_clang: str


def run_build_systems(root: Path, source_view: Path, sandbox: Sandbox, scratch: Path, *,
                      hipcc: str, archs: list[str], seconds: float,
                      jobs: int = 1, hip_clang: str = "", gpu_sources: tuple[str, ...] = (),
                      config: BuildConfig = NO_CONFIG) -> list[BuildRun]:
    """Run every top-level build of the tree at ROOT (mounted from SOURCE_VIEW) in
    SANDBOX, JOBS at a time, each with at most SECONDS of wall-clock time. HIP_CLANG is
    the clang++ CMake may use as its HIP compiler ('' when there is none).

    Each build runs with CONFIG (the user's; translator/compile/build_config.py); when it
    leaves some of GPU_SOURCES (tree-relative) out, it runs again with the options, goals
    and variables that bring them in, and ``BuildRun.left_out`` says why the rest stay
    out."""
    context = _Context(root, _with_wall_seconds(sandbox, seconds), source_view, scratch,
                       hipcc, archs, hip_clang)

    def run_one(indexed: tuple[int, tuple[str, str]]) -> BuildRun:
        index, (folder, system) = indexed
        if index >= _MAX_PROJECTS:
            return BuildRun(folder, system, f"not run (more than {_MAX_PROJECTS} builds)")
        started = time.monotonic()
        # the project's own HIP build, when it has one (the user's values win)
        own = hip_switches(context.root / folder, system).merged(config)
        run = _run(context, system, folder, str(index), own)
        left_out = [path for path in gpu_sources if run.covers(path)
                    and path not in run.commands]
        if run.ok and left_out:
            run = _bring_in(context, run, str(index), left_out, own)
        run.seconds = round(time.monotonic() - started, 2)
        return run

    projects = list(enumerate(find_projects(root)))
    with ThreadPoolExecutor(max_workers=max(1, min(jobs, len(projects) or 1))) as pool:
        return list(pool.map(run_one, projects))


def _run(context: _Context, system: str, folder: str, name: str,
         config: BuildConfig) -> BuildRun:
    work = context.scratch / f"build-system-{name}"
    work.mkdir(parents=True, exist_ok=True)
    if system == "cmake":
        run = _configure_cmake(context, folder, name, work, config)
    else:
        run = _dry_run_make(context, folder, work, config)
    run.configuration = config.describe()
    return run


def _bring_in(context: _Context, run: BuildRun, name: str, left_out: list[str],
              config: BuildConfig) -> BuildRun:
    """RUN, or a second run with the configuration that compiles more of LEFT_OUT; the
    reasons of the sources that stay out in ``left_out``."""
    prefix = f"{run.folder}/" if run.folder else ""
    relative = [path[len(prefix):] for path in left_out]
    if run.system == "cmake":
        switches = cmake_switches(context.root / run.folder, relative)
    else:
        database, default_goal = _make_database(context, run.folder, config)
        switches = make_switches(_makefile_text(context.root / run.folder), database, relative)
        if switches.config.make_goals or switches.config.make_variables:
            goals = (default_goal, *switches.config.make_goals) if default_goal else \
                switches.config.make_goals
            switches.config = dataclasses.replace(switches.config, make_goals=goals)
    reasons = {path: switches.reasons.get(path[len(prefix):], "not in any build target of "
                                          "the configuration used") for path in left_out}
    wanted = switches.config.merged(config)
    if wanted != config:
        second = _run(context, run.system, run.folder, f"{name}-gpu", wanted)
        if second.ok:
            if run.system != "cmake":  # the default goal's commands stay
                second.commands = {**run.commands, **second.commands}
            run = second
        else:
            for path in reasons:
                reasons[path] += (f"; configured with {wanted.describe()} the build failed: "
                                  f"{second.problem}")
    run.left_out = {path: why for path, why in reasons.items() if path not in run.commands}
    return run


def _with_wall_seconds(sandbox: Sandbox, seconds: float) -> Sandbox:
    limits = dataclasses.replace(sandbox.limits, wall_seconds=seconds,
                                 cpu_seconds=max(1, int(seconds)))
    return dataclasses.replace(sandbox, limits=limits)


# --- CMake -------------------------------------------------------------------------------

def _configure_cmake(context: _Context, folder: str, name: str, work: Path,
                     config: BuildConfig) -> BuildRun:
    """Configure the CMake project in FOLDER with CONFIG's cache entries; its generated
    headers are copied to a folder of the host's."""
    run = BuildRun(folder, "cmake")
    sandbox, source_view = context.sandbox, context.source_view
    cmake = sandbox.which("cmake")
    if cmake is None:
        run.problem = "cmake is not installed on this runner"
        return run
    source_mount, work_mount = sandbox.mounts(source_view, work)
    build = f"{work_mount}/build-{name}"
    targets = ";".join(context.archs)
    argv = [cmake, "-S", posixpath.join(source_mount, folder) if folder else source_mount,
            "-B", build, "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
            f"-DCMAKE_CXX_COMPILER={context.hipcc}",
            f"-DCMAKE_HIP_ARCHITECTURES={targets}", f"-DGPU_TARGETS={targets}",
            f"-DAMDGPU_TARGETS={targets}",
            # CMake 4 refuses cmake_minimum_required() below 3.5, which real projects
            # still say; older CMake ignores the variable
            "-DCMAKE_POLICY_VERSION_MINIMUM=3.5",
            *(f"-D{key}={value}" for key, value in config.cmake)]
    if context.hip_clang:
        argv.append(f"-DCMAKE_HIP_COMPILER={context.hip_clang}")
    done = sandbox.run(argv, source_view, work)
    if done.timed_out:
        run.problem = f"configure stopped after {sandbox.limits.wall_seconds:g} s"
        run.timed_out = True
        return run
    if done.returncode != 0:
        run.problem = "configure failed: " + _cmake_error(done.output)
        return run
    try:
        database = read_regular(work, f"build-{name}/compile_commands.json",
                                _MAX_DATABASE_BYTES)
    except Refused as error:
        run.problem = f"configure left no readable compile_commands.json ({error})"
        return run
    run.commands = database_commands(database, source_mount)
    if not run.commands:
        run.problem = "the configured build compiles no sources of the tree"
        return run
    generated = context.scratch / f"generated-{name}"
    copied = copy_regular_files(work, f"build-{name}", generated,
                                accept=lambda file: file.endswith(GENERATED_SUFFIXES),
                                skip_folders=frozenset({"CMakeFiles"}))
    run.unread = copied.refused
    run.generated, run.generated_mount = str(generated), build
    return run


def _cmake_error(output: str) -> str:
    lines = output.splitlines()
    for number, line in enumerate(lines):
        if line.startswith("CMake Error"):
            text = " ".join(part.strip() for part in lines[number:number + 8] if part.strip())
            return text[:400]
    tail = " ".join(line.strip() for line in lines[-3:] if line.strip())
    return tail[:400] or "no output"


def database_commands(data: bytes, source_mount: str) -> dict[str, BuildCommand]:
    """The commands of a compile_commands.json that CMake wrote in the sandbox, keyed by
    tree-relative source path."""
    try:
        entries = json.loads(data.decode("utf-8", errors="replace"))
    except ValueError:
        return {}
    commands: dict[str, BuildCommand] = {}
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict):
            continue
        try:
            words = entry.get("arguments") or shlex.split(str(entry.get("command", "")))
        except ValueError:
            continue
        directory = str(entry.get("directory", source_mount))
        for command in _compiles([str(w) for w in words], directory, source_mount, "cmake"):
            commands.setdefault(command.path, command)
    return commands


# --- make -n -----------------------------------------------------------------------------

def _dry_run_make(context: _Context, folder: str, work: Path, config: BuildConfig) -> BuildRun:
    """``make -n`` of the Makefile in FOLDER, with CONFIG's variables and goals. The
    compiler variables are the Makefile's own (a migrated ``NVCC := hipcc -D...`` keeps its
    flags); C and C++ files go to hipcc, as the compile check compiles every unit with it."""
    run = BuildRun(folder, "make -n")
    sandbox = context.sandbox
    make = sandbox.which("make")
    if make is None:
        run.problem = "make is not installed on this runner"
        return run
    source_mount = sandbox.mounts(context.source_view, work)[0]
    directory = posixpath.join(source_mount, folder) if folder else source_mount
    argv = [make, "-n", "-B", "-k", "-w", "-C", directory,
            *(f"{name}={context.hipcc}" for name in ("CC", "CXX")),
            *(f"{name}={value}" for name, value in config.make_variables),
            *config.make_goals]
    done = sandbox.run(argv, context.source_view, work)
    if done.timed_out:
        run.problem = f"make -n stopped after {sandbox.limits.wall_seconds:g} s"
        run.timed_out = True
        return run
    run.commands = make_commands(done.output, directory, source_mount)
    if not run.commands:
        last = " ".join(done.output.strip().splitlines()[-2:])[:300]
        run.problem = f"make -n printed no compile commands ({last or 'no output'})"
    return run


def _make_database(context: _Context, folder: str, config: BuildConfig) -> tuple[str, str]:
    """(make's database of the Makefile in FOLDER, its default goal): ``make -p -n -q``
    evaluates the variables and rules as make would, running nothing."""
    work = context.scratch / f"make-database-{folder.replace('/', '-') or 'root'}"
    work.mkdir(parents=True, exist_ok=True)
    limits = dataclasses.replace(context.sandbox.limits, output_bytes=_MAX_DATABASE_BYTES)
    sandbox = dataclasses.replace(context.sandbox, limits=limits)
    make = sandbox.which("make") or "make"
    source_mount = sandbox.mounts(context.source_view, work)[0]
    directory = posixpath.join(source_mount, folder) if folder else source_mount
    done = sandbox.run([make, "-p", "-n", "-q", "-C", directory,
                        *(f"{name}={value}" for name, value in config.make_variables)],
                       context.source_view, work)
    _, default = parse_make_database(done.output)
    return done.output, default


def _makefile_text(folder: Path) -> str:
    for name in MAKE_FILE_NAMES:
        path = folder / name
        if path.is_file() and not path.is_symlink():
            return path.read_text(encoding="utf-8", errors="replace")[:_MAX_DATABASE_BYTES]
    return ""


def make_commands(output: str, directory: str, source_mount: str) -> dict[str, BuildCommand]:
    """The compile commands in what ``make -n -w`` printed, run from DIRECTORY."""
    commands: dict[str, BuildCommand] = {}
    folders = [directory]
    for line in output.replace("\\\n", " ").splitlines():
        entering = _ENTERING.match(line.strip())
        if entering:
            if entering.group("what") == "Entering":
                folders.append(entering.group("folder"))
            elif len(folders) > 1:
                folders.pop()
            continue
        here = folders[-1]
        for words in _shell_commands(line):
            if words[0] == "cd" and len(words) > 1:
                here = posixpath.normpath(posixpath.join(here, words[1]))
                continue
            for command in _compiles(words, here, source_mount, "make -n"):
                commands.setdefault(command.path, command)
    return commands


def _shell_commands(line: str) -> list[list[str]]:
    """The simple commands of one shell line (split at ``;``, ``&&``, ``|`` ...)."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|()")
    lexer.whitespace_split = True
    commands: list[list[str]] = [[]]
    try:
        for token in lexer:
            if token in _OPERATORS or set(token) <= set(";&|()"):
                commands.append([])
            else:
                commands[-1].append(token)
    except ValueError:
        return []
    return [words for words in commands if words]


# --- one compile command ------------------------------------------------------------------

def _compiles(words: list[str], directory: str, source_mount: str,
              system: str) -> list[BuildCommand]:
    """A BuildCommand per tree source compiled by WORDS (a compiler command line run in
    DIRECTORY); none for other commands, preprocessing and dependency-only runs."""
    while words and re.match(r"^\w+=", words[0]):  # VAR=value before the program
        words = words[1:]
    if not words or not _COMPILER.match(posixpath.basename(words[0])):
        return []
    flags, sources = [], []
    items = iter(words[1:])
    for word in items:
        if word in _VALUE_FLAGS:
            flags += [word, next(items, "")]
        elif not word.startswith("-") and word.endswith(SOURCE_SUFFIXES):
            sources.append(word)
        else:
            flags.append(word)
    if not sources or "-E" in flags or ("-M" in flags or "-MM" in flags) and "-c" not in flags:
        return []
    kept, dropped = safe_arguments(flags)

    def placed(value: str) -> str | None:
        absolute = posixpath.normpath(posixpath.join(directory, value))
        inside = absolute == source_mount or absolute.startswith(source_mount + "/")
        if not inside and any(part.startswith("cuda") for part in absolute.split("/")):
            dropped.append(f"-I{value}")  # a CUDA toolkit's headers would shadow HIP's
            return None
        return absolute

    arguments = tuple(path_arguments(kept, placed))
    found = []
    for source in sources:
        absolute = posixpath.normpath(posixpath.join(directory, source))
        if not absolute.startswith(source_mount.rstrip("/") + "/"):
            continue  # generated in the build folder, or outside the tree
        relative = absolute[len(source_mount.rstrip("/")) + 1:]
        found.append(BuildCommand(relative, arguments, tuple(dropped), system))
    return found


def link_generated(run_folder: str, mount: str, work: Path, isolated: bool) -> None:
    """Show a unit compiled in WORK the headers the configure step generated (RUN_FOLDER,
    the host's copies): in the sandbox the unit's writable folder is ``/job/out``, where
    the build folder was."""
    if not isolated or not run_folder:
        return
    top = Path(run_folder)
    target_top = work / posixpath.basename(mount)
    for folder, _, files in os.walk(top, followlinks=False):
        for name in files:
            source = Path(folder, name)
            target = target_top / source.relative_to(top)
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.link(source, target, follow_symlinks=False)
            except OSError:
                shutil.copyfile(source, target, follow_symlinks=False)
