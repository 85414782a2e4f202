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
import logging
import resource
import shutil
import tempfile
import time
from pathlib import Path

from celery import Task
from celery.exceptions import SoftTimeLimitExceeded, TimeLimitExceeded
from django.conf import settings
from django.core.files import File
from django.utils import timezone

from translator.jobs.confinement import (
    ARTIFACT_NAMES,
    REVIEW_NAME,
    Canceled,
    ConfinementFailed,
    translate_archive,
)
from translator.options import Options
from translator.tree.archive import ArchiveError
from webapp.api.models import SnippetCompile
from webapp.github.models import PortRequest
from webapp.github.ports import PortRefused
from webapp.jobs import compile_queue
from webapp.jobs.batches import CompileBatch
from webapp.jobs.models import InvalidTransition, Job
from webapp.jobs.outbox import publish
from webapp.jobs.review import store_review
from webapp.jobs.submit import enqueue_translation
from webapp.jobs.summary import translated_summary
from webapp.jobs.uploads import is_disk_full
from webapp.sandboxes import translation_confinement
from workers import compiling, github_reports, steps
from workers.celery import app
from workers.compiling import archive_limits
from workers.github import GitHubError, TransientGitHubError
from workers.recovery import heartbeat
from workers.steps import STEPS, overrun_message

logger = logging.getLogger(__name__)

_OPTION_FIELDS = {field.name for field in dataclasses.fields(Options)}


class _JobLeft(Exception):
    """The job was canceled (or failed elsewhere) while this task worked on it."""


class JobTask(Task):
    """A job's task. A hard time limit or an unexpected error fails the job, but only while
    it is still in one of OWNED_STATES in the attempt the message was sent for: a task
    killed after the job moved on (to the compile check, say) leaves it alone."""

    owned_states: tuple[str, ...] = Job.ACTIVE_STATES
    #: The step named by a hard time limit's message (workers.steps).
    step = "compiling"

    def on_failure(self, exc, task_id, args, kwargs, einfo) -> None:
        job_id = args[0] if args else kwargs.get("job_id")
        attempt = args[1] if len(args) > 1 else kwargs.get("attempt")
        if isinstance(exc, TimeLimitExceeded):
            job = Job.objects.filter(pk=job_id).first()
            step = _step_of(job) if job is not None and self.step != "compiling" else self.step
            code, message = "time-limit", overrun_message(step)
        elif isinstance(exc, GitHubError):
            code, message = exc.code, exc.message
        else:
            code, message = "internal-error", "rocport failed unexpectedly; the error was logged"
        try:
            job = Job.objects.get(pk=job_id)
            if job.state not in self.owned_states:
                raise InvalidTransition(job.state)
            job.mark_failed(code, message, attempt=attempt)
        except (Job.DoesNotExist, InvalidTransition):
            logger.warning("job %s: %s after it had ended, moved on or was requeued", job_id,
                           code)


def _step_of(job: Job) -> str:
    """The translation step JOB is in, from its progress phase."""
    return job.progress_phase if job.progress_phase in STEPS else "translating"


class TranslateTask(JobTask):
    owned_states = (Job.State.QUEUED, Job.State.UNPACKING, Job.State.TRANSLATING)
    step = "translating"


def translation_options(job: Job) -> Options:
    chosen = {key: value for key, value in job.options.items() if key in _OPTION_FIELDS}
    return Options(**chosen, clang_resource_dir=settings.CLANG_RESOURCE_DIR)


@app.task(base=TranslateTask, soft_time_limit=steps.task_seconds(),
          time_limit=steps.task_seconds() + 30)
