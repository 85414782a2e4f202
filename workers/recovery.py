"""No job is lost: the tasks' heartbeat and the periodic recovery every worker runs.

A task that works on a job runs ``heartbeat(job)``: a thread that writes the job's
``heartbeat_at`` every sixth of ``JOB_HEARTBEAT_TIMEOUT`` while the step runs.

Every worker starts a recovery process (``manage.py recoverjobs --parent PID``, which
ends with the worker) that runs ``recover()`` at once and then every
``JOB_RECOVERY_INTERVAL`` seconds:

1. ``sweep_scratch``: scratch folders of tasks (``rocport-<job id>-*`` in the temporary
   folder, the compile check's own scratch inside them) of this service's jobs that have
   ended, or that are older than the longest task time limit, are removed (a killed task
   cannot remove its own). A folder of a job this database does not know belongs to
   another checkout or service on the machine and is left alone.
2. ``requeue_stranded``: a running job whose heartbeat stopped for
   ``JOB_HEARTBEAT_TIMEOUT`` seconds (its worker was killed or restarted) goes back to
   ``queued`` for its next attempt, or fails as ``worker-lost`` after
   ``JOB_MAX_ATTEMPTS`` attempts.
3. ``recover_batches``: a batch of a split compile check whose runner stopped beating
   waits again (and after ``JOB_MAX_ATTEMPTS`` tries is reported as not compiled); a
   canceled job keeps what its batches compiled.
4. ``broker_lost_messages``: a marker key in Redis that only this step writes; when it
   is missing, Redis lost its data (restarted without persistence, flushed), and every
   waiting job goes back into the outbox (``forget_published``).
5. ``publish_pending``: the outbox (``webapp.jobs.outbox``) sends what is not sent yet.
   So does the GitHub app's (``webapp.github.outbox``: port requests, end-of-job
   reports). Then the compile queue sends the next batch if the broker has room
   (``webapp.jobs.compile_queue.dispatch``).

Why a process beside each worker rather than a Celery beat task: a task would wait in the queue
behind long translations and compile checks, on exactly the busy or broken worker it
should look after, and needs Redis to be reached at all. Several workers recovering at
once do no harm: every step is a conditional UPDATE, and a message sent twice runs once
(the task finds its attempt already started and leaves it).
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import redis
from celery import signals
from django.conf import settings
from django.db import connections
from django.utils import timezone

from webapp.github.outbox import publish_pending as publish_github_pending
from webapp.jobs.batches import IN_FLIGHT, CompileBatch
from webapp.jobs.compile_queue import dispatch, lost_batch_outcome
from webapp.jobs.models import InvalidTransition, Job, stranded_since
from webapp.jobs.outbox import forget_published, publish_pending

__all__ = ["heartbeat", "recover", "requeue_stranded", "recover_batches", "sweep_scratch",
           "broker_lost_messages"]

logger = logging.getLogger(__name__)

_ROOT = Path(__file__).resolve().parent.parent
_SCRATCH = re.compile(r"rocport-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-")
_MARKER = "rocport:broker-marker"


# --- the tasks' heartbeat -------------------------------------------------------------
@contextmanager
def heartbeat(job: Job, enabled: bool = True) -> Iterator[None]:
    """Write JOB's heartbeat from a thread while the block runs (not when ENABLED is false:
    a task run eagerly in a test shares its caller's database transaction)."""
    if not enabled:
        yield
        return
    stopped = threading.Event()
    interval = max(settings.JOB_HEARTBEAT_TIMEOUT / 6, 0.5)

    def beat() -> None:
        try:
            while not stopped.wait(interval) and job.beat():
                pass
        finally:
            connections.close_all()  # this thread's connections only

    thread = threading.Thread(target=beat, name=f"heartbeat-{job.pk}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stopped.set()
        thread.join(timeout=5)


# --- the recovery steps ---------------------------------------------------------------
def drop_stale_message(job: Job, attempt: int | None) -> None:
    """A message of an earlier attempt, a duplicate, or a redelivery after its worker was
    killed: dropped (the periodic recovery requeues a job whose worker died)."""
    logger.info("job %s: message of attempt %s dropped; the job is %s (attempt %d)",
                job.pk, attempt, job.state, job.attempt)


def longest_task_seconds() -> int:
    """The longest hard time limit of a task that keeps a scratch folder."""
    from workers import tasks

    return max(task.time_limit or 0 for task in
               (tasks.translate_job, tasks.compile_job, tasks.fetch_pull_request))


def sweep_scratch(folder: Path | None = None) -> list[Path]:
    """Remove the scratch folders in FOLDER (the temporary folder) of this database's jobs
    that ended, or that are older than the longest task (their task was killed)."""
    folder = Path(folder or tempfile.gettempdir())
    oldest = time.time() - longest_task_seconds() - 60
    found: dict[Path, str] = {}
    try:
        entries = list(os.scandir(folder))
    except OSError as error:
        logger.warning("cannot list %s: %s", folder, error)
        return []
    for entry in entries:
        match = _SCRATCH.match(entry.name)
        if match and entry.is_dir(follow_symlinks=False):
            found[Path(entry.path)] = match.group(1)
    ids = set(found.values())
    known = {str(pk): state for pk, state in
             Job.objects.filter(pk__in=ids).values_list("pk", "state")}
    removed = []
    for path, job_id in found.items():
        if job_id not in known:
            continue  # another checkout's, or another service's on this machine
        try:
            if known[job_id] not in Job.ACTIVE_STATES or path.stat().st_mtime < oldest:
                shutil.rmtree(path)
                removed.append(path)
        except FileNotFoundError:
            pass  # its task removed it meanwhile
        except OSError as error:
            logger.warning("cannot remove the scratch folder %s: %s", path, error)
    if removed:
        logger.info("removed %d scratch folders of ended or killed jobs", len(removed))
    return removed


def requeue_stranded() -> int:
    """Requeue (or fail, after the last attempt) running jobs whose heartbeat stopped."""
    stale_before = timezone.now() - timedelta(seconds=settings.JOB_HEARTBEAT_TIMEOUT)
    count = 0
    for job in Job.objects.filter(stranded_since(stale_before)):
        state, attempt = job.state, job.attempt
        try:
            outcome = job.requeue(stale_before, settings.JOB_MAX_ATTEMPTS)
        except InvalidTransition:
            continue  # it moved on meanwhile
        count += 1
        logger.warning("job %s: no heartbeat for %d s while %s (attempt %d): %s", job.pk,
                       settings.JOB_HEARTBEAT_TIMEOUT, state, attempt, outcome)
    return count


def recover_batches() -> int:
    """Batches of split compile checks whose runner stopped beating go back to waiting, or,
    after ``JOB_MAX_ATTEMPTS`` tries, are done with their units reported as not compiled;
    a canceled job whose batches have all stopped keeps what they compiled. Returns how
    many batches were recovered."""
    from workers import compiling
    from workers.batches import settle_batch

    stale_before = timezone.now() - timedelta(seconds=settings.JOB_HEARTBEAT_TIMEOUT)
    count = 0
    for batch in CompileBatch.objects.filter(state=CompileBatch.State.RUNNING,
                                             heartbeat_at__lt=stale_before):
        if batch.tries < settings.JOB_MAX_ATTEMPTS:
            count += CompileBatch.objects.filter(pk=batch.pk, state=CompileBatch.State.RUNNING,
                                                 heartbeat_at__lt=stale_before).update(
                state=CompileBatch.State.WAITING)
            continue
        reason = (f"not compiled: the ROCm worker stopped {batch.tries} times while it "
                  "compiled this unit's batch")
        settle_batch(batch, lost_batch_outcome(batch, reason))
        count += 1
    # a merge whose task died: merge again (every batch is done, the phase says merging)
    for job in Job.objects.filter(state=Job.State.COMPILING, progress_phase="merging",
                                  updated_at__lt=stale_before):
        compiling.gather(job)
        count += 1
    # canceled between two batches, with none in flight: nobody else keeps their results
    for job in Job.objects.filter(state=Job.State.CANCELED, batch_rows__isnull=False).distinct():
        if not job.batch_rows.filter(state__in=IN_FLIGHT).exists():
            compiling.keep(job)
    if count:
        logger.warning("%d compile batches of stopped runners recovered", count)
    return count


def forget_old_snippet_compiles() -> int:
    """The playground's compiles are kept a day (``webapp.api.compiles``)."""
    from webapp.api.compiles import KEPT_FOR
    from webapp.api.models import SnippetCompile

    return SnippetCompile.objects.filter(created_at__lt=timezone.now() - KEPT_FOR).delete()[0]


def _redis() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1)


