"""What no rewrite may touch: code the project already wrote for HIP.

``protected_spans(unit)`` gathers the three kinds of code the engine leaves as written
(``translator.analysis.hip_guards`` says what they are): the branches of HIP groups but
the one an AMD build takes, the project's own definitions of CUDA names, and the blocks
that version and feature gates keep off on HIP (``translator.analysis.gates``, when R003
is enabled). The engine drops every edit, name use and rewrite finding in them
(``overlaps`` tells whether an edit touches one).
"""

from __future__ import annotations

import bisect

from translator.analysis.gates import kept_off_blocks
from translator.analysis.hip_guards import HipGroup, defined_names, hip_groups
from translator.unit import Spans, Unit

__all__ = ["protected_spans", "overlaps"]


def protected_spans(unit: Unit) -> Spans:
    """Every span no rewrite may touch: HIP groups, definitions of CUDA names, blocks
    kept off on HIP (found once per unit)."""
    return unit.fact(_protected_spans)


def _protected_spans(unit: Unit) -> Spans:
    spans = [span for group in hip_groups(unit) for span in _left_as_written(group)]
    spans += defined_names(unit)
    if unit.options.rule_enabled("R003"):
        spans += kept_off_blocks(unit)
    return Spans(_merged(spans))


def _left_as_written(group: HipGroup) -> list[tuple[int, int]]:
    """The spans of GROUP that stay as the project wrote them: its directives and every
    branch but the one an AMD build takes (its CUDA alternative, its HIP-on-NVIDIA and
    undecidable branches). The AMD branch is code hipcc compiles: what it still spells
    in CUDA (written for PyTorch's build-time hipify) is translated."""
    spans = []
    position = group.start
    for branch in group.branches:
        if branch.on_hip:
            spans.append((position, branch.body_start))
            position = branch.body_end
    spans.append((position, group.end))
    return [(start, end) for start, end in spans if end > start]


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def overlaps(spans: Spans, start: int, end: int) -> bool:
    """True when START..END (an edit; empty for an insertion) touches the inside of one of
    SPANS: an insertion at a span's first or last offset is outside it."""
    if start == end:
        index = bisect.bisect_right(spans.starts, start) - 1
        return index >= 0 and spans.starts[index] < start < spans.ends[index]
    index = bisect.bisect_left(spans.starts, end) - 1
    return index >= 0 and spans.ends[index] > start
