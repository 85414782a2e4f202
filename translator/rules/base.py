"""Rule: one code, one name, one summary, one check, documented by its module docstring."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from translator.diagnostics import Diagnostic, Severity, Usage
from translator.edits import Edit
from translator.unit import Unit

__all__ = ["Rule", "Finding", "Findings", "CATEGORIES", "DOC_SECTIONS"]

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

#: Stable finding categories (ARCHITECTURE.md); every rule belongs to one.
CATEGORIES = (
    "warp-size", "lane-mask", "warp-synchronous", "inline-asm", "managed-memory",
    "host-deref", "memcpy-size", "unguarded-index", "shared-memory-limit",
    "texture-reference", "dynamic-parallelism", "block-size", "atomic-fine-grained",
    "unsupported-api", "deprecated-api", "wmma", "cooperative-groups", "build-system",
    "parse-error",
)
#: Docstring sections, in order. Rewrite rules show the HIP output; warning rules the fix.
DOC_SECTIONS = {
    "R": ("What it does", "Why", "Example (CUDA)", "Output (HIP)", "Limits"),
    "W": ("What it finds", "Why it matters on AMD", "Example", "Suggested fix", "Limits"),
}
_SECTION_TITLE = re.compile(r"^(?P<title>[A-Z][^\n]*)\n-{3,}\n", re.M)


@dataclass(frozen=True)
class Rule:
    """A rule. ``check(unit)`` yields Edits, Diagnostics and Usages; it never does I/O."""

    code: str
    name: str
    summary: str
    check: Callable[[Unit], Iterable[Finding]]
    category: str
    doc: str
    severity: Severity = Severity.WARNING

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[RWE]\d{3}", self.code):
            raise ValueError(f"bad rule code {self.code!r}")
        if self.category not in CATEGORIES and self.category != "":
            raise ValueError(f"{self.code}: unknown category {self.category!r}")

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
