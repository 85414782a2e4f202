"""The compile queue: which batch a ROCm runner compiles next, and where a job waits.

The broker holds at most ``AHEAD`` batches that no runner has started; the rest wait in the
database (``webapp.jobs.batches``), and ``dispatch`` sends the next one whenever a batch
starts or ends (and on every recovery pass). Which one, in this order:

1. the batch of the owner with the fewest batches in flight (sent or compiling): one
   person's, or one repository's, big job cannot take every runner while others wait;
   pull request jobs count per repository;
2. then the batch of the job with the fewest units (its check's, ``progress_total``): a
   small job goes before a big one;
3. then the oldest job's, and its batches in order.

A job's own check of at most ``COMPILE_BATCH_UNITS`` units is not split and goes first
(``compile_job`` has priority 0 on the ``rocm`` queue). ``queue_position`` says where a
split job's next batch stands in that order, for the job page and the API.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass

from django.db import models
from django.utils import timezone

from translator.compile.report import CompileOutcome, not_compiled_outcome
from webapp.jobs.batches import IN_FLIGHT, CompileBatch
from webapp.jobs.models import Job
from webapp.jobs.outbox import send

logger = logging.getLogger(__name__)

#: Batches in the broker that no runner took yet. One: every start and every end sends
#: the next, so idle runners fill up one after the other, and the choice of the batch is
#: made as late as possible, when a small job that came later can still go first.
AHEAD = 1
#: Redis serves priority 0 first: a job's own compile_job (a small job compiles right
#: there; a big one is split) goes before the batches.
BATCH_PRIORITY = 6
#: The most waiting batches looked at in one choice (the oldest jobs' first).
_WINDOW = 5000


def fairness_key(job: Job) -> str:
    """Whose turn a batch of JOB takes: its repository's for a pull request, else its
    owner's."""
    if job.source_kind == Job.Source.GITHUB:
        pull = getattr(job, "pull_request", None)
        if pull is not None:
            return f"github:{pull.repository}"
    return f"user:{job.owner_id}"


@dataclass
class _Candidate:
    batch: CompileBatch
    key: str
    units: int


def _waiting() -> list[_Candidate]:
    """Waiting batches of jobs that still compile in their attempt, with what orders them."""
    batches = list(CompileBatch.objects.filter(
        state=CompileBatch.State.WAITING, job__state=Job.State.COMPILING,
        job__attempt=models.F("attempt"),
    ).select_related("job", "job__pull_request").order_by("job__created_at", "number")[:_WINDOW])
    if not batches:
        return []
    return [_Candidate(batch, fairness_key(batch.job), batch.job.progress_total)
            for batch in batches]


def _in_flight_by_key() -> Counter:
    counts: Counter = Counter()
    for batch in CompileBatch.objects.filter(state__in=IN_FLIGHT).select_related(
            "job", "job__pull_request"):
        counts[fairness_key(batch.job)] += 1
    return counts


def queue_order() -> list[CompileBatch]:
    """Every waiting batch, in the order they will be sent (if nothing else arrives)."""
    candidates = _waiting()
    flying = _in_flight_by_key()
    ordered = []
    while candidates:  # each choice puts its owner one batch further in flight
        chosen = min(candidates, key=lambda c: (flying[c.key], c.units,
                                                c.batch.job.created_at, c.batch.number))
        candidates.remove(chosen)
        flying[chosen.key] += 1
        ordered.append(chosen.batch)
    return ordered


def next_batch() -> CompileBatch | None:
    candidates = _waiting()
    if not candidates:
        return None
    flying = _in_flight_by_key()
    return min(candidates, key=lambda c: (flying[c.key], c.units, c.batch.job.created_at,
                                          c.batch.number)).batch


