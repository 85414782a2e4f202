"""The compile check's work beside its tasks (``workers.tasks``): fetch the HIP tree and
compile units in the sandbox, watch the job while hipcc runs, and store what came out.

``finish`` merges a whole check into ``report.json`` and ends the job; ``keep`` stores what
a canceled job had compiled before the cancel (its report then says so). Both write the
compile status and the job's summary figures, which name the GPU sources checked
(``webapp.jobs.verdict``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import shutil
import tempfile
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import connections

from translator.compile.check import (
    CompileOptions,
    compile_check,
    merge_into_report,
    merge_outcomes,
    report_context,
)
from translator.compile.failures import CLASSES, summarize_classes
from translator.compile.report import CompileOutcome
from translator.output.report_json import Report
from translator.progress import Canceled
from translator.sandbox.bubblewrap import Limits as SandboxLimits
from translator.tree.archive import Limits, extract
from webapp import runners
from webapp.jobs.batches import CompileBatch
from webapp.jobs.compile_queue import dispatch, done_outcomes, forget_batches
from webapp.jobs.models import InvalidTransition, Job
from webapp.jobs.summary import compiled_summary
from webapp.jobs.uploads import is_disk_full
from webapp.jobs.verdict import gpu_sources, gpu_sources_text
from workers.recovery import drop_stale_message, heartbeat
from workers.steps import overrun_message

logger = logging.getLogger(__name__)


class CompileWatch:
    """Beside a compile task: once a second (a bounded rate, whatever the number of units)
    adds the units compiled since to the job's progress, which also tells whether the job
    still compiles in this attempt (``progress`` raises Canceled once it was not), reports
    the runner's load, and writes the heartbeat (of the job for an unsplit check, of the
    batch for a batch). Not in eager runs: those share their caller's transaction."""

    def __init__(self, job: Job, task, batch: CompileBatch | None = None,
                 interval: float = 1.0) -> None:
        self.job, self.batch, self.interval = job, batch, interval
        self.enabled = not task.request.is_eager
        self.task_id, self.hostname = task.request.id or "", task.request.hostname or ""
        self.lock = threading.Lock()
        self.reported = self.done = self.total = 0
        self.flushes = 0
        self.left_event = threading.Event()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, name=f"compile-{job.pk}", daemon=True)
        self.beat = heartbeat(job, enabled=self.enabled and batch is None)

    @property
    def left(self) -> bool:
        return self.left_event.is_set()

    def progress(self, done: int, total: int) -> None:
        """The compile check's progress (``translator.progress``); cheap, since the check
        calls it for every line hipcc prints: the database is written by the thread."""
        with self.lock:
            self.done, self.total = done, total
        if self.left_event.is_set():
            raise Canceled()

    def _flush(self) -> None:
        with self.lock:
            added, self.reported = self.done - self.reported, self.done
            left = self.total - self.done
        if not self.job.add_compile_progress(added):
            self.left_event.set()
        self.flushes += 1
        if self.batch is not None and self.flushes % 10 == 1:
            self.batch.beat()
        if self.hostname:
            runners.report_load(self.hostname, self.task_id, left)

    def _run(self) -> None:
        try:
            while not self.stopped.wait(self.interval) and not self.left:
                self._flush()
        finally:
            connections.close_all()  # this thread's connections only

    def __enter__(self) -> CompileWatch:
        self.beat.__enter__()
        if self.enabled:
            self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stopped.set()
        if self.enabled:
            self.thread.join(timeout=10)
            with self.lock:
                self.total = self.done
        if not self.left:
            self._flush()
        self.beat.__exit__(*exc)


def archive_limits() -> Limits:
    return Limits(max_bytes=settings.MAX_UNPACKED_BYTES, max_files=settings.MAX_ARCHIVE_FILES,
                  max_ratio=settings.MAX_COMPRESSION_RATIO)


