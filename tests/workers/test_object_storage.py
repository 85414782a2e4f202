"""Artifacts through an S3-compatible object store: a worker that cannot see the web
host's media folder takes a job from upload to done, and the web side serves its files."""

import uuid

import pytest
from celery import Celery
from django.core.files.base import ContentFile
from django.test import Client

from tests.factories import example_files, make_user, zip_bytes
from tests.services import start_worker, wait_for
from webapp.jobs.models import Job

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def bucket(s3_server, settings):
    name = f"rocport-{uuid.uuid4().hex[:12]}"
    variables = s3_server.create_bucket(name)
    settings.STORAGES = {**settings.STORAGES, "default": {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {"bucket_name": name, "endpoint_url": s3_server.url,
                    "region_name": "us-east-1", "access_key": "rocport-test",
                    "secret_key": "secret", "file_overwrite": True, "default_acl": None}}}
    return name, variables


def test_a_worker_on_another_host_completes_a_job_through_object_storage(
        redis_url, s3_server, bucket, tmp_path, settings):
    name, variables = bucket
    prefix = f"rocport-s3-{uuid.uuid4().hex[:8]}:"
    elsewhere = tmp_path / "other-host"
    worker = start_worker(redis_url, elsewhere, key_prefix=prefix, extra_env={
        **variables, "DATA_DIR": str(elsewhere / "data"),
        "MEDIA_ROOT": str(elsewhere / "no-shared-media")})
    try:
        owner = make_user()
        sender = Celery(broker=redis_url, broker_transport_options={"global_keyprefix": prefix})
        job = Job.objects.create(owner=owner, source_name="saxpy.zip")
        job.store_input(ContentFile(zip_bytes(example_files())), ".zip")
        sender.send_task("workers.tasks.translate_job", args=[str(job.pk)], queue="translate")

        def ended():
            job.refresh_from_db()
            return not job.is_active

        wait_for(ended, 180, f"job {job.pk} to finish")
        assert (job.state, job.failure_message) == ("done", ""), worker.log_tail()
        stored = s3_server.keys(name, f"jobs/{job.pk}/")
        assert {f"jobs/{job.pk}/{artifact}" for artifact in
                ("input.zip", "report.json", "changes.patch", "hip-tree.tar.gz")} <= set(stored)
        assert not (elsewhere / "no-shared-media").exists()
        assert not (settings.MEDIA_ROOT / "jobs" / str(job.pk)).exists()
        assert [unit["ok"] for unit in job.read_report()["compile"]] == [True]
        browser = Client()
        browser.force_login(owner)
        download = browser.get(f"/api/jobs/{job.pk}/files/changes.patch")
        assert download.status_code == 200
        assert b"hipMemcpy" in b"".join(download.streaming_content)
    finally:
        worker.stop()
