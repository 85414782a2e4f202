"""What the ``rocport`` check run says: pure functions of a Job, its report (``Report``, or
None) and the links to show, like ``messages``.

- ``conclusion``: ``success``; ``neutral`` when there are findings (or names without a HIP
  counterpart) but no translation error; ``failure`` for translation errors (the compile
  check's ``translation`` class when the report classes failures, else every unit that
  failed to compile) and for a failed job; ``cancelled`` for a canceled one;
- ``progress_output`` and ``final_output``: ``title`` and a Markdown ``summary`` (escaped
  as in ``messages``: names from the pull request stay in code spans);
- ``annotations_of``: findings and hipcc's errors and warnings on the CUDA lines, the most
  severe first, only on the files the pull request changed unless told otherwise. The
  text is plain (GitHub shows annotation text literally);
- ``port_pull_body``: the description of the HIP port pull request.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.text import Truncator

from translator.output.report_json import Report
from webapp.github.messages import code_span, markdown_text, report_lines
from webapp.jobs.models import Job
from webapp.jobs.verdict import VERDICTS, gpu_sources, gpu_sources_text, verdict

CHECK_NAME = "rocport"
#: The check run's button; GitHub limits label 20, description 40, identifier 20 characters.
PORT_ACTION = {"label": "Open HIP port", "description": "A pull request with the HIP tree",
               "identifier": "open-hip-port"}
#: At most this many annotations per check run (GitHub takes 50 a request).
MAX_ANNOTATIONS = 500
MAX_ANNOTATION_CHARS = 4000

_LEVELS = {"error": "failure", "fatal error": "failure", "warning": "warning", "note": "notice"}
_RANK = {"failure": 0, "warning": 1, "notice": 2}
_STEPS: dict[str, str] = {
    Job.State.QUEUED: "waiting for a worker",
    Job.State.UNPACKING: "unpacking the sources",
}


def translation_errors(report: Report | None) -> int:
    """Units that failed because of the translation (not a missing library, say); a report
    from before the failure classes counts every unit that failed."""
    if not report:
        return 0
    summary = report.get("compile_summary") or {}
    if isinstance(summary.get("classes"), dict):
        return int(summary["classes"].get("translation") or 0)
    return sum(1 for unit in report["compile"] if not unit.get("ok"))


def _has_findings(report: Report | None) -> bool:
    if not report:
        return False
    return any(not f["suppressed"] for f in report["findings"]) or any(
        f["unsupported"] for f in report["files"])


def conclusion(job: Job, report: Report | None) -> str:
    """A check that compiled none of its units fails; one that left GPU sources unchecked
    is at best ``neutral``: neither is shown green (``webapp.jobs.verdict``)."""
    if job.state == Job.State.CANCELED:
        return "cancelled"
    outcome = verdict(job.summary)
    if job.state != Job.State.DONE or translation_errors(report) or \
            outcome == "none-compiled":
        return "failure"
    return "neutral" if _has_findings(report) or outcome == "incomplete" else "success"


def progress_output(job: Job, links: dict[str, str]) -> dict[str, str]:
    """The summary of a job that has not ended."""
    if job.state == Job.State.TRANSLATING and job.progress_total:
        step = (f"translating: {job.progress_done} of {job.progress_total} files "
                f"({job.progress_percent}%)")
    elif job.state == Job.State.COMPILING:
        step = f"compile check: {job.compile_status or 'waiting for a ROCm runner'}"
    elif job.state == Job.State.QUEUED and not job.input_name:
        step = "downloading the head commit"
    else:
        step = _STEPS.get(job.state, job.state)
    lines = ["### rocport: CUDA → HIP", "", f"rocport is {markdown_text(step)}."]
    if links.get("job"):
        lines += ["", f"[Follow the job]({links['job']})"]
    return {"title": Truncator(f"rocport: {step}").chars(100), "summary": "\n".join(lines)}


def final_output(job: Job, report: Report | None, links: dict[str, str], annotated: int = 0,
                 annotatable: int = 0, only_changed: bool = False) -> dict[str, str]:
    """The summary of an ended job; ANNOTATED of ANNOTATABLE annotations are shown."""
    lines = ["### rocport: CUDA → HIP", ""]
    if job.state == Job.State.FAILED:
        title = f"rocport could not translate this commit ({job.failure_code})"
        lines.append(f"**{markdown_text(job.failure_code, 200)}**: "
                     f"{markdown_text(job.failure_message)}")
    elif job.state == Job.State.CANCELED:
        title = "The rocport job was canceled"
        lines.append("The job was canceled before it ended.")
    else:
        title = _done_title(job, report)
        lines += report_lines(job, report) if report is not None else ["No report was stored."]
        errors = translation_errors(report)
        if errors:
            lines.append(f"- **Translation errors:** {errors} units do not compile because of "
                         "the translation")
        outcome = verdict(job.summary)
        if VERDICTS.get(outcome) and outcome != "translation-errors":
            lines.append(f"- **Not verified:** {VERDICTS[outcome]}")
    if annotatable:
        where = "the files this pull request changes" if only_changed else "the report's files"
        lines += ["", f"{annotated} annotations on {where}"
                  + (f" (the first {annotated} of {annotatable}; the rest are in the report)"
                     if annotated < annotatable else "") + "."]
    shown = [f"[{label}]({url})" for label, url in links.items() if url]
    if shown:
        lines += ["", " · ".join(shown)]
    return {"title": Truncator(title).chars(100), "summary": "\n".join(lines) + "\n"}


def _done_title(job: Job, report: Report | None) -> str:
    summary = job.summary or {}
    title = f"{summary.get('translated', 0)} of {summary.get('files', 0)} files translated"
    units = summary.get("compile_ok", 0) + summary.get("compile_failed", 0)
    if units:
        title += f", {summary.get('compile_ok', 0)} of {units} units compile"
    sources = gpu_sources_text(gpu_sources(summary))
    if sources:
        title += f", {sources}"
    errors = translation_errors(report)
    if errors:
        title += f", {errors} translation errors"
    return title


def annotations_of(report: Report | None,
                   changed: set[str] | None = None) -> list[dict[str, Any]]:
    """Every annotation of REPORT, the most severe first (then by path and line), only on
    CHANGED paths when given. Callers send at most MAX_ANNOTATIONS of them."""
    if not report:
        return []
    files = {f["path"] for f in report["files"] if f["kind"] != "folder"}
    found: dict[tuple, dict[str, Any]] = {}
    for finding in report["findings"]:
        if finding["suppressed"]:
            continue
        message = finding["message"]
        if finding["help"]:
            message += "\n\n" + finding["help"]
        title = " ".join(part for part in (finding["code"], finding["name"]) if part)
        _add(found, finding, _LEVELS.get(finding["severity"], "warning"), title, message)
    for unit in report["compile"]:  # hipcc's diagnostics: plain dicts
        for diagnostic in unit.get("diagnostics", []):
            level = _LEVELS.get(diagnostic.get("severity"))
            if level in ("failure", "warning"):
                message = f"{diagnostic.get('message', '')}\n\n(hipcc, compiling {unit['path']})"
                _add(found, diagnostic, level, f"hipcc {diagnostic['severity']}", message)
    chosen = [a for a in found.values() if a["path"] in files
              and (changed is None or a["path"] in changed)]
    return sorted(chosen, key=lambda a: (_RANK[a["annotation_level"]], a["path"],
                                         a["start_line"]))


def _add(found: dict[tuple, dict[str, Any]], where: Mapping[str, Any], level: str, title: str,
         message: str) -> None:
    path, line = where.get("path"), where.get("line")
    if not isinstance(path, str) or not isinstance(line, int) or line < 1:
        return
    annotation = {"path": path, "start_line": line, "end_line": line,
                  "annotation_level": level, "title": Truncator(title).chars(255),
                  "message": Truncator(message.strip() or title).chars(MAX_ANNOTATION_CHARS)}
    column = where.get("column")
    if isinstance(column, int) and column > 0:
        annotation["start_column"] = annotation["end_column"] = column
    found.setdefault((path, line, level, annotation["message"]), annotation)


def port_pull_title(number: int) -> str:
    return f"rocport: HIP port of #{number}"


def port_pull_body(job: Job, number: int, head_sha: str, report: Report | None,
                   links: dict[str, str]) -> str:
    """The HIP port pull request's description."""
    lines = [f"This pull request holds rocport's HIP port of #{number} at "
             f"{code_span(head_sha[:12])}: merge it into the source branch to take the port.",
             "rocport updates this branch when the pull request gets new commits.", ""]
    if report is not None:
        lines += report_lines(job, report)
    shown = [f"[{label}]({url})" for label, url in links.items() if url]
    if shown:
        lines += ["", " · ".join(shown)]
    return "\n".join(lines) + "\n"
