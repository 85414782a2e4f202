"""Each step of a job has its own time limit, and a job past one says which step and which
setting: unpacking and translating (TRANSLATE_TIME_LIMIT), packing the outputs
(PACK_TIME_LIMIT), storing them (STORE_TIME_LIMIT), the compile check (COMPILE_TIME_LIMIT).
A task killed at its hard limit after the job moved on leaves the job alone."""

from __future__ import annotations

import os
import uuid

import pytest
from celery import Celery
from celery.exceptions import TimeLimitExceeded
from django.core.files.base import ContentFile
from django.db import transaction

from tests.factories import make_job, make_user, zip_bytes
from tests.services import start_worker
from tests.workers.test_integration import finished
from translator.progress import Canceled
from webapp.jobs.models import Job
from workers import steps
from workers.tasks import compile_job, translate_job

pytestmark = pytest.mark.django_db(transaction=True)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def translating_job() -> Job:
    job = make_job()
    job.start_unpacking()
    return job


def test_translation_time_counts_unpacking_and_translating_only(settings):
    settings.TRANSLATE_TIME_LIMIT, settings.PACK_TIME_LIMIT = 10, 100
    clock = Clock()
    job = translating_job()
    step = steps.StepClock(job, clock=clock)
    clock.now += 4  # unpacking
    step(0, 0)  # unpacked
    step(0, 20)
    clock.now += 5
    step(19, 20)
    clock.now += 0.5
    step(20, 20)  # the last file: packing starts, with a limit of its own
    assert step.step == "packing"
    clock.now += 99
    step(20, 20)
    job.refresh_from_db()
    assert (job.state, job.progress_phase, job.progress_done) == ("translating", "packing", 20)


def test_a_step_past_its_limit_stops_the_sandbox_and_names_it(settings):
    settings.TRANSLATE_TIME_LIMIT, settings.PACK_TIME_LIMIT = 10, 30
    clock = Clock()
    step = steps.StepClock(translating_job(), clock=clock)
    step(0, 0)
    step(5, 5)
    clock.now += 31
    with pytest.raises(Canceled):
        step(5, 5)
    assert step.overrun == "packing"
    assert steps.overrun_message(step.overrun) == (
        "packing the outputs (HIP tree archives, patch, report, review data) took longer than "
        "30 s (the PACK_TIME_LIMIT setting; the service's operator can raise it)")


def test_translating_past_its_limit_says_how_far_it_got(settings):
    settings.TRANSLATE_TIME_LIMIT = 10
    clock = Clock()
    step = steps.StepClock(translating_job(), clock=clock)
    step(0, 0)
    clock.now += 11
    with pytest.raises(Canceled):
        step(7, 50)
    assert steps.overrun_message(step.overrun, step.detail()) == (
        "translating the files took longer than 10 s (7 of 50 files were translated) (the "
        "TRANSLATE_TIME_LIMIT setting; the service's operator can raise it)")


def test_a_canceled_job_stops_its_sandbox_without_an_overrun():
    step = steps.StepClock(translating_job(), clock=Clock())
    step(0, 5)
    Job.objects.get().cancel()
    with pytest.raises(Canceled):
        step(5, 5)
    assert (step.left, step.overrun) == (True, "")


def test_a_translation_killed_after_the_job_moved_on_leaves_it_alone():
    job = translating_job()
    job.start_translating(total=1)
    job.start_compiling({"files": 1})
    translate_job.on_failure(TimeLimitExceeded(), "task", (str(job.pk), job.attempt), {}, None)
    job.refresh_from_db()
    assert (job.state, job.failure_code) == ("compiling", "")


def test_a_translation_killed_at_its_hard_limit_names_its_step(settings):
    job = translating_job()
    job.start_translating(total=1)
    job.set_phase("storing")
    translate_job.on_failure(TimeLimitExceeded(), "task", (str(job.pk), job.attempt), {}, None)
    job.refresh_from_db()
    assert (job.state, job.failure_code) == ("failed", "time-limit")
    assert job.failure_message.startswith(
        f"storing the outputs took longer than {settings.STORE_TIME_LIMIT} s (the "
        "STORE_TIME_LIMIT setting")


