"""A pull request from webhook to PR comment: the real worker process on the real Redis,
the real hipcc, and the local fake GitHub that records what the worker sent."""

import pytest

from tests.factories import EXAMPLE
from tests.services import PUBLIC_BASE_URL, wait_for
from tests.webapp.github import SECRET, deliver, payload
from webapp.jobs.models import Job

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

SHA = "5e1f00c0ffee1234567890abcdef1234567890ab"


def test_pull_request_is_translated_compiled_and_reported(client, settings, celery_worker,
                                                          fake_github):
    settings.GITHUB_WEBHOOK_SECRET = SECRET
    data = payload("pull_request_opened")
    data["pull_request"]["head"]["sha"] = SHA
    repository = data["repository"]["full_name"]
    fake_github.add_commit(repository, SHA,
                           {f"cuda/{path.name}": path.read_bytes() for path in EXAMPLE.iterdir()})

    response = deliver(client, "pull_request", data, delivery="integration-1")
    assert response.status_code == 202
    job = Job.objects.get(pk=response.json()["job"])

    def commented():
        return fake_github.received("POST", f"/repos/{repository}/issues/17/comments$")

    (comment,) = wait_for(commented, 180, "the pull request comment")
    job.refresh_from_db()
    assert (job.state, job.failure_message) == ("done", ""), celery_worker.log_tail()
    statuses = fake_github.received("POST", f"/repos/{repository}/statuses/{SHA}$")
    assert [status.body["state"] for status in statuses] == ["pending", "success"]
    # signed: the pull request's readers open the job without a rocport account
    assert statuses[-1].body["target_url"].startswith(
        f"{PUBLIC_BASE_URL}/jobs/{job.pk}/?key={job.pk}%3A")
    assert "1 of 1 units compiled with hipcc" in statuses[-1].body["description"]
    text = comment.body["body"]
    assert "**Files translated:** 3 of 3" in text
    assert "**Compile check:** compile check: 1 of 1 units compiled" in text
    assert f"[patch]({PUBLIC_BASE_URL}/jobs/{job.pk}/files/changes.patch)" in text
    assert all(request.headers.get("Authorization") == "Bearer test-token"
               for request in statuses + [comment])
    patch = job.open_artifact("changes.patch").read().decode()
    assert "+++ b/cuda/saxpy.cu" in patch
    assert "hipMalloc" in patch
