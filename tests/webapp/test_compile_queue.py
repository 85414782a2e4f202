"""The compile queue's order: owners take turns, a small job goes before a big one, then
the oldest; a split job's page says how many batches go before its next one."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import make_job, make_user
from webapp.jobs import compile_queue
from webapp.jobs.batches import CompileBatch
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db


def split_job(owner, units: int, *, batch: int = 2, age: int = 0, name: str = "") -> Job:
    job = make_job(owner=owner, state=Job.State.COMPILING, progress_total=units,
                   source_name=name or f"job of {units} units",
                   progress_phase="compiling", compile_started_at=timezone.now(),
                   compile_batches=-(-units // batch))
    Job.objects.filter(pk=job.pk).update(created_at=timezone.now() - timedelta(minutes=age))
    job.refresh_from_db()
    for number, first in enumerate(range(0, units, batch)):
        CompileBatch.objects.create(job=job, attempt=job.attempt, number=number,
                                    units=list(range(first, min(first + batch, units))),
                                    paths=[f"u{n}.cu" for n in range(first, min(first + batch,
                                                                                units))])
    return job


def order() -> list[tuple[str, int]]:
    return [(batch.job.source_name, batch.number) for batch in compile_queue.queue_order()]


def test_a_small_job_goes_before_the_rest_of_a_big_one():
    owner = make_user()
    split_job(owner, 8, age=10, name="big")
    split_job(owner, 4, name="small")
    assert order() == [("small", 0), ("small", 1), ("big", 0), ("big", 1), ("big", 2),
                       ("big", 3)]


def test_owners_take_turns_whatever_their_jobs_sizes():
    alice, bob = make_user(), make_user()
    split_job(alice, 6, age=10, name="alice")
    split_job(bob, 6, name="bob")
    # alice's job is older; then bob's turn, then alice's again
    assert order() == [("alice", 0), ("bob", 0), ("alice", 1), ("bob", 1), ("alice", 2),
                       ("bob", 2)]


def test_batches_in_flight_count_against_their_owner():
    alice, bob = make_user(), make_user()
    busy = split_job(alice, 6, age=10)
    CompileBatch.objects.filter(job=busy, number=0).update(state=CompileBatch.State.RUNNING)
    other = split_job(bob, 20)
    assert compile_queue.next_batch().job_id == other.pk


def test_batches_of_ended_jobs_and_earlier_attempts_are_never_sent():
    owner = make_user()
    canceled = split_job(owner, 4)
    canceled.cancel()
    old = split_job(owner, 4)
    Job.objects.filter(pk=old.pk).update(attempt=2)
    assert compile_queue.next_batch() is None


def test_the_queue_position_counts_the_batches_before_the_next_one():
    owner = make_user()
    big = split_job(owner, 8, age=10)
    CompileBatch.objects.filter(job=big, number=0).update(state=CompileBatch.State.DONE)
    CompileBatch.objects.filter(job=big, number=1).update(state=CompileBatch.State.RUNNING)
    small = split_job(owner, 4)
    assert compile_queue.queue_position(small) == {
        "batches": 2, "done": 0, "running": 0, "ahead": 0, "ahead_units": 0}
    assert compile_queue.queue_position(big) == {
        "batches": 4, "done": 1, "running": 1, "ahead": 2, "ahead_units": 4}


def test_the_last_batch_to_finish_gathers_and_a_canceled_job_keeps():
    job = split_job(make_user(), 4)
    first, second = CompileBatch.objects.filter(job=job).order_by("number")
    assert compile_queue.settle(first, {"compile": []}) == ""
    assert compile_queue.settle(second, {"compile": []}) == "gather"
    other = split_job(make_user(), 4)
    first, second = CompileBatch.objects.filter(job=other).order_by("number")
    CompileBatch.objects.filter(pk=second.pk).update(state=CompileBatch.State.RUNNING)
    other.cancel()
    assert compile_queue.settle(first, {"compile": []}) == ""  # the second still compiles
    assert compile_queue.settle(second, None) == "keep"
