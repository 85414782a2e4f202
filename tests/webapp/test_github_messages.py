"""What a pull request is told: commit status states and the Markdown summary."""

import pytest

from tests.factories import make_job
from webapp.github.messages import commit_status, job_links, pull_request_comment
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db

REPORT = {
    "files": [
        {"path": "src", "kind": "folder", "status": "copied", "unsupported": []},
        {"path": "src/stencil.cu", "kind": "cuda", "status": "translated",
         "unsupported": [{"name": "cudaGraphInstantiateWithParams", "line": 3, "column": 1},
                         {"name": "cudaGraphInstantiateWithParams", "line": 9, "column": 1}]},
        {"path": "README.md", "kind": "text", "status": "copied", "unsupported": []},
    ],
    "findings": [
        {"code": "W201", "category": "warp-size", "suppressed": False},
        {"code": "W201", "category": "warp-size", "suppressed": False},
        {"code": "W101", "category": "lane-mask", "suppressed": True},
    ],
    "compile": [{"path": "src/stencil.cu", "ok": False}],
}


def done_job(**summary):
    return make_job(state=Job.State.DONE, compile_status="compile check: 0 of 1 units compiled",
                    summary={"files": 2, "translated": 1, **summary})


def test_done_job_with_compile_failures_is_a_failure_status():
    assert commit_status(done_job(compile_failed=1)) == (
        "failure", "translated 1 of 2 files; 1 units failed to compile with hipcc")


def test_done_job_that_compiles_is_a_success():
    job = done_job(compile_failed=0)
    assert commit_status(job) == ("success", f"translated 1 of 2 files; {job.compile_status}")


def test_failed_job_is_an_error_status_with_its_code():
    job = make_job(state=Job.State.FAILED, failure_code="link", failure_message="a: no links")
    assert commit_status(job) == ("error", "link: a: no links")


def test_queued_job_is_pending():
    assert commit_status(make_job())[0] == "pending"


def test_comment_summarises_files_names_findings_and_compile_result():
    text = pull_request_comment(done_job(), REPORT, {"job": "http://r.test/jobs/1/"})
    assert "**Files translated:** 1 of 2" in text
    assert "**Not converted (no HIP counterpart):** `cudaGraphInstantiateWithParams` ×2" in text
    assert "**Findings:** warp-size 2\n" in text  # the suppressed finding is not counted
    assert "failed: `src/stencil.cu`" in text
    assert text.endswith("[job](http://r.test/jobs/1/)\n")


def test_comment_of_a_failed_job_says_why():
    job = make_job(state=Job.State.FAILED, failure_code="too-large", failure_message="big")
    assert "could not translate this commit: **too-large**: big" in pull_request_comment(
        job, None, {})


def test_links_need_a_public_address():
    job = make_job(artifacts=["changes.patch"])
    assert job_links(job, "") == {}
    assert job_links(job, "https://r.test") == {
        "job": f"https://r.test/jobs/{job.pk}/",
        "patch": f"https://r.test/jobs/{job.pk}/files/changes.patch",
    }


def test_links_offer_the_hip_tree_in_both_formats():
    job = make_job(artifacts=["hip-tree.tar.gz", "hip-tree.zip"])
    links = job_links(job, "https://r.test")
    assert links["HIP tree"] == f"https://r.test/jobs/{job.pk}/files/hip-tree.tar.gz"
    assert links["HIP tree (zip)"] == f"https://r.test/jobs/{job.pk}/files/hip-tree.zip"
