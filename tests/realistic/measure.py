"""Migrate the realistic corpus and compile every translation unit: shared by
tests/translator/test_realistic_corpus.py and benchmarks/bench_realistic.py.

The corpus is migrated for the HIP installed here (``--hip-version 5.2``, gfx90a) and
compiled with ``translator.compile.check.compile_check``: the units and flags ``rocport check``
finds from the migrated build files, hipcc in its sandbox, two units at a time.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from translator.compile.check import CompileOptions, compile_check, report_context
from translator.options import Options
from translator.output.report import build_report
from translator.tree.migrate import migrate_tree

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
EXCLUDED = HERE / "excluded.tsv"
HIP_VERSION = (5, 2)
ARCHS = ("gfx90a",)


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


def measure(output: Path, *, jobs: int = 2, hip_version=HIP_VERSION) -> Measurement:
    """Migrate the corpus into OUTPUT and compile every unit."""
    started = time.monotonic()
    tree = migrate_tree(CORPUS, output, Options(hip_version=hip_version, offload_archs=ARCHS),
                        jobs=jobs)
    report = build_report(tree)
    translated = time.monotonic()
    outcome = compile_check(
        output, CompileOptions(offload_archs=ARCHS, jobs=jobs, allow_unsandboxed=True,
                               resource_usage=False, work_dir=str(output.parent / "scratch")),
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
