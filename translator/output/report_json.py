"""The report JSON's shape, as TypedDicts: what ``docs/report.md`` describes, checked.

``translator/output/report.py`` builds a ``Report``; the CLI, SARIF and the review data
read it. The compile check (``translator/compile/report.py``) adds the ``compile_*`` keys
to a report read back from a file: plain JSON, maybe partial or older, so it takes a dict.
"""

# No `from __future__ import annotations`: TypedDict reads NotRequired at run time only
# from evaluated annotations (the tests compare the keys with a real report).
from typing import Any, NotRequired, TypedDict

__all__ = [
    "Report", "FileEntry", "UnsupportedName", "Finding", "FindingFix", "FamilyCounts",
    "ApiStatistics", "ReportStatistics", "FindingCounts", "AnalysisCounts",
    "HipBuildSection", "LineMapEntry",
]


class UnsupportedName(TypedDict):
    """A CUDA name the translation left as it was, at a 1-based line and column."""

    name: str
    line: int
    column: int
    reason: str


class FileEntry(TypedDict):
    """One entry of the input tree (``files[]``)."""

    path: str
    output_path: str
    kind: str
    language: str
    status: str
    message: str
    utf8: bool | None  # None: not translated
    analysis: str  # "types", "tokens" or "" (no rule needed types)
    analysis_error: str
    replacements: int
    unsupported: list[UnsupportedName]


class FindingFix(TypedDict):
    start: int
    end: int
    text: str
    description: str


class Finding(TypedDict):
    """One diagnostic of a translated file (``findings[]``)."""

    code: str
    name: str
    category: str
    severity: str
    path: str
    line: int
    column: int
    message: str
    help: str
    suppressed: bool
    fixes: list[FindingFix]


class FamilyCounts(TypedDict):
    converted: int
    unsupported: int
    coverage: float  # percent


class ApiStatistics(TypedDict):
    """``translator.output.report.statistics``: API uses counted per family."""

    families: dict[str, FamilyCounts]
    converted: int
    unsupported: int
    coverage: float
    lines_changed: int
    #: {api: {kind: {"converted": n, "unconverted": m}}}
    kinds: dict[str, dict[str, dict[str, int]]]


class FindingCounts(TypedDict):
    active: int
    suppressed: int
    categories: dict[str, int]  # active findings per category


class AnalysisCounts(TypedDict):
    types: int
    tokens: int
    not_needed: int
    rate: float  # percent with types among those that needed them


class ReportStatistics(TypedDict):
    """The report's ``stats``: the API counts and the tree's counts."""

    families: dict[str, FamilyCounts]
    converted: int
    unsupported: int
    coverage: float
    lines_changed: int
    kinds: dict[str, int]  # entries per file kind
    files: dict[str, int]  # entries per status
    #: translated, cache_hits, cache_misses, jobs, seconds (and the service's phases)
    run: dict[str, Any]
    findings: FindingCounts
    analysis: AnalysisCounts


class HipBuildSection(TypedDict):
    """The report's ``hip_build``: the evidence of the tree's own HIP build
    (``translator/tree/hip_build.py``) and what rocport did about it."""

    detected: bool
    evidence: list[str]
    macros: list[str]
    #: Macros the project's ROCm build must define (USE_ROCM): the compile check does.
    switches: list[str]
    vendor_headers: list[str]
    cuda_branches_left: int
    blocks_kept_off: int
    action: str


class LineMapEntry(TypedDict):
    source: str  # the original path
    runs: list[list[int]]  # [first output line, original line, count]


class Report(TypedDict):
    """The report JSON of a migrated tree (``docs/report.md``), version 2."""

    tool: str
    version: int
    rocport_version: str
    #: ``Options`` fields with the tree facts among them, tuples as lists
    options: dict[str, Any]
    toolchain: dict[str, Any]
    files: list[FileEntry]
    findings: list[Finding]
    compile: list[dict[str, Any]]  # per unit; see docs/compile-check.md
    compile_commands: dict[str, Any]
    stats: ReportStatistics
    line_maps: dict[str, LineMapEntry]  # keyed by output path
    hip_build: HipBuildSection
    summary: NotRequired[str]  # always there once build_report returns
    # what the compile check adds (translator/compile/report.py)
    compile_summary: NotRequired[dict[str, Any]]
    compile_skipped: NotRequired[str]
    compile_notes: NotRequired[list[str]]
