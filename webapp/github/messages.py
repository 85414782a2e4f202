"""What rocport tells a pull request: the commit status and the summary comment.

Pure functions of a Job, its report (the report JSON as a dict, or None) and the links
to show (absolute URLs; empty when PUBLIC_BASE_URL is unset).
"""

from __future__ import annotations

from collections import Counter

from django.urls import reverse

from webapp.jobs.models import Job

#: At most this many names that could not be converted are listed in a comment.
MAX_LISTED_NAMES = 10


def commit_status(job: Job) -> tuple[str, str]:
    """(state, description) for ``POST /statuses``: pending, success, failure or error."""
    if job.state == Job.State.DONE:
        failed = job.summary.get("compile_failed", 0)
        files = f"{job.summary.get('translated', 0)} of {job.summary.get('files', 0)} files"
        if failed:
            return "failure", f"translated {files}; {failed} units failed to compile with hipcc"
        return "success", f"translated {files}; {job.compile_status}"
    if job.state == Job.State.FAILED:
        return "error", f"{job.failure_code}: {job.failure_message}"
    if job.state == Job.State.CANCELED:
        return "error", "the rocport job was canceled"
    return "pending", "rocport is translating this commit to HIP"


def pull_request_comment(job: Job, report: dict | None, links: dict[str, str]) -> str:
    """A short Markdown summary of the finished job."""
    lines = ["### rocport: CUDA → HIP", ""]
    if job.state == Job.State.FAILED:
        lines.append(f"rocport could not translate this commit: **{job.failure_code}**: "
                     f"{job.failure_message}")
    elif report is not None:
        lines += _report_lines(job, report)
    else:
        lines.append(f"The job ended as **{job.state}**.")
    shown = [f"[{label}]({url})" for label, url in links.items() if url]
    if shown:
        lines += ["", " · ".join(shown)]
    return "\n".join(lines) + "\n"


def _report_lines(job: Job, report: dict) -> list[str]:
    files = [f for f in report.get("files", []) if f.get("kind") != "folder"]
    translated = [f for f in files if f.get("status") == "translated"]
    lines = [f"- **Files translated:** {len(translated)} of {len(files)}"]
    unsupported = Counter(u["name"] for f in files for u in f.get("unsupported", []))
    if unsupported:
        names = ", ".join(f"`{name}` ×{count}" if count > 1 else f"`{name}`"
                          for name, count in unsupported.most_common(MAX_LISTED_NAMES))
        more = len(unsupported) - MAX_LISTED_NAMES
        lines.append(f"- **Not converted (no HIP counterpart):** {names}"
                     + (f" and {more} more" if more > 0 else ""))
    findings = Counter(f.get("category") or f.get("code", "")
                       for f in report.get("findings", []) if not f.get("suppressed"))
    if findings:
        lines.append("- **Findings:** " + ", ".join(
            f"{category} {count}" for category, count in sorted(findings.items())))
    else:
        lines.append("- **Findings:** none")
    units = report.get("compile", [])
    failed = [unit["path"] for unit in units if not unit.get("ok")]
    compile_line = f"- **Compile check:** {job.compile_status or 'not run'}"
    if failed:
        compile_line += "; failed: " + ", ".join(f"`{path}`" for path in failed[:5])
    lines.append(compile_line)
    return lines


def job_links(job: Job, base_url: str) -> dict[str, str]:
    """Absolute links to the job page and its downloads; none without BASE_URL."""
    if not base_url:
        return {}
    links = {"job": base_url + job.get_absolute_url()}
    for label, name in (("patch", "changes.patch"), ("HIP tree", "hip-tree.tar.gz"),
                        ("HIP tree (zip)", "hip-tree.zip"), ("report", "report.json")):
        if name in job.artifacts:
            links[label] = base_url + reverse("jobs:download", args=[job.pk, name])
    return links
