"""webapp.github.progress against the local fake GitHub: the check run's summary follows a
pull request job, at most once per GITHUB_PROGRESS_INTERVAL, from a thread that Celery's
task signals start and stop."""

from types import SimpleNamespace

import pytest
from celery import signals

from tests.factories import make_job
from tests.fake_github import FakeGitHub, app_keys
from tests.services import wait_for
from webapp.github import authentication, progress
from webapp.github.models import PullRequest
from webapp.jobs.models import Job

REPO = "lattice-lab/stencil-kernels"
SHA = "3f9c2b7d41e8a0956c1d2e3f4a5b6c7d8e9f0a1b"
INSTALLATION = 48151623


@pytest.fixture
def github(settings):
    fake = FakeGitHub().start()
    fake.use_app("424242", app_keys()[1], {INSTALLATION: {REPO}})
    settings.GITHUB_API_URL, settings.GITHUB_TOKEN = fake.url, ""
    settings.GITHUB_APP_ID, settings.GITHUB_APP_PRIVATE_KEY = "424242", app_keys()[0]
    authentication.forget_tokens()
    fake.check_runs[1] = {"id": 1, "repository": REPO, "status": "in_progress",
                          "conclusion": None, "annotations": [], "output": {}}
    yield fake
    fake.stop()
    authentication.forget_tokens()


class TranslateTask:
    """What the receivers read of a Celery task (``webapp.github.progress``)."""

    name = "workers.tasks.translate_job"
    request = SimpleNamespace(is_eager=False)


def translating_pull() -> PullRequest:
    job = make_job(source_kind=Job.Source.GITHUB, state=Job.State.TRANSLATING,
                   progress_done=3, progress_total=12)
    return PullRequest.objects.create(job=job, repository=REPO, number=17, head_sha=SHA,
                                      head_repository=REPO, action="opened",
                                      installation_id=INSTALLATION, check_run_id=1)


@pytest.mark.django_db
def test_progress_is_reported_at_most_once_per_interval(github, settings):
    settings.GITHUB_PROGRESS_INTERVAL = 60
    job = translating_pull().job
    assert (progress.report_progress(job), progress.report_progress(job)) == (True, False)
    (update,) = github.received("PATCH", "/check-runs/1$")
    assert "status" not in update.body  # a late update must not reopen a completed run
    assert update.body["output"]["title"] == "rocport: translating: 3 of 12 files (25%)"


@pytest.mark.django_db(transaction=True)
def test_a_watched_task_reports_progress_until_it_ends(github, settings):
    settings.GITHUB_PROGRESS_INTERVAL = 1
    job = translating_pull().job
    task = TranslateTask()
    signals.task_prerun.send(sender=task, task_id="task-1", task=task, args=(str(job.pk), 1),
                             kwargs={})
    watcher = progress._watchers["task-1"]
    wait_for(lambda: github.received("PATCH", "/check-runs/1$"), 10, "a progress update")
    signals.task_postrun.send(sender=task, task_id="task-1", task=task)
    assert ("task-1" in progress._watchers, watcher.thread.is_alive()) == (False, False)
