"""Creating a job: the one place that stores an input archive and enqueues its translation.

Used by the upload page; the REST API and the GitHub webhook call it as well.
"""

from __future__ import annotations

import logging

from django.core.files import File
from django.db import transaction
from kombu.exceptions import OperationalError

from webapp.jobs.models import InvalidTransition, Job

logger = logging.getLogger(__name__)


def submit_job(*, owner, archive: File, suffix: str, name: str, options: dict,
               source_kind: str = Job.Source.UPLOAD) -> Job:
    """Create a queued Job holding ARCHIVE and enqueue ``translate_job`` once committed."""
    with transaction.atomic():
        job = Job.objects.create(owner=owner, source_kind=source_kind, source_name=name[:255],
                                 options=options)
        job.store_input(archive, suffix)
        transaction.on_commit(lambda: enqueue_translation(job))
    return job


def enqueue_translation(job: Job) -> None:
    """Send the job to the ``translate`` queue; a broker that does not answer fails the job."""
    from workers.tasks import translate_job

    try:
        translate_job.delay(str(job.pk))
    except OperationalError as error:
        logger.error("job %s: cannot reach the job queue: %s", job.pk, error)
        try:
            job.mark_failed("queue-unavailable",
                            "the job queue (Redis) did not answer; please try again later")
        except InvalidTransition:
            pass
