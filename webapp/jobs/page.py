"""What the job page shows of a job's results, as template context: the summary, the
compile check, the file tree with its filters and search, and one file's review.

The results are there as soon as the translation is stored: while the compile check runs,
the units of its batches compiled so far are shown with the rest (``live_report``), so a
job can be reviewed while it compiles. Review marks (files viewed, findings resolved or
dismissed) come from ``webapp.jobs.marks``; the filters in the address narrow the file
list and the notes of the open file alike.
"""

from __future__ import annotations

import re
from typing import Any, NotRequired

from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.urls import reverse

from translator.compile.check import merge_into_report, merge_outcomes
from translator.output.report_json import Report
from translator.rules import RULES_BY_CODE
from webapp.jobs.charts import summary_charts
from webapp.jobs.compile_queue import done_outcomes
from webapp.jobs.diffs import file_notes, review_rows
from webapp.jobs.marks import reviewed_findings, reviews_of, viewed_paths, viewer_of
from webapp.jobs.models import Job
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
from webapp.jobs.review import read_file, read_index
from webapp.jobs.rows import ReviewForm, rows_html
from webapp.jobs.verdict import gpu_sources

FILTER_TITLES = {"q": "Search files", "show": "Show", "category": "Category", "rule": "Rule",
                 "severity": "Severity"}


class LiveReport(Report):
    """A job's report as its page shows it (``live_report``)."""

    #: The compile results are those of the batches compiled so far.
    compile_partial: NotRequired[bool]


def live_report(job: Job) -> LiveReport | None:
    """JOB's report (None before it is stored), with the compile results so far: while the
    check runs (or after a cancel, before they are kept) the batches compiled are merged
    into it, and ``compile_partial`` says so."""
    report = job.read_report()
    if report is None:
        return None
    outcomes = done_outcomes(job) if not report["compile"] and job.state in (
        Job.State.COMPILING, Job.State.CANCELED) else []
    if not outcomes:
        return {**report}
    # A copy: merge_into_report changes the report it is given.
    merged = merge_into_report({**report}, merge_outcomes(outcomes))
    return {**merged, "compile_partial": True}


def chosen_filters(request: HttpRequest) -> dict[str, str]:
    return {key: request.GET.get(key, "")[:200] for key in FILTERS}


def results_context(request: HttpRequest, job: Job, report: LiveReport) -> dict[str, Any]:
    """Summary, compile check, filters, file tree and the open file of a job with a report."""
    index = read_index(job)
    viewer = viewer_of(request)
    reviews = reviews_of(job)
    findings = reviewed_findings(report["findings"], reviews)
    rows = file_rows(report, findings, index, viewed_paths(job, viewer))
    chosen = chosen_filters(request)
    shown = [row for row in rows if matches(row, chosen)]
    current = request.GET.get("file")
    if current and any(chosen.values()) and current not in {row.path for row in shown}:
        current = None  # the filters leave the open file out: open the first they keep
    current = current or _first_file(shown) or _first_file(rows)
    figures = summary_figures(report, rows)
    context = {
        "figures": figures,
        "charts": summary_charts(figures),
        "filters": [(name, FILTER_TITLES[name],
                     [(*choice, choice[0] == chosen[name]) for choice in choices])
                    for name, choices in filter_options(rows).items()],
        "chosen": chosen,
        "filtered": any(chosen.values()),
        "shown_count": len(shown),
        "tree": tree_html(shown, chosen, current or ""),
        "has_review": index is not None,
        **compile_context(job, report),
    }
    if index is not None and current:
        order = [row.path for row in shown if row.reviewed]
        context["review"] = file_review(request, job, report, index, current, chosen, order,
                                        reviews=reviews, rows=rows)
    return context


def compile_context(job: Job, report: LiveReport) -> dict[str, Any]:
    """The compile section: units, summary, toolchain, GPU sources, frequent errors."""
    summary = report.get("compile_summary", {})
    return {
        "compile_units": report["compile"],
        "compile_summary": summary,
        "compile_partial": report.get("compile_partial", False),
        "gpu_sources": gpu_sources(summary),
        "top_errors": top_errors(summary),
        "hipcc": report["toolchain"].get("hipcc", {}),
        "skipped_rewrites": [RULES_BY_CODE[code] for code in job.options.get("skip_rewrites", ())
                             if code in RULES_BY_CODE],
        "requested_build": job.build_config().describe(),
    }


