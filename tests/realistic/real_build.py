"""Build the migrated realistic corpus with its own build systems and hipcc, recording each
compile: the reference that the compile check's unit outcomes are compared with.

Every top-level project of the migrated tree (``translator.compile.build_systems.find_projects``)
is built as its migrated build files say, on a copy of the tree: CMake projects are
configured with hipcc as the C++ compiler and ``-DGPU_TARGETS=gfx90a`` (as the migrated
``CMakeLists.txt`` asks) plus the options in ``CONFIGURE_OPTIONS``, then built with
``cmake --build -j2 -- -k 0`` (Ninja, so that the objects of a target whose library
failed are still compiled); Makefile projects with ``make -k -j2``. Nothing else is
passed. The compilers the builds call by name (``hipcc``, ``g++``, ``c++``, ``gcc``,
``cc``) are found first on ``PATH`` in a folder of wrappers that run the real compiler
with the same arguments and record the folder, arguments, output and exit status, so a
unit's outcome and first error come from exactly the command its build ran.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from translator.compile.build_systems import find_projects

#: Configure options a user of this machine would pass: hipBLAS is not installed here, so
#: the dlkernels build is configured without its cuBLAS part (the project's own option).
CONFIGURE_OPTIONS = {"dlkernels": ["-DDLK_WITH_CUBLAS=OFF"],
                     "dualgpu": ["-DDUALGPU_USE_HIP=ON"]}
WRAPPED = ("hipcc", "g++", "c++", "gcc", "cc")
SOURCE_SUFFIXES = (".cu", ".hip", ".cpp", ".cc", ".cxx")
_ERROR = re.compile(r"^(?P<path>[^:\s][^:]*):(?P<line>\d+):(?:\d+:)? (?:fatal )?error: "
                    r"(?P<message>.*)$", re.M)
_LINK_FAILURE = re.compile(r"linker command failed|undefined reference|ld(?:\.lld)?: error|"
                           r"cannot find -l")
_WRAPPER = """#!/bin/sh
# Runs {real} with the same arguments; records the run for the comparison.
if [ -n "$ROCPORT_RECORDING" ]; then exec "{real}" "$@"; fi
export ROCPORT_RECORDING=1
record=$(mktemp -d "{log}/run.XXXXXXXX")
pwd > "$record/cwd"
for argument in "$@"; do printf '%s\\n' "$argument"; done > "$record/args"
"{real}" "$@" > "$record/stdout" 2> "$record/stderr"
status=$?
echo "$status" > "$record/status"
cat "$record/stdout"
cat "$record/stderr" >&2
exit "$status"
"""


@dataclass
class RealUnit:
    """How the project's build compiled one source (tree-relative ``path``)."""

    path: str
    ok: bool
    first_error: tuple[str, int] | None  # (tree-relative path, line) of the first error
    message: str = ""


@dataclass
class RealBuild:
    root: Path  # the copy of the migrated tree that was built
    builds: Path  # the CMake build folders, one per project folder
    units: dict[str, RealUnit] = field(default_factory=dict)
    problems: dict[str, str] = field(default_factory=dict)  # project folder -> why not built
    output: str = ""


def build_all(migrated: Path, work: Path, archs: tuple[str, ...] = ("gfx90a",)) -> RealBuild:
    """Build every project of the migrated tree at MIGRATED (copied into WORK)."""
    root, log = work / "tree", work / "compiler-runs"
    shutil.copytree(migrated, root)
    log.mkdir()
    environment = {**os.environ, "HIP_PLATFORM": "amd",
                   "PATH": f"{_wrappers(work / 'bin', log)}:{os.environ['PATH']}"}
    result = RealBuild(root, work / "builds")
    for folder, system in find_projects(root):
        project = root / folder
        if system == "cmake":
            build = result.builds / (folder or "root")
            done = _run(["cmake", "-G", "Ninja", "-S", str(project), "-B", str(build),
                         "-DCMAKE_CXX_COMPILER=hipcc", f"-DGPU_TARGETS={';'.join(archs)}",
                         *CONFIGURE_OPTIONS.get(folder, [])], work, environment)
            result.output += done.stdout + done.stderr
            if done.returncode != 0:
                result.problems[folder] = _cmake_error(done.stdout + done.stderr)
                continue
            done = _run(["cmake", "--build", str(build), "-j2", "--", "-k", "0"], work,
                        environment)
        else:
            done = _run(["make", "-k", "-j2"], project, environment)
        result.output += done.stdout + done.stderr
    result.units = _units(root, log)
    return result


def _wrappers(folder: Path, log: Path) -> Path:
    folder.mkdir(parents=True)
    for name in WRAPPED:
        real = shutil.which(name)
        if real is None:
            continue
        wrapper = folder / name
        wrapper.write_text(_WRAPPER.format(real=real, log=log))
        wrapper.chmod(0o755)
    return folder


def _run(command: list[str], cwd: Path, environment: dict) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True,
                          timeout=1800, check=False)


def _cmake_error(output: str) -> str:
    lines = output.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("CMake Error")), 0)
    return " ".join(line.strip() for line in lines[start:start + 4] if line.strip())


def _units(root: Path, log: Path) -> dict[str, RealUnit]:
    """The compiles of tree sources among the recorded compiler runs (the builds' own
    configure checks and link steps are not units)."""
    units: dict[str, RealUnit] = {}
    for record in sorted(log.iterdir()):
        try:
            cwd = (record / "cwd").read_text().strip()
            arguments = (record / "args").read_text().splitlines()
            status = int((record / "status").read_text())
            output = (record / "stderr").read_text(errors="replace") + \
                (record / "stdout").read_text(errors="replace")
        except (OSError, ValueError):
            continue
        if "-E" in arguments or {"-M", "-MM"} & set(arguments) and "-c" not in arguments:
            continue
        for argument in arguments:
            if not argument.endswith(SOURCE_SUFFIXES) or argument.startswith("-"):
                continue
            path = _tree_path(root, cwd, argument)
            if path is None:
                continue
            unit = _unit(root, cwd, path, status, output)
            if path not in units or units[path].ok and not unit.ok:
                units[path] = unit
    return units


def _tree_path(root: Path, cwd: str, printed: str) -> str | None:
    absolute = os.path.normpath(os.path.join(cwd, printed))
    relative = os.path.relpath(absolute, root)
    return None if relative.startswith("..") else relative


def _unit(root: Path, cwd: str, path: str, status: int, output: str) -> RealUnit:
    error = _ERROR.search(output)
    if error is not None:
        where = _tree_path(root, cwd, error.group("path")) or error.group("path")
        return RealUnit(path, False, (where, int(error.group("line"))), error.group("message"))
    if status == 0 or _LINK_FAILURE.search(output):  # compiled; linking is not the check's
        return RealUnit(path, True, None)
    first = next((line for line in output.splitlines() if "error" in line), output[:200])
    return RealUnit(path, False, None, first)
