"""Text edits by offset, applied from the end of the text so no offset moves.

Rules describe changes as ``Edit(start, end, text)`` spans on the original source.
``apply_edits`` sorts them, keeps the first of any overlapping pair (rules run in
RULES order, so the earlier rule wins) and returns the rejected ones so that the
engine can report them as ``E002 conflicting-edits``.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["Edit", "apply_edits", "line_map"]


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace ``source[start:end]`` with ``text``; ``code`` names the rule that asked."""

    start: int
    end: int
    text: str
    code: str = ""

    def __post_init__(self) -> None:
        if not 0 <= self.start <= self.end:
            raise ValueError(f"bad edit span {self.start}..{self.end}")

    def overlaps(self, other: Edit) -> bool:
        if self.start == self.end or other.start == other.end:
            # Insertions clash only with an insertion at the same point or a span around them.
            return self.start == other.start or (
                other.start < self.start < other.end or self.start < other.start < self.end
            )
        return self.start < other.end and other.start < self.end


def apply_edits(source: str, edits: Iterable[Edit]) -> tuple[str, list[Edit], list[Edit]]:
    """Apply EDITS to SOURCE; return (new text, applied edits, rejected edits).

    Edits are considered in the order given; one that overlaps an edit already accepted
    is rejected. Identical duplicate edits are applied once and not reported.
    """
    accepted: list[Edit] = []  # kept sorted by (start, end); members never overlap
    rejected: list[Edit] = []
    seen: set[tuple[int, int, str]] = set()
    for edit in edits:
        if edit.end > len(source):
            raise ValueError(f"edit {edit} runs past the end of the text ({len(source)})")
        key = (edit.start, edit.end, edit.text)
        if key in seen:
            continue
        index = bisect.bisect_left(accepted, (edit.start, edit.end), key=lambda e: (e.start, e.end))
        if any(edit.overlaps(kept) for kept in _neighbours(accepted, index, edit)):
            rejected.append(edit)
            continue
        seen.add(key)
        accepted.insert(index, edit)
    pieces: list[str] = []
    position = 0
    for edit in accepted:
        pieces.append(source[position : edit.start])
        pieces.append(edit.text)
        position = edit.end
    pieces.append(source[position:])
    return "".join(pieces), accepted, rejected


def _neighbours(accepted: list[Edit], index: int, edit: Edit) -> Iterable[Edit]:
    """Accepted edits that could overlap EDIT, which would be inserted at INDEX."""
    if index > 0:
        yield accepted[index - 1]
    for kept in accepted[index:]:
        if kept.start > edit.end:
            break
        yield kept



def line_map(source: str, applied: list[Edit]) -> list[int]:
    """For each line of the edited text, the 1-based line of SOURCE it comes from.

    APPLIED must be sorted and non-overlapping (as apply_edits returns them). Lines that
    an edit inserts map to the line where the edit starts.
    """
    lines = [1]
    line = 1
    position = 0
    for edit in applied:
        for _ in range(source.count("\n", position, edit.start)):
            line += 1
            lines.append(line)
        lines.extend([line] * edit.text.count("\n"))
        line += source.count("\n", edit.start, edit.end)
        position = edit.end
    for _ in range(source.count("\n", position)):
        line += 1
        lines.append(line)
    return lines
