"""Tasks run eagerly in this process: the real translator, archive checks and hipcc."""

import io
import json
import tarfile
import zipfile

import pytest
from django.core.files.storage import default_storage

from tests.factories import example_zip, make_job, tar_bytes, zip_bytes
from tests.runners import RUNNERS_DIR, needs_rocm_64
from webapp.jobs.models import Job
from workers.tasks import compile_job, translate_job

pytestmark = pytest.mark.django_db


def run(job: Job) -> Job:
    translate_job.delay(str(job.pk))
    job.refresh_from_db()
    return job


def test_translates_and_compiles_the_example(eager):
    job = run(make_job(archive=example_zip()))
    assert (job.state, job.failure_message) == ("done", "")
    assert job.artifacts == ["hip-tree.tar.gz", "hip-tree.zip", "changes.patch", "report.json",
                             "findings.sarif"]
    assert job.summary["files"] == 3
    # The last phase's progress stays: the compile check's one unit.
    assert (job.progress_phase, job.progress_done, job.progress_total) == ("compiling", 1, 1)
    assert "hipMalloc(&d_x, bytes)" in job.open_artifact("changes.patch").read().decode()
    report = job.read_report()
    assert [(u["path"], u["ok"]) for u in report["compile"]] == [("saxpy/saxpy.cu", True)]
    assert report["toolchain"]["hipcc"]
    assert report["toolchain"]["rocport"]
    assert job.compile_status.startswith("compile check: 1 of 1 units compiled with hipcc")
    with tarfile.open(fileobj=io.BytesIO(job.open_artifact("hip-tree.tar.gz").read())) as tree:
        source = tree.extractfile("saxpy/saxpy.h").read().decode()
    assert "#include <hip/hip_runtime.h>" in source
    with zipfile.ZipFile(io.BytesIO(job.open_artifact("hip-tree.zip").read())) as zipped:
        assert zipped.read("saxpy/saxpy.h").decode() == source
    assert json.load(job.open_artifact("findings.sarif"))["version"] == "2.1.0"
    assert list(eager.iterdir()) == []


@needs_rocm_64
def test_a_job_compiles_on_the_runner_of_its_hip_version(eager, settings, client):
    settings.RUNNERS_DIR = RUNNERS_DIR
    job = run(make_job(archive=example_zip(), options={"hip_version": [6, 4]}))
    assert job.state == "done"
    hipcc = job.read_report()["toolchain"]["hipcc"]
    assert (hipcc["runner"], hipcc["offload_archs"], hipcc["substituted_archs"]) == (
        "rocm-6.4", ["gfx942"], {})
    assert job.compile_status.startswith("compile check: 1 of 1 units compiled with hipcc 6.4")
    assert "for gfx942 on the rocm-6.4 runner" in job.compile_status
    assert job.summary["runner"] == "rocm-6.4"
    client.force_login(job.owner)
    assert "Runner <a href=\"/runners/\">rocm-6.4</a>: hipcc 6.4" in client.get(
        job.get_absolute_url()).content.decode()


def test_missing_hipcc_finishes_with_the_compile_check_skipped(eager, settings):
    settings.ROCM_RUNNERS = ["host"]  # a worker that serves this host's hipcc alone
    settings.HIPCC = "hipcc-not-installed"
    job = run(make_job(archive=example_zip()))
    assert job.state == "done"
    assert job.compile_status == "compile check skipped: no hipcc-not-installed on this runner"
    assert job.read_report()["compile"] == []


def symlink_tar() -> bytes:
    link = tarfile.TarInfo("evil-link")
    link.type, link.linkname = tarfile.SYMTYPE, "/etc/passwd"
    return tar_bytes([("a.cu", b"int a;\n"), link], compressed=True)


