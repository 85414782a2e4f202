"""What rocport tells a pull request: the commit status and the summary comment.

Pure functions of a Job, its report (``Report``, or None; its compile entries are plain
dicts) and the links to show (absolute URLs; empty when PUBLIC_BASE_URL is unset).

File names, member names and failure messages come from the pull request, possibly from
a hostile fork: in the comment, names go into code spans (``code_span``) and prose is
escaped (``markdown_text``), so they cannot mention people, load remote images, inject
HTML or break out of their span; the status description is one line of plain text.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

from django.urls import reverse

from translator.output.report_json import Report
from webapp.jobs.access import signed_link
from webapp.jobs.models import Job
from webapp.jobs.verdict import gpu_sources, gpu_sources_text, verdict

#: At most this many names that could not be converted are listed in a comment.
MAX_LISTED_NAMES = 10
#: Longer names and messages are cut (with an ellipsis): a comment stays readable.
MAX_NAME_CHARS = 200
MAX_MESSAGE_CHARS = 500
#: GitHub refuses longer commit status descriptions.
MAX_STATUS_CHARS = 140

#: Characters that start Markdown or HTML syntax inside a line (the text never starts a
#: line, so list, heading and rule markers need no escape).
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]{}()<>!#|~&])")
#: ``@name`` and ``@org/team`` mention people; a word joiner after ``@`` keeps it inert.
_MENTION = re.compile(r"@(?=[A-Za-z0-9_-])")
_WORD_JOINER = "\u2060"


def one_line(text: str, limit: int) -> str:
    """TEXT with control, format and line-separator characters shown as escapes
    (``\\n``, ``\\u202e``), cut to LIMIT characters."""
    shown = "".join(
        (repr(char)[1:-1] if char.isascii() else f"\\u{ord(char):04x}")
        if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp") else char
        for char in str(text)
    )
    return shown if len(shown) <= limit else shown[:limit - 1] + "…"


def code_span(text: str, limit: int = MAX_NAME_CHARS) -> str:
    """TEXT as a Markdown code span: shown literally, whatever backticks it holds."""
    text = one_line(text, limit)
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    # CommonMark strips one space from each side of a span: pad text that needs it.
    pad = " " if text[:1] in ("`", " ") or text[-1:] in ("`", " ") else ""
    return f"{fence}{pad}{text or ' '}{pad}{fence}"


def markdown_text(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """TEXT as literal Markdown prose: no links, images, HTML, emphasis or mentions."""
    escaped = _MARKDOWN_SPECIAL.sub(r"\\\1", one_line(text, limit))
    return _MENTION.sub("@" + _WORD_JOINER, escaped)


def status_text(text: str) -> str:
    """TEXT as a commit status description: one line of plain text GitHub accepts."""
    return one_line(" ".join(str(text).split()), MAX_STATUS_CHARS)


def commit_status(job: Job) -> tuple[str, str]:
    """(state, description) for ``POST /statuses``: pending, success, failure or error. A
    check that compiled none of its units, or left GPU sources unchecked, is no success
    (``webapp.jobs.verdict``)."""
    if job.state == Job.State.DONE:
        failed = job.summary.get("compile_failed", 0)
        outcome = verdict(job.summary)
        sources = gpu_sources_text(gpu_sources(job.summary))
        if outcome in ("none-compiled", "incomplete"):
            units = job.summary.get("compile_ok", 0) + failed
            what = f"{job.summary.get('compile_ok', 0)} of {units} units compiled" \
                if outcome == "none-compiled" else sources
            return "failure", status_text(f"not verified: {what}; {job.compile_status}")
        # Only translation errors fail the port (translator/compile/failures.py); a job
        # from before the classes counts every failed unit.
        against = job.summary.get("compile_translation_errors", failed)
        files = f"{job.summary.get('translated', 0)} of {job.summary.get('files', 0)} files"
        runner = f" on the {job.summary['runner']} runner" if job.summary.get("runner") else ""
        if against:
            return "failure", status_text(f"translated {files}; {against} units failed to "
                                          f"compile with hipcc{runner}")
        if failed:
            return "success", status_text(f"translated {files}; {failed} units failed to "
                                          f"compile{runner}, none because of the translation")
        return "success", status_text(f"translated {files}; {job.compile_status}")
    if job.state == Job.State.FAILED:
        return "error", status_text(f"{job.failure_code}: {job.failure_message}")
    if job.state == Job.State.CANCELED:
        return "error", "the rocport job was canceled"
    return "pending", "rocport is translating this commit to HIP"


def pull_request_comment(job: Job, report: Report | None, links: dict[str, str]) -> str:
    """A short Markdown summary of the finished job."""
    lines = ["### rocport: CUDA → HIP", ""]
    if job.state == Job.State.FAILED:
        lines.append(f"rocport could not translate this commit: "
                     f"**{markdown_text(job.failure_code, MAX_NAME_CHARS)}**: "
                     f"{markdown_text(job.failure_message)}")
    elif report is not None:
        lines += report_lines(job, report)
    else:
        lines.append(f"The job ended as **{markdown_text(job.state)}**.")
    shown = [f"[{label}]({url})" for label, url in links.items() if url]
    if shown:
        lines += ["", " · ".join(shown)]
    return "\n".join(lines) + "\n"


def report_lines(job: Job, report: Report) -> list[str]:
    """The report as Markdown list items: files, names without a HIP counterpart,
    findings by category, the compile check (also the check run's summary)."""
    files = [f for f in report["files"] if f["kind"] != "folder"]
    translated = [f for f in files if f["status"] == "translated"]
    lines = [f"- **Files translated:** {len(translated)} of {len(files)}"]
    unsupported = Counter(u["name"] for f in files for u in f["unsupported"])
    if unsupported:
        names = ", ".join(f"{code_span(name)} ×{count}" if count > 1 else code_span(name)
                          for name, count in unsupported.most_common(MAX_LISTED_NAMES))
        more = len(unsupported) - MAX_LISTED_NAMES
        lines.append(f"- **Not converted (no HIP counterpart):** {names}"
                     + (f" and {more} more" if more > 0 else ""))
    findings = Counter(f["category"] or f["code"]  # a diagnostic may have no category
                       for f in report["findings"] if not f["suppressed"])
    if findings:
        lines.append("- **Findings:** " + ", ".join(
            f"{markdown_text(category, MAX_NAME_CHARS)} {count}"
            for category, count in sorted(findings.items())))
    else:
        lines.append("- **Findings:** none")
    units = report["compile"]
    failed = [unit["path"] for unit in units if not unit.get("ok")]
    compile_line = f"- **Compile check:** {markdown_text(job.compile_status or 'not run')}"
    if failed:
        compile_line += "; failed: " + ", ".join(code_span(path) for path in failed[:5])
    summary = report.get("compile_summary") or {}
    sources = gpu_sources(summary)
    if sources and sources["total"] and f"{gpu_sources_text(sources)}" not in \
            (job.compile_status or ""):
        compile_line += "; " + gpu_sources_text(sources)
    if sources and sources["unchecked"]:
        compile_line += "; not checked: " + ", ".join(
            code_span(entry["path"]) for entry in sources["unchecked"][:5])
    classes = [f"{count} {kind}" for kind, count in (summary.get("classes") or {}).items()
               if count]
    if classes:  # translator/compile/failures.py: only translation errors are the port's
        compile_line += "; by class: " + ", ".join(classes)
    if summary.get("version_mismatch"):
        compile_line += "; " + markdown_text(summary["version_mismatch"])
    lines.append(compile_line)
    return lines


def job_links(job: Job, base_url: str) -> dict[str, str]:
    """Absolute links to the job page and its downloads; none without BASE_URL. The job
    page's link is signed (``webapp.jobs.access``): whoever can read the pull request opens
    the job with it, without a rocport account, until it expires."""
    if not base_url:
        return {}
    links = {"job": signed_link(job, base_url)}
    for label, name in (("patch", "changes.patch"), ("HIP tree", "hip-tree.tar.gz"),
                        ("HIP tree (zip)", "hip-tree.zip"), ("report", "report.json")):
        if name in job.artifacts:
            links[label] = base_url + reverse("jobs:download", args=[job.pk, name])
    return links
