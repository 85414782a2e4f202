"""A worker whose disk fills up during a job: the job fails as ``insufficient-storage``
with a message that says what to do, not as ``internal-error`` or a translator crash.
The disk is real: a 1 MiB tmpfs (tests/conftest.py ``small_disk``) as the worker's
temporary folder."""

import tempfile

import pytest

from tests.factories import example_zip, make_job, zip_bytes
from webapp.jobs.models import Job
from workers.tasks import compile_job, translate_job

pytestmark = pytest.mark.django_db

#: Text that unpacks to 3 MiB: more than the small disk holds.
BIG_TREE = {f"src/part{n}.cu": "__global__ void k() {}\n" + "// filler\n" * 30_000
            for n in range(10)}


def test_a_disk_that_fills_up_while_translating_fails_the_job_clearly(eager, small_disk,
                                                                      monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(small_disk))
    job = make_job(archive=zip_bytes(BIG_TREE))
    translate_job.delay(str(job.pk))
    job.refresh_from_db()
    assert (job.state, job.failure_code) == ("failed", "insufficient-storage")
    assert "disk filled up while the job was translated" in job.failure_message
    assert "submit it again later" in job.failure_message


def test_a_disk_that_fills_up_while_compiling_fails_the_job_clearly(eager, small_disk,
                                                                    monkeypatch):
    job = make_job(archive=example_zip())
    translate_job.delay(str(job.pk))
    job.refresh_from_db()
    assert job.state == "done"
    # The same job compiled again, on a worker whose disk is full.
    Job.objects.filter(pk=job.pk).update(state=Job.State.COMPILING, compile_started_at=None)
    (small_disk / "filler").write_bytes(b"x" * (1 << 20))  # what the tmpfs holds, or less
    monkeypatch.setattr(tempfile, "tempdir", str(small_disk))
    compile_job.delay(str(job.pk), job.attempt)
    job.refresh_from_db()
    assert (job.state, job.failure_code) == ("failed", "insufficient-storage")
    assert "disk filled up while the job was compiled" in job.failure_message