def broker_lost_messages() -> bool | None:
    """True when Redis lost its data since the last check (its marker key is missing),
    None when Redis does not answer."""
    try:
        return not _redis().exists(f"{settings.REDIS_KEY_PREFIX}{_MARKER}")
    except redis.exceptions.RedisError as error:
        logger.warning("the job queue (Redis) does not answer: %s", error)
        return None


def _set_marker() -> None:
    _redis().set(f"{settings.REDIS_KEY_PREFIX}{_MARKER}", timezone.now().isoformat())


def recover() -> None:
    """One recovery pass (see the module's documentation)."""
    sweep_scratch()
    requeue_stranded()
    recover_batches()
    forget_old_snippet_compiles()
    lost = broker_lost_messages()
    if lost is None:
        return  # nothing can be sent now; the next pass tries again
    if lost:
        resent = forget_published()
        _set_marker()
        if resent:
            logger.warning("the job queue lost its messages (Redis restarted without its data?):"
                           " %d waiting jobs are sent again", resent)
    sent, _ = publish_pending()
    if sent:
        logger.info("sent %d waiting jobs to the job queue", sent)
    dispatch()
    sent = publish_github_pending()
    if sent:
        logger.info("sent %d waiting GitHub port requests and reports", sent)


# --- the recovery process of each worker ----------------------------------------------
def run(parent: int) -> None:
    """Recover now and every JOB_RECOVERY_INTERVAL seconds while PARENT is our parent."""
    logger.info("job recovery: every %d s, requeue after %d s without heartbeat, %d attempts",
                settings.JOB_RECOVERY_INTERVAL, settings.JOB_HEARTBEAT_TIMEOUT,
                settings.JOB_MAX_ATTEMPTS)
    while os.getppid() == parent:
        try:
            recover()
        except Exception:  # keep recovering: a dead loop would strand every job
            logger.exception("job recovery failed; trying again")
        finally:
            connections.close_all()
        next_pass = time.monotonic() + settings.JOB_RECOVERY_INTERVAL
        while os.getppid() == parent and time.monotonic() < next_pass:
            time.sleep(min(1.0, settings.JOB_RECOVERY_INTERVAL))