def top_errors(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """The most frequent compile errors, each named by its first occurrence (the missing
    file's name, not a blanked one) and where it is; ``more``: how many others like it."""
    shown = []
    for group in summary.get("top_errors") or []:
        example = group.get("example") or {}
        line = example.get("line")
        shown.append({"count": group.get("count", 0), "units": group.get("units", 0),
                      "message": example.get("message") or group.get("message", ""),
                      "path": example.get("path") or "",
                      "line": line if isinstance(line, int) and line > 0 else 0,
                      "more": max(int(group.get("count", 0)) - 1, 0)})
    return shown


def _first_file(rows: list[FileRow]) -> str | None:
    """The file a page opens on: the first with findings or errors, else the first changed."""
    for wanted in (("compile-error", "findings"), ("translated", "renamed")):
        for row in rows:
            if row.reviewed and row.state in wanted:
                return row.path
    return next((row.path for row in rows if row.reviewed), None)


def file_review(request: HttpRequest, job: Job, report: LiveReport, index: list[dict],
                path: str, chosen: dict, order: list[str], *, reviews: dict | None = None,
                rows: list[FileRow] | None = None) -> dict[str, Any]:
    """What the file panel shows for PATH (``missing`` when it has no review data);
    ORDER is the paths the previous/next links step through."""
    entry = next((entry for entry in index if entry.get("path") == path), None)
    data = read_file(job, entry["id"]) if entry else None
    if data is None:
        return {"path": path, "missing": True}
    view = "split" if request.GET.get("view") == "split" else "unified"
    context = "all" if request.GET.get("context") == "all" else ""
    line, page = _number(request.GET.get("line", "")), _number(request.GET.get("page", ""))
    units = report["compile"]
    diagnostics = [d for unit in units for d in unit.get("diagnostics", [])
                   if d.get("path") == path and d.get("mapped", True)]
    unit = next((unit for unit in units if unit.get("path") == path), None)
    notes = file_notes(data, diagnostics, chosen, reviews_of(job) if reviews is None
                       else reviews)
    rows_shown, shown = review_rows(data, notes, split=view == "split", context=context,
                                    keep_line=line, page=page)
    link = query(chosen, file=path, **({"view": "split"} if view == "split" else {}))
    position = order if path in order else sorted(
        (entry.get("path", "") for entry in index), key=tree_order)
    here = position.index(path) if path in position else 0
    form = ReviewForm(reverse("jobs:finding-review", args=[job.pk]), get_token(request))
    viewed = any(row.path == path and row.viewed for row in rows) if rows is not None else \
        path in viewed_paths(job, viewer_of(request))
    return {
        "path": path,
        "data": data,
        "view": view,
        "context": context,
        "link": link,
        "viewed": viewed,
        "unified_link": query(chosen, file=path),
        "split_link": query(chosen, file=path, view="split"),
        "all_link": link + (f"&page={shown.number}" if shown.count > 1 else "")
        + "&context=all",
        "rows": rows_html(rows_shown, split=view == "split", link=link,
                          total_notes=len(notes), page=shown, form=form),
        "page": shown,
        "pages": [(number, f"{link}&page={number}") for number in range(1, shown.count + 1)]
        if shown.count > 1 else [],
        "notes": len(notes),
        "findings": sum(1 for note in notes if note.kind == "finding"),
        "narrowed": any(chosen.get(key) for key in ("show", "category", "rule", "severity")),
        "unit": unit,
        "added": sum(1 for row in rows_shown if row.kind == "insert")
        + sum(1 for row in rows_shown if row.kind == "replace" and row.new is not None),
        "removed": sum(1 for row in rows_shown if row.kind == "delete")
        + sum(1 for row in rows_shown if row.kind == "replace" and row.old is not None),
        "previous": query(chosen, file=position[here - 1]) if here > 0 else "",
        "next": query(chosen, file=position[here + 1]) if here + 1 < len(position) else "",
    }


def _number(text: str) -> int | None:
    """A line or page number from the query string (ASCII digits only: '²' is a digit to
    str.isdigit), or None."""
    return int(text) if re.fullmatch(r"[0-9]{1,9}", text) else None