def test_a_compile_check_killed_at_its_hard_limit_names_the_compile_setting(settings):
    job = translating_job()
    job.start_translating(total=1)
    job.start_compiling({"files": 1})
    compile_job.on_failure(TimeLimitExceeded(), "task", (str(job.pk), job.attempt), {}, None)
    job.refresh_from_db()
    assert (job.state, job.failure_code) == ("failed", "time-limit")
    assert job.failure_message.startswith(
        f"the compile check took longer than {settings.COMPILE_TIME_LIMIT} s (the "
        "COMPILE_TIME_LIMIT setting")


def stored_job(name: str, archive: bytes) -> Job:
    """A queued job with its input, created in one transaction: a worker's recovery pass
    must not send it before its input is there."""
    with transaction.atomic():
        job = Job.objects.create(owner=make_user(), source_name=name)
        job.store_input(ContentFile(archive), ".zip")
    return job


def send_translation(redis_url: str, prefix: str, job: Job) -> None:
    sender = Celery(broker=redis_url, broker_transport_options={"global_keyprefix": prefix})
    sender.send_task("workers.tasks.translate_job", args=[str(job.pk)], queue="translate")


@pytest.mark.integration
def test_translation_past_its_limit_fails_with_the_translation_setting(redis_url, tmp_path):
    prefix = f"rocport-limit-{uuid.uuid4().hex[:8]}:"
    worker = start_worker(redis_url, tmp_path / "worker", key_prefix=prefix, queues="translate",
                          extra_env={"TRANSLATE_TIME_LIMIT": "1"})
    try:
        # Ten thousand files take several seconds to unpack and translate; the limit is 1 s.
        files = {f"src/module{n % 100}/kernel{n}.cu": f"__global__ void k{n}() {{}}\n"
                 for n in range(10_000)}
        job = stored_job("big.zip", zip_bytes(files))
        send_translation(redis_url, prefix, job)
        job = finished(job)
        assert (job.state, job.failure_code) == ("failed", "time-limit"), worker.log_tail()
        assert job.failure_message.startswith("translating the files took longer than 1 s (")
        assert "(the TRANSLATE_TIME_LIMIT setting;" in job.failure_message
        assert [n for n in os.listdir(worker.tmp) if n.startswith("rocport-")] == []
    finally:
        worker.stop()


@pytest.mark.integration
def test_packing_past_its_limit_fails_with_the_packing_setting(redis_url, tmp_path):
    prefix = f"rocport-limit-{uuid.uuid4().hex[:8]}:"
    # The translation may take its time (its limit is generous); packing may not.
    worker = start_worker(redis_url, tmp_path / "worker", key_prefix=prefix, queues="translate",
                          extra_env={"TRANSLATE_TIME_LIMIT": "600", "PACK_TIME_LIMIT": "1"})
    try:
        # 96 MB that does not compress: gzip and deflate take seconds over it, twice.
        files = {f"data/blob{n}.bin": os.urandom(12 << 20) for n in range(8)}
        files["src/kernel.cu"] = "__global__ void k() {}\n"
        job = stored_job("blobs.zip", zip_bytes(files))
        send_translation(redis_url, prefix, job)
        job = finished(job)
        assert (job.state, job.failure_code) == ("failed", "time-limit"), worker.log_tail()
        assert job.failure_message.startswith("packing the outputs (HIP tree archives, patch, "
                                              "report, review data) took longer than 1 s")
        assert "(the PACK_TIME_LIMIT setting;" in job.failure_message
        assert job.progress_phase == "packing"
        assert job.progress_done == job.progress_total > 0  # every file was translated
    finally:
        worker.stop()
