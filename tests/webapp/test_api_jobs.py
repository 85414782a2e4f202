"""REST API for jobs: authentication, submit, list, detail, report, files, cancel, errors."""

import json

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from rest_framework.test import APIClient

from tests.factories import EXAMPLE, example_zip, make_job, make_user
from tests.review_jobs import reviewed_job
from webapp.api.tokens import issue_token
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db

REPORT = {"tool": "rocport", "files": [{"path": "saxpy/saxpy.cu", "status": "translated"}],
          "findings": [], "compile": []}


@pytest.fixture
def api(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {issue_token(user)}")
    return client


def done_job(owner) -> Job:
    job = make_job(owner=owner, state=Job.State.DONE, source_name="saxpy.zip",
                   summary={"files": 3, "translated": 1, "findings": 0},
                   compile_status="compile check: 1 of 1 units compiled with hipcc for gfx90a")
    job.store_artifact("report.json", json.dumps(REPORT).encode())
    job.store_artifact("changes.patch", b"--- a/x.cu\n+++ b/x.cu\n")
    job.refresh_from_db()
    return job


def upload(name="saxpy.zip", data=None):
    return SimpleUploadedFile(name, example_zip() if data is None else data, "application/zip")


# --- authentication -----------------------------------------------------------------------
def test_anonymous_request_is_answered_401_with_json_error():
    response = APIClient().get("/api/jobs/")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not-authenticated"
    assert response["WWW-Authenticate"] == "Token"


def test_wrong_token_is_answered_401():
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token 0123456789abcdef")
    response = client.get("/api/jobs/")
    assert (response.status_code, response.json()["error"]["code"]) == (
        401, "authentication-failed")


def test_session_authentication_works_for_signed_in_browsers(user):
    client = APIClient()
    client.force_login(user)
    assert client.get("/api/jobs/").status_code == 200


def test_session_post_without_csrf_token_is_refused(user):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post("/api/jobs/", {"archive": upload()}, format="multipart")
    assert (response.status_code, response.json()["error"]["code"]) == (403, "permission-denied")
    assert "CSRF" in response.json()["error"]["message"]


# --- submit -------------------------------------------------------------------------------
def test_submit_creates_an_api_job_with_options(api, user, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = api.post("/api/jobs/", {
            "archive": upload(), "roc": "true", "hip_version": "6.2",
            "offload_archs": ["gfx942", "gfx90a"], "ignore": ["W5"],
        }, format="multipart")
    assert response.status_code == 201, response.json()
    job = Job.objects.get()
    assert (job.owner, job.source_kind, job.source_name, job.state) == (
        user, "api", "saxpy.zip", "queued")
    assert job.options == {"roc": True, "hip_version": [6, 2],
                           "offload_archs": ["gfx942", "gfx90a"], "ignore": ["W5"]}
    assert default_storage.open(job.input_name).read() == example_zip()
    body = response.json()
    assert body["id"] == str(job.pk)
    assert response["Location"] == body["links"]["self"] == f"http://testserver/api/jobs/{job.pk}/"
    assert len(callbacks) == 1


def test_a_build_configuration_is_stored_and_shown(api, user,
                                                   django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        response = api.post("/api/jobs/", {
            "archive": upload(), "cmake": ["USE_CUDA", "CMAKE_BUILD_TYPE=Release"],
            "make_variables": ["GPU=1"], "make_goals": ["all", "kernels"],
        }, format="multipart")
    assert response.status_code == 201, response.json()
    options = Job.objects.get().options
    done = reviewed_job(user, EXAMPLE, options=None, compile_units=[])
    done.options = options
    done.save()
    assert done.build_config().describe() == (
        "-DUSE_CUDA=ON -DCMAKE_BUILD_TYPE=Release GPU=1 all kernels")
    page = APIClient()
    page.force_login(user)
    assert "-DUSE_CUDA=ON -DCMAKE_BUILD_TYPE=Release GPU=1 all kernels" in page.get(
        f"/jobs/{done.pk}/").content.decode()


def test_a_blank_hip_version_targets_the_runners(api, monkeypatch,
                                                  django_capture_on_commit_callbacks):
    monkeypatch.setattr("webapp.runners.default_hip_version", lambda: "6.1")
    with django_capture_on_commit_callbacks(execute=False):
        response = api.post("/api/jobs/", {"archive": upload(), "hip_version": ""},
                            format="multipart")
    assert Job.objects.get().options == {"hip_version": [6, 1]}
    assert response.json()["hip_version"] == {"target": "6.1", "toolchain": None,
                                              "mismatch": ""}


def test_detail_shows_the_target_hip_version_and_the_toolchain(api, user):
    job = make_job(owner=user, state=Job.State.DONE, options={"hip_version": [6, 2]},
                   summary={"toolchain_hip_version": "5.2", "version_mismatch": "differ"})
    body = api.get(f"/api/jobs/{job.pk}/").json()
    assert body["hip_version"] == {"target": "6.2", "toolchain": "5.2", "mismatch": "differ"}


def test_submitted_options_reach_the_translator(api, django_capture_on_commit_callbacks):
    from workers.translating import translation_options

    with django_capture_on_commit_callbacks(execute=False):
        api.post("/api/jobs/", {"archive": upload(), "hip_version": "5.2", "naming": "hip",
                                "hip_kernel_execution_syntax": "true"}, format="multipart")
    options = translation_options(Job.objects.get())
    assert (options.hip_version, options.naming, options.hip_kernel_execution_syntax) == (
        (5, 2), "hip", True)


@pytest.mark.parametrize(("fields", "field"), [
    ({"archive": SimpleUploadedFile("kernel.cu", b"__global__ void k() {}")}, "archive"),
    ({}, "archive"),
    ({"hip_version": "six"}, "hip_version"),
    ({"offload_archs": ["sm_80"]}, "offload_archs"),
    ({"naming": "rename"}, "naming"),
    ({"select": ["R1; rm -rf"]}, "select"),
    ({"cmake": ["1USE_CUDA=ON"]}, "cmake"),
    ({"make_variables": ["GPU=1\nall:"]}, "make_variables"),
    ({"make_goals": ["--eval=x"]}, "make_goals"),
], ids=["not-an-archive-name", "no-archive", "bad-version", "cuda-arch", "bad-naming",
        "bad-rule", "bad-cmake-name", "two-line-value", "goal-as-option"])
def test_invalid_submission_is_answered_400_with_the_field(api, fields, field):
    data = {"archive": upload(), **fields} if field != "archive" or fields else {}
    response = api.post("/api/jobs/", data, format="multipart")
    error = response.json()["error"]
    assert (response.status_code, error["code"]) == (400, "invalid")
    assert list(error["fields"]) == [field]
    assert error["message"].startswith(f"{field}: ")
    assert not Job.objects.exists()


def test_archive_over_the_limit_is_answered_413(api, settings):
    settings.MAX_UPLOAD_BYTES = 100
    response = api.post("/api/jobs/", {"archive": upload(data=b"x" * 101)}, format="multipart")
    assert (response.status_code, response.json()["error"]["code"]) == (413, "too-large")
    assert not Job.objects.exists()


def test_huge_body_is_answered_413_before_it_is_read(api, settings):
    settings.MAX_UPLOAD_BYTES = 10
    response = api.generic("POST", "/api/jobs/", b"x" * 70_000,
                           content_type="multipart/form-data; boundary=zzz")
    assert (response.status_code, response.json()["error"]["code"]) == (413, "too-large")


def test_json_body_is_refused_as_unsupported_media_type(api):
    response = api.post("/api/jobs/", {"roc": True}, format="json")
    assert (response.status_code, response.json()["error"]["code"]) == (
        415, "unsupported-media-type")


# --- read -----------------------------------------------------------------------------------
def test_list_shows_own_jobs_newest_first_paginated(api, user):
    mine = [make_job(owner=user, source_name=f"p{n}.zip") for n in range(3)]
    make_job(source_name="someone-else.zip")
    page = api.get("/api/jobs/?page_size=2").json()
    assert page["count"] == 3
    assert [job["source_name"] for job in page["results"]] == ["p2.zip", "p1.zip"]
    second = api.get(page["next"]).json()
    assert [job["id"] for job in second["results"]] == [str(mine[0].pk)]


def test_detail_shows_state_progress_summary_and_links(api, user):
    job = done_job(user)
    body = api.get(f"/api/jobs/{job.pk}/").json()
    assert (body["state"], body["failure"], body["summary"]["translated"]) == ("done", None, 1)
    assert body["progress"] == {"phase": "", "done": 0, "total": 0, "percent": 100,
                                "waiting": ""}
    assert body["compile_status"].startswith("compile check: 1 of 1")
    base = f"http://testserver/api/jobs/{job.pk}/"
    assert body["links"] == {
        "self": base, "page": f"http://testserver/jobs/{job.pk}/", "report": base + "report/",
        "cancel": None,
        "files": {"changes.patch": base + "files/changes.patch",
                  "report.json": base + "files/report.json"},
    }


def test_detail_says_what_the_compile_check_is_worth(api, user):
    sources = {"total": 4, "checked": 3, "unchecked": [{"path": "k.cu", "reason": "no target"}],
               "unchecked_count": 1}
    job = make_job(owner=user, state=Job.State.DONE, summary={
        "compile_ok": 2, "compile_failed": 0, "gpu_sources": sources},
        compile_status="compile check: 2 of 2 units compiled; 3 of 4 GPU sources checked")
    body = api.get(f"/api/jobs/{job.pk}/").json()
    assert (body["compile_verdict"], body["summary"]["gpu_sources"]) == ("incomplete", sources)
    nothing = make_job(owner=user, state=Job.State.DONE,
                       summary={"compile_ok": 0, "compile_failed": 5})
    assert api.get(f"/api/jobs/{nothing.pk}/").json()["compile_verdict"] == "none-compiled"
    older = make_job(owner=user, state=Job.State.DONE, summary={"compile_ok": 1})
    assert api.get(f"/api/jobs/{older.pk}/").json()["compile_verdict"] == "ok"
    running = make_job(owner=user, state=Job.State.COMPILING)
    assert api.get(f"/api/jobs/{running.pk}/").json()["compile_verdict"] == ""


def test_detail_of_a_failed_job_has_code_and_message(api, user):
    job = make_job(owner=user, state=Job.State.FAILED, failure_code="unsafe-path",
                   failure_message="../x: '..' in a path is not allowed")
    body = api.get(f"/api/jobs/{job.pk}/").json()
    assert body["failure"] == {"code": "unsafe-path",
                               "message": "../x: '..' in a path is not allowed"}


def test_running_job_reports_progress_and_a_cancel_link(api, user):
    job = make_job(owner=user, state=Job.State.TRANSLATING, progress_done=3, progress_total=4,
                   progress_phase="translating")
    body = api.get(f"/api/jobs/{job.pk}/").json()
    assert body["progress"] == {"phase": "translating", "done": 3, "total": 4, "percent": 75,
                                "waiting": ""}
    assert body["links"]["cancel"].endswith(f"/api/jobs/{job.pk}/cancel/")
    assert body["links"]["report"] is None


def test_other_users_job_is_answered_404(api):
    job = done_job(make_user())
    for path in ("", "report/", "files/report.json"):
        response = api.get(f"/api/jobs/{job.pk}/{path}")
        assert (response.status_code, response.json()["error"]["code"]) == (404, "not-found")
    assert api.post(f"/api/jobs/{job.pk}/cancel/").status_code == 404
    assert Job.objects.get(pk=job.pk).state == "done"


def test_superuser_reads_any_job_but_lists_only_their_own(user):
    admin = make_user(is_superuser=True)
    client = APIClient()
    client.force_authenticate(admin)
    job = done_job(user)
    assert client.get(f"/api/jobs/{job.pk}/").status_code == 200
    assert client.get("/api/jobs/").json()["count"] == 0


def test_report_returns_the_stored_report(api, user):
    job = done_job(user)
    assert api.get(f"/api/jobs/{job.pk}/report/").json() == REPORT


def test_report_of_an_unfinished_job_is_not_ready(api, user):
    job = make_job(owner=user)
    response = api.get(f"/api/jobs/{job.pk}/report/")
    assert (response.status_code, response.json()["error"]["code"]) == (409, "not-ready")


def test_file_download_streams_the_artifact(api, user):
    job = done_job(user)
    response = api.get(f"/api/jobs/{job.pk}/files/changes.patch", HTTP_ACCEPT="text/x-diff")
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == b"--- a/x.cu\n+++ b/x.cu\n"
    assert response["Content-Type"] == "text/x-diff; charset=utf-8"
    assert 'filename="saxpy-changes.patch"' in response["Content-Disposition"]


def test_hip_tree_is_listed_and_served_in_both_formats(api, user):
    job = done_job(user)
    job.store_artifact("hip-tree.tar.gz", b"\x1f\x8b tree")
    job.store_artifact("hip-tree.zip", b"PK\x05\x06 tree")
    files = api.get(f"/api/jobs/{job.pk}/").json()["links"]["files"]
    base = f"http://testserver/api/jobs/{job.pk}/files/"
    assert (files["hip-tree.tar.gz"], files["hip-tree.zip"]) == (base + "hip-tree.tar.gz",
                                                                base + "hip-tree.zip")
    for name, kind, data in [("hip-tree.tar.gz", "application/gzip", b"\x1f\x8b tree"),
                             ("hip-tree.zip", "application/zip", b"PK\x05\x06 tree")]:
        response = api.get(files[name])
        assert (response.status_code, response["Content-Type"]) == (200, kind)
        assert f'filename="saxpy-{name}"' in response["Content-Disposition"]
        assert b"".join(response.streaming_content) == data


@pytest.mark.parametrize("name", ["hip-tree.tar.gz", "hip-tree.zip", "input.zip",
                                  "..%2Fsecret"])
def test_missing_or_unknown_file_is_404(api, user, name):
    job = done_job(user)
    response = api.get(f"/api/jobs/{job.pk}/files/{name}")
    assert (response.status_code, response.json()["error"]["code"]) == (404, "not-found")


def test_cancel_a_queued_job(api, user):
    job = make_job(owner=user)
    response = api.post(f"/api/jobs/{job.pk}/cancel/")
    assert (response.status_code, response.json()["state"]) == (200, "canceled")
    assert Job.objects.get(pk=job.pk).state == "canceled"


def test_cancel_an_ended_job_is_a_conflict(api, user):
    job = done_job(user)
    response = api.post(f"/api/jobs/{job.pk}/cancel/")
    assert (response.status_code, response.json()["error"]["code"]) == (409, "job-ended")


def test_unknown_api_path_is_a_json_404(api):
    response = api.get("/api/nothing/here/")
    assert (response.status_code, response.json()["error"]["code"]) == (404, "not-found")


def test_wrong_method_is_405(api):
    response = api.delete("/api/jobs/")
    assert (response.status_code, response.json()["error"]["code"]) == (
        405, "method-not-allowed")


def test_compiling_job_reports_units_done_of_total(api, user):
    job = make_job(owner=user, state=Job.State.COMPILING, progress_done=12, progress_total=48,
                   progress_phase="compiling", compile_started_at=timezone.now())
    body = api.get(f"/api/jobs/{job.pk}/").json()
    assert body["progress"] == {"phase": "compiling", "done": 12, "total": 48, "percent": 25,
                                "waiting": ""}


def test_queued_job_says_its_place_in_the_queue(api, user):
    first, second, third = (make_job(owner=user) for _ in range(3))
    reasons = [api.get(f"/api/jobs/{job.pk}/").json()["progress"]["waiting"]
               for job in (first, second, third)]
    assert reasons == ["next in the queue", "position 2 in the queue (1 job ahead)",
                       "position 3 in the queue (2 jobs ahead)"]


def test_compile_check_without_a_runner_says_so(api, user, monkeypatch):
    from webapp import runners

    monkeypatch.setattr(runners, "online", lambda: [])
    job = make_job(owner=user, state=Job.State.COMPILING)
    body = api.get(f"/api/jobs/{job.pk}/").json()
    assert body["progress"]["waiting"] == "waiting for a ROCm runner: none is online"


def test_compile_check_behind_busy_runners_says_how_busy(api, user, monkeypatch):
    from webapp import runners

    monkeypatch.setattr(runners, "online", lambda: ["rocm-1"])
    monkeypatch.setattr(runners, "busy_units", lambda: 37)
    job = make_job(owner=user, state=Job.State.COMPILING)
    body = api.get(f"/api/jobs/{job.pk}/").json()
    assert body["progress"]["waiting"] == \
        "waiting for a ROCm runner: the runner is busy with 37 units"