class _RecoveryProcess:
    """Runs ``manage.py recoverjobs --parent <worker>`` and starts it again when it dies.

    A process, not a thread doing the work: the pool forks new children from the worker's
    main process at any moment, and a fork while a thread holds a database lock (SQLite
    keeps its lock state in the process) leaves the child unable to use the database. The
    thread here only starts the process and waits for it.
    """

    def __init__(self, parent: int) -> None:
        self.command = [sys.executable, str(_ROOT / "manage.py"), "recoverjobs", "--parent",
                        str(parent)]
        self.stopped = threading.Event()
        self.process: subprocess.Popen | None = None
        self.thread = threading.Thread(target=self._watch, name="job-recovery", daemon=True)

    def _watch(self) -> None:
        while not self.stopped.is_set():
            self.process = subprocess.Popen(self.command, cwd=_ROOT)
            status = self.process.wait()
            if self.stopped.wait(1.0):
                return
            logger.warning("the job recovery process exited with status %s; starting it again",
                           status)

    def stop(self) -> None:
        self.stopped.set()
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.thread.join(timeout=5)


_running: list[_RecoveryProcess] = []


@signals.worker_ready.connect
def _start_recovery(sender=None, **kwargs) -> None:
    recovery = _RecoveryProcess(os.getpid())
    _running.append(recovery)
    recovery.thread.start()


@signals.worker_shutdown.connect
def _stop_recovery(sender=None, **kwargs) -> None:
    while _running:
        _running.pop().stop()
