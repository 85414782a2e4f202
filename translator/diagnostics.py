"""Findings: what a rule or the engine tells the user about a place in a file."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import NamedTuple

__all__ = ["Severity", "Fix", "Diagnostic", "Usage"]


class Severity(StrEnum):
    """A plain string too: JSON, comparisons with "error" and ``str()`` give the value."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class Fix:
    """A suggested replacement of ``source[start:end]``, safe to apply mechanically."""

    start: int
    end: int
    text: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding located on the original (CUDA) text.

    ``line`` and ``column`` are 1-based; ``column`` counts characters. ``offset`` is the
    0-based character offset in the original text, so tools can map it again.
    """

    code: str
    message: str
    line: int = 0
    column: int = 0
    severity: Severity = Severity.WARNING
    category: str = ""
    name: str = ""
    help: str = ""
    path: str = ""
    offset: int = -1
    fixes: tuple[Fix, ...] = field(default_factory=tuple)
    suppressed: bool = False

    def to_dict(self) -> dict:
        data = asdict(self)
        data["severity"] = self.severity.value
        data["fixes"] = [asdict(f) for f in self.fixes]
        return data

    def __str__(self) -> str:
        where = f"{self.path}:" if self.path else ""
        return f"{where}{self.line}:{self.column} {self.code} {self.message}"


class Usage(NamedTuple):
    """One use of a name from the CUDA API table, and what became of it.

    Rules yield these beside edits so that statistics (per API family and kind,
    converted versus not) and the report's ``unsupported[]`` list come from one place.
    An immutable tuple: cheap to create for every name of a large file.
    """

    name: str
    api: str
    kind: str
    offset: int
    converted: bool
    target: str = ""
    reason: str = ""
    #: The rule that reported it (the engine fills it in).
    code: str = ""
