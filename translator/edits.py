"""Text edits by offset, applied in one pass so no offset moves.

Rules describe changes as ``Edit(start, end, text)`` spans on the original source.
``apply_edits`` keeps, among overlapping edits, the one given first (rules run in RULES
order, so the earlier rule wins) and returns the losers so that the engine can report
them as ``E002 conflicting-edits``.

A *fallback* edit (``fallback=True``) is a default that any other edit may override:
the plain table rename of a name whose call another rule rewrites as a whole, or a rename
inside an argument that another rule deletes. Fallback edits lose silently.

Two edits overlap when their spans share a character. An insertion (empty span) clashes
only with a span that strictly contains its point, or with a different insertion at the
same point; an insertion at the start of a replaced span goes before the new text, at its
end after it. Everything here is O(n log n) in the number of edits.
"""

from __future__ import annotations

import bisect
import operator
from collections.abc import Iterable
from typing import NamedTuple

__all__ = ["Edit", "apply_edits", "line_map", "without_overlaps"]


class Edit(NamedTuple):
    """Replace ``source[start:end]`` with ``text``; ``code`` names the rule that asked.

    An immutable tuple (cheap to create by the hundred thousand); ``apply_edits``
    rejects spans with ``not 0 <= start <= end`` with ValueError.
    """

    start: int
    end: int
    text: str
    code: str = ""
    fallback: bool = False

    def overlaps(self, other: Edit) -> bool:
        if self.start == self.end and other.start == other.end:
            return self.start == other.start and self.text != other.text
        if self.start == self.end:
            return other.start < self.start < other.end
        if other.start == other.end:
            return self.start < other.start < self.end
        return self.start < other.end and other.start < self.end


def apply_edits(source: str, edits: Iterable[Edit]) -> tuple[str, list[Edit], list[Edit]]:
    """Apply EDITS to SOURCE; return (new text, applied edits, rejected edits).

    Among overlapping edits the first one given wins; fallback edits yield to every
    other edit and are never reported as rejected. Identical duplicates apply once.
    """
    edits = list(edits)
    length = len(source)
    firm = [edit for edit in edits if not edit.fallback]
    fallbacks = [edit for edit in edits if edit.fallback]
    rejected: list[Edit] = []
    accepted = _disjoint(firm, length)
    if accepted is None:  # some firm edits touch: the first given wins
        _check_spans(firm, length)
        accepted, rejected = _resolve(list(enumerate(firm)))
        accepted.sort(key=_SPAN)
    kept = _disjoint(fallbacks, length)
    if kept is None:
        _check_spans(fallbacks, length)
        kept, _ = _resolve(list(enumerate(fallbacks)))
        kept.sort(key=_SPAN)
    if accepted:
        kept = _not_hitting(accepted, kept)
        applied = sorted(accepted + kept, key=_SPAN)  # two sorted runs: a merge
    else:
        applied = kept
    pieces: list[str] = []
    position = 0
    for edit in applied:
        pieces.append(source[position : edit.start])
        pieces.append(edit.text)
        position = edit.end
    pieces.append(source[position:])
    return "".join(pieces), applied, rejected


def _disjoint(edits: list[Edit], length: int) -> list[Edit] | None:
    """EDITS sorted, when no two of them touch at all (the common case), else None.
    Raises ValueError for a span outside ``0..LENGTH`` or ending before it starts."""
    ordered = sorted(edits)
    previous_end = -1
    previous_start = -1
    for edit in ordered:
        start, end = edit.start, edit.end
        if start < previous_end or start == previous_start:
            return None
        if end < start:
            _check_spans([edit], length)
        previous_start, previous_end = start, end
    # Sorted and disjoint: the first starts first and the last ends last.
    if ordered and (ordered[0].start < 0 or ordered[-1].end > length):
        _check_spans(ordered, length)
    return ordered


def _check_spans(edits: list[Edit], length: int) -> None:
    for edit in edits:
        if not 0 <= edit.start <= edit.end <= length:
            raise ValueError(f"bad edit span {edit.start}..{edit.end} (text length {length})")


_SPAN = operator.itemgetter(0, 1)  # (start, end) of an Edit
_START = operator.itemgetter(0)


def without_overlaps(accepted: list[Edit], candidates: list[Edit]) -> list[Edit]:
    """CANDIDATES (sorted, possibly overlapping each other) that neither overlap nor
    duplicate ACCEPTED (sorted, disjoint)."""
    kept = []
    index = 0
    count = len(accepted)
    for edit in candidates:
        while index < count and accepted[index].end < edit.start:
            index += 1
        probe = index
        while probe < count and accepted[probe].start <= edit.end:
            other = accepted[probe]
            if edit.overlaps(other) or _same(edit, other):
                break
            probe += 1
        else:
            kept.append(edit)
    return kept


