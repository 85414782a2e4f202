"""Job pages: list, upload, detail (summary, file tree, one file's review), cancel, download."""

from __future__ import annotations

import logging
import re

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import capfirst
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_POST

from webapp import runners
from webapp.jobs.charts import summary_charts
from webapp.jobs.diffs import file_notes, review_rows, rows_html
from webapp.jobs.downloads import artifact_response
from webapp.jobs.forms import UploadForm
from webapp.jobs.models import ARTIFACTS, InvalidTransition, Job
from webapp.jobs.overview import (
    FILTERS,
    FileRow,
    file_rows,
    filter_options,
    matches,
    query,
    summary_figures,
    tree_html,
    tree_order,
)
from webapp.jobs.queue import progress_of
from webapp.jobs.review import read_file, read_index
from webapp.jobs.submit import submit_job
from webapp.jobs.uploads import archive_suffix, declared_too_large, is_disk_full, too_large_message

logger = logging.getLogger(__name__)

_FILTER_TITLES = {"show": "Show", "category": "Category", "rule": "Rule",
                  "severity": "Severity"}


def _visible_job(request: HttpRequest, job_id) -> Job:
    return get_object_or_404(Job.objects.visible_to(request.user), pk=job_id)


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
                             suffix=archive_suffix(archive.name), name=archive.name,
                             options=form.translation_options())
            return redirect(job)
    return render(request, "jobs/upload.html", {"form": form},
                  status=form.refusal_status() if form.errors else 200)


@login_required
def job_detail(request: HttpRequest, job_id) -> HttpResponse:
    job = _visible_job(request, job_id)
    report = job.read_report() or {}
    waits_for_runner = job.state == Job.State.COMPILING and job.compile_started_at is None
    context = {
        "job": job,
        "report": report,
        "compile_units": report.get("compile", []),
        "compile_summary": report.get("compile_summary", {}),
        "hipcc": report.get("toolchain", {}).get("hipcc", {}),
        "waits_for_runner": waits_for_runner,
        # Only while the compile check waits: is any ROCm runner there to take it?
        "rocm_runners": runners.online() if waits_for_runner else None,
        "downloads": [name for name in ARTIFACTS if name in job.artifacts],
        "progress": progress_of(job),
    }
    if report:
        context.update(_review_page(request, job, report))
    return render(request, "jobs/detail.html", context)


def _review_page(request: HttpRequest, job: Job, report: dict) -> dict:
    """Summary, filters, file tree and the open file of a job with a report."""
    index = read_index(job)
    rows = file_rows(report, index)
    chosen = {key: request.GET.get(key, "")[:200] for key in FILTERS}
    shown = [row for row in rows if matches(row, chosen)]
    current = request.GET.get("file") or _first_file(shown) or _first_file(rows)
    figures = summary_figures(report, rows)
    context = {
        "figures": figures,
        "charts": summary_charts(figures),
        "filters": [(name, _FILTER_TITLES[name],
                     [(*choice, choice[0] == chosen[name]) for choice in choices])
                    for name, choices in filter_options(rows).items()],
        "chosen": chosen,
        "filtered": any(chosen.values()),
        "shown_count": len(shown),
        "tree": tree_html(shown, chosen, current or ""),
        "has_review": index is not None,
    }
    if index is not None and current:
        order = [row.path for row in shown if row.reviewed]
        context["review"] = _file_review(request, job, report, index, current, chosen, order)
    return context


def _first_file(rows: list[FileRow]) -> str | None:
    """The file a page opens on: the first with findings or errors, else the first changed."""
    for wanted in (("compile-error", "findings"), ("translated", "renamed")):
        for row in rows:
            if row.reviewed and row.state in wanted:
                return row.path
    return next((row.path for row in rows if row.reviewed), None)


def _file_review(request: HttpRequest, job: Job, report: dict, index: list[dict], path: str,
                 chosen: dict, order: list[str]) -> dict:
    """What the file panel shows for PATH (``missing`` when it has no review data);
    ORDER is the paths the previous/next links step through."""
    entry = next((entry for entry in index if entry.get("path") == path), None)
    data = read_file(job, entry["id"]) if entry else None
    if data is None:
        return {"path": path, "missing": True}
    view = "split" if request.GET.get("view") == "split" else "unified"
    context = "all" if request.GET.get("context") == "all" else ""
    line, page = _number(request.GET.get("line", "")), _number(request.GET.get("page", ""))
    units = report.get("compile", [])
    diagnostics = [d for unit in units for d in unit.get("diagnostics", [])
                   if d.get("path") == path and d.get("mapped", True)]
    unit = next((unit for unit in units if unit.get("path") == path), None)
    notes = file_notes(data, diagnostics)
    rows, shown = review_rows(data, notes, split=view == "split", context=context,
                              keep_line=line, page=page)
    link = query(chosen, file=path, **({"view": "split"} if view == "split" else {}))
    position = order if path in order else sorted(
        (entry.get("path", "") for entry in index), key=tree_order)
    here = position.index(path)
    return {
        "path": path,
        "data": data,
        "view": view,
        "context": context,
        "link": link,
        "unified_link": query(chosen, file=path),
        "split_link": query(chosen, file=path, view="split"),
        "all_link": link + (f"&page={shown.number}" if shown.count > 1 else "")
        + "&context=all",
        "rows": rows_html(rows, split=view == "split", link=link, total_notes=len(notes),
                          page=shown),
        "page": shown,
        "pages": [(number, f"{link}&page={number}") for number in range(1, shown.count + 1)]
        if shown.count > 1 else [],
        "notes": len(notes),
        "findings": sum(1 for note in notes if note.kind == "finding"),
        "unit": unit,
        "added": sum(1 for row in rows if row.kind == "insert")
        + sum(1 for row in rows if row.kind == "replace" and row.new is not None),
        "removed": sum(1 for row in rows if row.kind == "delete")
        + sum(1 for row in rows if row.kind == "replace" and row.old is not None),
        "previous": query(chosen, file=position[here - 1]) if here > 0 else "",
        "next": query(chosen, file=position[here + 1]) if here + 1 < len(position) else "",
    }


def _number(text: str) -> int | None:
    """A line or page number from the query string (ASCII digits only: '²' is a digit to
    str.isdigit), or None."""
    return int(text) if re.fullmatch(r"[0-9]{1,9}", text) else None


@login_required
def file_review(request: HttpRequest, job_id) -> HttpResponse:
    """The file panel alone (for the page's script): ``?file=PATH`` and the page's options."""
    job = _visible_job(request, job_id)
    report = job.read_report()
    index = read_index(job)
    if report is None or index is None:
        raise Http404("no review data")
    chosen = {key: request.GET.get(key, "")[:200] for key in FILTERS}
    order = [row.path for row in file_rows(report, index) if row.reviewed and matches(row, chosen)]
    review = _file_review(request, job, report, index, request.GET.get("file", ""), chosen,
                          order)
    if review.get("missing"):
        raise Http404("no such file")
    return render(request, "jobs/_file.html", {"job": job, "review": review})


@login_required
@require_POST
def cancel(request: HttpRequest, job_id) -> HttpResponse:
    job = _visible_job(request, job_id)
    try:
        job.cancel()
    except InvalidTransition:
        messages.info(request, f"The job had already ended ({job.state}).")
    return redirect(job)


@login_required
def download(request: HttpRequest, job_id, name: str) -> FileResponse:
    return artifact_response(_visible_job(request, job_id), name)
