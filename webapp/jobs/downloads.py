"""Downloading a job's files: the one helper the job pages and the API stream them with."""

from __future__ import annotations

from django.http import FileResponse, Http404

from webapp.jobs.models import ARTIFACTS, Job


def artifact_response(job: Job, name: str) -> FileResponse:
    """JOB's file NAME as an attachment, with its content type and a file name that says
    which job it is from (``Job.download_name``). Http404 when the job has no such file
    (the API answers that as ``not-found``)."""
    if name not in ARTIFACTS or name not in job.artifacts:
        raise Http404(f"the job has no file {name!r}")
    return FileResponse(job.open_artifact(name), as_attachment=True,
                        filename=job.download_name(name), content_type=ARTIFACTS[name])
