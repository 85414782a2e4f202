"""A job's summary (``Job.summary``): the figures of its translation and of its compile
check that the list, the job page, the API and GitHub show without reading the report.

Built here only: ``translated_summary`` when the translation is stored, then
``compiled_summary`` merged in when the compile check ends. A job stored by an older
version may lack any key, so readers use ``.get``.
"""

from __future__ import annotations

from typing import TypedDict

from translator.compile.failures import summarize_classes
from translator.compile.report import CompileOutcome
from translator.jobs.child import PhaseFigures, TranslationSummary
from webapp.jobs.verdict import gpu_sources, job_summary_sources

__all__ = ["JobSummary", "translated_summary", "compiled_summary"]


class GpuSourcesKept(TypedDict):
    total: int
    checked: int
    unchecked: list[dict[str, str]]  # the first 20 ({path, reason}); the report has all
    unchecked_count: int


class JobSummary(TypedDict, total=False):
    # the translation (translator.jobs.child.TranslationSummary, and the worker's storing)
    files: int
    translated: int
    findings: int
    phases: dict[str, PhaseFigures]  # unpack, translate, pack, results, store
    peak_rss_bytes: int  # the sandbox's
    worker_peak_rss_bytes: int
    # the compile check
    compile_ok: int
    compile_failed: int  # every unit that did not compile
    compile_translation_errors: int  # those that count against the port
    compile_classes: dict[str, int]
    compile_skipped: bool
    gpu_sources: GpuSourcesKept
    target_hip_version: str
    toolchain_hip_version: str
    version_mismatch: str
    runner: str


def translated_summary(done: TranslationSummary, store_seconds: float,
                       worker_peak: int) -> JobSummary:
    """The summary of a translation the sandbox reported as DONE and the worker stored in
    STORE_SECONDS with WORKER_PEAK bytes of resident memory."""
    phases = {**done["phases"], "store": PhaseFigures(seconds=round(store_seconds, 3),
                                                       peak_rss_bytes=worker_peak)}
    return {"files": done["files"], "translated": done["translated"],
            "findings": done["findings"], "phases": phases,
            "peak_rss_bytes": done["peak_rss_bytes"], "worker_peak_rss_bytes": worker_peak}


def compiled_summary(outcome: CompileOutcome, report_summary: dict | None = None) -> JobSummary:
    """The compile figures of OUTCOME, with the GPU sources checked and the HIP versions
    of the report's REPORT_SUMMARY (target, toolchain, mismatch)."""
    units = outcome.get("compile", [])
    passed = sum(1 for unit in units if unit.get("ok"))
    classes = summarize_classes(units)
    summary: JobSummary = {
        "compile_ok": passed, "compile_failed": len(units) - passed,
        "compile_translation_errors": classes["translation"],
        "compile_classes": {kind: count for kind, count in classes.items() if count}}
    if outcome.get("skipped"):
        summary["compile_skipped"] = True
    kept = job_summary_sources(gpu_sources(report_summary) or gpu_sources(dict(outcome)))
    if kept:
        summary["gpu_sources"] = kept["gpu_sources"]
    versions = report_summary or {}
    if "target_hip_version" in versions:
        summary["target_hip_version"] = versions["target_hip_version"]
    if "toolchain_hip_version" in versions:
        summary["toolchain_hip_version"] = versions["toolchain_hip_version"]
    if "version_mismatch" in versions:
        summary["version_mismatch"] = versions["version_mismatch"]
    runner = outcome.get("toolchain", {}).get("hipcc", {}).get("runner")
    if runner:
        summary["runner"] = runner
    return summary
