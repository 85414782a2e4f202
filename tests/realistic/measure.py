"""Migrate the realistic corpus and compile every translation unit: shared by
tests/translator/test_realistic_corpus.py, tests/translator/test_realistic_libraries.py
and benchmarks/bench_realistic.py.

By default the projects this machine's HIP can build are migrated for it
(``--hip-version 5.2``, gfx90a) and compiled with ``translator.compile.check.compile_check``:
the units and flags ``rocport check`` finds from the migrated build files, hipcc in its
sandbox, two units at a time. The projects in ``RUNNER_ONLY`` use libraries this machine
lacks; they are measured on a runner (``runner="rocm-6.4"``, HIP 6.4, gfx942).
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from translator.compile.check import CompileOptions, compile_check, report_context
from translator.options import Options
from translator.output.report import build_report
from translator.tree.migrate import migrate_tree

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
EXCLUDED = HERE / "excluded.tsv"
#: What corpus/libstack cannot compile on the rocm-6.4 runner, in excluded.tsv's format.
EXCLUDED_ON_RUNNER = HERE / "excluded_rocm_6_4.tsv"
HIP_VERSION = (5, 2)
ARCHS = ("gfx90a",)
#: Projects whose libraries this machine's HIP 5.2 lacks (hipBLASLt, hipFFT, hipSOLVER,
#: hipCUB, rocThrust, RCCL, MIOpen): compiled on the rocm-6.4 runner only.
RUNNER_ONLY = ("libstack",)


def host_projects() -> list[str]:
    """The corpus's projects this machine's HIP builds (all but RUNNER_ONLY)."""
    return sorted(p.name for p in CORPUS.iterdir() if p.is_dir() and p.name not in RUNNER_ONLY)


@dataclass(frozen=True)
class Exclusion:
    """A unit this machine cannot compile after migration, and why: ``library`` (the HIP
    library is not installed), ``hip-version`` (needs a newer HIP than 5.2), ``hip-lacks``
    or ``rocport`` (a known limit of the translation); ``failure_class`` is the compile
    check's class of the failure (translator/compile/failures.py)."""

    path: str
    kind: str
    failure_class: str
    reason: str


@dataclass
class Measurement:
    output: Path
    report: dict
    units: dict[str, dict]  # tree-relative path -> the report's compile entry
    translate_seconds: float
    compile_seconds: float

    def failures(self) -> dict[str, str]:
        """{path: first error} of the units hipcc rejected."""
        return {path: _first_error(entry) for path, entry in self.units.items()
                if not entry["ok"]}


def read_excluded(path: Path = EXCLUDED) -> dict[str, Exclusion]:
    rows = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            unit, kind, failure_class, reason = line.split("\t")
            rows[unit] = Exclusion(unit, kind, failure_class, reason)
    return rows


def measure(output: Path, *, jobs: int = 2, hip_version=HIP_VERSION,
            projects: Sequence[str] | None = None, archs: tuple[str, ...] = ARCHS,
            miopen: bool = False, runner: str | None = None,
            runners_dir: Path | None = None) -> Measurement:
    """Migrate the corpus's PROJECTS (default: ``host_projects()``) into OUTPUT and
    compile every unit, with this machine's hipcc or on RUNNER (in RUNNERS_DIR)."""
    source = output.parent / "corpus"
    for project in projects or host_projects():
        shutil.copytree(CORPUS / project, source / project)
    started = time.monotonic()
    tree = migrate_tree(source, output,
                        Options(hip_version=hip_version, offload_archs=archs, miopen=miopen),
                        jobs=jobs)
    report = build_report(tree)
    translated = time.monotonic()
    toolchain = {} if runner is None else {
        "runner": runner, "runners_dir": str(runners_dir) if runners_dir else None}
    outcome = compile_check(
        output, CompileOptions(offload_archs=archs, jobs=jobs, allow_unsandboxed=True,
                               resource_usage=False, work_dir=str(output.parent / "scratch"),
                               **toolchain),
        **report_context(report))
    finished = time.monotonic()
    units = {entry["path"]: entry for entry in outcome["compile"]}
    return Measurement(output, report, units, translated - started, finished - translated)


def _first_error(entry: dict) -> str:
    for diagnostic in entry.get("diagnostics", []):
        if diagnostic.get("severity") in ("error", "fatal"):
            return f"{diagnostic.get('path')}:{diagnostic.get('line')}: {diagnostic['message']}"
    output = entry.get("output") or entry.get("message") or ""
    lines = [line for line in output.splitlines() if "error" in line]
    return (lines or [output.strip()[:200] or "failed"])[0]
