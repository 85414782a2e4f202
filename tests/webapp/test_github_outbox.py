"""webapp.github.outbox: port requests and end-of-job reports that Redis did not take wait
in the database and are sent by the next recovery pass."""

import pytest

from tests.fake_github import app_keys
from tests.webapp.github import payload
from webapp.github import outbox, submit
from webapp.github.events import parse_pull_request
from webapp.github.models import PortRequest, PullRequest
from webapp.github.ports import request_port
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db


@pytest.fixture
def queue(monkeypatch, settings):
    """The job queue: down until ``up`` is set; records what it took."""
    settings.GITHUB_APP_ID, settings.GITHUB_APP_PRIVATE_KEY = "424242", app_keys()[0]
    state = {"up": False, "sent": []}

    def send(task_name, *args):
        if state["up"]:
            state["sent"].append((task_name, *args))
        return state["up"]

    monkeypatch.setattr(outbox, "send", send)
    monkeypatch.setattr(submit, "send", send)
    monkeypatch.setattr("webapp.jobs.outbox.send", send)
    return state


def done_pull_request() -> PullRequest:
    job = submit.submit_pull_request(parse_pull_request(payload("pull_request_opened")), "d")
    Job.objects.filter(pk=job.pk).update(state=Job.State.DONE, artifacts=["hip-tree.tar.gz"])
    PullRequest.objects.filter(job=job).update(reported=True)  # its end was reported
    return PullRequest.objects.select_related("job").get(job=job)


def test_a_port_request_waits_until_the_queue_answers(queue, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        port = request_port(done_pull_request(), "mira-k")
    assert PortRequest.objects.get(pk=port.pk).published_at is None
    assert outbox.publish_pending() == 0
    queue["up"] = True
    assert outbox.publish_pending() == 1
    assert queue["sent"] == [("open_hip_port", port.pk)]
    assert PortRequest.objects.get(pk=port.pk).published_at is not None
    assert outbox.publish_pending() == 0


def test_an_end_of_job_report_the_queue_refused_is_sent_later(
        queue, django_capture_on_commit_callbacks):
    pull = done_pull_request()
    job = Job.objects.get(pk=pull.job_id)
    Job.objects.filter(pk=job.pk).update(state=Job.State.COMPILING)
    PullRequest.objects.filter(pk=pull.pk).update(reported=False)
    job.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        job.cancel()
    pull.refresh_from_db()
    assert pull.notify_published_at is None
    queue["up"] = True
    assert outbox.publish_pending() == 1
    assert queue["sent"] == [("notify_github", str(job.pk))]
    pull.refresh_from_db()
    assert pull.notify_published_at is not None
