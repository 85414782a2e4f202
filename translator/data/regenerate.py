"""Regenerate translator/data/cuda2hip.tsv from the shared API equivalence table.

Usage: python -m translator.data.regenerate [SOURCE_TSV]

SOURCE_TSV defaults to ../shared/data/cuda2hip.tsv relative to the repository root.
The product never reads the shared folder at run time; this script is the only bridge.
It checks the header and the column count of every row, sorts rows for stable diffs
and writes the product's copy next to this file.
"""

from __future__ import annotations

import sys
from pathlib import Path

COLUMNS = (
    "cuda", "hip", "roc", "kind", "api", "section", "flags",
    "cuda_added", "cuda_deprecated", "cuda_removed",
    "hip_added", "hip_deprecated", "hip_removed",
)
HERE = Path(__file__).resolve().parent
DEFAULT_SOURCE = HERE.parents[1].parent / "shared" / "data" / "cuda2hip.tsv"
TARGET = HERE / "cuda2hip.tsv"


def regenerate(source: Path, target: Path = TARGET) -> int:
    """Validate SOURCE and write it, sorted, to TARGET; return the number of rows."""
    lines = source.read_text(encoding="utf-8").splitlines()
    header = tuple(lines[0].split("\t"))
    if header != COLUMNS:
        raise ValueError(f"{source}: unexpected columns {header}")
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) != len(COLUMNS):
            raise ValueError(f"{source}:{number}: {len(fields)} columns, expected {len(COLUMNS)}")
        rows.append(line)
    rows.sort()
    target.write_text("\n".join(["\t".join(COLUMNS), *rows]) + "\n", encoding="utf-8")
    return len(rows)


if __name__ == "__main__":
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SOURCE
    print(f"{regenerate(source)} rows written to {TARGET}")
