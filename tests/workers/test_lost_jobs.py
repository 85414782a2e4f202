"""No job is lost: a paused or restarted Redis and a killed worker, with real processes.

Each test runs its own redis-server (so it may pause or restart it) and its own worker
process, with short recovery intervals: a pass every second, a job counts as stranded
after 4 s without a heartbeat.
"""

import json
import os
import signal
import time

import pytest
import redis
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from tests.factories import example_zip, make_job, make_user
from tests.services import start_worker, wait_for
from tests.webapp.github import SECRET, deliver, payload
from tests.workers.test_integration import finished, slow_compile_archive  # noqa: F401
from webapp.api.tokens import issue_token
from webapp.jobs.models import Job
from webapp.jobs.submit import submit_job

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

RECOVERY = {"JOB_RECOVERY_INTERVAL": "1", "JOB_HEARTBEAT_TIMEOUT": "4"}



@pytest.fixture
def user():
    return make_user()


def submit(archive: bytes) -> Job:
    return submit_job(owner=make_user(), archive=ContentFile(archive), suffix=".zip",
                      name="upload.zip", options={})


def upload() -> SimpleUploadedFile:
    return SimpleUploadedFile("saxpy.zip", example_zip(), "application/zip")


def timed(call):
    started = time.monotonic()
    answer = call()
    return answer, time.monotonic() - started


def test_submission_while_redis_is_paused_answers_at_once_and_runs_after(
    private_redis, tmp_path, user
):
    worker = start_worker(private_redis.url, tmp_path / "worker", extra_env=RECOVERY)
    try:
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {issue_token(user)}")
        # The first requests of a process import and connect a lot: one job before the pause.
        first = api.post("/api/jobs/", {"archive": upload()}, format="multipart").json()
        browser = APIClient()
        browser.force_login(user)
        assert browser.get(f"/jobs/{first['id']}/").status_code == 200
        private_redis.pause()
        answer, seconds = timed(lambda: api.post("/api/jobs/", {"archive": upload()},
                                                 format="multipart"))
        assert (answer.status_code, answer.json()["state"]) == (201, "queued")
        assert seconds < 1
        job = Job.objects.get(pk=answer.json()["id"])
        assert job.published_at is None
        page, seconds = timed(lambda: api.get(f"/api/jobs/{job.pk}/"))
        assert page.status_code == 200
        assert seconds < 1
        page, seconds = timed(lambda: browser.get(f"/jobs/{job.pk}/"))
        assert page.status_code == 200
        assert seconds < 1

        private_redis.resume()
        for each in (Job.objects.get(pk=first["id"]), job):
            each = finished(each)
            assert (each.state, each.failure_message) == ("done", ""), worker.log_tail()
        job.refresh_from_db()
        assert job.published_at is not None
    finally:
        private_redis.resume()
        worker.stop()


def test_webhook_while_redis_is_paused_answers_at_once(private_redis, client, settings):
    settings.GITHUB_WEBHOOK_SECRET = SECRET
    private_redis.pause()
    answer, seconds = timed(lambda: deliver(client, "pull_request",
                                            payload("pull_request_opened")))
    assert (answer.status_code, answer.json()["status"], seconds < 1) == (202, "queued", True)
    job = Job.objects.get(pk=answer.json()["job"])
    assert (job.state, job.published_at) == ("queued", None)


def kill_the_job_in_its_compile_check(worker, job: Job) -> None:
    def compiling():
        job.refresh_from_db()
        return job.compile_started_at is not None and job.state == Job.State.COMPILING

    wait_for(compiling, 120, "the compile check to start")
    for pid in worker.children():
        os.kill(pid, signal.SIGKILL)


def test_job_of_a_killed_worker_is_requeued_and_completes(
    private_redis, tmp_path, slow_compile_archive  # noqa: F811
):
    worker = start_worker(private_redis.url, tmp_path / "worker", extra_env=RECOVERY)
    try:
        job = submit(slow_compile_archive)
        kill_the_job_in_its_compile_check(worker, job)
        job = finished(job, timeout=240)
        assert (job.state, job.attempt) == ("done", 2), worker.log_tail()
        assert "(attempt 1): requeued" in worker.log.read_text()
    finally:
        worker.stop()


def test_job_of_a_killed_worker_fails_after_its_last_attempt(
    private_redis, tmp_path, slow_compile_archive  # noqa: F811
):
    worker = start_worker(private_redis.url, tmp_path / "worker",
                          extra_env={**RECOVERY, "JOB_MAX_ATTEMPTS": "1"})
    try:
        job = submit(slow_compile_archive)
        kill_the_job_in_its_compile_check(worker, job)
        job = finished(job)
        assert (job.state, job.failure_code) == ("failed", "worker-lost"), worker.log_tail()
        assert "was not retried again" in job.failure_message
        # The killed task's scratch, the compile check's inside it, is swept.
        wait_for(lambda: not list(worker.tmp.glob("rocport-*")), 30,
                 f"the sweep of {sorted(path.name for path in worker.tmp.iterdir())}")
    finally:
        worker.stop()


def test_jobs_whose_messages_a_redis_restart_lost_complete(private_redis, tmp_path, settings):
    # A ROCm-only worker: it recovers, but leaves translations in the queue.
    rocm = start_worker(private_redis.url, tmp_path / "rocm", queues="rocm", extra_env=RECOVERY)
    client = redis.Redis.from_url(private_redis.url)
    queue = f"{settings.REDIS_KEY_PREFIX}translate"
    worker = None
    try:
        wait_for(lambda: client.keys("*broker-marker"), 30, "the first recovery pass")
        jobs = [submit(example_zip()) for _ in range(2)]
        assert client.llen(queue) == 2
        private_redis.restart()  # no persistence: the messages are gone
        assert client.llen(queue) == 0
        wait_for(lambda: client.llen(queue) == 2, 30, "the recovery to send the jobs again")
        # A stale scratch folder of an ended job, left by a killed task: swept at start.
        ended = make_job(state=Job.State.FAILED)
        scratch = tmp_path / "worker" / "tmp" / f"rocport-{ended.pk}-abc123"
        scratch.mkdir(parents=True)
        worker = start_worker(private_redis.url, tmp_path / "worker", extra_env=RECOVERY)
        for job in jobs:
            assert finished(job).state == "done", worker.log_tail()
        assert not scratch.exists()
        sent = [json.loads(item)["headers"]["argsrepr"] for item in client.lrange(queue, 0, -1)]
        assert sent == []
    finally:
        if worker is not None:
            worker.stop()
        rocm.stop()
