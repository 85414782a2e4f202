"""A submitted job's hostile sources cannot make rocport read the host: through a real
worker process, the canary (a file beside the job and a secret in the worker's
environment) appears in no report, SARIF, patch, HIP tree, job page or worker log."""

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


def test_a_hostile_job_leaks_nothing_anywhere(redis_url, tmp_path, host_secret):
    secret_path, canary = host_secret
    prefix = f"rocport-sandbox-{uuid.uuid4().hex[:8]}:"
    worker = start_worker(redis_url, tmp_path / "worker", key_prefix=prefix,
                          extra_env={"ROCPORT_WORKER_SECRET": canary})
    try:
        files = {**{f"src/{name}": text for name, text in tricks(secret_path).items()},
                 "src/crash.cu": CRASHER, "src/fine.cu": "#define N 4\n" + KERNEL}
        owner = make_user()
        job = Job.objects.create(owner=owner, source_name="hostile.tar.gz")
        job.store_input(ContentFile(tar_gz(files)), ".tar.gz")
        sender = Celery(broker=redis_url, broker_transport_options={"global_keyprefix": prefix})
        sender.send_task("workers.tasks.translate_job", args=[str(job.pk)], queue="translate")

        def ended():
            job.refresh_from_db()
            return not job.is_active

        wait_for(ended, 240, f"job {job.pk} to finish")
        assert job.state == "done", (job.failure_code, job.failure_message, worker.log_tail())
        for name in job.artifacts:
            data = job.open_artifact(name).read()
            if name.endswith((".gz", ".zip")):
                assert len(data) > 100
                continue
            assert canary.encode() not in data, name
        report = job.read_report()
        messages = {f["path"]: f.get("message", "") for f in report["files"]}
        assert "libclang crashed on this file" in messages["src/crash.cu"]
        with tarfile.open(fileobj=job.open_artifact("hip-tree.tar.gz"), mode="r:gz") as bundle:
            for member in bundle.getmembers():
                if member.isfile():
                    assert canary.encode() not in bundle.extractfile(member).read()
        browser = Client()
        browser.force_login(owner)
        page = browser.get(f"/jobs/{job.pk}/")
        assert page.status_code == 200
        assert canary not in page.content.decode()
        assert canary not in worker.log.read_text(errors="replace")
    finally:
        worker.stop()