@pytest.mark.parametrize(("archive", "suffix", "code", "message"), [
    (b"int main() { return 0; }\n", ".zip", "not-an-archive",
     "the upload is not a zip, tar or tar.gz archive"),
    (zip_bytes({"ok.cu": "int a;", "../evil": "owned"}), ".zip", "unsafe-path",
     "../evil: '..' in a path is not allowed"),
    (symlink_tar(), ".tar.gz", "link", "evil-link: links are not allowed"),
], ids=["not-an-archive", "zip-with-parent-path", "tar-with-symlink"])
def test_bad_archive_fails_the_job_with_a_clear_message(eager, archive, suffix, code, message):
    job = run(make_job(archive=archive, suffix=suffix))
    assert (job.state, job.failure_code, job.failure_message) == ("failed", code, message)
    assert list(eager.iterdir()) == []
    assert not (eager.parent / "evil").exists()
    assert default_storage.listdir(f"jobs/{job.pk}")[1] == [f"input{suffix}"]


def test_redelivered_translation_is_left_to_the_recovery(eager):
    job = make_job(archive=example_zip(), state=Job.State.TRANSLATING)
    job = run(job)
    assert (job.state, job.failure_code, job.artifacts) == ("translating", "", [])


def test_redelivered_compile_check_is_left_to_the_recovery(eager):
    job = make_job(state=Job.State.COMPILING)
    job.claim_compile()
    compile_job.delay(str(job.pk), job.attempt)
    job.refresh_from_db()
    assert (job.state, job.failure_code) == ("compiling", "")


def test_message_of_an_earlier_attempt_is_dropped(eager):
    job = make_job(archive=example_zip(), attempt=2)
    translate_job.delay(str(job.pk), 1)
    job.refresh_from_db()
    assert (job.state, job.artifacts) == ("queued", [])


def test_message_of_the_current_attempt_runs_and_sends_the_compile_check(eager):
    job = make_job(archive=example_zip(), attempt=2)
    translate_job.delay(str(job.pk), 2)
    job.refresh_from_db()
    assert (job.state, job.attempt, job.compile_started_at is not None) == ("done", 2, True)


def test_a_canceled_job_is_left_alone(eager):
    job = make_job(archive=example_zip(), state=Job.State.CANCELED)
    job = run(job)
    assert (job.state, job.artifacts) == ("canceled", [])


def _outcome(*classes):
    units = [{"ok": kind is None, "failure": kind and {"class": kind}} for kind in classes]
    return {"compile": units, "toolchain": {"hipcc": {"hip_version": "5.2.21151",
                                                      "offload_archs": ["gfx90a"],
                                                      "runner": "host"}}}


def test_the_compile_summary_counts_only_translation_errors_against_the_port():
    from webapp.jobs.summary import compiled_summary

    summary = compiled_summary(_outcome(None, "translation", "newer-hip", "newer-hip"))
    assert summary == {"compile_ok": 1, "compile_failed": 3, "compile_translation_errors": 1,
                       "compile_classes": {"translation": 1, "newer-hip": 2}, "runner": "host"}


def test_the_compile_status_names_the_classes_of_the_failed_units():
    from workers.compiling import compile_status

    status = compile_status(_outcome(None, "missing-dependency", "newer-hip"))
    assert status == ("compile check: 1 of 3 units compiled with hipcc 5.2.21151 for gfx90a "
                      "on the host runner; "
                      "failed: missing dependency on this runner 1, needs a newer HIP than the "
                      "runner has 1")


def test_the_compile_status_and_summary_say_how_many_gpu_sources_were_checked():
    from webapp.jobs.summary import compiled_summary
    from workers.compiling import compile_status

    outcome = {**_outcome(None, None), "summary": {"gpu_sources": {
        "total": 3, "checked": 2, "unchecked": [{"path": "k.cu", "reason": "not in a target"}]}}}
    assert compile_status(outcome) == ("compile check: 2 of 2 units compiled with hipcc "
                                       "5.2.21151 for gfx90a on the host runner; 2 of 3 GPU "
                                       "sources checked")
    assert compiled_summary(outcome)["gpu_sources"] == {
        "total": 3, "checked": 2, "unchecked": [{"path": "k.cu", "reason": "not in a target"}],
        "unchecked_count": 1}


def test_a_report_without_gpu_sources_is_read_as_before():
    from webapp.jobs.summary import compiled_summary
    from workers.compiling import compile_status

    assert "GPU sources" not in compile_status(_outcome(None))
    assert "gpu_sources" not in compiled_summary(_outcome(None))
