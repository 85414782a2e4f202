"""Thin tasks: load a Job by primary key, call the translator, store results via the model.

``translate_job`` (queue ``translate``): unpack the stored input safely, migrate the tree,
store the HIP tree (``hip-tree.tar.gz`` and ``hip-tree.zip``), ``changes.patch``,
``report.json`` and ``findings.sarif``, then hand over to ``compile_job`` (queue ``rocm``),
which may run on another host and so fetches the tree from storage. A translation is
never retried.

Messages are sent through the outbox (``webapp.jobs.outbox``) and carry the job's
attempt. A task takes up its job only through a conditional transition of that attempt
(``start_unpacking``, ``claim_compile``); a message of an earlier attempt, or one
redelivered after its worker was killed, finds nothing to do and is dropped. While it
works, a task writes the job's heartbeat; a job whose heartbeat stops is requeued for
its next attempt by the workers' periodic recovery (``workers.recovery``), and fails as
``worker-lost`` after ``JOB_MAX_ATTEMPTS``. Unexpected errors and hard time limits end in
``on_failure`` (``internal-error``, ``time-limit``); the traceback goes to the worker's log.

Pull request jobs (source ``github``) start with ``fetch_pull_request``, which reports a
pending status (or creates the GitHub App's check run) and stores the head commit's
sources as the job's input, then joins the pipeline above; when such a job ends,
``notify_github`` (enqueued by the GitHub app on ``job_ended``) posts the final status
and a summary comment, or completes the check run with its annotations
(``workers.github_reports``). ``open_hip_port`` makes the HIP port pull request. Only
these three retry, and only for transient GitHub errors.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import resource
import shutil
import tempfile
import threading
import time
from pathlib import Path

from celery import Task, chord
from celery.exceptions import SoftTimeLimitExceeded, TimeLimitExceeded
from django.conf import settings
from django.core.files import File
from django.db import connections

from translator.compile.check import (
    CompileOptions,
    compile_check,
    merge_into_report,
    merge_outcomes,
    report_context,
)
from translator.compile.failures import CLASSES, summarize_classes
from translator.options import Options
from translator.sandbox.bubblewrap import Limits as SandboxLimits
from translator.sandbox.confinement import (
    ARTIFACT_NAMES,
    REVIEW_NAME,
    Canceled,
    ConfinementFailed,
    translate_archive,
)
from translator.tree.archive import ArchiveError, Limits, extract
from webapp import runners
from webapp.github.models import PortRequest
from webapp.github.ports import PortRefused
from webapp.jobs.models import InvalidTransition, Job
from webapp.jobs.outbox import publish
from webapp.jobs.review import store_review
from webapp.jobs.submit import enqueue_translation
from webapp.jobs.uploads import is_disk_full
from webapp.sandboxes import translation_confinement
from workers import github_reports
from workers.celery import app
from workers.github import GitHubError, TransientGitHubError
from workers.recovery import heartbeat

logger = logging.getLogger(__name__)

_OPTION_FIELDS = {field.name for field in dataclasses.fields(Options)}


class _JobLeft(Exception):
    """The job was canceled (or failed elsewhere) while this task worked on it."""


class JobTask(Task):
    def on_failure(self, exc, task_id, args, kwargs, einfo) -> None:
        job_id = args[0] if args else kwargs.get("job_id")
        attempt = args[1] if len(args) > 1 else kwargs.get("attempt")
        if isinstance(exc, TimeLimitExceeded):
            code, message = "time-limit", "the job took longer than its time limit"
        elif isinstance(exc, GitHubError):
            code, message = exc.code, exc.message
        else:
            code, message = "internal-error", "rocport failed unexpectedly; the error was logged"
        try:
            Job.objects.get(pk=job_id).mark_failed(code, message, attempt=attempt)
        except (Job.DoesNotExist, InvalidTransition):
            logger.warning("job %s: %s after it had ended or was requeued", job_id, code)


def archive_limits() -> Limits:
    return Limits(max_bytes=settings.MAX_UNPACKED_BYTES, max_files=settings.MAX_ARCHIVE_FILES,
                  max_ratio=settings.MAX_COMPRESSION_RATIO)


def translation_options(job: Job) -> Options:
    chosen = {key: value for key, value in job.options.items() if key in _OPTION_FIELDS}
    return Options(**chosen, clang_resource_dir=settings.CLANG_RESOURCE_DIR)


@app.task(base=JobTask, soft_time_limit=settings.TRANSLATE_TIME_LIMIT,
          time_limit=settings.TRANSLATE_TIME_LIMIT + 30)
def translate_job(job_id: str, attempt: int | None = None) -> None:
    job = Job.objects.get(pk=job_id)
    try:
        job.start_unpacking(attempt)
    except InvalidTransition:
        _nothing_to_do(job, attempt)
        return
    try:
        with (heartbeat(job, enabled=not translate_job.request.is_eager),
              tempfile.TemporaryDirectory(prefix=f"rocport-{job.pk}-") as scratch):
            _translate(job, Path(scratch))
    except (ArchiveError, ConfinementFailed) as error:
        if getattr(error, "output", ""):
            logger.error("job %s: %s; the sandbox printed:\n%s", job_id, error.message,
                         error.output)
        job.mark_failed(error.code, error.message)
        return
    except OSError as error:
        if not is_disk_full(error):
            raise
        _fail_for_disk(job, "translated", error)
        return
    except SoftTimeLimitExceeded:
        job.mark_failed("time-limit",
                        f"translation took longer than {settings.TRANSLATE_TIME_LIMIT} s")
        return
    except (_JobLeft, InvalidTransition):
        logger.info("job %s ended while translating (%s)", job_id, job.state)
        return
    publish(job)  # the compile check's message; the outbox sends it later if Redis is down


def _fail_for_disk(job: Job, step: str, error: OSError) -> None:
    """The job failed because the worker's disk (or the storage) filled up while it was
    STEP: ``insufficient-storage``, which says what to do, not ``internal-error``."""
    logger.error("job %s: the disk filled up while it was %s: %s", job.pk, step, error)
    with contextlib.suppress(InvalidTransition):
        job.mark_failed("insufficient-storage", f"the worker's disk filled up while the job "
                        f"was {step}; nothing of it was kept; submit it again later",
                        job.attempt)


def _nothing_to_do(job: Job, attempt: int | None) -> None:
    """A message of an earlier attempt, a duplicate, or a redelivery after its worker was
    killed: dropped (the periodic recovery requeues a job whose worker died)."""
    logger.info("job %s: message of attempt %s dropped; the job is %s (attempt %d)",
                job.pk, attempt, job.state, job.attempt)


def _translate(job: Job, scratch: Path) -> None:
    """Unpack and translate in the sandbox (translator.sandbox.confinement); store what it left."""
    archive = scratch / f"input{job.input_suffix()}"
    with job.open_input() as source, open(archive, "wb") as target:
        shutil.copyfileobj(source, target)
    confinement = translation_confinement(wall_seconds=settings.TRANSLATE_TIME_LIMIT,
                                          memory_bytes=settings.TRANSLATE_MEMORY_LIMIT)
    try:
        done = translate_archive(archive, scratch / "sandbox", translation_options(job),
                                 archive_limits(), confinement, progress=_ProgressReporter(job))
    except Canceled:
        raise _JobLeft from None
    for name in ARTIFACT_NAMES:
        with done.open(name) as stored:
            job.store_artifact(name, File(stored))
    with done.open(REVIEW_NAME) as stored:
        store_review(job, stored)  # per-file data for the job page (webapp.jobs.review)
    # the sandbox reports its own peak; this is the pool process's (copying, storing)
    worker_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    logger.info("job %s: translated; peak memory %d MiB in the sandbox, %d MiB in the worker",
                job.pk, done.summary.get("peak_rss_bytes", 0) >> 20, worker_peak >> 20)
    job.start_compiling({**done.summary, "worker_peak_rss_bytes": worker_peak})


class _ProgressReporter:
    """The sandbox's progress: the first report (unpacked) starts ``translating``; then
    written to the job at most twice a second. Raises _JobLeft when the job was canceled."""

    def __init__(self, job: Job, interval: float = 0.5) -> None:
        self.job, self.interval, self.last = job, interval, 0.0
        self.translating = False

    def __call__(self, done: int, total: int) -> None:
        if not self.translating:
            self.job.start_translating(total=total)
            self.translating = True
        now = time.monotonic()
        if done == total or now - self.last >= self.interval:
            self.last = now
            if not self.job.set_progress(done, total):
                raise _JobLeft


_COMPILE_LIMITS = {"soft_time_limit": settings.COMPILE_TIME_LIMIT,
                   "time_limit": settings.COMPILE_TIME_LIMIT + 30}
#: Redis serves priority 0 first: a job's compile_job (a small job compiles right there)
#: and the gathering of split checks go before the batches of large jobs.
_BATCH_PRIORITY = 6


@app.task(base=JobTask, **_COMPILE_LIMITS)
def compile_job(job_id: str, attempt: int | None = None) -> None:
    """Claim the compile check; compile it here when it has at most COMPILE_BATCH_UNITS
    units, else split it into batches run as a chord on every ROCm runner."""
    job = Job.objects.get(pk=job_id)
    if not job.claim_compile(attempt):
        _nothing_to_do(job, attempt)
        return
    found: list[str] = []

    def select(paths):
        found.extend(paths)
        job.start_compile_progress(len(paths))
        return range(len(paths)) if len(paths) <= settings.COMPILE_BATCH_UNITS else ()

    with _CompileWatch(job, compile_job) as watch:
        outcome = _compile_step(job, watch, select)
    if outcome is None or watch.left:
        logger.info("job %s ended while compiling (%s)", job_id, job.state)
        return
    if len(found) <= settings.COMPILE_BATCH_UNITS or outcome.get("skipped"):
        _finish_compile(job, outcome)
        return
    size = settings.COMPILE_BATCH_UNITS
    batches = [list(range(first, min(first + size, len(found))))
               for first in range(0, len(found), size)]
    header = [compile_batch.s(str(job.pk), job.attempt, number, batch).set(
        priority=_BATCH_PRIORITY) for number, batch in enumerate(batches)]
    chord(header)(gather_compile.s(job_id=str(job.pk), attempt=job.attempt))
    if not job.split_compile(len(batches)):
        logger.info("job %s ended while its compile check was split (%s)", job_id, job.state)


@app.task(base=JobTask, ignore_result=False, priority=_BATCH_PRIORITY, **_COMPILE_LIMITS)
def compile_batch(job_id: str, attempt: int, number: int, units: list[int]) -> dict:
    """Compile UNITS (indices of the units the check finds) of the job's split check.
    A redelivered batch simply compiles again; one of an ended attempt does nothing."""
    job = Job.objects.get(pk=job_id)
    if (job.state, job.attempt) != (Job.State.COMPILING, attempt) or not job.compile_started_at:
        _nothing_to_do(job, attempt)
        return {"batch": number}
    with _CompileWatch(job, compile_batch) as watch:
        outcome = _compile_step(job, watch, lambda paths: units, jobs=1)
    return {"batch": number} if outcome is None else {"batch": number, "outcome": outcome}


class _GatherTask(JobTask):
    def on_failure(self, exc, task_id, args, kwargs, einfo) -> None:
        super().on_failure(exc, task_id, (kwargs.get("job_id"), kwargs.get("attempt")), {},
                           einfo)


@app.task(base=_GatherTask, soft_time_limit=300, time_limit=330)
def gather_compile(results: list[dict], job_id: str, attempt: int) -> None:
    """The chord's callback: merge the batches' outcomes into report.json; the job is done."""
    job = Job.objects.get(pk=job_id)
    if (job.state, job.attempt) != (Job.State.COMPILING, attempt) or not job.compile_batches:
        _nothing_to_do(job, attempt)
        return
    outcomes = {result["batch"]: result["outcome"] for result in results if "outcome" in result}
    merged = merge_outcomes([outcomes[number] for number in sorted(outcomes)])
    if len(outcomes) < job.compile_batches:  # a batch that found its job ended meanwhile
        merged["notes"].append(f"{job.compile_batches - len(outcomes)} of "
                               f"{job.compile_batches} batches were not compiled")
    _finish_compile(job, merged)


def _compile_step(job: Job, watch: _CompileWatch, select, jobs: int = 0) -> dict | None:
    """Fetch the HIP tree, compile the units SELECT chooses; None past the time limit."""
    try:
        report = job.read_report() or {}
        with tempfile.TemporaryDirectory(prefix=f"rocport-{job.pk}-") as scratch:
            return _compile(job, report, Path(scratch), watch, select, jobs)
    except OSError as error:
        if not is_disk_full(error):
            raise
        _fail_for_disk(job, "compiled", error)
        return None
    except SoftTimeLimitExceeded:
        with contextlib.suppress(InvalidTransition):
            job.mark_failed("time-limit", f"the compile check took longer than "
                                          f"{settings.COMPILE_TIME_LIMIT} s", job.attempt)
        return None


def _finish_compile(job: Job, outcome: dict) -> None:
    outcome.pop("units_found", None)
    report = merge_into_report(job.read_report() or {}, outcome)
    if not job.add_compile_progress(0):  # canceled meanwhile: keep the translation's report
        logger.info("job %s ended while compiling (%s)", job.pk, job.state)
        return
    job.store_artifact("report.json", _json(report))
    try:
        job.mark_done(_compile_status(outcome),
                      _compile_summary(outcome, report.get("compile_summary") or {}))
    except InvalidTransition:
        logger.info("job %s ended while compiling (%s)", job.pk, job.state)


class _CompileWatch:
    """Beside a compile task: once a second (a bounded rate, whatever the number of units)
    adds the units compiled since to the job's progress, which also tells whether the job
    still compiles in this attempt (``keep_going``: False once it was canceled), reports
    the runner's load, and writes the heartbeat of an unsplit check. Not in eager runs:
    those share their caller's database transaction."""

    def __init__(self, job: Job, task, interval: float = 1.0) -> None:
        self.job, self.interval = job, interval
        self.enabled = not task.request.is_eager
        self.task_id, self.hostname = task.request.id or "", task.request.hostname or ""
        self.lock = threading.Lock()
        self.reported = self.done = self.total = 0
        self.left_event = threading.Event()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, name=f"compile-{job.pk}", daemon=True)
        self.beat = heartbeat(job, enabled=self.enabled and not job.compile_batches)

    @property
    def left(self) -> bool:
        return self.left_event.is_set()

    def keep_going(self) -> bool:
        return not self.left_event.is_set()

    def progress(self, done: int, total: int) -> None:
        with self.lock:
            self.done, self.total = done, total

    def _flush(self) -> None:
        with self.lock:
            added, self.reported = self.done - self.reported, self.done
            left = self.total - self.done
        if not self.job.add_compile_progress(added):
            self.left_event.set()
        if self.hostname:
            runners.report_load(self.hostname, self.task_id, left)

    def _run(self) -> None:
        try:
            while not self.stopped.wait(self.interval) and not self.left:
                self._flush()
        finally:
            connections.close_all()  # this thread's connections only

    def __enter__(self) -> _CompileWatch:
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