def compile_step(job: Job, watch: CompileWatch, select,
                 jobs: int = 0) -> CompileOutcome | None:
    """Fetch the HIP tree, compile the units SELECT chooses; None when the job failed
    (its time limit, a full disk)."""
    try:
        report = stored_report(job)
        with tempfile.TemporaryDirectory(prefix=f"rocport-{job.pk}-") as scratch:
            return _compile(job, report, Path(scratch), watch, select, jobs)
    except OSError as error:
        if not is_disk_full(error):
            raise
        logger.error("job %s: the disk filled up while it was compiled: %s", job.pk, error)
        with contextlib.suppress(InvalidTransition):
            job.mark_failed("insufficient-storage", "the worker's disk filled up while the "
                            "job was compiled; submit it again later", job.attempt)
        return None
    except SoftTimeLimitExceeded:
        with contextlib.suppress(InvalidTransition):
            job.mark_failed("time-limit", overrun_message("compiling"), job.attempt)
        return None


def _compile(job: Job, report: Report, scratch: Path, watch: CompileWatch | None = None,
             select=None, jobs: int = 0) -> CompileOutcome:
    """JOBS: units compiled at once (0: one per CPU); a batch compiles one at a time, so
    that a runner's parallelism is its number of worker processes."""
    packed = scratch / "hip-tree.tar.gz"
    with job.open_artifact("hip-tree.tar.gz") as source, open(packed, "wb") as target:
        shutil.copyfileobj(source, target)
    extract(packed, scratch / "hip", Limits.for_own_archive(archive_limits()))
    # The report's line maps put hipcc's diagnostics on the CUDA lines.
    # The check's scratch inside the task's: the recovery sweeps it after a killed task.
    # The job's HIP version picks the runner it compiles on (the newest when none fits).
    runner = runners.runner_for_job(job.options)
    options = dataclasses.replace(compile_options(), temporary_parent=str(scratch),
                                  runner=runner.name if runner else "host",
                                  build_config=job.build_config())
    if jobs:
        options = dataclasses.replace(options, jobs=jobs)
    return compile_check(scratch / "hip", options, **report_context(report),
                         progress=watch.progress if watch else None, select=select)


def compile_options() -> CompileOptions:
    """Settings for the compile check. The check as a whole stops starting units 30 s
    before the task's own time limit, so the job ends with a report, not a time-out."""
    return CompileOptions(
        hipcc=settings.HIPCC, runners_dir=str(settings.RUNNERS_DIR),
        offload_archs=tuple(a.strip() for a in settings.HIP_OFFLOAD_ARCH.split(",") if a.strip()),
        allow_unsandboxed=settings.COMPILE_ALLOW_UNSANDBOXED,
        cache_dir=str(settings.COMPILE_CACHE_DIR) if settings.COMPILE_CACHE_DIR else None,
        limits=SandboxLimits(
            wall_seconds=min(settings.COMPILE_UNIT_TIME_LIMIT, settings.COMPILE_TIME_LIMIT)),
        total_seconds=max(settings.COMPILE_TIME_LIMIT - 30, 1),
    )


def stored_report(job: Job) -> Report:
    """JOB's report.json, which its translation stored; when it is missing (storage lost
    it), an empty one, so that the compile results are still kept and shown."""
    return job.read_report() or cast(Report, {})


def finish(job: Job, outcome: CompileOutcome) -> None:
    """Merge OUTCOME (the whole check) into report.json and end the job as done."""
    report = merge_into_report(stored_report(job), outcome)
    if not job.add_compile_progress(0):  # canceled meanwhile: keep what was compiled
        keep(job, outcome)
        return
    job.store_artifact("report.json", _json(report))
    try:
        job.mark_done(compile_status(outcome),
                      compiled_summary(outcome, report.get("compile_summary") or {}))
    except InvalidTransition:
        logger.info("job %s ended while compiling (%s)", job.pk, job.state)
    forget_batches(job)


def gather(job: Job) -> None:
    """Every batch of JOB's split check is done: merge them and end the job."""
    finish(job, merge_outcomes(done_outcomes(job)))


