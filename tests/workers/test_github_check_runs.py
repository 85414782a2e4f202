"""Pull request jobs of a GitHub App installation, run eagerly against the local fake
GitHub: the check run from in_progress to completed, annotations in batches on the changed
files only, the HIP port pull request, and its update after a new push."""

import pytest

from tests.factories import EXAMPLE
from tests.fake_github import FakeGitHub, app_keys
from tests.webapp.github import payload
from webapp.github import authentication
from webapp.github.events import parse_pull_request
from webapp.github.models import PortRequest, PullRequest
from webapp.github.ports import request_port
from webapp.github.submit import submit_pull_request

pytestmark = pytest.mark.django_db

REPO = "lattice-lab/stencil-kernels"
SHA = "3f9c2b7d41e8a0956c1d2e3f4a5b6c7d8e9f0a1b"
NEWER = "ab" * 20
INSTALLATION = 48151623
#: 60 launches with 32-thread blocks: 60 W201 findings, more than one request can carry.
LAUNCHES = ("#include <cuda_runtime.h>\n__global__ void k(float *x) { x[threadIdx.x] = 0; }\n"
            "void run(float *x, int n) {\n" + "  k<<<n, 32>>>(x);\n" * 60 + "}\n").encode()


@pytest.fixture
def github(settings):
    fake = FakeGitHub().start()
    fake.use_app("424242", app_keys()[1], {INSTALLATION: {REPO}})
    settings.GITHUB_API_URL, settings.GITHUB_TOKEN = fake.url, ""
    settings.GITHUB_APP_ID, settings.GITHUB_APP_PRIVATE_KEY = "424242", app_keys()[0]
    settings.PUBLIC_BASE_URL = "http://rocport.test"
    authentication.forget_tokens()
    yield fake
    fake.stop()
    authentication.forget_tokens()


def repository() -> dict[str, bytes]:
    files = {f"saxpy/{path.name}": path.read_bytes() for path in EXAMPLE.iterdir()}
    return {**files, "src/launches.cu": LAUNCHES, "src/old.cu": LAUNCHES}


def run(callbacks, sha: str = SHA, delivery: str | None = None):
    data = payload("pull_request_opened")
    data["pull_request"]["head"]["sha"] = sha
    with callbacks(execute=True):
        job = submit_pull_request(parse_pull_request(data), delivery=delivery)
    job.refresh_from_db()
    return job


def test_check_run_goes_from_in_progress_to_completed_with_batched_annotations(
        github, eager, django_capture_on_commit_callbacks):
    github.add_commit(REPO, SHA, repository(), branch="tiled-stencil")
    github.pull_files[(REPO, 17)] = [{"filename": "src/launches.cu", "status": "added"}]
    job = run(django_capture_on_commit_callbacks)
    assert (job.state, job.failure_message) == ("done", "")
    (created,) = github.received("POST", f"/repos/{REPO}/check-runs$")
    assert (created.body["name"], created.body["head_sha"], created.body["status"]) == (
        "rocport", SHA, "in_progress")
    assert created.body["external_id"] == str(job.pk)
    assert created.body["details_url"].startswith(
        f"http://rocport.test/jobs/{job.pk}/?key={job.pk}%3A")
    assert created.body["output"]["title"] == "rocport: downloading the head commit"
    completed, *batches = github.received("PATCH", "/check-runs/1$")
    assert (completed.body["status"], completed.body["conclusion"]) == ("completed", "neutral")
    assert completed.body["actions"][0]["identifier"] == "open-hip-port"
    assert "60 annotations on the files this pull request changes" in completed.body["output"][
        "summary"]
    assert [len(b.body["output"]["annotations"]) for b in batches] == [50, 10]
    annotations = github.check_runs[1]["annotations"]
    assert {a["path"] for a in annotations} == {"src/launches.cu"}  # not src/old.cu
    assert {a["annotation_level"] for a in annotations} == {"warning"}
    assert github.received("POST", "/statuses/|/comments$") == []
    assert all(r.headers["Authorization"].startswith("Bearer ghs_")
               for r in github.requests if r.path.startswith(f"/repos/{REPO}/check-runs"))
    pull = PullRequest.objects.get(job=job)
    assert (pull.check_run_id, pull.annotations_sent, pull.reported) == (1, 60, True)