def _compile(job: Job, report: dict, scratch: Path, watch: _CompileWatch | None = None,
             select=None, jobs: int = 0) -> dict:
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
                                  runner=runner.name if runner else "host")
    if jobs:
        options = dataclasses.replace(options, jobs=jobs)
    return compile_check(scratch / "hip", options, **report_context(report),
                         progress=watch.progress if watch else None,
                         keep_going=watch.keep_going if watch else None, select=select)


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


def _compile_status(outcome: dict) -> str:
    if outcome.get("skipped"):
        return outcome["skipped"]
    units = outcome.get("compile", [])
    if not units:
        return "compile check: no HIP translation units to compile"
    passed = sum(1 for unit in units if unit.get("ok"))
    hipcc = outcome.get("toolchain", {}).get("hipcc", {})
    archs = ", ".join(hipcc.get("offload_archs", [])) or settings.HIP_OFFLOAD_ARCH
    substituted = "".join(f" ({wanted} is not supported by this hipcc)"
                          for wanted, used in hipcc.get("substituted_archs", {}).items() if used)
    runner = f" on the {hipcc['runner']} runner" if hipcc.get("runner") else ""
    status = (f"compile check: {passed} of {len(units)} units compiled with hipcc "
              f"{hipcc.get('hip_version', '')} for {archs}{substituted}{runner}")
    classes = summarize_classes(units)
    if passed < len(units):  # only translation errors count against the port
        status += "; failed: " + ", ".join(
            f"{CLASSES[kind]} {count}" for kind, count in classes.items() if count)
    return status[:300]  # Job.compile_status's length


