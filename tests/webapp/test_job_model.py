"""The Job state machine: allowed transitions only, atomic against races."""

import pytest

from tests.factories import make_job
from webapp.jobs.models import InvalidTransition, Job

pytestmark = pytest.mark.django_db


def test_walks_the_whole_happy_path():
    job = make_job()
    job.start_unpacking()
    job.start_translating(total=3)
    assert job.set_progress(2, 3)
    job.start_compiling({"files": 3})
    assert job.claim_compile()
    job.mark_done("compile check: 1 of 1 units compiled", {"compile_ok": 1})
    job.refresh_from_db()
    assert (job.state, job.progress_done, job.summary) == (
        "done", 2, {"files": 3, "compile_ok": 1}
    )
    assert job.started_at <= job.finished_at


def test_refuses_to_skip_a_state():
    job = make_job()
    with pytest.raises(InvalidTransition, match="cannot go from queued to compiling"):
        job.start_compiling({})
    job.refresh_from_db()
    assert job.state == Job.State.QUEUED


def test_a_canceled_job_stops_the_worker_at_its_next_step():
    job = make_job()
    job.start_unpacking()
    Job.objects.get(pk=job.pk).cancel()
    with pytest.raises(InvalidTransition):
        job.start_translating(total=1)
    assert job.state == Job.State.CANCELED


def test_progress_reports_that_the_job_left_translating():
    job = make_job()
    job.start_unpacking()
    job.start_translating(total=5)
    Job.objects.get(pk=job.pk).cancel()
    assert job.set_progress(1, 5) is False


def test_a_finished_job_cannot_fail_later():
    job = make_job(state=Job.State.DONE)
    with pytest.raises(InvalidTransition):
        job.mark_failed("internal-error", "late")


def test_compile_can_be_claimed_only_once():
    job = make_job(state=Job.State.COMPILING)
    assert job.claim_compile() is True
    assert Job.objects.get(pk=job.pk).claim_compile() is False


def test_failure_keeps_code_and_message():
    job = make_job()
    job.mark_failed("unsafe-path", "../evil: '..' in a path is not allowed")
    job.refresh_from_db()
    assert (job.state, job.failure_code, job.failure_message) == (
        "failed", "unsafe-path", "../evil: '..' in a path is not allowed"
    )


def test_artifacts_are_stored_under_the_job_folder():
    job = make_job(archive=b"PK\x05\x06" + bytes(18), suffix=".zip")
    job.store_artifact("report.json", b'{"findings": []}')
    assert job.input_name == f"jobs/{job.pk}/input.zip"
    assert job.read_report() == {"findings": []}
    assert Job.objects.get(pk=job.pk).artifacts == ["report.json"]


@pytest.mark.parametrize(("source_name", "expected"), [
    ("saxpy.zip", "saxpy-hip-tree.zip"), ("owner/repo.tar.gz", "repo-hip-tree.zip"),
    ("lib.tgz", "lib-hip-tree.zip"), ("", "{pk}-hip-tree.zip"),
])
def test_downloads_are_named_after_the_upload(source_name, expected):
    job = make_job(source_name=source_name)
    assert job.download_name("hip-tree.zip") == expected.format(pk=job.pk)


def test_refuses_unknown_artifact_names():
    job = make_job()
    with pytest.raises(ValueError, match="unknown artifact"):
        job.store_artifact("../../etc/passwd", b"x")
