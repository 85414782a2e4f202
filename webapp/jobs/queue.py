"""Why a job waits: its place in the translation queue, its place in the compile queue, or
the state of the ROCm runners.

Read by the job page and the API; every figure comes from the database or from the
runners' heartbeats in Redis (``webapp.runners``), never from the broker's queues.
"""

from __future__ import annotations

from webapp import runners
from webapp.jobs.compile_queue import queue_position
from webapp.jobs.models import Job


def _plural(count: int, word: str, words: str = "") -> str:
    return f"{count} {word if count == 1 else words or word + 's'}"


def waiting_reason(job: Job) -> str:
    """What JOB waits for, in a sentence; '' when it does not wait."""
    if job.state == Job.State.QUEUED:
        ahead = Job.objects.filter(state=Job.State.QUEUED, created_at__lt=job.created_at).count()
        if not ahead:
            return "next in the queue"
        return f"position {ahead + 1} in the queue ({_plural(ahead, 'job')} ahead)"
    if job.state != Job.State.COMPILING:
        return ""
    if job.compile_started_at is not None:
        return _split_reason(job)
    ahead = Job.objects.filter(state=Job.State.COMPILING, compile_started_at__isnull=True,
                               updated_at__lt=job.updated_at).count()
    place = f"; {_plural(ahead, 'compile check')} ahead" if ahead else ""
    online = runners.online()
    if online is None:
        return "waiting for a ROCm runner" + place
    if not online:
        return "waiting for a ROCm runner: none is online" + place
    busy = runners.busy_units()
    if busy:
        who = "the runner is" if len(online) == 1 else f"the {len(online)} runners are"
        return f"waiting for a ROCm runner: {who} busy with {_plural(busy, 'unit')}{place}"
    return "waiting for a ROCm runner" + place


def _split_reason(job: Job) -> str:
    """A split check waits when none of its batches is compiling: how many batches of
    other jobs the compile queue sends before its next one."""
    position = queue_position(job)
    if position is None or position["running"] or position["done"] == position["batches"]:
        return ""
    if not position["ahead"]:
        return "its next batch is next in the compile queue"
    batches = _plural(position["ahead"], "batch", "batches")
    return (f"waiting in the compile queue: {batches} of other jobs "
            f"({_plural(position['ahead_units'], 'unit')}) go first")


def progress_of(job: Job) -> dict:
    """The API's and the page's progress: phase (unpacking, translating, packing, storing,
    compiling or ''), done and total (files, or units while compiling), percent, and why
    it waits."""
    phase = job.progress_phase or (job.state if job.state in (
        Job.State.UNPACKING, Job.State.TRANSLATING) else "")  # a row older than the phase
    return {"phase": phase if job.is_active else "",
            "done": job.progress_done, "total": job.progress_total,
            "percent": 100 if job.state == Job.State.DONE else job.progress_percent,
            "waiting": waiting_reason(job)}
