"""The job page follows a running job without reloading: a small JSON view it polls (304
when nothing changed), and results that show the units compiled so far while the rest
compile. Failed and canceled pages say only what still holds; a check that verified
nothing is not shown green."""

import json

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_job
from tests.review_jobs import review_project, reviewed_job
from tests.webapp.test_job_review import UNIT_ERROR, UNIT_OK
from translator.compile.report import summarize
from webapp.jobs.batches import CompileBatch
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db


def status(client, job, etag=""):
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    return client.get(reverse("jobs:status", args=[job.pk]), **headers)


def test_the_live_view_is_small_and_answers_304_when_nothing_changed(signed_in, user):
    job = make_job(owner=user, state=Job.State.TRANSLATING, progress_done=3, progress_total=7,
                   progress_phase="translating")
    first = status(signed_in, job)
    answer = first.json()
    assert (answer["state"], answer["active"], answer["progress"]["done"]) == (
        "translating", True, 3)
    assert "3 / 7 files" in answer["html"]
    assert len(first.content) < 4000
    assert status(signed_in, job, first["ETag"]).status_code == 304
    job.set_progress(4, 7)
    moved = status(signed_in, job, first["ETag"])
    assert moved.status_code == 200
    assert "4 / 7 files" in moved.json()["html"]


def test_packing_and_storing_are_shown_as_steps(signed_in, user):
    job = make_job(owner=user, state=Job.State.TRANSLATING, progress_done=7, progress_total=7,
                   progress_phase="packing")
    assert "packing the outputs (7 files translated)" in status(signed_in, job).json()["html"]


def outcome(*units):
    entries = [dict(unit) for unit in units]
    return {"toolchain": {"hipcc": {"hip_version": "6.4", "runner": "rocm-6.4"}},
            "compile": entries, "summary": summarize([{**e, "kernels": []} for e in entries]),
            "skipped": "", "notes": []}


@pytest.fixture
def compiling_job(user, tmp_path):
    """A job whose translation is stored and whose split check has one batch of two done."""
    job = reviewed_job(user, review_project(tmp_path))
    Job.objects.filter(pk=job.pk).update(state=Job.State.COMPILING, compile_batches=2,
                                         compile_started_at=timezone.now(),
                                         progress_phase="compiling", progress_total=2)
    job.refresh_from_db()
    CompileBatch.objects.create(job=job, attempt=1, number=0, units=[0],
                                paths=[UNIT_ERROR["output_path"]],
                                state=CompileBatch.State.DONE, outcome=outcome(UNIT_ERROR))
    CompileBatch.objects.create(job=job, attempt=1, number=1, units=[1],
                                paths=[UNIT_OK["output_path"]], state=CompileBatch.State.RUNNING)
    return job


def test_units_compiled_so_far_are_shown_while_the_rest_compile(signed_in, compiling_job):
    page = signed_in.get(compiling_job.get_absolute_url()).content.decode()
    assert "the 1 unit compiled so far are below" in page
    assert "project/src/particles.cu" in page
    assert "warpSize64" in page
    assert 'id="file-tree"' in page  # reviewable while the check runs
    review = signed_in.get(reverse("jobs:review", args=[compiling_job.pk]),
                           {"file": "project/src/particles.cu"}).content.decode()
    assert "hipcc: use of undeclared identifier" in review


def test_the_results_version_moves_when_a_batch_finishes(signed_in, compiling_job):
    before = status(signed_in, compiling_job).json()["results"]
    CompileBatch.objects.filter(job=compiling_job, number=1).update(
        state=CompileBatch.State.DONE, outcome=outcome(UNIT_OK))
    assert status(signed_in, compiling_job).json()["results"] != before
    fragment = signed_in.get(compiling_job.get_absolute_url(), {"fragment": "results"})
    text = fragment.content.decode()
    assert "<html" not in text
    assert 'id="compile-section"' in text
    assert "the 2 units compiled so far" in text


def test_a_failed_job_says_nothing_about_waiting_for_a_runner(signed_in, user):
    job = make_job(owner=user, state=Job.State.TRANSLATING, artifacts=["changes.patch"])
    job.start_compiling({})  # "waiting for a ROCm runner"
    job.mark_failed("time-limit", "the compile check took longer than 600 s")
    page = signed_in.get(job.get_absolute_url()).content.decode()
    assert "waiting for a ROCm runner" not in page
    assert 'id="compile-status"' not in page
    assert "The translation's results below are complete" in page


def test_a_check_that_compiled_no_unit_is_not_shown_green(signed_in, user):
    job = make_job(owner=user, state=Job.State.DONE,
                   summary={"compile_ok": 0, "compile_failed": 4,
                            "compile_translation_errors": 0})
    page = signed_in.get(job.get_absolute_url()).content.decode()
    assert 'class="state state-done state-unverified"' in page
    assert "no unit compiled: the port is not verified" in page


def test_unchecked_gpu_sources_are_named_and_not_shown_green(signed_in, user, tmp_path):
    job = reviewed_job(user, review_project(tmp_path), compile_units=[UNIT_OK])
    report = job.read_report()
    report["compile_summary"]["gpu_sources"] = {
        "total": 3, "checked": 1, "unchecked": [
            {"path": "project/src/particles.cu", "reason": "not in any build target"}]}
    job.store_artifact("report.json", json.dumps(report).encode())
    Job.objects.filter(pk=job.pk).update(summary={
        "compile_ok": 1, "compile_failed": 0, "gpu_sources": report["compile_summary"][
            "gpu_sources"]})
    page = signed_in.get(job.get_absolute_url()).content.decode()
    assert "1 of 3 GPU sources checked" in page
    assert "<code>project/src/particles.cu</code>: not in any build target" in page
    assert "state-unverified" in page


def test_frequent_errors_name_the_missing_file_and_where(signed_in, user, tmp_path):
    job = reviewed_job(user, review_project(tmp_path), compile_units=[UNIT_ERROR])
    report = job.read_report()
    report["compile_summary"]["top_errors"] = [
        {"message": "'…' file not found", "count": 3, "units": 2,
         "example": {"path": "project/src/particles.cu", "line": 2,
                     "message": "'thrust/device_vector.h' file not found"}},
        {"message": "no location", "count": 1, "units": 1,
         "example": {"path": "", "line": 0, "message": "linker failed"}}]
    job.store_artifact("report.json", json.dumps(report).encode())
    page = signed_in.get(job.get_absolute_url()).content.decode()
    assert ("3 × &#x27;thrust/device_vector.h&#x27; file not found <small>(at "
            "project/src/particles.cu:2, and 2 more like it)</small>") in page
    assert "(e.g. :0)" not in page
    assert "1 × linker failed</li>" in page
