"""Sending the message a job waits for, without ever holding up the caller.

The database is the outbox: a job that waits for a message (``Job.AWAITING``: queued, or
compiling before a ROCm runner claimed it) and has no ``published_at`` has not been
sent yet. ``publish`` sends it with a short timeout and no retry
(``BROKER_PUBLISH_TIMEOUT``) and records ``published_at``; when the broker does not
answer the job simply stays unpublished, and the workers' periodic recovery
(``workers.recovery``) calls ``publish_pending`` until it goes through.

Which message: ``fetch_pull_request`` for a pull request job whose input is not stored
yet, ``translate_job`` for another queued job, ``compile_job`` for a job waiting for its
compile check. Each carries the job's attempt, so a message that outlived its attempt
is ignored by the task (see ``workers.tasks``).
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from kombu.exceptions import OperationalError

from webapp.celery import app
from webapp.jobs.models import AWAITING, Job
from webapp.redis_health import redis_answered, redis_failed, redis_unhealthy

logger = logging.getLogger(__name__)

#: Most messages one ``publish_pending`` call sends; the next call sends more.
BATCH = 500


def send(task_name: str, *args, priority: int | None = None) -> bool:
    """Send task ``workers.tasks.TASK_NAME`` with ARGS; False when the broker did not take it.

    The one place the web sends a task. By name: the web never imports the workers
    (the routes in settings pick the queue). Where the task is defined in this process
    (a worker, a test running tasks eagerly) it is sent as that task would send itself.
    """
    if redis_unhealthy():  # it just failed: the job stays in the outbox, sent later
        return False
    timeout = settings.BROKER_PUBLISH_TIMEOUT
    # A connection of its own: the pooled ones wait forever on a hung Redis, and kombu
    # would retry the connection; here one timeout is the whole cost of a failure.
    options = {"socket_timeout": timeout, "socket_connect_timeout": timeout, "max_retries": 0}
    try:
        with app.connection_for_write(transport_options=options) as connection:
            # ignore_result: else Celery first subscribes to the result backend (the same
            # Redis) with its own connection, which waits without our timeout.
            chosen: dict[str, Any] = {} if priority is None else {"priority": priority}
            app.signature(f"workers.tasks.{task_name}", args=args).apply_async(
                connection=connection, retry=False, ignore_result=True, **chosen)
    except OperationalError as error:
        redis_failed()
        logger.warning("cannot send %s%s to the job queue: %s", task_name, args, error)
        return False
    redis_answered()
    return True


def message_for(job: Job) -> str:
    """The task the job waits for (it must be waiting: see ``Job.AWAITING``)."""
    if job.state == Job.State.COMPILING:
        return "compile_job"
    if job.source_kind == Job.Source.GITHUB and not job.input_name:
        return "fetch_pull_request"
    return "translate_job"


def publish(job: Job) -> bool:
    """Send the message JOB waits for and record it; False when it stays in the outbox."""
    if not send(message_for(job), str(job.pk), job.attempt):
        return False
    job.mark_published()
    return True


def publish_pending() -> tuple[int, bool]:
    """Send the messages of waiting jobs not sent yet, oldest first, at most BATCH of them,
    stopping at the first failure. Returns how many were sent and whether all were."""
    jobs = Job.objects.filter(AWAITING, published_at__isnull=True).order_by("created_at")
    # A list, not a cursor left open across the sends: SQLite would keep the writes of
    # mark_published uncommitted, and locked for everyone else, until it closes.
    batch = list(jobs[:BATCH + 1])
    sent = 0
    for job in batch[:BATCH]:
        if not send(message_for(job), str(job.pk), job.attempt):
            return sent, False
        job.mark_published()
        sent += 1
    return sent, len(batch) <= BATCH


def forget_published() -> int:
    """The broker lost its messages: every waiting job goes back into the outbox, and the
    batches sent of split compile checks wait again (``webapp.jobs.compile_queue``)."""
    from webapp.jobs.batches import CompileBatch

    batches = CompileBatch.objects.filter(state=CompileBatch.State.SENT).update(
        state=CompileBatch.State.WAITING)
    return batches + Job.objects.filter(AWAITING, published_at__isnull=False).update(
        published_at=None)
