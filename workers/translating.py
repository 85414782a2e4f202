"""The translation step of a job (``workers.tasks.translate_job``): unpack, translate and
pack in the sandbox (``translator.jobs.confinement``), store what it left, and hand the
job to its compile check. ``workers.steps`` times each step and stops the one that runs
past its limit; a failure says which and why. A translation is never retried.
"""

from __future__ import annotations

import contextlib
import logging
import resource
import shutil
import tempfile
import time
from pathlib import Path

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.files import File

from translator.jobs.confinement import (
    ARTIFACT_NAMES,
    REVIEW_NAME,
    Canceled,
    ConfinementFailed,
    translate_archive,
)
from translator.options import Options
from translator.tree.archive import ArchiveError
from webapp.api.serializers import translator_options
from webapp.jobs.models import InvalidTransition, Job
from webapp.jobs.outbox import publish
from webapp.jobs.review import store_review
from webapp.jobs.summary import translated_summary
from webapp.jobs.uploads import is_disk_full
from webapp.sandboxes import translation_confinement
from workers import steps
from workers.compiling import archive_limits
from workers.recovery import drop_stale_message, heartbeat

logger = logging.getLogger(__name__)


class _JobLeft(Exception):
    """The job was canceled (or failed elsewhere) while this task worked on it."""


def translation_options(job: Job) -> Options:
    """The translator's options of JOB."""
    return translator_options(job.options)


def translate(job_id: str, attempt: int | None, eager: bool = False) -> None:
    """Translate the job in ATTEMPT (a message of another attempt is dropped); EAGER: in
    the caller's process and transaction (no heartbeat)."""
    job = Job.objects.get(pk=job_id)
    try:
        job.start_unpacking(attempt)
    except InvalidTransition:
        drop_stale_message(job, attempt)
        return
    clock = steps.StepClock(job)
    try:
        with (heartbeat(job, enabled=not eager),
              tempfile.TemporaryDirectory(prefix=f"rocport-{job.pk}-") as scratch):
            _translate(job, Path(scratch), clock)
    except (ArchiveError, ConfinementFailed) as error:
        if isinstance(error, ConfinementFailed) and error.output:
            logger.error("job %s: %s; the sandbox printed:\n%s", job_id, error.message,
                         error.output)
        if error.code == "time-limit":  # the sandbox's own backstop
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
