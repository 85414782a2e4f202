"""A batch of a large compile check (``workers.compiling.split`` made them; the compile
queue, ``webapp.jobs.compile_queue``, hands them to the ROCm runners one at a time):
``compile_batch`` compiles one; the last batch of a job to finish merges them all.
"""

from __future__ import annotations

import logging

from translator.compile.report import CompileOutcome
from webapp.jobs import compile_queue
from webapp.jobs.batches import CompileBatch
from webapp.jobs.models import Job
from workers import compiling

logger = logging.getLogger(__name__)


def compile_batch(batch_id: int, sends: int, task) -> None:
    """Compile one batch of a split check (message number SENDS of it). The last batch of
    the job to finish merges them all and ends the job; one that finds its job canceled
    stores what it compiled, and the last of those keeps it in the report."""
    batch = CompileBatch.objects.filter(pk=batch_id).select_related("job").first()
    hostname = task.request.hostname or ""
    if batch is None or not batch.claim(sends, hostname):
        logger.info("batch %s: message %s dropped (the batch is gone, taken or resent)",
                    batch_id, sends)
        return
    job = batch.job
    compile_queue.dispatch()  # the next batch waits in the broker while this one compiles
    outcome: CompileOutcome | None = None
    if (job.state, job.attempt) == (Job.State.COMPILING, batch.attempt):
        with compiling.CompileWatch(job, task, batch=batch) as watch:
            outcome = compiling.compile_step(job, watch, lambda paths: batch.units, jobs=1)
    settle_batch(batch, outcome)
    compile_queue.dispatch()


def settle_batch(batch: CompileBatch, outcome: CompileOutcome | None) -> None:
    """BATCH is done: merge the job's batches when it was the last, keep the compiled units
    of a canceled job when nothing else of it compiles."""
    then = compile_queue.settle(batch, outcome)
    job = Job.objects.get(pk=batch.job_id)
    if then == "gather":
        compiling.gather(job)
    elif then == "keep" and job.state == Job.State.CANCELED:
        compiling.keep(job)
    elif then == "keep":
        compile_queue.forget_batches(job)
