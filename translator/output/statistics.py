"""Translation statistics of single files: counts per API family and kind, lines changed.

``file_statistics(result)`` counts one result; ``merge`` adds several up;
``format_statistics`` renders them for ``--print-stats`` and ``write_csv`` for
``--print-stats-csv``. ``report.statistics`` (the report JSON) adds the per-kind table
from ``kind_counts``.
"""

from __future__ import annotations

import csv
from collections import Counter
from collections.abc import Iterable
from typing import Any, TextIO

from translator.output.patches import line_opcodes, split_lines
from translator.output.report_json import AnalysisCounts

__all__ = ["file_statistics", "merge", "kind_counts", "format_statistics", "write_csv",
           "changed_lines", "analysis_counts", "format_analysis"]


def kind_counts(results: Iterable) -> dict[str, dict[str, dict[str, int]]]:
    """{api: {kind: {"converted": n, "unconverted": m}}} over RESULTS' usages."""
    counts: dict[str, dict[str, dict[str, int]]] = {}
    for result in results:
        for usage in result.usages:
            entry = counts.setdefault(usage.api, {}).setdefault(
                usage.kind, {"converted": 0, "unconverted": 0})
            entry["converted" if usage.converted else "unconverted"] += 1
    return counts


def analysis_counts(results: Iterable) -> AnalysisCounts:
    """How the C/C++ files of RESULTS were analysed: ``types`` (clang parsed them without
    an error), ``tokens`` (a rule needed types but the parse failed), ``not_needed`` (no
    rule asked for types), and ``rate``: the percentage of types among types and tokens."""
    counts = Counter(result.analysis or "not_needed" for result in results)
    types, tokens = counts["types"], counts["tokens"]
    return {"types": types, "tokens": tokens, "not_needed": counts["not_needed"],
            "rate": round(100.0 * types / (types + tokens), 1) if types + tokens else 100.0}


def format_analysis(counts: AnalysisCounts) -> str:
    """One line for people: ``Analysis: 45 files with types, 1 token-only (97.8 %) ...``."""
    return (f"Analysis: {counts['types']} files with types, {counts['tokens']} token-only "
            f"({counts['rate']} % with types); {counts['not_needed']} needed no types")


def changed_lines(result) -> int:
    """Lines the translation replaced, removed or added, as the patch's line diff counts
    them (``translator.output.patches.line_opcodes``)."""
    if not result.changed:
        return 0
    codes = line_opcodes(split_lines(result.original), split_lines(result.source),
                         result.line_map)
    return sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in codes if tag != "equal")


def file_statistics(result) -> dict:
    converted = Counter(u.name for u in result.usages if u.converted)
    unconverted = Counter(u.name for u in result.usages if not u.converted)
    return {
        "files": 1,
        "converted": sum(converted.values()),
        "unconverted": sum(unconverted.values()),
        "lines_changed": changed_lines(result),
        "lines": result.original.count("\n") + (not result.original.endswith("\n")),
        "bytes": len(result.original),
        "kinds": kind_counts([result]),
        "converted_names": dict(converted),
        "unconverted_names": dict(unconverted),
    }


def merge(statistics: Iterable[dict]) -> dict:
    total: dict[str, Any] = {
        "files": 0, "converted": 0, "unconverted": 0, "lines_changed": 0, "lines": 0,
        "bytes": 0, "kinds": {}, "converted_names": Counter(), "unconverted_names": Counter()}
    for item in statistics:
        for key in ("files", "converted", "unconverted", "lines_changed", "lines", "bytes"):
            total[key] += item[key]
        total["converted_names"].update(item["converted_names"])
        total["unconverted_names"].update(item["unconverted_names"])
        for api, kinds in item["kinds"].items():
            for kind, counts in kinds.items():
                entry = total["kinds"].setdefault(api, {}).setdefault(
                    kind, {"converted": 0, "unconverted": 0})
                entry["converted"] += counts["converted"]
                entry["unconverted"] += counts["unconverted"]
    total["converted_names"] = dict(total["converted_names"])
    total["unconverted_names"] = dict(total["unconverted_names"])
    return total


def _percent(part: int, whole: int) -> str:
    return f"{100.0 * part / whole:.1f}" if whole else "100.0"


def format_statistics(stats: dict, title: str) -> str:
    """Human-readable statistics in the spirit of hipify's --print-stats."""
    references = stats["converted"] + stats["unconverted"]
    lines = [
        f"rocport statistics for {title}:",
        f"  converted references: {stats['converted']}",
        f"  unconverted references: {stats['unconverted']}",
        f"  conversion %: {_percent(stats['converted'], references)}",
        f"  lines changed: {stats['lines_changed']} of {stats['lines']} "
        f"({_percent(stats['lines_changed'], stats['lines'])} %)",
    ]
    if stats["kinds"]:
        lines.append("  by API family and kind (converted / unconverted):")
        for api in sorted(stats["kinds"]):
            for kind, counts in sorted(stats["kinds"][api].items()):
                lines.append(f"    {api} {kind}: {counts['converted']} / {counts['unconverted']}")
    for label, key in (("converted", "converted_names"), ("unconverted", "unconverted_names")):
        if stats[key]:
            lines.append(f"  {label} names:")
            lines.extend(f"    {name}: {count}" for name, count in sorted(stats[key].items()))
    return "\n".join(lines) + "\n"


def write_csv(stats: dict, stream: TextIO) -> None:
    """One row per API family and kind, then summary rows (api "total")."""
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(["api", "kind", "converted", "unconverted"])
    for api in sorted(stats["kinds"]):
        for kind, counts in sorted(stats["kinds"][api].items()):
            writer.writerow([api, kind, counts["converted"], counts["unconverted"]])
    writer.writerow(["total", "references", stats["converted"], stats["unconverted"]])
    writer.writerow(["total", "lines_changed", stats["lines_changed"], ""])
    writer.writerow(["total", "lines", stats["lines"], ""])