def translate_job(job_id: str, attempt: int | None = None) -> None:
    job = Job.objects.get(pk=job_id)
    try:
        job.start_unpacking(attempt)
    except InvalidTransition:
        _nothing_to_do(job, attempt)
        return
    clock = steps.StepClock(job)
    try:
        with (heartbeat(job, enabled=not translate_job.request.is_eager),
              tempfile.TemporaryDirectory(prefix=f"rocport-{job.pk}-") as scratch):
            _translate(job, Path(scratch), clock)
    except (ArchiveError, ConfinementFailed) as error:
        if getattr(error, "output", ""):
            logger.error("job %s: %s; the sandbox printed:\n%s", job_id, error.message,
                         error.output)
        if getattr(error, "code", "") == "time-limit":  # the sandbox's own backstop
            job.mark_failed("time-limit", steps.overrun_message(clock.step, clock.detail()))
            return
        job.mark_failed(error.code, error.message)
        return
    except OSError as error:
        if not is_disk_full(error):
            raise
        _fail_for_disk(job, "translated", error)
        return
    except (steps.StepOverrun, SoftTimeLimitExceeded):
        logger.warning("job %s: %s ran past its time limit", job_id, clock.step)
        with contextlib.suppress(InvalidTransition):
            job.mark_failed("time-limit", steps.overrun_message(clock.step, clock.detail()))
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


def _translate(job: Job, scratch: Path, clock: steps.StepClock | None = None) -> None:
    """Unpack, translate and pack in the sandbox (translator.jobs.confinement); store
    what it left. CLOCK follows the steps and stops the one that runs past its limit."""
    clock = clock or steps.StepClock(job)
    archive = scratch / f"input{job.input_suffix()}"
    with job.open_input() as source, open(archive, "wb") as target:
        shutil.copyfileobj(source, target)
    confinement = translation_confinement(wall_seconds=steps.sandbox_seconds(),
                                          memory_bytes=settings.TRANSLATE_MEMORY_LIMIT)
    try:
        done = translate_archive(archive, scratch / "sandbox", translation_options(job),
                                 archive_limits(), confinement, progress=clock)
    except Canceled:
        if clock.overrun:
            raise steps.StepOverrun(clock.overrun) from None
        raise _JobLeft from None
    deadline = clock.start_storing()
    if clock.left:
        raise _JobLeft
    started = time.monotonic()
    for name in ARTIFACT_NAMES:
        if clock.clock() > deadline:
            raise steps.StepOverrun("storing")
        with done.open(name) as stored:
            job.store_artifact(name, File(stored))
    with done.open(REVIEW_NAME) as stored:
        # per-file data for the job page (webapp.jobs.review)
        if store_review(job, stored, deadline=deadline, clock=clock.clock) is None:
            raise steps.StepOverrun("storing")
    # the sandbox reports its own peak; this is the pool process's (copying, storing)
    worker_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    logger.info("job %s: translated; peak memory %d MiB in the sandbox, %d MiB in the worker",
                job.pk, done.summary["peak_rss_bytes"] >> 20, worker_peak >> 20)
    job.start_compiling(translated_summary(done.summary, time.monotonic() - started,
                                           worker_peak))


_COMPILE_LIMITS = {"soft_time_limit": settings.COMPILE_TIME_LIMIT,
                   "time_limit": settings.COMPILE_TIME_LIMIT + 30}


