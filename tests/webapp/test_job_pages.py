"""Job pages: sign-in, upload, job page with diffs/findings/compile results, downloads."""

import json
from datetime import timedelta

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from tests.factories import (
    PASSWORD,
    example_zip,
    file_entry,
    finding_entry,
    make_job,
    make_user,
    report_json,
)
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db

PATCH = (
    "--- a/saxpy/saxpy.cu\n+++ b/saxpy/saxpy.cu\n@@ -1,2 +1,2 @@\n"
    "-  cudaMalloc(&x, n);\n+  hipMalloc(&x, n);\n int y;\n"
    "--- a/saxpy/saxpy.h\n+++ b/saxpy/saxpy.h\n@@ -1 +1 @@\n"
    "-#include <cuda_runtime.h>\n+#include <hip/hip_runtime.h>\n"
)
REPORT = report_json(
    files=[file_entry("saxpy/saxpy.cu")],
    findings=[finding_entry("saxpy/saxpy.cu", 7, column=3,
                            message="cudaFooBar not translated: no HIP counterpart")],
    compile=[{"path": "saxpy/saxpy.cu", "ok": True, "output": "", "diagnostics": []}],
)


@pytest.fixture(autouse=True)
def runners_version(monkeypatch):
    """The HIP version of the ROCm runners (webapp.runners.default_hip_version): none
    known unless a test says otherwise."""
    versions = {"version": ""}
    monkeypatch.setattr("webapp.runners.default_hip_version", lambda: versions["version"])
    return versions


def finished_job(owner):
    job = make_job(owner=owner, state=Job.State.DONE, source_name="saxpy.zip",
                   compile_status="compile check: 1 of 1 units compiled with hipcc for gfx90a")
    job.store_artifact("changes.patch", PATCH.encode())
    job.store_artifact("report.json", json.dumps(REPORT).encode())
    job.store_artifact("hip-tree.tar.gz", b"\x1f\x8b not really")
    job.store_artifact("hip-tree.zip", b"PK\x05\x06 not really")
    job.refresh_from_db()
    return job


