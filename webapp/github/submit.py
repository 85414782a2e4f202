"""Create the Job of a pull request (or of a re-run) and enqueue its download; report
ended jobs back.

The download of the head commit is a task (``workers.tasks.fetch_pull_request``), sent
through the outbox (``webapp.jobs.outbox``): the webhook answers within GitHub's ten
seconds even when Redis does not answer, and transient GitHub errors are retried there.
When a ``github`` job ends (done, failed, canceled), ``report_ended_job`` (a receiver
of ``webapp.jobs.models.job_ended``) sends ``notify_github``; if Redis does not take it,
``webapp.github.outbox`` sends it later.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, models, transaction
from django.utils import timezone

from webapp.github.events import PullRequestEvent
from webapp.github.models import PullRequest
from webapp.jobs.models import InvalidTransition, Job
from webapp.jobs.outbox import publish, send

logger = logging.getLogger(__name__)


def job_owner():
    """The user configured as GITHUB_JOB_OWNER, created (without a password) when missing."""
    user, created = get_user_model().objects.get_or_create(username=settings.GITHUB_JOB_OWNER)
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def submit_pull_request(event: PullRequestEvent, delivery: str | None) -> Job | None:
    """A queued Job for EVENT, or None when this delivery, or another delivery for the same
    head commit of the same pull request, was handled before (or is being handled now: the
    unique constraint decides between concurrent deliveries)."""
    if delivery and PullRequest.objects.filter(delivery=delivery).exists():
        return None
    if PullRequest.objects.filter(repository=event.repository, number=event.number,
                                  head_sha=event.head_sha).exists():
        return None
    try:
        with transaction.atomic():
            job = Job.objects.create(
                owner=job_owner(), source_kind=Job.Source.GITHUB,
                source_name=f"{event.name} @ {event.head_sha[:12]}",
            )
            PullRequest.objects.create(
                job=job, delivery=delivery or None, repository=event.repository,
                number=event.number, head_sha=event.head_sha,
                head_repository=event.head_repository, head_ref=event.head_ref[:255],
                action=event.action, installation_id=event.installation_id,
            )
    except IntegrityError:  # the same delivery or head commit, received twice at once
        return None
    cancel_pull_request_jobs(event, keep=event.head_sha)
    transaction.on_commit(lambda: publish(job))
    return job


def cancel_jobs(jobs: models.QuerySet[Job], why: str) -> int:
    """Cancel JOBS (those still waiting or running); log WHY for each. Returns how many."""
    count = 0
    for job in jobs.filter(state__in=Job.ACTIVE_STATES):
        try:
            job.cancel()
        except InvalidTransition:
            continue  # it ended meanwhile
        count += 1
        logger.info("job %s canceled: %s", job.pk, why)
    return count


def cancel_pull_request_jobs(event: PullRequestEvent, keep: str = "") -> int:
    """Cancel the waiting and running jobs of EVENT's pull request, but those of commit
    KEEP: a push supersedes the jobs of older head commits, a close ends them all."""
    jobs = Job.objects.filter(pull_request__repository=event.repository,
                              pull_request__number=event.number).exclude(
                                  pull_request__head_sha=keep)
    how = "closed" if not keep else f"pushed again ({keep[:12]})"
    return cancel_jobs(jobs, f"pull request {event.repository}#{event.number} was {how}")


def rerun_pull_request(earlier: PullRequest, delivery: str | None, action: str) -> Job | None:
    """A queued Job for the head commit of EARLIER again (GitHub's "Re-run"), or None for a
    delivery handled before."""
    if delivery and PullRequest.objects.filter(delivery=delivery).exists():
        return None
    same_commit = PullRequest.objects.filter(repository=earlier.repository,
                                             number=earlier.number, head_sha=earlier.head_sha)
    run = (same_commit.aggregate(last=models.Max("run"))["last"] or 0) + 1
    try:
        with transaction.atomic():
            job = Job.objects.create(
                owner=job_owner(), source_kind=Job.Source.GITHUB, options=earlier.job.options,
                source_name=f"{earlier.repository}#{earlier.number} @ {earlier.head_sha[:12]}"
                            f" (run {run})",
            )
            PullRequest.objects.create(
                job=job, delivery=delivery or None, repository=earlier.repository,
                number=earlier.number, head_sha=earlier.head_sha, run=run,
                head_repository=earlier.head_repository, head_ref=earlier.head_ref,
                action=action[:32], installation_id=earlier.installation_id,
            )
    except IntegrityError:  # two re-runs of one commit at once: one is enough
        return None
    transaction.on_commit(lambda: publish(job))
    return job


def report_ended_job(sender, job: Job, **kwargs) -> None:
    if job.source_kind == Job.Source.GITHUB:
        transaction.on_commit(lambda: notify(job))


def notify(job: Job) -> bool:
    """Send ``notify_github`` for the ended JOB and record it; False when the queue did not
    take it (``webapp.github.outbox`` tries again)."""
    if not send("notify_github", str(job.pk)):
        logger.warning("job %s: GitHub is not told yet that it ended (the job queue did not "
                       "answer); the outbox sends it later", job.pk)
        return False
    PullRequest.objects.filter(job=job).update(notify_published_at=timezone.now())
    return True
