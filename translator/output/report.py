"""The report JSON of a migrated tree, its statistics and a short summary for people.

The report JSON is the one format the CLI, the workers, the API and the pages share;
its fields are documented in ``docs/report.md``. Diffs and the tree patch are in
``translator/output/patches.py`` (re-exported here), SARIF in ``translator/output/sarif.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict

from translator.diagnostics import Diagnostic
from translator.engine import Result
from translator.options import Options
from translator.output.line_maps import line_maps_section
from translator.output.patches import file_diff, tree_patch
from translator.output.report_json import (
    ApiStatistics,
    FamilyCounts,
    FileEntry,
    Finding,
    FindingCounts,
    HipBuildSection,
    Report,
    ReportStatistics,
    UnsupportedName,
)
from translator.output.statistics import (
    analysis_counts,
    changed_lines,
    format_analysis,
    kind_counts,
)
from translator.tree.migrate import FileOutcome, TreeResult

__all__ = ["file_diff", "tree_patch", "build_report", "statistics", "summary", "REPORT_VERSION"]

REPORT_VERSION = 2


def statistics(results: Iterable[Result]) -> ApiStatistics:
    """Counts per API family: converted, unsupported, coverage (%); and lines changed.

    ``kinds`` splits the counts by family and kind (``translator.output.statistics.kind_counts``).
    """
    results = list(results)
    converted: Counter[str] = Counter()
    unsupported: Counter[str] = Counter()
    lines_changed = 0
    for result in results:
        for usage in result.usages:
            (converted if usage.converted else unsupported)[usage.api] += 1
        lines_changed += changed_lines(result)
    families: dict[str, FamilyCounts] = {}
    for api in sorted(set(converted) | set(unsupported)):
        total = converted[api] + unsupported[api]
        families[api] = {
            "converted": converted[api],
            "unsupported": unsupported[api],
            "coverage": round(100.0 * converted[api] / total, 1) if total else 100.0,
        }
    total_converted, total_unsupported = sum(converted.values()), sum(unsupported.values())
    total = total_converted + total_unsupported
    return {
        "families": families,
        "converted": total_converted,
        "unsupported": total_unsupported,
        "coverage": round(100.0 * total_converted / total, 1) if total else 100.0,
        "lines_changed": lines_changed,
        "kinds": kind_counts(results),
    }


def _file_entry(outcome: FileOutcome) -> FileEntry:
    result = outcome.result
    unsupported: list[UnsupportedName] = [] if result is None else [
        {"name": u.name, "line": line, "column": column, "reason": u.reason}
        for u in result.unsupported
        for line, column in [_position(result.original, u.offset)]
    ]
    return {
        "path": outcome.path,
        "output_path": outcome.output_path,
        "kind": outcome.kind,
        "language": outcome.language,
        "status": outcome.status,
        "message": outcome.message,
        "utf8": result.utf8 if result else None,
        # "types", "tokens" (with analysis_error: clang's first error) or "" (not needed)
        "analysis": result.analysis if result else "",
        "analysis_error": result.analysis_error if result else "",
        "replacements": len(result.edits) if result else 0,
        "unsupported": unsupported,
    }


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _finding(diagnostic: Diagnostic) -> Finding:
    return {
        "code": diagnostic.code, "name": diagnostic.name, "category": diagnostic.category,
        "severity": diagnostic.severity.value, "path": diagnostic.path,
        "line": diagnostic.line, "column": diagnostic.column, "message": diagnostic.message,
        "help": diagnostic.help, "suppressed": diagnostic.suppressed,
        "fixes": [{"start": f.start, "end": f.end, "text": f.text, "description": f.description}
                  for f in diagnostic.fixes],
    }


def options_section(options: Options) -> dict:
    """OPTIONS as the report shows them: one flat object of the caller's choices and the
    tree facts (``Options.tree``) in field order, tuples as lists."""
    flat: dict = {}
    for key, value in asdict(options).items():
        for name, item in value.items() if key == "tree" else [(key, value)]:
            flat[name] = list(item) if isinstance(item, tuple) else item
    return flat


def build_report(tree: TreeResult, toolchain: dict | None = None) -> Report:
    """The report JSON (a dict) for a migrated tree; ``compile`` is filled in later."""
    from translator import __version__

    results = [o.result for o in tree.files if o.result is not None]
    statuses = Counter(o.status for o in tree.files)
    kinds = Counter(o.kind for o in tree.files)
    output_paths = {o.path: o.output_path for o in tree.files}
    database = tree.compile_database.to_dict()
    database["files"] = {output_paths.get(path, path): {"source_path": path, **flags}
                         for path, flags in database["files"].items()}
    api = statistics(results)
    findings = [_finding(d) for result in results for d in result.diagnostics]
    stats: ReportStatistics = {
        "families": api["families"], "converted": api["converted"],
        "unsupported": api["unsupported"], "coverage": api["coverage"],
        "lines_changed": api["lines_changed"],
        # the report counts entries per file kind where statistics() has API kinds
        "kinds": dict(sorted(kinds.items())),
        "files": dict(sorted(statuses.items())),
        "run": tree.run,
        "findings": _finding_counts(findings),
        "analysis": analysis_counts(o.result for o in tree.files
                                    if o.result is not None and o.language == "c++"),
    }
    report: Report = {
        "tool": "rocport",
        "version": REPORT_VERSION,
        "rocport_version": __version__,
        "options": options_section(tree.options),
        "toolchain": toolchain or {},
        "files": [_file_entry(outcome) for outcome in tree.files],
        "findings": findings,
        "compile": [],
        "compile_commands": database,
        "stats": stats,
        # output line -> original line per translated file: puts hipcc's diagnostics on
        # the CUDA lines (translator/output/line_maps.py, used by the compile check)
        "line_maps": line_maps_section(tree.files),
        "hip_build": hip_build_section(tree, findings),
    }
    report["summary"] = summary(report)
    return report


def hip_build_section(tree: TreeResult, findings: list[Finding]) -> HipBuildSection:
    """The tree's own HIP build (``translator/tree/hip_build.py``) and what rocport did about
    it: the CUDA alternatives of HIP branches it left as written (R004) and the blocks
    that version gates keep off on HIP (R003)."""
    # R004's notes on CUDA alternatives (its other note names the build switches)
    left = [f for f in findings if f["code"] == "R004" and f["message"].startswith("CUDA")]
    kept_off = [f for f in findings if f["code"] == "R003" and "stays off on HIP" in f["message"]]
    build = tree.hip_build
    section: HipBuildSection = {
        "detected": bool(build), "evidence": list(build.evidence), "macros": list(build.macros),
        "switches": list(build.switches),
        "vendor_headers": list(build.vendor_headers), "cuda_branches_left": len(left),
        "blocks_kept_off": len(kept_off), "action": ""}
    guarded_files = sorted({f["path"] for f in left})
    if guarded_files:
        section["detected"] = True
        section["evidence"].append(
            f"HIP branches in {len(guarded_files)} source file(s): "
            + ", ".join(guarded_files[:3]) + (" ..." if len(guarded_files) > 3 else ""))
    actions = []
    if section["detected"]:
        actions.append("left the project's HIP branches and the CUDA code they replace as "
                       f"written ({len(left)} CUDA branch(es) in {len(guarded_files)} file(s), "
                       "R004), and kept the names its own #define, using, typedef and "
                       "namespace lines define")
    if section["macros"]:
        actions.append("read " + ", ".join(section["macros"]) + " as HIP build switches")
    if kept_off:
        actions.append(f"kept {len(kept_off)} version-gated block(s) off on HIP (R003)")
    section["action"] = "; ".join(actions)
    return section


def _finding_counts(findings: list[Finding]) -> FindingCounts:
    """Active and suppressed findings (suppressed ones are counted, never dropped)."""
    active = [f for f in findings if not f["suppressed"]]
    return {"active": len(active), "suppressed": len(findings) - len(active),
            "categories": dict(sorted(Counter(f["category"] for f in active).items()))}


def summary(report: Report) -> str:
    """A few lines a person can read: files, API coverage by family, findings, speed."""
    stats = report["stats"]
    files = stats.get("files", {})
    lines = []
    hip_build = report.get("hip_build") or {}
    if hip_build.get("detected"):
        lines.append("Already builds for HIP: " + "; ".join(hip_build["evidence"][:3])
                     + (f". rocport {hip_build['action']}" if hip_build.get("action") else ""))
    lines.append(f"{sum(files.values())} entries: " + ", ".join(
        f"{count} {status}" for status, count in sorted(files.items())))
    if stats["converted"] or stats["unsupported"]:
        families = ", ".join(
            f"{name} {family['coverage']}% ({family['converted']}/"
            f"{family['converted'] + family['unsupported']})"
            for name, family in stats["families"].items())
        lines.append(f"API uses: {stats['converted']} converted, {stats['unsupported']} not "
                     f"converted ({stats['coverage']}% coverage): {families}")
    active = [f for f in report["findings"] if not f["suppressed"]]
    if active:
        severities = Counter(f["severity"] for f in active)
        codes = Counter(f["code"] for f in active).most_common(5)
        suppressed = len(report["findings"]) - len(active)
        lines.append("Findings: " + ", ".join(f"{n} {s}" for s, n in sorted(severities.items()))
                     + " (most frequent: " + ", ".join(f"{c} x{n}" for c, n in codes) + ")"
                     + (f"; {suppressed} suppressed" if suppressed else ""))
    else:
        lines.append("Findings: none")
    problems = [f for f in report["files"] if f["status"] in ("error", "skipped")]
    if problems:
        lines.append("Not in the output: " + ", ".join(
            f"{f['path']} ({f['message']})" for f in problems[:5])
            + (f" and {len(problems) - 5} more" if len(problems) > 5 else ""))
    analysis = stats.get("analysis") or {}
    if analysis.get("types") or analysis.get("tokens"):
        lines.append(format_analysis(analysis))
    run = stats.get("run") or {}
    if run:
        lines.append(f"Translated {run.get('translated', 0)} files in {run.get('seconds', 0)} s "
                     f"with {run.get('jobs', 1)} jobs; cache hits {run.get('cache_hits', 0)}")
    return "\n".join(lines)
