"""What the job page says about a job's results, from its report JSON and review index:
the summary figures, the files with their status, the filters with their counts (search
``q`` too), and the file tree. Pure functions of the report (``Report``; its compile
entries are plain dicts) and the review data (no storage, no requests).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from translator.output.report_json import Report
from webapp.jobs.marks import ReviewedFinding

#: The query parameters of the filters, in the order the form shows them (``q``: a file
#: search, part of a path, any case).
FILTERS = ("q", "show", "category", "rule", "severity")
_SEVERITY_ORDER = ("error", "warning", "note")
_COMPILE_BAD = ("fatal error", "error")


@dataclass
class FileRow:
    """One file of the tree."""

    path: str
    output_path: str
    status: str  # the report's: translated, unchanged, copied, skipped, error
    reviewed: bool  # has review data (can be opened)
    findings: list[ReviewedFinding] = field(default_factory=list)  # active ones
    unsupported: int = 0
    compile_errors: int = 0
    compile_status: str = ""  # the unit's status when the file is a compile unit
    viewed: bool = False  # the reviewer marked it viewed

    @property
    def open_findings(self) -> list[ReviewedFinding]:
        """The findings nobody resolved or dismissed (``webapp.jobs.marks``)."""
        return [f for f in self.findings if "review" not in f]

    @property
    def state(self) -> str:
        """The one word the tree shows: compile-error, findings, translated, unchanged…"""
        if self.compile_errors or self.compile_status not in ("", "ok"):
            return "compile-error"
        if self.open_findings or self.unsupported:
            return "findings"
        if self.status in ("translated", "unchanged") and self.output_path != self.path:
            return "renamed" if self.status == "unchanged" else "translated"
        return self.status


def tree_order(path: str) -> list[tuple[int, str]]:
    """Sort key of the file tree: in each folder, its folders first, then its files."""
    parts = path.split("/")
    return [(0, part) for part in parts[:-1]] + [(1, parts[-1])]


def file_rows(report: Report, findings: Sequence[ReviewedFinding], index: list[dict] | None,
              viewed: set[str] | frozenset[str] = frozenset()) -> list[FileRow]:
    """Every file of the report (folders left out), in tree order, with its active
    FINDINGS (the report's, with their reviews: ``marks.reviewed_findings``); VIEWED: the
    paths the reviewer marked viewed."""
    reviewed = {entry["path"] for entry in index or []}
    active: dict[str, list[ReviewedFinding]] = {}
    for finding in findings:
        if not finding["suppressed"]:
            active.setdefault(finding["path"], []).append(finding)
    errors: Counter[str] = Counter()
    unit_status: dict[str, str] = {}
    for unit in report["compile"]:  # entries of older checks may lack "status"
        unit_status[unit["path"]] = unit.get("status") or ("ok" if unit.get("ok") else "failed")
        seen = set()
        for diagnostic in unit.get("diagnostics", []):
            key = (diagnostic.get("path"), diagnostic.get("line"), diagnostic.get("message"))
            if diagnostic.get("severity") in _COMPILE_BAD and key not in seen:
                seen.add(key)
                errors[diagnostic.get("path", "")] += 1
    rows = []
    for entry in report["files"]:
        if entry["kind"] == "folder":
            continue
        path = entry["path"]
        rows.append(FileRow(path, entry["output_path"], entry["status"], path in reviewed,
                            active.get(path, []), len(entry["unsupported"]), errors[path],
                            unit_status.get(path, ""), path in viewed))
    return sorted(rows, key=lambda row: tree_order(row.path))


def summary_figures(report: Report, rows: list[FileRow]) -> dict[str, Any]:
    """The numbers behind the summary charts."""
    stats = report["stats"]
    code = [row for row in rows if row.reviewed]
    active = [f for f in report["findings"] if not f["suppressed"]]
    compile_summary = report.get("compile_summary", {})
    return {
        "files": len(rows),
        "reviewed": len(code),
        "ready": sum(1 for row in code if row.state in ("translated", "unchanged", "renamed")),
        "with_findings": sum(1 for row in code if row.open_findings or row.unsupported),
        "viewed": sum(1 for row in code if row.viewed),
        "dismissed": sum(1 for row in rows for f in row.findings if "review" in f),
        "findings_only": sum(1 for row in code if row.state == "findings"),
        "compile_errors": sum(1 for row in rows if row.state == "compile-error"),
        "copied": len(rows) - len(code),
        "unsupported": stats["unsupported"],
        "unsupported_names": Counter(u["name"] for entry in report["files"]
                                     for u in entry["unsupported"]).most_common(5),
        "units": compile_summary.get("units", len(report["compile"])),
        "units_ok": compile_summary.get("ok", sum(1 for u in report["compile"] if u.get("ok"))),
        "categories": Counter(f["category"] or "other" for f in active).most_common(),
        "severities": sorted(Counter(f["severity"] for f in active).items(),
                             key=lambda item: _rank(item[0])),
        "families": sorted(stats["families"].items()),
        "coverage": stats["coverage"],
        "compile_statuses": _compile_outcomes(compile_summary),
        "suppressed": len(report["findings"]) - len(active),
    }


def _compile_outcomes(compile_summary: dict[str, Any]) -> list[tuple[str, int]]:
    """Units compiled, then failed units by class (the compile check's ``classes``:
    translation, missing-dependency, newer-hip, ...) or, from older reports, by status."""
    classes = compile_summary.get("classes")
    if classes is None:
        return sorted(compile_summary.get("statuses", {}).items(),
                      key=lambda item: (item[0] != "ok", item[0]))
    outcomes = [("ok", compile_summary.get("ok", 0))]
    outcomes += [(name, count) for name, count in classes.items() if count]
    unclassed = compile_summary.get("failed", 0) - sum(classes.values())
    return outcomes + ([("other failure", unclassed)] if unclassed > 0 else [])


def _rank(severity: str) -> int:
    return _SEVERITY_ORDER.index(severity) if severity in _SEVERITY_ORDER else 9


def matches(row: FileRow, chosen: dict[str, str]) -> bool:
    """Does ROW pass the filters CHOSEN (query parameters of FILTERS)?"""
    searched = chosen.get("q", "").strip().lower()
    if searched and searched not in row.path.lower() and \
            searched not in row.output_path.lower():
        return False
    show = chosen.get("show", "")
    if show == "findings" and not (row.open_findings or row.unsupported):
        return False
    if show == "compile-errors" and row.state != "compile-error":
        return False
    if show == "changed" and row.status != "translated" and row.output_path == row.path:
        return False
    if show == "reviewed" and not row.reviewed:
        return False
    if show == "unviewed" and (row.viewed or not row.reviewed):
        return False
    for key, field_name in (("category", "category"), ("rule", "code"),
                            ("severity", "severity")):
        wanted = chosen.get(key)
        if wanted and not any(f.get(field_name) == wanted for f in row.findings):
            return False
    return True


def note_matches(note_kind: str, finding: Mapping[str, Any] | None,
                 chosen: dict[str, str]) -> bool:
    """Is a note of NOTE_KIND (finding, unsupported, compile) shown in a file's diff under
    the filters CHOSEN? FINDING is the finding of a ``finding`` note. A filter on
    findings (a category, a rule, a severity) narrows the diff to the findings it picks;
    ``show=compile-errors`` to hipcc's diagnostics, ``show=findings`` to the rest."""
    show = chosen.get("show", "")
    if show == "compile-errors" and note_kind != "compile":
        return False
    if show == "findings" and note_kind == "compile":
        return False
    narrowed = [(key, name) for key, name in (("category", "category"), ("rule", "code"),
                                              ("severity", "severity")) if chosen.get(key)]
    if not narrowed:
        return True
    return finding is not None and all(finding.get(name) == chosen[key]
                                       for key, name in narrowed)


def filter_options(rows: list[FileRow]) -> dict[str, list[tuple[str, str, int]]]:
    """For each filter, its choices as (value, label, files it leaves), counted in one
    pass over the files (a 2,000-file job has hundreds of choices)."""
    shows: Counter[str] = Counter()
    categories: Counter[str] = Counter()
    rules: Counter[str] = Counter()
    severities: Counter[str] = Counter()
    names: dict[str, str] = {}
    for row in rows:
        for show in ("reviewed", "changed", "findings", "compile-errors", "unviewed"):
            if matches(row, {"show": show}):
                shows[show] += 1
        categories.update({f["category"] for f in row.findings} - {""})
        rules.update({f["code"] for f in row.findings})
        severities.update({f["severity"] for f in row.findings})
        names.update((f["code"], f["name"]) for f in row.findings)
    return {
        "show": [("", "all files", len(rows)),
                 ("reviewed", "code and build files", shows["reviewed"]),
                 ("changed", "changed files", shows["changed"]),
                 ("findings", "files with open findings", shows["findings"]),
                 ("compile-errors", "compile errors", shows["compile-errors"]),
                 ("unviewed", "not viewed yet", shows["unviewed"])],
        "category": [("", "any category", len(rows))]
        + [(c, c, categories[c]) for c in sorted(categories)],
        "rule": [("", "any rule", len(rows))]
        + [(code, f"{code} {names[code]}".strip(), rules[code]) for code in sorted(rules)],
        "severity": [("", "any severity", len(rows))]
        + [(s, s, severities[s]) for s in sorted(severities, key=_rank)],
    }


def query(chosen: dict[str, str], **changes: str) -> str:
    """A query string for the filters CHOSEN with CHANGES (empty values left out)."""
    values = {**{key: chosen.get(key, "") for key in FILTERS}, **changes}
    return "?" + urlencode([(key, value) for key, value in values.items() if value])


def tree_html(rows: list[FileRow], chosen: dict[str, str], current: str) -> SafeString:
    """The files as nested lists, one folder per ``<details open>``; each reviewed file
    links to its review (``?file=PATH`` with the filters kept)."""
    root: dict = {}
    for row in rows:
        node = root
        parts = row.path.split("/")
        for part in parts[:-1]:
            node = node.setdefault(part + "/", {})
        node[parts[-1]] = row
    return _tree_level(root, chosen, current)


def _tree_level(node: dict, chosen: dict[str, str], current: str) -> SafeString:
    items = []
    for name in sorted(node, key=lambda n: (not n.endswith("/"), n)):
        child = node[name]
        if isinstance(child, dict):
            # A chain of single folders is shown as one: src/cuda/kernels/
            while len(child) == 1 and next(iter(child)).endswith("/"):
                inner = next(iter(child))
                name, child = name + inner, child[inner]
            items.append(format_html('<li class="folder"><details open><summary>{}</summary>'
                                     '<ul>{}</ul></details></li>', name,
                                     _tree_level(child, chosen, current)))
        else:
            items.append(_file_item(name, child, chosen, current))
    return mark_safe("".join(items))  # noqa: S308 (every item is format_html's)


def _file_item(name: str, row: FileRow, chosen: dict[str, str], current: str) -> SafeString:
    label = name
    if row.output_path != row.path:
        label = f"{name} → {row.output_path.rsplit('/', 1)[-1]}"
    counts = format_html_join("", '<span class="count count-{}" title="{}">{}</span>', (
        (kind, title, number) for kind, title, number in (
            ("finding", "open findings", len(row.open_findings) + row.unsupported),
            ("compile", "compile errors", row.compile_errors)) if number))
    state = format_html('<span class="badge badge-{}">{}</span>', row.state,
                        row.state.replace("-", " "))
    if not row.reviewed:
        return format_html('<li class="file state-{}"><span class="name">{}</span>{}{}</li>',
                           row.state, label, state, counts)
    current_attr = mark_safe(' aria-current="page"') if row.path == current else ""
    viewed = mark_safe('<span class="viewed-mark" title="viewed">✓<span '
                       'class="visually-hidden"> viewed</span></span>') if row.viewed else ""
    return format_html('<li class="file state-{}{}"><a href="{}" data-file="{}"{}>'
                       '<span class="name">{}</span>{}{}{}</a></li>', row.state,
                       " viewed" if row.viewed else "", query(chosen, file=row.path),
                       row.path, current_attr, label, state, counts, viewed)
