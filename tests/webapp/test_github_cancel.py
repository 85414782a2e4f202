"""A pull request pushed again or closed cancels the jobs of its older head commits."""

import pytest

from tests.webapp.github import SECRET, deliver, payload
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db

NEWER_SHA = "4a0d3c8e52f9b1a6e7d8c9b0a1f2e3d4c5b6a7f8"


@pytest.fixture(autouse=True)
def secret(settings):
    settings.GITHUB_WEBHOOK_SECRET = SECRET
    settings.GITHUB_JOB_OWNER = "rocport-bot"


def pushed_again() -> dict:
    body = payload("pull_request_opened")
    body["action"] = "synchronize"
    body["pull_request"]["head"]["sha"] = NEWER_SHA
    return body


def test_a_push_cancels_the_job_of_the_older_head_commit(client):
    first = deliver(client, "pull_request", payload("pull_request_opened"), delivery="d-1")
    older = Job.objects.get(pk=first.json()["job"])
    Job.objects.filter(pk=older.pk).update(state=Job.State.TRANSLATING)
    second = deliver(client, "pull_request", pushed_again(), delivery="d-2")
    assert (second.status_code, second.json()["status"]) == (202, "queued")
    older.refresh_from_db()
    newer = Job.objects.get(pk=second.json()["job"])
    assert (older.state, newer.state) == ("canceled", "queued")


def test_closing_cancels_the_pull_requests_running_jobs(client):
    opened = deliver(client, "pull_request", payload("pull_request_opened"), delivery="d-1")
    job = Job.objects.get(pk=opened.json()["job"])
    closed = deliver(client, "pull_request", payload("pull_request_closed"), delivery="d-2")
    assert (closed.status_code, closed.json()) == (200, {"status": "canceled", "jobs": 1})
    job.refresh_from_db()
    assert job.state == "canceled"


def test_closing_leaves_ended_jobs_and_other_pull_requests_alone(client):
    other = payload("pull_request_opened")
    other["number"] = other["pull_request"]["number"] = 18
    running = Job.objects.get(pk=deliver(client, "pull_request", other,
                                         delivery="d-1").json()["job"])
    ended = Job.objects.get(pk=deliver(client, "pull_request", payload("pull_request_opened"),
                                       delivery="d-2").json()["job"])
    Job.objects.filter(pk=ended.pk).update(state=Job.State.DONE)
    closed = deliver(client, "pull_request", payload("pull_request_closed"), delivery="d-3")
    assert closed.json() == {"status": "canceled", "jobs": 0}
    running.refresh_from_db()
    assert running.state == "queued"
