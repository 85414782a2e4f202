"""Job pages: list, upload, detail (status, results, one file's review), its live status,
review marks (viewed files, resolved or dismissed findings), cancel, download.

Who may open a job: ``webapp.jobs.access`` (its owner, a superuser, or a session that
followed a signed link from the pull request); only the owner and superusers cancel.
"""

from __future__ import annotations

import functools
import logging

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import (
    FileResponse,
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseNotModified,
    JsonResponse,
)
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.text import capfirst
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_POST

from webapp import runners
from webapp.jobs import access, live, marks
from webapp.jobs.downloads import artifact_response
from webapp.jobs.forms import UploadForm
from webapp.jobs.marks import REVIEW_STATES
from webapp.jobs.models import InvalidTransition, Job
from webapp.jobs.overview import file_rows, matches
from webapp.jobs.page import chosen_filters, file_review, live_report, results_context
from webapp.jobs.review import read_index
from webapp.jobs.submit import submit_job
from webapp.jobs.uploads import check_archive, declared_too_large, is_disk_full, too_large_message

logger = logging.getLogger(__name__)


def with_job(view):
    """Give VIEW the job of the URL when the request may read it (``webapp.jobs.access``):
    an anonymous visitor without a grant is sent to sign in, anyone else gets 404."""
    @functools.wraps(view)
    def wrapped(request: HttpRequest, job_id, *args, **kwargs):
        try:
            job = access.readable_job(request, job_id)
        except access.NeedsSignIn:
            return access.sign_in_first(request)
        return view(request, job, *args, **kwargs)
    return wrapped


@login_required
def job_list(request: HttpRequest) -> HttpResponse:
    jobs = Job.objects.owned_by(request.user)[:200]
    return render(request, "jobs/list.html", {"jobs": jobs})


# The CSRF check reads the body, so it runs inside the view, where a full disk is caught.
@csrf_exempt
@login_required
def upload(request: HttpRequest) -> HttpResponse:
    if request.method == "POST" and declared_too_large(request, settings.MAX_UPLOAD_BYTES):
        # Refuse before Django reads the body (and before the CSRF check reads it).
        error = capfirst(too_large_message("the upload", settings.MAX_UPLOAD_BYTES))
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
                             suffix=check_archive(archive), name=archive.name,
                             options=form.translation_options())
            return redirect(job)
    return render(request, "jobs/upload.html", {"form": form},
                  status=form.refusal_status() if form.errors else 200)


def job_detail(request: HttpRequest, job_id) -> HttpResponse:
    key = request.GET.get("key")
    if key is not None:  # a signed link: remember the grant, then drop the key
        job = Job.objects.filter(pk=job_id).first()
        if job is None or not access.grant(request, job, key):
            raise Http404("the link is not valid (or no longer)")
        rest = request.GET.copy()
        rest.pop("key")
        return redirect(f"{job.get_absolute_url()}?{rest.urlencode()}" if rest else job)
    return _job_detail(request, job_id)


@with_job
def _job_detail(request: HttpRequest, job: Job) -> HttpResponse:
    report = live_report(job)
    may_change = access.may_change(request, job)
    waits_for_runner = job.state == Job.State.COMPILING and job.compile_started_at is None
    context = {
        **live.status_context(job, may_change),
        "report": report,
        "waits_for_runner": waits_for_runner,
        # Only while the compile check waits: is any ROCm runner there to take it?
        "rocm_runners": runners.online() if waits_for_runner else None,
        "results_version": live.results_version(job),
    }
    if report:
        context.update(results_context(request, job, report))
    template = "jobs/_results.html" if request.GET.get("fragment") == "results" else \
        "jobs/detail.html"
    return render(request, template, context)


@never_cache
@with_job
def job_status(request: HttpRequest, job: Job) -> HttpResponse:
    """The live view's JSON (``webapp.jobs.live``); 304 when nothing changed."""
    answer, etag = live.status(request, job, access.may_change(request, job))
    response: HttpResponse
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        response = JsonResponse(answer)
    response["ETag"] = etag
    return response


@with_job
def file_review_view(request: HttpRequest, job: Job) -> HttpResponse:
    """The file panel alone (for the page's script): ``?file=PATH`` and the page's options."""
    report = live_report(job)
    index = read_index(job)
    if not report or index is None:
        raise Http404("no review data")
    chosen = chosen_filters(request)
    reviews = marks.reviews_of(job)
    findings = marks.reviewed_findings(report["findings"], reviews)
    viewed = marks.viewed_paths(job, marks.viewer_of(request))
    rows = file_rows(report, findings, index, viewed)
    order = [row.path for row in rows if row.reviewed and matches(row, chosen)]
    review = file_review(request, job, report, index, request.GET.get("file", ""), chosen,
                         order, reviews=reviews, rows=rows)
    if review.get("missing"):
        raise Http404("no such file")
    return render(request, "jobs/_file.html", {"job": job, "review": review})


def _back(request: HttpRequest, job: Job) -> HttpResponse:
    target = request.POST.get("next", "")
    if target.startswith("?") or url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return redirect(job.get_absolute_url() + target if target.startswith("?") else target)
    return redirect(job)


@require_POST
@with_job
def mark_viewed(request: HttpRequest, job: Job) -> HttpResponse:
    """Mark a file viewed (``viewed=1``) or not (``viewed=0``) for this reviewer."""
    path = request.POST.get("path", "")
    if not path:
        return JsonResponse({"error": {"code": "invalid", "message": "path is missing"}},
                            status=400)
    viewed = request.POST.get("viewed") == "1"
    marks.set_viewed(job, marks.viewer_of(request), path, viewed)
    if request.headers.get("Accept", "").startswith("application/json"):
        return JsonResponse({"path": path, "viewed": viewed})
    return _back(request, job)


@require_POST
@with_job
def finding_review(request: HttpRequest, job: Job) -> HttpResponse:
    """Resolve or dismiss a finding with a reason, for the job's repository (kept for its
    next jobs), or reopen it (``state`` empty)."""
    state = request.POST.get("state", "")
    fingerprint = request.POST.get("fingerprint", "")
    if state not in ("", *REVIEW_STATES) or not 8 <= len(fingerprint) <= 40:
        return JsonResponse({"error": {"code": "invalid", "message": "state must be "
                                       "resolved, dismissed or empty, with a fingerprint"}},
                            status=400)
    reason = " — ".join(part for part in (request.POST.get("reason", "").strip(),
                                          request.POST.get("details", "").strip()) if part)
    report = job.read_report() if state else None
    findings = report["findings"] if report is not None else []
    found = next((finding for finding, printed in zip(
        findings, marks.fingerprints(findings), strict=True) if printed == fingerprint), None)
    marks.review_finding(job, fingerprint, state, reason, marks.reviewer_name(request),
                         path=found["path"] if found else "", code=found["code"] if found else "")
    if request.headers.get("Accept", "").startswith("application/json"):
        return JsonResponse({"fingerprint": fingerprint, "state": state, "reason": reason})
    return _back(request, job)


@require_POST
@with_job
def cancel(request: HttpRequest, job: Job) -> HttpResponse:
    if not access.may_change(request, job):
        raise Http404("no such job")
    try:
        job.cancel()
    except InvalidTransition:
        messages.info(request, f"The job had already ended ({job.state}).")
    return redirect(job)


@with_job
def download(request: HttpRequest, job: Job, name: str) -> FileResponse:
    return artifact_response(job, name)
