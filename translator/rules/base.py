"""Rule: everything a rule declares, as data the engine applies.

A rule is one code, one name, one summary, one check and its module docstring; it also
declares which file languages it reads, whether its findings are dropped in branches no
AMD compile takes, and whether its warnings carry fixes safe to apply mechanically. The
engine's own codes (E001 ...) are ``Rule`` values without a check, so one lookup
answers for every code.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import KW_ONLY, dataclass

from translator.diagnostics import Diagnostic, Severity, Usage
from translator.edits import Edit
from translator.unit import Unit

__all__ = ["Rule", "Finding", "Findings", "CATEGORIES", "DOC_SECTIONS", "LANGUAGES", "CXX"]

Finding = Edit | Diagnostic | Usage


class Findings:
    """What a rule with many findings returns: its usages, edits and diagnostics in
    separate lists, each carrying the rule's code, so that the engine takes them over
    without looking at every one. Iterating gives them all, like any rule's check."""

    __slots__ = ("usages", "edits", "diagnostics")

    def __init__(self, usages: list[Usage], edits: list[Edit],
                 diagnostics: list[Diagnostic]) -> None:
        self.usages, self.edits, self.diagnostics = usages, edits, diagnostics

    def __iter__(self) -> Iterator[Finding]:
        return itertools.chain(self.usages, self.edits, self.diagnostics)

#: Stable finding categories (the report JSON and SARIF carry them; docs/rules.md lists
#: the rules of each); every rule belongs to one.
CATEGORIES = (
    "warp-size", "lane-mask", "warp-synchronous", "inline-asm", "managed-memory",
    "host-deref", "memcpy-size", "unguarded-index", "shared-memory-limit",
    "texture-reference", "dynamic-parallelism", "block-size", "atomic-fine-grained",
    "unsupported-api", "deprecated-api", "wmma", "cooperative-groups", "build-system",
    "parse-error",
)
#: Docstring sections, in order. Rewrite rules show the HIP output; warning rules the fix;
#: engine codes say what happened and what the user can do.
DOC_SECTIONS = {
    "R": ("What it does", "Why", "Example (CUDA)", "Output (HIP)", "Limits"),
    "W": ("What it finds", "Why it matters on AMD", "Example", "Suggested fix", "Limits"),
    "E": ("What it means", "What to do"),
}
#: File languages, as ``translator.source.file_kinds.language_of`` names them.
LANGUAGES = frozenset(("c++", "cmake", "make", "shell", "python", "python-deps", "ci"))
#: The languages of a rule that reads C, C++ and CUDA sources: most rules.
CXX = frozenset(("c++",))
_SECTION_TITLE = re.compile(r"^(?P<title>[A-Z][^\n]*)\n-{3,}\n", re.M)


@dataclass(frozen=True)
class Rule:
    """A rule. ``check(unit)`` yields Edits, Diagnostics and Usages; it never does I/O.

    The engine runs ``check`` only on files whose language is in ``languages``, so a
    rule does not test the language itself. ``translate()``, the C++ engine, runs every
    rule that reads ``c++`` on whatever text it is given, named or not; the two that
    need a C++ file name (R541, R542) look at the name themselves.
    """

    code: str
    name: str
    summary: str
    #: None for the engine's own codes, which no check emits.
    check: Callable[[Unit], Iterable[Finding]] | None
    category: str
    doc: str
    severity: Severity = Severity.WARNING
    _: KW_ONLY
    languages: frozenset[str] = CXX
    #: Drop the findings in ``#if`` branches that test for HIP/ROCm/AMD (the author
    #: already chose what each platform compiles), in ``#if 0`` and in ``__CUDA_ARCH__``
    #: branches no AMD compile takes (``translator.analysis.hazard``). Warning rules
    #: want this; rewrite rules leave such branches to R003 and the HIP guards.
    silent_in_platform_branches: bool = False
    #: Its diagnostics may carry fixes that are safe to apply mechanically: the engine
    #: applies them with ``--fix-hazards`` and takes fixes from no other rule.
    safe_fixes: bool = False
    #: The texts its check tests with ``Unit.mentions`` (a first test of whether the file
    #: can hold what it looks for): the engine looks for those of every rule it runs, and
    #: the analysis helpers' (``translator.analysis.mentioned``), in one pass over each
    #: file. A text not declared is answered too, by a search of its own.
    mentions: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[RWE]\d{3}", self.code):
            raise ValueError(f"bad rule code {self.code!r}")
        if self.category not in CATEGORIES and self.category != "":
            raise ValueError(f"{self.code}: unknown category {self.category!r}")
        if not self.languages <= LANGUAGES:
            raise ValueError(f"{self.code}: unknown languages {set(self.languages - LANGUAGES)}")
        if self.check is None and self.mentions:
            raise ValueError(f"{self.code}: an engine code has no check to mention texts")
        if (self.check is None) != (self.code[0] == "E"):
            raise ValueError(f"{self.code}: rules have a check, engine codes have none")

    @property
    def kind(self) -> str:
        """``rewrite`` (R), ``warning`` (W) or ``engine`` (E)."""
        return {"R": "rewrite", "W": "warning", "E": "engine"}[self.code[0]]

    @property
    def sections(self) -> dict[str, str]:
        """The docstring split at ``Title\\n-----`` headings."""
        matches = list(_SECTION_TITLE.finditer(self.doc or ""))
        sections = {}
        for index, match in enumerate(matches):
            end = matches[index + 1].start() if index + 1 < len(matches) else len(self.doc)
            sections[match.group("title").strip()] = self.doc[match.end() : end].strip()
        return sections

    @property
    def required_sections(self) -> tuple[str, ...]:
        return DOC_SECTIONS.get(self.code[0], ())