def test_pages_require_sign_in(client):
    response = client.get(reverse("jobs:new"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_sign_in_with_django_login_view(client, user):
    response = client.post(reverse("login"), {"username": user.username, "password": PASSWORD})
    assert (response.status_code, response["Location"]) == (302, reverse("jobs:list"))


def test_upload_creates_a_queued_job_with_the_stored_archive(signed_in, user,
                                                             django_capture_on_commit_callbacks):
    archive = SimpleUploadedFile("saxpy.zip", example_zip(), "application/zip")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = signed_in.post(reverse("jobs:new"), {"archive": archive, "roc": "on"})
    job = Job.objects.get()
    assert response["Location"] == job.get_absolute_url()
    assert (job.owner, job.state, job.source_name, job.options) == (
        user, "queued", "saxpy.zip", {"roc": True}
    )
    assert job.input_name == f"jobs/{job.pk}/input.zip"
    assert default_storage.open(job.input_name).read() == example_zip()
    assert len(callbacks) == 1


def test_the_form_takes_a_build_configuration(signed_in, django_capture_on_commit_callbacks):
    archive = SimpleUploadedFile("saxpy.zip", example_zip(), "application/zip")
    with django_capture_on_commit_callbacks(execute=False):
        signed_in.post(reverse("jobs:new"), {
            "archive": archive, "cmake": "USE_CUDA=ON\nGPU_ARCHS=gfx942 gfx90a\n",
            "make_variables": "GPU=1", "make_goals": "all kernels"})
    assert {name: value for name, value in Job.objects.get().options.items()
            if name in ("cmake", "make_variables", "make_goals")} == {
        "cmake": ["USE_CUDA=ON", "GPU_ARCHS=gfx942 gfx90a"], "make_variables": ["GPU=1"],
        "make_goals": ["all", "kernels"]}


def test_the_form_refuses_a_goal_that_would_be_an_option(signed_in):
    archive = SimpleUploadedFile("saxpy.zip", example_zip(), "application/zip")
    response = signed_in.post(reverse("jobs:new"), {"archive": archive, "make_goals": "-j64"})
    assert response.status_code == 400
    assert b"is not a make goal" in response.content
    assert not Job.objects.exists()


def test_upload_keeps_tar_gz_suffix(signed_in, django_capture_on_commit_callbacks):
    archive = SimpleUploadedFile("project.TAR.GZ", b"\x1f\x8b data")
    with django_capture_on_commit_callbacks(execute=False):
        signed_in.post(reverse("jobs:new"), {"archive": archive})
    assert Job.objects.get().input_name.endswith("/input.tar.gz")


def test_upload_refuses_other_file_types(signed_in):
    archive = SimpleUploadedFile("kernel.cu", b"__global__ void k() {}")
    response = signed_in.post(reverse("jobs:new"), {"archive": archive})
    assert response.status_code == 400
    assert b"the file name must end with .zip, .tar.gz, .tgz or .tar" in response.content
    assert not Job.objects.exists()


def test_upload_refuses_a_file_over_the_limit(signed_in, settings):
    settings.MAX_UPLOAD_BYTES = 10
    response = signed_in.post(reverse("jobs:new"),
                              {"archive": SimpleUploadedFile("a.zip", b"x" * 11)})
    assert response.status_code == 413
    assert b"the limit is 10" in response.content
    assert not Job.objects.exists()


def test_upload_answers_413_before_reading_a_huge_body(signed_in, settings):
    settings.MAX_UPLOAD_BYTES = 10
    response = signed_in.generic("POST", reverse("jobs:new"), b"x" * 70_000,
                                 content_type="multipart/form-data; boundary=zzz")
    assert response.status_code == 413
    assert b"larger than the limit" in response.content


def test_job_page_of_a_job_without_review_data_shows_summary_and_compile_results(signed_in,
                                                                                user):
    job = finished_job(user)  # translated before review data was stored: no review/
    page = signed_in.get(job.get_absolute_url()).content.decode()
    assert "has no per-file review data" in page
    assert 'aria-label="Findings by severity: warning 1"' in page
    assert '<span class="ok">compiled</span>' in page
    assert "1 of 1 units compiled with hipcc for gfx90a" in page
    assert 'http-equiv="refresh"' not in page


def test_running_job_page_follows_the_job_without_reloading(signed_in, user):
    job = make_job(owner=user, state=Job.State.TRANSLATING, progress_done=3, progress_total=7)
    page = signed_in.get(job.get_absolute_url()).content.decode()
    assert 'http-equiv="refresh"' not in page  # it lost the reviewer's place every 2 s
    assert f'data-status-url="/jobs/{job.pk}/status/" data-active="1"' in page
    assert "3 / 7 files" in page


def test_failed_job_page_shows_code_and_message(signed_in, user):
    job = make_job(owner=user, state=Job.State.FAILED, failure_code="link",
                   failure_message="passwd: links are not allowed")
    page = signed_in.get(job.get_absolute_url()).content.decode()
    assert "<strong>link</strong>: passwd: links are not allowed" in page


def test_other_users_jobs_are_invisible(signed_in):
    job = finished_job(make_user())
    assert signed_in.get(job.get_absolute_url()).status_code == 404
    url = reverse("jobs:download", args=[job.pk, "changes.patch"])
    assert signed_in.get(url).status_code == 404


def test_job_list_shows_only_own_jobs(signed_in, user):
    mine = make_job(owner=user, source_name="mine.zip")
    make_job(source_name="theirs.zip")
    page = signed_in.get(reverse("jobs:list")).content.decode()
    assert mine.get_absolute_url() in page
    assert "theirs.zip" not in page


def test_download_serves_an_artifact_as_attachment(signed_in, user):
    job = finished_job(user)
    response = signed_in.get(reverse("jobs:download", args=[job.pk, "changes.patch"]))
    assert response["Content-Disposition"] == 'attachment; filename="saxpy-changes.patch"'
    assert b"".join(response.streaming_content).decode() == PATCH


def test_job_page_offers_the_hip_tree_as_tar_gz_and_zip(signed_in, user):
    job = finished_job(user)
    page = signed_in.get(job.get_absolute_url()).content.decode()
    for name in ("hip-tree.tar.gz", "hip-tree.zip"):
        assert f'<a href="/jobs/{job.pk}/files/{name}">{name}</a>' in page


def test_download_serves_the_zip_tree_as_a_zip(signed_in, user):
    job = finished_job(user)
    response = signed_in.get(reverse("jobs:download", args=[job.pk, "hip-tree.zip"]))
    assert response["Content-Type"] == "application/zip"
    assert response["Content-Disposition"] == 'attachment; filename="saxpy-hip-tree.zip"'
    assert b"".join(response.streaming_content) == b"PK\x05\x06 not really"


def test_download_refuses_names_outside_the_artifacts(signed_in, user):
    job = finished_job(user)
    for name in ("input.zip", "findings.sarif", "..%2F..%2Fsecret_key"):
        assert signed_in.get(f"/jobs/{job.pk}/files/{name}").status_code == 404


def test_cancel_ends_an_active_job(signed_in, user):
    job = make_job(owner=user, state=Job.State.TRANSLATING)
    signed_in.post(reverse("jobs:cancel", args=[job.pk]))
    job.refresh_from_db()
    assert job.state == "canceled"


def test_cancel_leaves_a_finished_job_alone(signed_in, user):
    job = finished_job(user)
    response = signed_in.post(reverse("jobs:cancel", args=[job.pk]), follow=True)
    assert b"The job had already ended (done)." in response.content
    job.refresh_from_db()
    assert job.state == "done"


def test_job_page_warns_when_a_running_job_stopped_moving(signed_in, user, settings):
    job = make_job(owner=user, state=Job.State.TRANSLATING)
    Job.objects.filter(pk=job.pk).update(
        updated_at=timezone.now() - timedelta(seconds=settings.TRANSLATE_TIME_LIMIT + 61)
    )
    page = signed_in.get(job.get_absolute_url()).content.decode()
    assert 'id="job-stuck"' in page


def test_job_page_does_not_warn_about_a_job_that_moves(signed_in, user):
    job = make_job(owner=user, state=Job.State.TRANSLATING)
    assert 'id="job-stuck"' not in signed_in.get(job.get_absolute_url()).content.decode()


def test_new_job_form_offers_the_runners_hip_version(signed_in, runners_version):
    runners_version["version"] = "6.1"
    page = signed_in.get(reverse("jobs:new")).content.decode()
    assert 'name="hip_version" value="6.1"' in page


def test_a_blank_hip_version_targets_the_runners(signed_in, runners_version,
                                                  django_capture_on_commit_callbacks):
    runners_version["version"] = "6.1"
    archive = SimpleUploadedFile("saxpy.zip", example_zip(), "application/zip")
    with django_capture_on_commit_callbacks(execute=False):
        signed_in.post(reverse("jobs:new"), {"archive": archive, "hip_version": ""})
    assert Job.objects.get().options == {"hip_version": [6, 1]}


def test_job_page_shows_the_target_hip_version_and_the_toolchain_when_they_differ(signed_in,
                                                                                   user):
    job = finished_job(user)
    job.options = {"hip_version": [6, 2]}
    job.save()
    mismatch = "translated for HIP 6.2 but compiled with HIP 5.2: names newer than HIP 5.2 fail"
    report = {**REPORT, "compile_summary": {"target_hip_version": "6.2",
                                            "toolchain_hip_version": "5.2",
                                            "version_mismatch": mismatch}}
    job.store_artifact("report.json", json.dumps(report).encode())
    page = signed_in.get(job.get_absolute_url()).content.decode()
    assert '<p id="hip-target">Translated for HIP 6.2; compiled with HIP 5.2.</p>' in page
    assert mismatch in page
