"""The job page's live view: a small JSON document the page polls while the job runs.

``status`` says the job's state, progress, why it waits, its failure, and ``html``: the
page's status block rendered anew. ``results`` is a version of what the results part of
the page shows (the stored files, the units compiled so far, the state): when it changes,
the page fetches that part again (``?fragment=results``), keeping the open file, the view
and the scroll position. Answers carry an ETag, so a poll that finds nothing new costs a
304 of a few hundred bytes; the page polls only while the job is active and its tab is
visible (``webapp/static/rocport/job.js``).
"""

from __future__ import annotations

import hashlib
import json

from django.http import HttpRequest
from django.template.loader import render_to_string

from webapp.jobs.batches import CompileBatch
from webapp.jobs.models import ARTIFACTS, Job
from webapp.jobs.queue import progress_of
from webapp.jobs.verdict import GREEN, VERDICTS, verdict


def results_version(job: Job) -> str:
    """Changes whenever the results part of the page would show something else."""
    compiled = 0
    if job.state in (Job.State.COMPILING, Job.State.CANCELED) and job.compile_batches:
        compiled = sum(len(units) for units in CompileBatch.objects.filter(
            job=job, attempt=job.attempt, state=CompileBatch.State.DONE).values_list(
            "units", flat=True))
    # While it translates, its files are being stored: the results are whole once it
    # compiles (or ended), not before.
    stored = 0 if job.state == Job.State.TRANSLATING else len(job.artifacts)
    return f"{job.state}:{stored}:{compiled}:{job.compile_status}"


def status_context(job: Job, may_change: bool) -> dict:
    ended_verdict = verdict(job.summary) if job.state == Job.State.DONE else ""
    return {
        "job": job,
        "progress": progress_of(job),
        "downloads": [name for name in ARTIFACTS if name in job.artifacts],
        "may_change": may_change,
        "verdict": ended_verdict,
        "verdict_text": VERDICTS.get(ended_verdict, ""),
        "green": ended_verdict in GREEN,
    }


def status(request: HttpRequest, job: Job, may_change: bool) -> tuple[dict, str]:
    """(the JSON answer, its ETag)."""
    context = status_context(job, may_change)
    answer = {
        "state": job.state,
        "active": job.is_active,
        "progress": context["progress"],
        "compile_status": job.compile_status,
        "failure": {"code": job.failure_code, "message": job.failure_message}
        if job.state == Job.State.FAILED else None,
        "verdict": context["verdict"],
        "results": results_version(job),
    }
    # The HTML holds a fresh CSRF token each time: the ETag is of what it shows.
    shown = {**answer, "stuck": job.seems_stuck, "downloads": context["downloads"]}
    etag = hashlib.sha256(json.dumps(shown, sort_keys=True).encode()).hexdigest()[:32]
    answer["html"] = render_to_string("jobs/_status.html", context, request)
    return answer, f'"{etag}"'