@app.task(base=JobTask, **_COMPILE_LIMITS)
def compile_job(job_id: str, attempt: int | None = None) -> None:
    """Claim the compile check; compile it here when it has at most COMPILE_BATCH_UNITS
    units, else split it into batches that the compile queue hands to the ROCm runners
    (``webapp.jobs.compile_queue``)."""
    job = Job.objects.get(pk=job_id)
    if not job.claim_compile(attempt):
        _nothing_to_do(job, attempt)
        return
    found: list[str] = []

    def select(paths):
        found.extend(paths)
        job.start_compile_progress(len(paths))
        return range(len(paths)) if len(paths) <= settings.COMPILE_BATCH_UNITS else ()

    with compiling.CompileWatch(job, compile_job) as watch:
        outcome = compiling.compile_step(job, watch, select)
    if outcome is None:
        return
    if watch.left:
        if compiling.keep(job, outcome):
            logger.info("job %s: canceled while compiling; the units compiled are kept", job_id)
        return
    if len(found) <= settings.COMPILE_BATCH_UNITS or outcome.get("skipped"):
        compiling.finish(job, outcome)
        return
    size = settings.COMPILE_BATCH_UNITS
    CompileBatch.objects.bulk_create(
        CompileBatch(job=job, attempt=job.attempt, number=number,
                     units=list(range(first, min(first + size, len(found)))),
                     paths=found[first:first + size])
        for number, first in enumerate(range(0, len(found), size)))
    if not job.split_compile(-(-len(found) // size)):
        logger.info("job %s ended while its compile check was split (%s)", job_id, job.state)
    compile_queue.dispatch()


class _BatchTask(JobTask):
    def on_failure(self, exc, task_id, args, kwargs, einfo) -> None:
        batch = CompileBatch.objects.filter(pk=args[0] if args else kwargs.get("batch_id")) \
            .first()
        if batch is not None:
            super().on_failure(exc, task_id, (str(batch.job_id), batch.attempt), {}, einfo)


@app.task(base=_BatchTask, **_COMPILE_LIMITS)
def compile_batch(batch_id: int, sends: int) -> None:
    """Compile one batch of a split check (message number SENDS of it). The last batch of
    the job to finish merges them all and ends the job; one that finds its job canceled
    stores what it compiled, and the last of those keeps it in the report."""
    batch = CompileBatch.objects.filter(pk=batch_id).select_related("job").first()
    hostname = compile_batch.request.hostname or ""
    if batch is None or not batch.claim(sends, hostname):
        logger.info("batch %s: message %s dropped (the batch is gone, taken or resent)",
                    batch_id, sends)
        return
    job = batch.job
    compile_queue.dispatch()  # the next batch waits in the broker while this one compiles
    outcome = None
    if (job.state, job.attempt) == (Job.State.COMPILING, batch.attempt):
        with compiling.CompileWatch(job, compile_batch, batch=batch) as watch:
            outcome = compiling.compile_step(job, watch, lambda paths: batch.units, jobs=1)
    settle_batch(batch, outcome)
    compile_queue.dispatch()


def settle_batch(batch: CompileBatch, outcome: dict | None) -> None:
    """BATCH is done: merge the job's batches when it was the last, keep the compiled units
    of a canceled job when nothing else of it compiles."""
    then = compile_queue.settle(batch, outcome)
    job = Job.objects.get(pk=batch.job_id)
    if then == "gather":
        compiling.gather(job)
    elif then == "keep" and job.state == Job.State.CANCELED:
        compiling.keep(job)
    elif then == "keep":
        compile_queue.forget_batches(job)


@app.task(soft_time_limit=settings.SNIPPET_COMPILE_TIME_LIMIT,
          time_limit=settings.SNIPPET_COMPILE_TIME_LIMIT + 15)
def compile_snippet(compile_id: str) -> None:
    """The playground's compile of one file on a ROCm runner (``webapp.api.compiles``)."""
    taken = SnippetCompile.objects.filter(pk=compile_id, state=SnippetCompile.State.QUEUED) \
        .update(state=SnippetCompile.State.RUNNING)
    if not taken:
        return
    compiled = SnippetCompile.objects.get(pk=compile_id)
    state, result = SnippetCompile.State.DONE, {}
    try:
        with tempfile.TemporaryDirectory(prefix="rocport-snippet-") as scratch:
            result = compiling.compile_snippet_source(compiled.path, compiled.source,
                                                      Path(scratch))
    except SoftTimeLimitExceeded:
        state, result = SnippetCompile.State.FAILED, {
            "status": "timeout", "message": f"the compile took longer than "
            f"{settings.SNIPPET_COMPILE_TIME_LIMIT} s (SNIPPET_COMPILE_TIME_LIMIT)"}
    SnippetCompile.objects.filter(pk=compile_id).update(state=state, result=result,
                                                        finished_at=timezone.now())


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