def dispatch() -> int:
    """Send waiting batches while the broker holds fewer than AHEAD; returns how many. A
    batch whose message the broker refused waits again (the recovery tries later)."""
    sent = 0
    while CompileBatch.objects.filter(state=CompileBatch.State.SENT).count() < AHEAD:
        batch = next_batch()
        if batch is None:
            break
        taken = CompileBatch.objects.filter(pk=batch.pk, state=CompileBatch.State.WAITING) \
            .update(state=CompileBatch.State.SENT, sends=models.F("sends") + 1,
                    sent_at=timezone.now())
        if not taken:
            continue  # another dispatcher sent it
        batch.refresh_from_db()
        if not send("compile_batch", batch.pk, batch.sends, priority=BATCH_PRIORITY):
            CompileBatch.objects.filter(pk=batch.pk, sends=batch.sends).update(
                state=CompileBatch.State.WAITING)
            break
        sent += 1
    return sent


def forget_sent() -> int:
    """The broker lost its messages: sent batches wait again (their old messages, should
    they come back, carry an old number and are dropped)."""
    return CompileBatch.objects.filter(state=CompileBatch.State.SENT).update(
        state=CompileBatch.State.WAITING)


def queue_position(job: Job) -> dict | None:
    """Where JOB's split check stands: ``done``, ``running`` and ``batches`` (counts of
    its batches), ``ahead`` (batches of other jobs sent before its next one) and
    ``ahead_units``; None when it is not split."""
    if not job.compile_batches or job.state != Job.State.COMPILING:
        return None
    mine = Counter(CompileBatch.objects.filter(job=job, attempt=job.attempt)
                   .values_list("state", flat=True))
    position = {"batches": sum(mine.values()), "done": mine[CompileBatch.State.DONE],
                "running": mine[CompileBatch.State.RUNNING] + mine[CompileBatch.State.SENT],
                "ahead": 0, "ahead_units": 0}
    if mine[CompileBatch.State.WAITING]:
        for batch in queue_order():
            if batch.job_id == job.pk:
                break
            position["ahead"] += 1
            position["ahead_units"] += len(batch.units)
    return position


def settle(batch: CompileBatch, outcome: CompileOutcome | None) -> str:
    """Record BATCH as done with OUTCOME; returns what its job needs now: ``gather`` (every
    batch is done and the job still compiles: merge them), ``keep`` (the job ended and no
    batch is in flight: keep what was compiled) or '' (other batches are not done).

    The last batch is found without a lock: once its row is done, each batch claims the
    merge with one conditional UPDATE of the job (phase ``compiling`` to ``merging``, only
    while no batch of the attempt is open). Of two batches ending at once, the one whose
    claim comes after both rows are done wins, and only one can (the phase changed)."""
    batch.finish(outcome)
    job = Job.objects.get(pk=batch.job_id)
    if job.state == Job.State.COMPILING and job.attempt == batch.attempt:
        still_open = CompileBatch.objects.filter(
            job=models.OuterRef("pk"), attempt=models.OuterRef("attempt")).exclude(
            state=CompileBatch.State.DONE)
        claimed = Job.objects.filter(
            pk=job.pk, state=Job.State.COMPILING, attempt=batch.attempt,
            progress_phase="compiling").filter(~models.Exists(still_open)).update(
            progress_phase="merging", updated_at=timezone.now())
        return "gather" if claimed else ""
    in_flight = CompileBatch.objects.filter(job_id=batch.job_id, attempt=batch.attempt,
                                            state__in=IN_FLIGHT).exists()
    return "" if in_flight else "keep"


def done_outcomes(job: Job) -> list[CompileOutcome]:
    """The outcomes of JOB's batches compiled so far (in this attempt), in batch order."""
    return [outcome for outcome in CompileBatch.objects.filter(
        job=job, attempt=job.attempt, state=CompileBatch.State.DONE).order_by(
        "number").values_list("outcome", flat=True) if outcome]


def forget_batches(job: Job) -> None:
    """JOB's batches were merged into its report (or its attempt is over)."""
    CompileBatch.objects.filter(job=job).delete()


def lost_batch_outcome(batch: CompileBatch, reason: str) -> CompileOutcome:
    """A compile_check outcome for a batch no runner could finish: each unit not compiled,
    with REASON."""
    return not_compiled_outcome(list(batch.paths), reason)