def _not_hitting(accepted: list[Edit], candidates: list[Edit]) -> list[Edit]:
    """CANDIDATES (sorted, disjoint) that neither overlap nor duplicate ACCEPTED (sorted,
    disjoint); ``without_overlaps`` when the candidates may overlap each other.

    Usually few edits are accepted and many are candidates (renames): each accepted edit
    looks up the candidates near it, and the rest are kept without being looked at.
    """
    hit: set[int] = set()
    for other in accepted:
        # A candidate that hits OTHER starts at or before its end and ends at or after
        # its start; candidates are disjoint, so their ends increase with their starts.
        index = bisect.bisect_left(candidates, other.start, key=_START)
        while index > 0 and candidates[index - 1].end >= other.start:
            index -= 1
        while index < len(candidates) and candidates[index].start <= other.end:
            edit = candidates[index]
            if edit.overlaps(other) or _same(edit, other):
                hit.add(index)
            index += 1
    kept: list[Edit] = []
    position = 0
    for index in sorted(hit):
        kept += candidates[position:index]
        position = index + 1
    return kept + candidates[position:] if hit else candidates


def _resolve(candidates: list[tuple[int, Edit]]) -> tuple[list[Edit], list[Edit]]:
    """Split CANDIDATES (order, edit) into non-overlapping winners and losers.

    Edits are swept by position into clusters of mutually reachable overlaps; only
    inside a cluster (almost always a single edit) is the given order consulted.
    """
    winners: list[Edit] = []
    losers: list[Edit] = []
    ordered = sorted(candidates, key=lambda item: (item[1].start, item[1].end, item[0]))
    cluster: list[tuple[int, Edit]] = []
    reach = -1
    for item in ordered:
        edit = item[1]
        start = edit.start
        if cluster and (start > reach or (start == reach and not _touches(cluster, edit))):
            if len(cluster) == 1:
                winners.append(cluster[0][1])
            else:
                _settle(cluster, winners, losers)
            cluster = []
        cluster.append(item)
        if edit.end > reach:
            reach = edit.end
    if cluster:
        _settle(cluster, winners, losers)
    return winners, losers


def _touches(cluster: list[tuple[int, Edit]], edit: Edit) -> bool:
    return any(edit.overlaps(other) or _same(edit, other) for _, other in cluster)


def _same(one: Edit, other: Edit) -> bool:
    return (one.start, one.end, one.text) == (other.start, other.end, other.text)


def _settle(cluster: list[tuple[int, Edit]], winners: list[Edit], losers: list[Edit]) -> None:
    if len(cluster) == 1:
        winners.append(cluster[0][1])
        return
    kept: list[Edit] = []
    for _, edit in sorted(cluster, key=lambda item: item[0]):
        if any(_same(edit, other) for other in kept):
            continue
        if any(edit.overlaps(other) for other in kept):
            losers.append(edit)
        else:
            kept.append(edit)
    winners.extend(kept)


def line_map(source: str, applied: list[Edit], output: str | None = None) -> list[int]:
    """For each line of the edited text, the 1-based line of SOURCE it comes from.

    APPLIED must be sorted and non-overlapping (as apply_edits returns them). Lines that
    an edit inserts map to the line where the edit starts. OUTPUT, the edited text when
    the caller has it, lets most calls skip looking at every edit.
    """
    lines_in_source = source.count("\n") + 1
    if "\n" not in "".join([edit.text for edit in applied]) and (
            output is not None and output.count("\n") + 1 == lines_in_source):
        # No edit adds a line break and none was removed: every line stays.
        return list(range(1, lines_in_source + 1))
    # Only edits that add or remove line breaks move lines (most are renames).
    moving = [edit for edit in applied
              if "\n" in edit.text or edit.end - edit.start > 1
              and source.find("\n", edit.start, edit.end) >= 0]
    lines = [1]
    line = 1
    position = 0
    for edit in moving:
        count = source.count("\n", position, edit.start)
        lines.extend(range(line + 1, line + 1 + count))
        line += count
        lines.extend([line] * edit.text.count("\n"))
        line += source.count("\n", edit.start, edit.end)
        position = edit.end
    count = source.count("\n", position)
    lines.extend(range(line + 1, line + 1 + count))
    return lines
