"""The check run's summary while a pull request job runs (GitHub App only).

While ``translate_job`` or ``compile_job`` works on a job of an installation whose check run
exists, a thread beside the task updates the check run's summary with the job's step, at
most once per ``GITHUB_PROGRESS_INTERVAL`` seconds. ``watch_progress`` and
``stop_watching`` are Celery's ``task_prerun`` and ``task_postrun`` receivers, connected by
``apps.GitHubConfig.ready``: the tasks themselves know nothing of GitHub. Progress is a
courtesy: an error of GitHub's is logged and never stops the job.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from celery import Task
from django.conf import settings
from django.db import connections
from django.utils import timezone

from webapp.github.checks import progress_output
from webapp.github.client import GitHubError
from webapp.github.messages import job_links
from webapp.github.models import PullRequest
from webapp.github.reports import client_for
from webapp.jobs.models import Job

logger = logging.getLogger(__name__)

#: The tasks (by name: the web app never imports the workers) a job's progress is shown for.
WATCHED_TASKS = ("workers.tasks.translate_job", "workers.tasks.compile_job")


def report_progress(job: Job) -> bool:
    """Update the check run's summary with the job's step, unless it was updated less than
    GITHUB_PROGRESS_INTERVAL seconds ago. True when an update was sent."""
    pull = PullRequest.objects.filter(job=job).first()
    if pull is None or not pull.app_mode or pull.check_run_id is None or pull.reported:
        return False
    last = pull.progress_reported_at
    if last and (timezone.now() - last).total_seconds() < settings.GITHUB_PROGRESS_INTERVAL:
        return False
    PullRequest.objects.filter(pk=pull.pk).update(progress_reported_at=timezone.now())
    output = progress_output(job, job_links(job, settings.PUBLIC_BASE_URL))
    # No "status": a late update must not reopen a check run that was completed meanwhile.
    client_for(pull).update_check_run(pull.repository, pull.check_run_id, {"output": output})
    return True


class ProgressWatcher:
    """A thread that reports the job's progress while a task works on it."""

    def __init__(self, job_id: str) -> None:
        self.job_id = job_id
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, name=f"github-progress-{job_id}",
                                       daemon=True)

    def _run(self) -> None:
        try:
            while True:
                job = Job.objects.filter(pk=self.job_id).first()
                if job is None or job.state not in Job.ACTIVE_STATES:
                    return
                try:
                    report_progress(job)
                except GitHubError as error:  # progress is a courtesy: never stop the job
                    logger.info("job %s: progress not reported: %s", self.job_id, error)
                if self.stopped.wait(settings.GITHUB_PROGRESS_INTERVAL):
                    return
        finally:
            connections.close_all()  # this thread's connections only

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(timeout=5)


_watchers: dict[str, ProgressWatcher] = {}


def watch_progress(sender: object = None, task_id: str | None = None, task: Task | None = None,
                   args: tuple[Any, ...] | None = None, kwargs: dict[str, Any] | None = None,
                   **extra: object) -> None:
    """Report the progress of a pull request job (GitHub App) while its task runs (not
    when run eagerly: the caller's transaction would be invisible to the thread)."""
    if (task is None or task_id is None or task.name not in WATCHED_TASKS
            or task.request.is_eager or not settings.GITHUB_APP_ID):
        return
    job_id = args[0] if args else (kwargs or {}).get("job_id")
    if job_id and PullRequest.objects.filter(job_id=job_id, check_run_id__isnull=False,
                                             installation_id__isnull=False).exists():
        watcher = _watchers[task_id] = ProgressWatcher(str(job_id))
        watcher.thread.start()


def stop_watching(sender: object = None, task_id: str | None = None,
                  **extra: object) -> None:
    watcher = _watchers.pop(task_id or "", None)
    if watcher is not None:
        watcher.stop()
