"""Creating a job: the one place that stores an input archive and enqueues its translation.

Used by the upload page; the REST API and the GitHub webhook call it as well. The job is
committed first and its message sent afterwards through the outbox
(``webapp.jobs.outbox``): a broker that does not answer costs the request at most
``BROKER_PUBLISH_TIMEOUT`` and leaves the job ``queued``, to be sent by the workers'
periodic recovery.
"""

from __future__ import annotations

from django.core.files import File
from django.db import transaction

from webapp.jobs.models import Job
from webapp.jobs.outbox import publish


def submit_job(*, owner, archive: File, suffix: str, name: str, options: dict,
               source_kind: str = Job.Source.UPLOAD) -> Job:
    """Create a queued Job holding ARCHIVE and send ``translate_job`` once committed."""
    with transaction.atomic():
        job = Job.objects.create(owner=owner, source_kind=source_kind, source_name=name[:255],
                                 options=options)
        job.store_input(archive, suffix)
        transaction.on_commit(lambda: publish(job))
    return job


def enqueue_translation(job: Job) -> bool:
    """Send the queued JOB's translation now; False when it stays in the outbox."""
    job.mark_unpublished()
    return publish(job)
