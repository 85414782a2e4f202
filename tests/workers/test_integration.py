"""The pipeline through a real Celery worker process on a real Redis, with the real hipcc."""

import os
import tarfile
from pathlib import Path

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from tests.factories import EXAMPLE, example_files, make_user, tar_bytes, zip_bytes
from tests.services import wait_for
from translator.output.packing import pack_tar_gz
from webapp.jobs.models import Job
from webapp.jobs.submit import submit_job

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def submit(archive: bytes, suffix: str) -> Job:
    return submit_job(owner=make_user(), archive=ContentFile(archive), suffix=suffix,
                      name=f"upload{suffix}", options={})


def finished(job: Job, timeout: float = 120) -> Job:
    def ended():
        job.refresh_from_db()
        return not job.is_active

    wait_for(ended, timeout, f"job {job.pk} to finish (state {job.state})")
    return job


def zeros_tar_gz(path: Path, size: int) -> bytes:
    """A tar.gz holding SIZE zero bytes in one member, built without SIZE bytes in memory."""

    class Zeros:
        left = size

        def read(self, count=-1):
            count = self.left if count < 0 else min(count, self.left)
            self.left -= count
            return bytes(count)

    info = tarfile.TarInfo("zeros.bin")
    info.size = size
    with tarfile.open(path, "w:gz", compresslevel=1) as bundle:
        bundle.addfile(info, Zeros())
    return path.read_bytes()


def test_example_goes_through_the_worker_to_done(celery_worker):
    job = finished(submit(zip_bytes(example_files()), ".zip"))
    assert (job.state, job.failure_message) == ("done", ""), celery_worker.log_tail()
    assert set(job.artifacts) == {"hip-tree.tar.gz", "hip-tree.zip", "changes.patch",
                                  "report.json", "findings.sarif"}
    report = job.read_report()
    assert [unit["ok"] for unit in report["compile"]] == [True]
    assert "hipMemcpy" in job.open_artifact("changes.patch").read().decode()


def symlink_tar() -> bytes:
    link = tarfile.TarInfo("include/evil")
    link.type, link.linkname = tarfile.SYMTYPE, "/etc/passwd"
    return tar_bytes([("a.cu", b"int a;\n"), link])


@pytest.mark.parametrize(("make_archive", "suffix", "code", "message"), [
    (lambda tmp: b"\x89PNG\r\n\x1a\n not an archive", ".zip", "not-an-archive",
     "the upload is not a zip, tar or tar.gz archive"),
    (lambda tmp: zip_bytes({"a.cu": "int a;", "../evil": "owned"}), ".zip", "unsafe-path",
     "../evil: '..' in a path is not allowed"),
    (lambda tmp: symlink_tar(), ".tar", "link", "include/evil: links are not allowed"),
    (lambda tmp: zeros_tar_gz(tmp / "zeros.tar.gz", 1000 * 1000 * 1000), ".tar.gz",
     "compression-ratio", "zeros.bin: the archive unpacks to more than 100 times its size "
     "and more than 67108864 bytes (a compression bomb?)"),
], ids=["not-an-archive", "zip-with-parent-path", "tar-with-symlink", "gigabyte-of-zeros"])
def test_bad_archive_fails_in_the_worker_and_writes_nothing_outside(
    celery_worker, tmp_path, make_archive, suffix, code, message
):
    job = finished(submit(make_archive(tmp_path), suffix))
    assert (job.state, job.failure_code, job.failure_message) == ("failed", code, message)
    assert [name for name in os.listdir(celery_worker.tmp) if name.startswith("rocport-")] == []
    assert not list(celery_worker.tmp.parent.rglob("evil"))
    assert default_storage.listdir(f"jobs/{job.pk}")[1] == [f"input{suffix}"]


def test_missing_input_fails_the_job_as_internal_error(celery_worker):
    job = Job.objects.create(owner=make_user(), input_name="jobs/nowhere/input.zip")
    from webapp.jobs.submit import enqueue_translation

    enqueue_translation(job)
    job = finished(job)
    assert (job.state, job.failure_code) == ("failed", "internal-error")


@pytest.fixture
def slow_compile_archive(tmp_path) -> bytes:
    """The example six times over: the compile check runs for several seconds."""
    tree = tmp_path / "tree"
    for copy in range(6):
        folder = tree / f"copy{copy}"
        folder.mkdir(parents=True)
        for path in EXAMPLE.iterdir():
            (folder / path.name).write_bytes(path.read_bytes())
    pack_tar_gz(tree, tmp_path / "slow.tar.gz")
    return (tmp_path / "slow.tar.gz").read_bytes()


# A killed worker: tests/workers/test_lost_jobs.py.


# Time limits of each step: tests/workers/test_time_limits.py.


#: A project whose kernel builds only with a make variable the user gives: SCALE is no
#: GPU option rocport could find itself.
SCALED_PROJECT = {
    "Makefile": ("NVCC ?= nvcc\nall: scale.o\n"
                 "scale.o: scale.cu\n\t$(NVCC) -DSCALE=$(SCALE) -c scale.cu -o scale.o\n"),
    "scale.cu": ("#include <cuda_runtime.h>\n"
                 "static_assert(SCALE + 0 > 1, \"build with make SCALE=2 or more\");\n"
                 "__global__ void scale(float *x) { x[threadIdx.x] *= SCALE; }\n"),
}


@pytest.mark.parametrize(("options", "compiled"), [
    ({"make_variables": ["SCALE=3"]}, True),
    ({}, False),
])
def test_a_jobs_build_configuration_reaches_its_compile_check(celery_worker, options, compiled):
    job = finished(submit_job(owner=make_user(), archive=ContentFile(zip_bytes(SCALED_PROJECT)),
                              suffix=".zip", name="scaled.zip", options=options))
    assert job.state == "done", celery_worker.log_tail()
    units = job.read_report()["compile"]
    assert [(unit["path"], unit["ok"]) for unit in units] == [("scale.cu", compiled)]
