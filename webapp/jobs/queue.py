"""Why a job waits: its place in the translation queue, or the state of the ROCm runners.

Read by the job page and the API; every figure comes from the database or from the
runners' heartbeats in Redis (``webapp.runners``), never from the broker's queues.
"""

from __future__ import annotations

from webapp import runners
from webapp.jobs.models import Job


def waiting_reason(job: Job) -> str:
    """What JOB waits for, in a sentence; '' when it does not wait."""
    if job.state == Job.State.QUEUED:
        ahead = Job.objects.filter(state=Job.State.QUEUED, created_at__lt=job.created_at).count()
        if not ahead:
            return "next in the queue"
        return f"position {ahead + 1} in the queue ({ahead} " \
               f"{'job' if ahead == 1 else 'jobs'} ahead)"
    if job.state != Job.State.COMPILING or job.compile_started_at is not None:
        return ""
    online = runners.online()
    if online is None:
        return "waiting for a ROCm runner"
    if not online:
        return "waiting for a ROCm runner: none is online"
    busy = runners.busy_units()
    if busy:
        who = "the runner is" if len(online) == 1 else f"the {len(online)} runners are"
        return f"waiting for a ROCm runner: {who} busy with {busy} " \
               f"{'unit' if busy == 1 else 'units'}"
    return "waiting for a ROCm runner"


def progress_of(job: Job) -> dict:
    """The API's and the page's progress: phase (unpacking, translating, compiling or ''),
    done and total (files, or units while compiling), percent, and why it waits."""
    phase = job.progress_phase or (job.state if job.state in (
        Job.State.UNPACKING, Job.State.TRANSLATING) else "")  # a row older than the phase
    return {"phase": phase if job.is_active else "",
            "done": job.progress_done, "total": job.progress_total,
            "percent": 100 if job.state == Job.State.DONE else job.progress_percent,
            "waiting": waiting_reason(job)}
