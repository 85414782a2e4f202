"""The outbox and the periodic recovery, step by step, on the test database and a real Redis.

The whole story through a real worker process is in ``test_lost_jobs.py``.
"""

import json
import os
import tempfile
import time
from datetime import timedelta

import pytest
import redis
from django.core.files.base import ContentFile
from django.utils import timezone

from tests.factories import example_zip, make_job, make_user
from tests.services import free_port, start_redis
from webapp.jobs import compile_queue, outbox
from webapp.jobs.batches import CompileBatch
from webapp.jobs.models import Job
from webapp.jobs.outbox import publish_pending
from webapp.jobs.submit import submit_job
from workers.celery import app
from workers.recovery import recover, recover_batches, requeue_stranded, sweep_scratch

pytestmark = pytest.mark.django_db


@pytest.fixture
def broker(settings):
    """Point the Celery app (and the recovery's Redis client) at a broker URL."""
    before = app.conf.broker_url

    def use(url: str) -> None:
        app.conf.broker_url = settings.REDIS_URL = url

    yield use
    app.conf.broker_url = before


@pytest.fixture(scope="module")
def private_redis(tmp_path_factory):
    server = start_redis(tmp_path_factory.mktemp("redis"))
    yield server
    server.stop()


@pytest.fixture
def queue(private_redis, broker, settings):
    """The private Redis, emptied, as the broker; reads the messages of a queue."""
    client = redis.Redis.from_url(private_redis.url)
    client.flushall()
    broker(private_redis.url)

    def messages(name: str = "translate") -> list[str]:
        """The arguments of the messages in queue NAME, in the order they were sent."""
        raw = client.lrange(f"{settings.REDIS_KEY_PREFIX}{name}", 0, -1)
        return [json.loads(item)["headers"]["argsrepr"] for item in reversed(raw)]

    return messages


def test_submission_keeps_the_job_queued_when_the_broker_refuses(
    broker, django_capture_on_commit_callbacks
):
    broker(f"redis://127.0.0.1:{free_port()}/0")
    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        job = submit_job(owner=make_user(), archive=ContentFile(example_zip()), suffix=".zip",
                         name="saxpy.zip", options={})
    assert time.monotonic() - started < 1
    job.refresh_from_db()
    assert (job.state, job.published_at, job.failure_code) == ("queued", None, "")


