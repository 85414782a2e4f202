"""Job pages: list, upload, detail (diffs, findings, compile results), cancel, download."""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import filesizeformat
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_POST

from webapp.jobs.diffs import diff_css, split_patch
from webapp.jobs.forms import UploadForm, archive_suffix
from webapp.jobs.models import ARTIFACTS, InvalidTransition, Job
from webapp.jobs.submit import submit_job
from webapp.jobs.uploads import is_disk_full
from workers import runners

logger = logging.getLogger(__name__)

#: Larger patches are offered for download only; highlighting them would stall the page.
MAX_SHOWN_PATCH_BYTES = 2 * 1024 * 1024
#: Slack for the multipart envelope around the file when comparing Content-Length.
_ENVELOPE_BYTES = 64 * 1024


def _own_job(request: HttpRequest, job_id) -> Job:
    job = get_object_or_404(Job, pk=job_id)
    if job.owner_id != request.user.pk and not request.user.is_superuser:
        raise Http404("no such job")
    return job


@login_required
def job_list(request: HttpRequest) -> HttpResponse:
    jobs = Job.objects.filter(owner=request.user)[:200]
    return render(request, "jobs/list.html", {"jobs": jobs})


# The CSRF check reads the body, so it runs inside the view, where a full disk is caught.
@csrf_exempt
@login_required
def upload(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
        if declared > settings.MAX_UPLOAD_BYTES + _ENVELOPE_BYTES:
            # Refuse before Django reads the body (and before the CSRF check reads it).
            error = (f"The upload is larger than the limit of "
                     f"{filesizeformat(settings.MAX_UPLOAD_BYTES)}.")
            return render(request, "jobs/upload.html", {"form": UploadForm(), "error": error},
                          status=413)
    try:
        return _upload(request)
    except OSError as error:
        if not is_disk_full(error):
            raise
        logger.error("upload refused: the disk is full: %s", error)
        # The partial file is gone (webapp.jobs.uploads); no job was created.
        return render(request, "jobs/upload.html", {"form": UploadForm(), "error": (
            "The server has no room to store your upload right now. Nothing was kept; "
            "please try again later.")}, status=507)


@csrf_protect
def _upload(request: HttpRequest) -> HttpResponse:
    form = UploadForm()
    if request.method == "POST":
        form = UploadForm(request.POST, request.FILES)
        if form.is_valid():
            archive = form.cleaned_data["archive"]
            job = submit_job(owner=request.user, archive=archive,
                             suffix=archive_suffix(archive.name), name=archive.name,
                             options=form.translation_options())
            return redirect(job)
    return render(request, "jobs/upload.html", {"form": form}, status=400 if form.errors else 200)


@login_required
def job_detail(request: HttpRequest, job_id) -> HttpResponse:
    job = _own_job(request, job_id)
    report = job.read_report() or {}
    diffs, patch_too_large = [], False
    if "changes.patch" in job.artifacts:
        with job.open_artifact("changes.patch") as handle:
            data = handle.read(MAX_SHOWN_PATCH_BYTES + 1)
        patch_too_large = len(data) > MAX_SHOWN_PATCH_BYTES
        if not patch_too_large:
            diffs = split_patch(data.decode("utf-8", "replace"))
    waits_for_runner = job.state == Job.State.COMPILING and job.compile_started_at is None
    context = {
        "job": job,
        "report": report,
        "findings": report.get("findings", []),
        "compile_units": report.get("compile", []),
        "compile_summary": report.get("compile_summary", {}),
        "hipcc": report.get("toolchain", {}).get("hipcc", {}),
        "waits_for_runner": waits_for_runner,
        # Only while the compile check waits: is any ROCm runner there to take it?
        "rocm_runners": runners.online() if waits_for_runner else None,
        "diffs": diffs,
        "patch_too_large": patch_too_large,
        "downloads": [name for name in ARTIFACTS if name in job.artifacts],
        "diff_css": diff_css(),
    }
    return render(request, "jobs/detail.html", context)


@login_required
@require_POST
def cancel(request: HttpRequest, job_id) -> HttpResponse:
    job = _own_job(request, job_id)
    try:
        job.cancel()
    except InvalidTransition:
        messages.info(request, f"The job had already ended ({job.state}).")
    return redirect(job)


@login_required
def download(request: HttpRequest, job_id, name: str) -> FileResponse:
    job = _own_job(request, job_id)
    if name not in ARTIFACTS or name not in job.artifacts:
        raise Http404("no such file")
    return FileResponse(job.open_artifact(name), as_attachment=True,
                        filename=job.download_name(name), content_type=ARTIFACTS[name])
