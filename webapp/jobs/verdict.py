"""What a finished compile check is worth, said the same way on the job page, in the API
and on the pull request.

The compile check records which of the tree's GPU sources it checked
(``compile_summary.gpu_sources`` in the report, ``gpu_sources`` in a job's summary:
``{"total": M, "checked": N, "unchecked": [{"path", "reason"}, ...]}``); reports made
before it lack the field, so every reader goes through ``gpu_sources``. A job whose check
compiled none of its units, or left GPU sources unchecked, is never shown as a success:
its port was not verified (``verdict``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: verdict -> a sentence for people ('' when the check speaks for itself)
VERDICTS = {
    "ok": "",
    "skipped": "",
    "translation-errors": "units fail to compile because of the translation",
    "none-compiled": "no unit compiled: the port is not verified",
    "incomplete": "not every GPU source was checked: the port is not fully verified",
}
#: Verdicts a done job may be shown green with.
GREEN = ("ok", "skipped")


def gpu_sources(data: Mapping[str, Any] | None) -> dict | None:
    """``{"total", "checked", "unchecked"}`` from a report's ``compile_summary``, a compile
    outcome (at its top or in its ``summary``) or a job's summary; None when absent."""
    if not isinstance(data, dict):
        return None
    found = data.get("gpu_sources")
    if found is None and isinstance(data.get("summary"), dict):
        found = data["summary"].get("gpu_sources")
    if not isinstance(found, dict):
        return None
    try:
        total, checked = int(found.get("total", 0)), int(found.get("checked", 0))
    except (TypeError, ValueError):
        return None
    unchecked = [entry for entry in found.get("unchecked") or []
                 if isinstance(entry, dict) and isinstance(entry.get("path"), str)]
    return {"total": total, "checked": min(checked, total), "unchecked": unchecked}


def gpu_sources_text(found: dict | None) -> str:
    """``N of M GPU sources checked`` ('' without the figures)."""
    if not found or not found["total"]:
        return ""
    return f"{found['checked']} of {found['total']} GPU sources checked"


def verdict(summary: dict | None) -> str:
    """The verdict of a compile check from a job's summary (see ``VERDICTS``)."""
    summary = summary or {}
    if summary.get("compile_skipped"):
        return "skipped"
    passed = int(summary.get("compile_ok") or 0)
    units = passed + int(summary.get("compile_failed") or 0)
    if units and not passed:
        return "none-compiled"
    found = gpu_sources(summary)
    if found and found["checked"] < found["total"]:
        return "incomplete"
    if summary.get("compile_translation_errors", summary.get("compile_failed")):
        return "translation-errors"
    return "ok"


def job_summary_sources(found: dict | None, listed: int = 20) -> dict:
    """What a job's summary keeps of the GPU sources: the counts and the first LISTED
    unchecked ones (the report has them all)."""
    if not found:
        return {}
    return {"gpu_sources": {"total": found["total"], "checked": found["checked"],
                            "unchecked": found["unchecked"][:listed],
                            "unchecked_count": len(found["unchecked"])}}
