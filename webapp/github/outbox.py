"""The GitHub app's messages wait in the database until Redis took them, like jobs'.

- a ``PortRequest`` without ``published_at`` waits for ``open_hip_port``;
- an ended pull request job without ``notify_published_at`` waits for ``notify_github``
  (the job ended while Redis did not answer).

``publish_port`` sends at once (with the job outbox's short timeout); ``publish_pending``,
called by the workers' periodic recovery (``workers.recovery``), sends what is left,
oldest first, stopping at the first failure.
"""

from __future__ import annotations

from django.utils import timezone

from webapp.github.models import PortRequest
from webapp.jobs.models import Job
from webapp.jobs.outbox import send

#: Most messages of each kind one ``publish_pending`` call sends.
BATCH = 100


def publish_port(port: PortRequest) -> bool:
    if not send("open_hip_port", port.pk):
        return False
    PortRequest.objects.filter(pk=port.pk).update(published_at=timezone.now())
    return True


def publish_pending() -> int:
    """Send waiting port requests and end-of-job reports; returns how many were sent."""
    from webapp.github.submit import notify

    sent = 0
    ports = PortRequest.objects.filter(state=PortRequest.State.WAITING,
                                       published_at__isnull=True).order_by("created_at")
    for port in list(ports[:BATCH]):
        if not publish_port(port):
            return sent
        sent += 1
    ended = Job.objects.filter(
        source_kind=Job.Source.GITHUB, pull_request__notify_published_at__isnull=True,
        pull_request__reported=False,
    ).exclude(state__in=Job.ACTIVE_STATES).order_by("finished_at")
    for job in list(ended[:BATCH]):
        if not notify(job):
            return sent
        sent += 1
    return sent

