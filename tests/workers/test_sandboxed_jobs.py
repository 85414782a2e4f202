"""A submitted job's hostile sources cannot make rocport read the host: through a real
worker process, the canary (a file beside the job and a secret in the worker's
environment) appears in no report, SARIF, patch, HIP tree, job page or worker log.
Neither can its build: a CMake project that leaves links to host files in its build
folder is compiled twice (the second time from the compile cache) without a trace of
them."""

import io
import tarfile
import uuid

import pytest
from celery import Celery
from django.core.files.base import ContentFile
from django.test import Client

from tests.factories import make_user
from tests.hostile import CRASHER, KERNEL, tricks
from tests.services import start_worker, wait_for
from webapp.jobs.models import Job

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def tar_gz(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as bundle:
        for name, text in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(text.encode())
            bundle.addfile(info, io.BytesIO(text.encode()))
    return buffer.getvalue()


def _run_job(redis_url: str, prefix: str, owner, files: dict[str, str]) -> Job:
    job = Job.objects.create(owner=owner, source_name="hostile.tar.gz")
    job.store_input(ContentFile(tar_gz(files)), ".tar.gz")
    sender = Celery(broker=redis_url, broker_transport_options={"global_keyprefix": prefix})
    sender.send_task("workers.tasks.translate_job", args=[str(job.pk)], queue="translate")

    def ended():
        job.refresh_from_db()
        return not job.is_active

    wait_for(ended, 240, f"job {job.pk} to finish")
    return job


def _assert_nothing_shows(job: Job, canary: str, worker) -> None:
    """CANARY is in no artifact, no file of the HIP tree, the job page or the worker's log."""
    for name in job.artifacts:
        data = job.open_artifact(name).read()
        if name.endswith((".gz", ".zip")):
            assert len(data) > 100
            continue
        assert canary.encode() not in data, name
    with tarfile.open(fileobj=job.open_artifact("hip-tree.tar.gz"), mode="r:gz") as bundle:
        for member in bundle.getmembers():
            if member.isfile():
                assert canary.encode() not in bundle.extractfile(member).read()
    browser = Client()
    browser.force_login(job.owner)
    page = browser.get(f"/jobs/{job.pk}/")
    assert page.status_code == 200
    assert canary not in page.content.decode()
    assert canary not in worker.log.read_text(errors="replace")


def test_a_hostile_job_leaks_nothing_anywhere(redis_url, tmp_path, host_secret):
    secret_path, canary = host_secret
    prefix = f"rocport-sandbox-{uuid.uuid4().hex[:8]}:"
    worker = start_worker(redis_url, tmp_path / "worker", key_prefix=prefix,
                          extra_env={"ROCPORT_WORKER_SECRET": canary})
    try:
        files = {**{f"src/{name}": text for name, text in tricks(secret_path).items()},
                 "src/crash.cu": CRASHER, "src/fine.cu": "#define N 4\n" + KERNEL}
        job = _run_job(redis_url, prefix, make_user(), files)
        assert job.state == "done", (job.failure_code, job.failure_message, worker.log_tail())
        _assert_nothing_shows(job, canary, worker)
        report = job.read_report()
        messages = {f["path"]: f.get("message", "") for f in report["files"]}
        assert "libclang crashed on this file" in messages["src/crash.cu"]
    finally:
        worker.stop()


#: A build that leaves links to the host in its build folder, where the compile check
#: looks for the headers it generated; LEAK includes them.
PLANTING_BUILD = """cmake_minimum_required(VERSION 3.16)
project(plant CXX)
set(out ${CMAKE_BINARY_DIR}/include)
file(MAKE_DIRECTORY ${out})
file(CREATE_LINK "@SECRET@" ${out}/secret.h SYMBOLIC)
file(CREATE_LINK /proc/self/environ ${out}/environ.h SYMBOLIC)
file(CREATE_LINK /proc/self/cwd/var/secret_key ${out}/key.h SYMBOLIC)
file(CREATE_LINK /nowhere/at/all.h ${out}/dangling.h SYMBOLIC)
execute_process(COMMAND mkfifo ${out}/fifo.h)
include_directories(${out})
add_library(plant OBJECT leak.cu)
"""
LEAK = """#include <cuda_runtime.h>
#include "secret.h"
#include "environ.h"
#include "key.h"
__global__ void k(int *p) { p[0] = 1; }
"""


def test_a_build_that_plants_links_leaks_nothing_twice(redis_url, tmp_path, host_secret):
    secret_path, canary = host_secret
    prefix = f"rocport-sandbox-{uuid.uuid4().hex[:8]}:"
    worker = start_worker(redis_url, tmp_path / "worker", key_prefix=prefix,
                          extra_env={"ROCPORT_WORKER_SECRET": canary,
                                     "COMPILE_CACHE_DIR": str(tmp_path / "compile-cache")})
    files = {"CMakeLists.txt": PLANTING_BUILD.replace("@SECRET@", str(secret_path)),
             "leak.cu": LEAK}
    try:
        owner = make_user()
        for attempt in ("first", "from the cache"):
            job = _run_job(redis_url, prefix, owner, files)
            assert job.state == "done", (attempt, job.failure_code, job.failure_message)
            compile_entries = job.read_report()["compile"]
            assert [entry["path"] for entry in compile_entries] == ["leak.cu"], attempt
            assert "'secret.h' file not found" in compile_entries[0]["output"], attempt
            _assert_nothing_shows(job, canary, worker)
        notes = " ".join(job.read_report()["compile_notes"])
        assert "(cached)" in notes
        assert "include/environ.h: a link, not a regular file" in notes
    finally:
        worker.stop()