def keep(job: Job, outcome: CompileOutcome | None = None) -> bool:
    """JOB was canceled while it compiled: store the units compiled before the cancel (of
    OUTCOME, else of its batches) in report.json, and say so; False when there were none."""
    if outcome is None:
        outcomes = done_outcomes(job)
        outcome = merge_outcomes(outcomes) if outcomes else None
        total = sum(len(units) for units in CompileBatch.objects.filter(
            job=job, attempt=job.attempt).values_list("units", flat=True))
    else:
        total = len(outcome.get("compile", []))
    forget_batches(job)
    if not outcome or outcome.get("skipped"):
        return False
    compiled = [unit for unit in outcome["compile"] if unit.get("status") != "skipped"]
    if not compiled:
        return False
    outcome = outcome.copy()
    outcome["compile"] = compiled
    report = merge_into_report(stored_report(job), outcome)
    status = (f"compile check canceled: {len(compiled)} of {total} units were compiled "
              f"before the cancel, {sum(1 for unit in compiled if unit.get('ok'))} of them "
              "without errors")
    if not job.keep_compile_results(status, compiled_summary(outcome, report.get(
            "compile_summary") or {})):
        return False
    job.store_artifact("report.json", _json(report))
    return True


def compile_status(outcome: CompileOutcome) -> str:
    if outcome.get("skipped"):
        return outcome["skipped"]
    units = outcome.get("compile", [])
    sources = gpu_sources_text(gpu_sources(outcome))
    if not units:
        return "compile check: no HIP translation units to compile" + (
            f"; {sources}" if sources else "")
    passed = sum(1 for unit in units if unit.get("ok"))
    hipcc = outcome.get("toolchain", {}).get("hipcc", {})
    archs = ", ".join(hipcc.get("offload_archs", [])) or settings.HIP_OFFLOAD_ARCH
    substituted = "".join(f" ({wanted} is not supported by this hipcc)"
                          for wanted, used in hipcc.get("substituted_archs", {}).items() if used)
    runner = f" on the {hipcc['runner']} runner" if hipcc.get("runner") else ""
    status = (f"compile check: {passed} of {len(units)} units compiled with hipcc "
              f"{hipcc.get('hip_version', '')} for {archs}{substituted}{runner}")
    if sources:
        status += f"; {sources}"
    classes = summarize_classes(units)
    if passed < len(units):  # only translation errors count against the port
        status += "; failed: " + ", ".join(
            f"{CLASSES[kind]} {count}" for kind, count in classes.items() if count)
    return status[:300]  # Job.compile_status's length


def _json(value: Mapping[str, Any]) -> bytes:
    return (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode()


def run_check(job_id: str, attempt: int | None, task) -> None:
    """Claim the compile check; compile it here when it has at most COMPILE_BATCH_UNITS
    units, else split it into batches that the compile queue hands to the ROCm runners
    (``webapp.jobs.compile_queue``)."""
    job = Job.objects.get(pk=job_id)
    if not job.claim_compile(attempt):
        drop_stale_message(job, attempt)
        return
    found: list[str] = []

    def select(paths):
        found.extend(paths)
        job.start_compile_progress(len(paths))
        return range(len(paths)) if len(paths) <= settings.COMPILE_BATCH_UNITS else ()

    with CompileWatch(job, task) as watch:
        outcome = compile_step(job, watch, select)
    if outcome is None:
        return
    if watch.left:
        if keep(job, outcome):
            logger.info("job %s: canceled while compiling; the units compiled are kept", job_id)
        return
    if len(found) <= settings.COMPILE_BATCH_UNITS or outcome.get("skipped"):
        finish(job, outcome)
        return
    split(job, found)


def split(job: Job, found: list[str]) -> None:
    """Cut JOB's units (FOUND, their paths) into batches of COMPILE_BATCH_UNITS and let the
    compile queue hand them to the ROCm runners (``workers.batches`` compiles one)."""
    size = settings.COMPILE_BATCH_UNITS
    CompileBatch.objects.bulk_create(
        CompileBatch(job=job, attempt=job.attempt, number=number,
                     units=list(range(first, min(first + size, len(found)))),
                     paths=found[first:first + size])
        for number, first in enumerate(range(0, len(found), size)))
    if not job.split_compile(-(-len(found) // size)):
        logger.info("job %s ended while its compile check was split (%s)", job.pk, job.state)
    dispatch()