def test_every_file_is_annotated_when_the_repository_asks(github, eager, settings,
                                                          django_capture_on_commit_callbacks):
    settings.GITHUB_ANNOTATE_ALL_FILES = True
    github.add_commit(REPO, SHA, repository(), branch="tiled-stencil")
    run(django_capture_on_commit_callbacks)
    assert {a["path"] for a in github.check_runs[1]["annotations"]} == {"src/launches.cu",
                                                                        "src/old.cu"}
    assert github.received("GET", "/pulls/17/files") == []


def test_transient_errors_while_annotating_resume_without_duplicates(
        github, eager, django_capture_on_commit_callbacks):
    github.add_commit(REPO, SHA, repository(), branch="tiled-stencil")
    github.pull_files[(REPO, 17)] = [{"filename": "src/launches.cu", "status": "added"}]
    # the completion and the first batch pass; the second batch meets a 502 once
    original = github._failure_for
    calls = []

    def fail_third_patch(path):
        if path.endswith("/check-runs/1"):
            calls.append(path)
            if len(calls) == 3:
                return 502, {}, "Server Error"
        return original(path)

    github._failure_for = fail_third_patch
    run(django_capture_on_commit_callbacks)
    assert len(github.check_runs[1]["annotations"]) == 60
    assert github.check_runs[1]["conclusion"] == "neutral"


def test_open_hip_port_pushes_a_branch_and_opens_a_pull_request_then_follows_new_pushes(
        github, eager, django_capture_on_commit_callbacks):
    github.add_commit(REPO, SHA, repository(), branch="tiled-stencil")
    job = run(django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        request_port(PullRequest.objects.get(job=job), "mira-k")
    port = PortRequest.objects.get()
    assert (port.state, port.message) == ("done", port.message)
    assert port.pull_url == f"https://github.com/{REPO}/pull/{port.pull_number}"
    ported = github.files_of(REPO, "rocport/hip-port/17")
    assert b"hipMalloc" in ported["saxpy/saxpy.cu"]
    assert github.commits[port.commit_sha]["parents"] == [SHA]
    (opened,) = github.received("POST", f"/repos/{REPO}/pulls$")
    assert (opened.body["head"], opened.body["base"]) == ("rocport/hip-port/17", "tiled-stencil")
    assert "HIP port of #17" in opened.body["body"]

    github.add_commit(REPO, NEWER, {**repository(), "saxpy/extra.cu": b"cudaFree(0);\n"})
    run(django_capture_on_commit_callbacks, sha=NEWER, delivery="push-2")
    assert PortRequest.objects.filter(state="done").count() == 2
    (forced,) = github.received("PATCH", "/git/refs/heads/rocport/hip-port/17$")
    assert forced.body["force"] is True
    assert b"hipFree" in github.files_of(REPO, "rocport/hip-port/17")["saxpy/extra.cu"]
    assert len(github.received("POST", f"/repos/{REPO}/pulls$")) == 1  # the same pull request


def test_a_failed_download_completes_the_check_run_as_a_failure(
        github, eager, django_capture_on_commit_callbacks):
    job = run(django_capture_on_commit_callbacks)  # the fake has no such commit
    assert job.state == "failed"
    assert github.check_runs[1]["conclusion"] == "failure"
    assert github.check_runs[1]["output"]["title"] == (
        "rocport could not translate this commit (github-not-found)")
    assert "actions" not in github.received("PATCH", "/check-runs/1$")[0].body


def test_a_job_canceled_before_it_started_gets_a_cancelled_check_run(
        github, eager, django_capture_on_commit_callbacks):
    job = submit_pull_request(parse_pull_request(payload("pull_request_opened")), None)
    with django_capture_on_commit_callbacks(execute=True):
        job.cancel()
    (created,) = github.received("POST", "/check-runs$")
    assert (created.body["status"], created.body["conclusion"]) == ("completed", "cancelled")
    assert created.body["external_id"] == str(job.pk)
