"""Pull request jobs run eagerly against the local fake GitHub: pending status, download,
translation, compile check, then the final status and one summary comment."""

import pytest

from tests.factories import EXAMPLE
from tests.fake_github import FakeGitHub
from webapp.github.events import parse_pull_request
from webapp.github.models import PullRequest
from webapp.github.submit import submit_pull_request
from webapp.jobs.models import Job
from workers.tasks import notify_github

pytestmark = pytest.mark.django_db

REPO = "lattice-lab/stencil-kernels"
SHA = "3f9c2b7d41e8a0956c1d2e3f4a5b6c7d8e9f0a1b"


@pytest.fixture
def github(settings):
    fake = FakeGitHub().start()
    settings.GITHUB_API_URL, settings.GITHUB_TOKEN = fake.url, "test-token"
    settings.PUBLIC_BASE_URL = "http://rocport.test"
    yield fake
    fake.stop()


def pull_request_event():
    from tests.webapp.github import payload

    return parse_pull_request(payload("pull_request_opened"))


def run_pull_request(django_capture_on_commit_callbacks) -> Job:
    """Submit the stored 'opened' event and run every task it leads to, in this process."""
    with django_capture_on_commit_callbacks(execute=True):
        job = submit_pull_request(pull_request_event(), delivery=None)
    job.refresh_from_db()
    return job


def example_repository() -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in EXAMPLE.iterdir()}


def test_pull_request_goes_to_done_and_is_reported(github, eager,
                                                   django_capture_on_commit_callbacks):
    github.add_commit(REPO, SHA, example_repository())
    job = run_pull_request(django_capture_on_commit_callbacks)
    assert (job.state, job.failure_message) == ("done", "")
    report = job.read_report()
    assert "saxpy.cu" in [entry["path"] for entry in report["files"]]  # no top folder
    statuses = github.received("POST", f"/repos/{REPO}/statuses/{SHA}$")
    assert [status.body["state"] for status in statuses] == ["pending", "success"]
    # a signed link: the pull request's readers open the job page without an account
    assert statuses[-1].body["target_url"].startswith(
        f"http://rocport.test/jobs/{job.pk}/?key={job.pk}%3A")
    (comment,) = github.received("POST", f"/repos/{REPO}/issues/17/comments$")
    assert "**Files translated:** 3 of 3" in comment.body["body"]
    assert f"(http://rocport.test/jobs/{job.pk}/files/changes.patch)" in comment.body["body"]
    assert PullRequest.objects.get(job=job).commented


def test_transient_download_errors_are_retried(github, eager,
                                               django_capture_on_commit_callbacks):
    github.add_commit(REPO, SHA, example_repository())
    github.fail_next(f"/repos/{REPO}/tarball/", 502, count=2)
    job = run_pull_request(django_capture_on_commit_callbacks)
    assert job.state == "done"
    assert len(github.received("GET", "/tarball/")) == 3


def test_missing_commit_fails_the_job_and_reports_an_error(github, eager,
                                                           django_capture_on_commit_callbacks):
    job = run_pull_request(django_capture_on_commit_callbacks)
    assert (job.state, job.failure_code) == ("failed", "github-not-found")
    assert len(github.received("GET", "/tarball/")) == 1  # a 404 is not retried
    statuses = github.received("POST", "/statuses/")
    assert [status.body["state"] for status in statuses] == ["pending", "error"]
    (comment,) = github.received("POST", "/comments$")
    assert "rocport could not translate this commit: **github-not-found**" in comment.body["body"]


def test_download_that_keeps_failing_fails_the_job_after_the_retries(
        github, eager, django_capture_on_commit_callbacks):
    github.fail_next("/repos/", 503, count=100)
    job = run_pull_request(django_capture_on_commit_callbacks)
    assert (job.state, job.failure_code) == ("failed", "github-unavailable")
    assert len(github.received("GET", "/tarball/")) == 0  # the pending status failed first
    assert len(github.received("POST", "/statuses/")) == 6 + 6  # fetch and notify, 1 + 5 retries


def test_a_refused_pending_status_does_not_stop_the_translation(
        github, eager, django_capture_on_commit_callbacks, settings):
    github.add_commit(REPO, SHA, example_repository())
    settings.GITHUB_TOKEN = "read-only-token"  # the fake answers 401 to its POSTs
    job = run_pull_request(django_capture_on_commit_callbacks)
    assert job.state == "done"
    assert not PullRequest.objects.get(job=job).commented


def test_notify_comments_once_even_when_run_twice(github, eager):
    job = submit_pull_request(pull_request_event(), delivery=None)
    Job.objects.filter(pk=job.pk).update(state=Job.State.FAILED, failure_code="link",
                                         failure_message="evil: links are not allowed")
    notify_github.delay(str(job.pk))
    notify_github.delay(str(job.pk))
    assert len(github.received("POST", "/statuses/")) == 2
    assert len(github.received("POST", "/comments$")) == 1


def test_a_canceled_job_gets_an_error_status_and_no_comment(github, eager,
                                                            django_capture_on_commit_callbacks):
    job = submit_pull_request(pull_request_event(), delivery=None)
    with django_capture_on_commit_callbacks(execute=True):
        job.cancel()
    (status,) = github.received("POST", "/statuses/")
    assert (status.body["state"], status.body["description"]) == (
        "error", "the rocport job was canceled")
    assert github.received("POST", "/comments$") == []


def test_upload_jobs_are_not_reported_to_github(github, eager,
                                                django_capture_on_commit_callbacks):
    from tests.factories import make_job

    job = make_job()
    with django_capture_on_commit_callbacks(execute=True):
        job.cancel()
    assert github.requests == []