def test_submission_sends_the_translation_with_the_attempt(
    queue, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job = submit_job(owner=make_user(), archive=ContentFile(example_zip()), suffix=".zip",
                         name="saxpy.zip", options={})
    job.refresh_from_db()
    assert job.published_at is not None
    assert queue() == [f"('{job.pk}', 1)"]


def test_pending_jobs_are_sent_oldest_first_each_for_its_step(queue):
    queued = make_job(archive=example_zip(), attempt=2)
    compiling = make_job(state=Job.State.COMPILING)
    make_job(state=Job.State.COMPILING, compile_started_at=timezone.now())  # running
    make_job(state=Job.State.DONE)
    assert publish_pending() == (2, True)
    assert queue() == [f"('{queued.pk}', 2)"]
    assert queue("rocm") == [f"('{compiling.pk}', 1)"]
    assert publish_pending() == (0, True)


def test_pending_jobs_are_sent_in_batches(queue, monkeypatch):
    monkeypatch.setattr(outbox, "BATCH", 1)
    first, second = make_job(archive=example_zip()), make_job(archive=example_zip())
    assert publish_pending() == (1, False)
    assert publish_pending() == (1, True)
    assert queue() == [f"('{first.pk}', 1)", f"('{second.pk}', 1)"]


def stranded_job(**fields) -> Job:
    fields = {"state": Job.State.TRANSLATING, "heartbeat_at": timezone.now()
              - timedelta(seconds=200), "artifacts": ["report.json"], **fields}
    return make_job(**fields)


def test_a_job_whose_heartbeat_stopped_is_requeued_for_its_next_attempt(settings):
    settings.JOB_HEARTBEAT_TIMEOUT = 90
    job = stranded_job(published_at=timezone.now(), progress_done=3, progress_total=9)
    assert requeue_stranded() == 1
    job.refresh_from_db()
    assert (job.state, job.attempt, job.published_at, job.artifacts, job.progress_total) == (
        "queued", 2, None, [], 0)


def test_a_stranded_job_fails_as_worker_lost_after_its_last_attempt(settings):
    settings.JOB_MAX_ATTEMPTS = 3
    job = stranded_job(state=Job.State.COMPILING, compile_started_at=timezone.now(), attempt=3)
    requeue_stranded()
    job.refresh_from_db()
    assert (job.state, job.failure_code) == ("failed", "worker-lost")
    assert job.failure_message == (
        "the worker stopped while working on this job (killed, out of memory or restarted); "
        "it was started 3 times and was not retried again")


def test_jobs_with_a_heartbeat_or_waiting_for_a_message_are_left_alone(settings):
    settings.JOB_HEARTBEAT_TIMEOUT = 90
    alive = stranded_job(heartbeat_at=timezone.now() - timedelta(seconds=30))
    waiting = stranded_job(state=Job.State.COMPILING)  # no runner claimed it yet
    queued = stranded_job(state=Job.State.QUEUED)
    assert requeue_stranded() == 0
    for job in (alive, waiting, queued):
        state = job.state
        job.refresh_from_db()
        assert (job.state, job.attempt) == (state, 1)


def test_the_heartbeat_keeps_a_running_job_from_being_requeued(settings):
    settings.JOB_HEARTBEAT_TIMEOUT = 90
    job = stranded_job()
    assert job.beat()
    assert requeue_stranded() == 0


def scratch(folder, job_id, age: float = 0):
    path = folder / f"rocport-{job_id}-x1y2z3"
    (path / "source").mkdir(parents=True)
    (path / "source" / "a.cu").write_text("int a;\n")
    os.utime(path, (time.time() - age, time.time() - age))
    return path


def test_sweeps_scratch_folders_of_ended_jobs_and_old_ones(tmp_path):
    ended = scratch(tmp_path, make_job(state=Job.State.FAILED).pk)
    running = scratch(tmp_path, make_job(state=Job.State.TRANSLATING).pk)
    old = scratch(tmp_path, make_job(state=Job.State.TRANSLATING).pk, age=3600)
    unknown = scratch(tmp_path, "0d6f7b1e-52a5-4cb9-9f43-8ad1c0e6f00d")
    old_unknown = scratch(tmp_path, "8a4a1f3c-7f2e-4b8e-9d35-2c6b0f1e9a77", age=3600)
    other = tmp_path / "rocport-tests-abc"
    other.mkdir()
    assert sorted(sweep_scratch(tmp_path)) == sorted([ended, old])
    # a job this database does not know is another checkout's, however old
    assert [path.exists() for path in (running, unknown, old_unknown, other)] == [True] * 4


def test_recovery_sends_every_waiting_job_again_when_redis_lost_its_data(
    queue, private_redis, monkeypatch, tmp_path
):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # its sweep looks here
    job = make_job(archive=example_zip(), published_at=timezone.now())
    recover()  # the marker is missing: the message may be lost
    assert queue() == [f"('{job.pk}', 1)"]
    recover()  # the marker is there now: nothing is sent twice
    assert queue() == [f"('{job.pk}', 1)"]
    private_redis.restart()
    recover()
    assert queue() == [f"('{job.pk}', 1)"]


def split_job(units: int = 6, batch: int = 2) -> Job:
    job = make_job(state=Job.State.COMPILING, compile_started_at=timezone.now(),
                   progress_phase="compiling", progress_total=units,
                   compile_batches=-(-units // batch))
    for number, first in enumerate(range(0, units, batch)):
        CompileBatch.objects.create(job=job, attempt=1, number=number,
                                    units=list(range(first, first + batch)),
                                    paths=[f"copy{n}/saxpy.cu" for n in range(first,
                                                                             first + batch)])
    return job


def test_the_compile_queue_keeps_one_batch_in_the_broker(queue, settings):
    job = split_job()
    assert compile_queue.dispatch() == 1
    assert compile_queue.dispatch() == 0  # the broker has one no runner took yet
    batches = {b.number: b for b in CompileBatch.objects.filter(job=job)}
    sent = [b for b in batches.values() if b.state == CompileBatch.State.SENT]
    assert [b.number for b in sent] == [0]
    # batches go with priority 6, behind the compile_job of small jobs (priority 0)
    assert queue("rocm\x06\x166") == [f"({sent[0].pk}, 1)"]
    assert sent[0].claim(1, "runner-a")
    assert compile_queue.dispatch() == 1
    assert queue("rocm\x06\x166")[-1] == f"({batches[1].pk}, 1)"


def test_a_message_of_a_batch_sent_again_is_dropped():
    job = split_job(2)
    batch = CompileBatch.objects.get(job=job)
    CompileBatch.objects.filter(pk=batch.pk).update(state=CompileBatch.State.SENT, sends=2)
    assert not batch.claim(1, "runner-a")  # the first message, redelivered late
    assert batch.claim(2, "runner-a")
    assert not batch.claim(2, "runner-b")  # the same message twice


def test_a_batch_whose_runner_stopped_beating_waits_again(settings):
    job = split_job()
    stale = timezone.now() - timedelta(seconds=settings.JOB_HEARTBEAT_TIMEOUT + 1)
    CompileBatch.objects.filter(job=job, number=0).update(
        state=CompileBatch.State.RUNNING, heartbeat_at=stale, tries=1)
    CompileBatch.objects.filter(job=job, number=1).update(
        state=CompileBatch.State.RUNNING, heartbeat_at=timezone.now(), tries=1)
    assert recover_batches() == 1
    states = dict(CompileBatch.objects.filter(job=job).values_list("number", "state"))
    assert states == {0: "waiting", 1: "running", 2: "waiting"}


def test_a_batch_lost_on_every_try_is_reported_as_not_compiled(settings):
    job = split_job(units=2)
    stale = timezone.now() - timedelta(seconds=settings.JOB_HEARTBEAT_TIMEOUT + 1)
    CompileBatch.objects.filter(job=job).update(state=CompileBatch.State.RUNNING,
                                                heartbeat_at=stale,
                                                tries=settings.JOB_MAX_ATTEMPTS)
    assert recover_batches() == 1
    job.refresh_from_db()
    assert job.state == "done"
    units = job.read_report()["compile"]
    assert [(u["path"], u["status"]) for u in units] == [("copy0/saxpy.cu", "skipped"),
                                                         ("copy1/saxpy.cu", "skipped")]
    assert units[0]["message"].startswith("not compiled: the ROCm worker stopped 3 times")
    assert job.compile_status.startswith("compile check: 0 of 2 units compiled")
    assert CompileBatch.objects.filter(job=job).count() == 0


def test_sent_batches_wait_again_when_the_broker_lost_its_messages():
    job = split_job()
    CompileBatch.objects.filter(job=job, number=0).update(state=CompileBatch.State.SENT)
    CompileBatch.objects.filter(job=job, number=1).update(state=CompileBatch.State.RUNNING)
    outbox.forget_published()
    states = dict(CompileBatch.objects.filter(job=job).values_list("number", "state"))
    assert states == {0: "waiting", 1: "running", 2: "waiting"}


def test_a_merge_whose_task_died_is_done_by_the_recovery(settings):
    job = split_job(units=2, batch=2)
    batch = CompileBatch.objects.get(job=job)
    CompileBatch.objects.filter(pk=batch.pk).update(
        state=CompileBatch.State.DONE, outcome=compile_queue.lost_batch_outcome(
            batch, "not compiled: the runner was switched off"))
    stale = timezone.now() - timedelta(seconds=settings.JOB_HEARTBEAT_TIMEOUT + 1)
    Job.objects.filter(pk=job.pk).update(progress_phase="merging", updated_at=stale)
    assert recover_batches() == 1
    job.refresh_from_db()
    assert job.state == "done"
    assert [unit["status"] for unit in job.read_report()["compile"]] == ["skipped", "skipped"]


def test_two_batches_ending_together_merge_once():
    job = split_job(units=4)
    first, second = CompileBatch.objects.filter(job=job).order_by("number")[:2]
    CompileBatch.objects.filter(job=job, number__gte=2).update(state=CompileBatch.State.DONE)
    CompileBatch.objects.filter(pk=second.pk).update(state=CompileBatch.State.DONE)
    # both rows are done before either claims: exactly one of them merges
    assert [compile_queue.settle(first, {}), compile_queue.settle(second, {})] == [
        "gather", ""]