def _compile_summary(outcome: dict, report_summary: dict | None = None) -> dict:
    """Counts for the job: ``compile_failed`` is every unit that did not compile,
    ``compile_translation_errors`` those that count against the port; and the HIP
    versions of the report (target, toolchain, mismatch) for the API and the page."""
    units = outcome.get("compile", [])
    passed = sum(1 for unit in units if unit.get("ok"))
    classes = summarize_classes(units)
    versions = {key: (report_summary or {})[key] for key in
                ("target_hip_version", "toolchain_hip_version", "version_mismatch")
                if key in (report_summary or {})}
    runner = outcome.get("toolchain", {}).get("hipcc", {}).get("runner")
    return {"compile_ok": passed, "compile_failed": len(units) - passed,
            "compile_translation_errors": classes["translation"],
            "compile_classes": {kind: count for kind, count in classes.items() if count},
            **versions, **({"runner": runner} if runner else {})}


def _json(value: dict) -> bytes:
    return (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode()


# --- GitHub pull requests ---------------------------------------------------------------
_GITHUB_RETRIES = {"autoretry_for": (TransientGitHubError,), "retry_backoff": 2,
                   "retry_backoff_max": 60, "max_retries": 5}


@app.task(base=JobTask, soft_time_limit=300, time_limit=330, **_GITHUB_RETRIES)
def fetch_pull_request(job_id: str, attempt: int | None = None) -> None:
    job = Job.objects.select_related("pull_request").get(pk=job_id)
    if job.state != Job.State.QUEUED or attempt not in (None, job.attempt):
        return
    pull = job.pull_request
    client = github_reports.client_for(pull)
    github_reports.report_start(job, client)  # pending status, or the check run
    with tempfile.TemporaryDirectory(prefix=f"rocport-{job.pk}-") as scratch:
        archive = Path(scratch) / "input.tar.gz"
        client.download_tarball(pull.head_repository, pull.head_sha, archive,
                                max_bytes=settings.MAX_UPLOAD_BYTES,
                                max_unpacked_bytes=settings.MAX_UNPACKED_BYTES,
                                max_files=settings.MAX_ARCHIVE_FILES)
        with open(archive, "rb") as packed:
            job.store_input(File(packed), ".tar.gz")
    enqueue_translation(job)


@app.task(**_GITHUB_RETRIES)
def notify_github(job_id: str) -> None:
    """Final status and comment, or the completed check run with its annotations."""
    job = Job.objects.select_related("pull_request").get(pk=job_id)
    try:
        github_reports.report_end(job)
    except TransientGitHubError:
        raise
    except GitHubError as error:
        logger.warning("job %s: GitHub refused the report: %s", job_id, error)


@app.task(soft_time_limit=600, time_limit=630, **_GITHUB_RETRIES)
def open_hip_port(port_id: int) -> None:
    """The HIP port pull request of a job (``webapp.github.ports``)."""
    port = PortRequest.objects.select_related("pull_request__job").get(pk=port_id)
    if port.state != PortRequest.State.WAITING:
        return
    try:
        github_reports.open_port(port, archive_limits())
    except TransientGitHubError:
        raise
    except (GitHubError, PortRefused, ArchiveError) as error:
        logger.warning("HIP port %s: %s", port_id, error)
        PortRequest.objects.filter(pk=port_id).update(
            state=PortRequest.State.FAILED, message=str(error)[:2000])
