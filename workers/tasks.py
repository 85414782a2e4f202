"""The Celery tasks: each is one call into the module that does its work
(``workers.translating``, ``workers.compiling``, ``workers.batches``, ``workers.snippets``,
the GitHub App); what is here is the tasks' limits, retries and failure handling.

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

import logging
import tempfile
from pathlib import Path
from typing import Any

from celery import Task
from celery.exceptions import TimeLimitExceeded
from django.conf import settings
from django.core.files import File

from translator.tree.archive import ArchiveError
from webapp.github.models import PortRequest
from webapp.github.ports import PortRefused
from webapp.jobs.batches import CompileBatch
from webapp.jobs.models import InvalidTransition, Job
from webapp.jobs.submit import enqueue_translation
from workers import batches, compiling, github_reports, snippets, steps, translating
from workers.celery import app
from workers.compiling import archive_limits
from workers.github import GitHubError, TransientGitHubError
from workers.steps import STEPS, overrun_message

logger = logging.getLogger(__name__)

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


@app.task(base=TranslateTask, soft_time_limit=steps.task_seconds(),
          time_limit=steps.task_seconds() + 30)
def translate_job(job_id: str, attempt: int | None = None) -> None:
    translating.translate(job_id, attempt, eager=translate_job.request.is_eager)


_COMPILE_LIMITS: dict[str, Any] = {"soft_time_limit": settings.COMPILE_TIME_LIMIT,
                   "time_limit": settings.COMPILE_TIME_LIMIT + 30}


@app.task(base=JobTask, **_COMPILE_LIMITS)
def compile_job(job_id: str, attempt: int | None = None) -> None:
    """Claim the compile check; compile it here when it has at most COMPILE_BATCH_UNITS
    units, else split it into batches that the compile queue hands to the ROCm runners
    (``webapp.jobs.compile_queue``)."""
    compiling.run_check(job_id, attempt, compile_job)


class _BatchTask(JobTask):
    def on_failure(self, exc, task_id, args, kwargs, einfo) -> None:
        batch = CompileBatch.objects.filter(pk=args[0] if args else kwargs.get("batch_id")) \
            .first()
        if batch is not None:
            super().on_failure(exc, task_id, (str(batch.job_id), batch.attempt), {}, einfo)


@app.task(base=_BatchTask, **_COMPILE_LIMITS)
def compile_batch(batch_id: int, sends: int) -> None:
    """Compile one batch of a split check (message number SENDS of it)."""
    batches.compile_batch(batch_id, sends, compile_batch)


@app.task(soft_time_limit=settings.SNIPPET_COMPILE_TIME_LIMIT,
          time_limit=settings.SNIPPET_COMPILE_TIME_LIMIT + 15)
def compile_snippet(compile_id: str) -> None:
    """The playground's compile of one file on a ROCm runner (``webapp.api.compiles``)."""
    snippets.compile_snippet(compile_id)


# --- GitHub pull requests ---------------------------------------------------------------
_GITHUB_RETRIES: dict[str, Any] = {"autoretry_for": (TransientGitHubError,), "retry_backoff": 2,
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
