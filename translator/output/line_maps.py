"""Line maps: which original CUDA line each line of a translated file came from.

``Result.line_map`` (translator/engine.py) gives one original line per output line.
Stored in the report JSON as ``line_maps``, keyed by the output path::

    "line_maps": {"src/a.hip": {"source": "src/a.cu", "runs": [[1, 1, 40], [41, 40, 3]]}}

Each run ``[first output line, its original line, count]`` covers ``count`` output lines
whose original lines increase by one, so an untouched file is a single run. The
compile check uses these maps to put hipcc diagnostics on the CUDA lines.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from translator.output.report_json import LineMapEntry

__all__ = ["encode", "decode", "LineMaps", "line_maps_section"]


def encode(line_map: list[int]) -> list[list[int]]:
    """Compress a per-line map (index 0 is output line 1) into runs."""
    runs: list[list[int]] = []
    for index, original in enumerate(line_map, start=1):
        if runs:
            first, start, count = runs[-1]
            if index == first + count and original == start + count:
                runs[-1][2] += 1
                continue
        runs.append([index, original, 1])
    return runs


def decode(runs: Iterable[Iterable[int]]) -> list[int]:
    """The per-line map back from runs."""
    line_map: list[int] = []
    for first, start, count in runs:
        line_map.extend([0] * (first - 1 - len(line_map)))
        line_map.extend(range(start, start + count))
    return line_map


@dataclass(frozen=True)
class _FileMap:
    source: str
    firsts: tuple[int, ...]
    runs: tuple[tuple[int, int, int], ...]

    def original_line(self, line: int) -> int | None:
        index = bisect.bisect_right(self.firsts, line) - 1
        if index < 0:
            return None
        first, start, count = self.runs[index]
        if line >= first + count:
            return start + count - 1 if count else None  # past the end: the last line
        return start + (line - first)


class LineMaps:
    """Locate a line of a translated file (tree-relative path) on its original file."""

    def __init__(self, section: Mapping[str, Mapping] | None = None) -> None:
        self._files: dict[str, _FileMap] = {}
        for output_path, entry in (section or {}).items():
            runs = tuple(tuple(run) for run in entry.get("runs", ()))
            self._files[output_path] = _FileMap(
                str(entry.get("source", output_path)), tuple(run[0] for run in runs), runs
            )

    def __contains__(self, output_path: str) -> bool:
        return output_path in self._files

    def __len__(self) -> int:
        return len(self._files)

    def locate(self, output_path: str, line: int) -> tuple[str, int] | None:
        """(original path, original line), or None when the file has no map."""
        file_map = self._files.get(output_path)
        if file_map is None or line <= 0:
            return None
        original = file_map.original_line(line)
        return None if original is None else (file_map.source, original)


def line_maps_section(files: Iterable) -> dict[str, LineMapEntry]:
    """The report's ``line_maps`` from FileOutcome-like objects (``path``,
    ``output_path``, ``result`` with ``line_map``)."""
    section: dict[str, LineMapEntry] = {}
    for outcome in files:
        result = getattr(outcome, "result", None)
        if result is None or not result.line_map:
            continue
        section[outcome.output_path] = {"source": outcome.path, "runs": encode(result.line_map)}
    return section
