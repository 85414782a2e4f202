"""Reports: per-file diffs, the whole-tree patch, the report JSON and statistics.

The report JSON is the one format that the CLI, the workers, the API and the pages
share; its fields are documented in docs/report.md.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable

from translator.engine import Result
from translator.line_maps import line_maps_section
from translator.tree import FileOutcome, TreeResult

__all__ = ["file_diff", "tree_patch", "build_report", "statistics", "REPORT_VERSION"]

REPORT_VERSION = 1


def file_diff(original: str, translated: str, old_path: str, new_path: str) -> str:
    """A unified diff with git-style ``a/`` and ``b/`` prefixes ('' when equal)."""
    if original == translated:
        return ""
    lines = difflib.unified_diff(
        original.splitlines(keepends=True),
        translated.splitlines(keepends=True),
        f"a/{old_path}",
        f"b/{new_path}",
    )
    return "".join(_terminate(lines))


def _terminate(lines: Iterable[str]) -> Iterable[str]:
    for line in lines:
        if line.endswith("\n"):
            yield line
        else:
            yield line + "\n\\ No newline at end of file\n"


def tree_patch(tree: TreeResult) -> str:
    """The patch that turns the source tree into the output tree for translated files."""
    pieces = []
    for outcome in tree.files:
        if outcome.result is not None and outcome.result.changed:
            pieces.append(
                file_diff(outcome.result.original, outcome.result.source, outcome.path,
                          outcome.output_path)
            )
    return "".join(pieces)


def statistics(results: Iterable[Result]) -> dict:
    """Counts per API family: converted, unsupported, coverage; and lines changed."""
    converted: Counter[str] = Counter()
    unsupported: Counter[str] = Counter()
    lines_changed = 0
    for result in results:
        for usage in result.usages:
            (converted if usage.converted else unsupported)[usage.api] += 1
        lines_changed += _changed_lines(result)
    families = {}
    for api in sorted(set(converted) | set(unsupported)):
        total = converted[api] + unsupported[api]
        families[api] = {
            "converted": converted[api],
            "unsupported": unsupported[api],
            "coverage": round(100.0 * converted[api] / total, 1) if total else 100.0,
        }
    return {
        "families": families,
        "converted": sum(converted.values()),
        "unsupported": sum(unsupported.values()),
        "lines_changed": lines_changed,
    }


def _changed_lines(result: Result) -> int:
    if not result.changed:
        return 0
    matcher = difflib.SequenceMatcher(
        None, result.original.splitlines(), result.source.splitlines(), autojunk=False
    )
    return sum(
        max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"
    )


def _file_entry(outcome: FileOutcome) -> dict:
    result = outcome.result
    return {
        "path": outcome.path,
        "output_path": outcome.output_path,
        "kind": outcome.kind,
        "status": outcome.status,
        "message": outcome.message,
        "replacements": len(result.edits) if result else 0,
        "unsupported": [
            {"name": u.name, "line": line, "column": column, "reason": u.reason}
            for u in (result.unsupported if result else [])
            for line, column in [_position(result.original, u.offset)]
        ],
    }


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def build_report(tree: TreeResult, toolchain: dict | None = None) -> dict:
    """The report JSON (a dict) for a migrated tree; ``compile`` is filled in later."""
    results = [o.result for o in tree.files if o.result is not None]
    findings = [
        {
            "code": d.code,
            "name": d.name,
            "category": d.category,
            "severity": d.severity.value,
            "path": d.path,
            "line": d.line,
            "column": d.column,
            "message": d.message,
            "help": d.help,
            "suppressed": d.suppressed,
            "fixes": [
                {"start": f.start, "end": f.end, "text": f.text, "description": f.description}
                for f in d.fixes
            ],
        }
        for result in results
        for d in result.diagnostics
    ]
    return {
        "tool": "rocport",
        "version": REPORT_VERSION,
        "options": _options_dict(tree),
        "toolchain": toolchain or {},
        "files": [_file_entry(outcome) for outcome in tree.files],
        "findings": findings,
        "compile": [],
        "stats": statistics(results),
        # output line -> original line per translated file: puts hipcc's diagnostics on
        # the CUDA lines (translator/line_maps.py, used by the compile check)
        "line_maps": line_maps_section(tree.files),
    }


def _options_dict(tree: TreeResult) -> dict:
    from dataclasses import asdict

    return {key: list(value) if isinstance(value, tuple) else value
            for key, value in asdict(tree.options).items()}
