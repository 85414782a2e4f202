"""Precision and recall of the warning rules, per finding category, on labelled CUDA.

A labelled file marks every line where a hazard is expected with a trailing comment
``// hazard: <category>[, <category>...]``; lines without the comment must stay silent.
A finding counts once per (file, line, category), whatever rule produced it.

    python -m tests.translator.hazard_metrics [FOLDER ...]   # prints the table
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

from translator import Options, translate
from translator.rules import RULES_BY_CODE

LABELLED = Path(__file__).resolve().parent / "labelled"
_LABEL = re.compile(r"//\s*hazard:\s*([a-z, -]+)")


def labels(text: str) -> set[tuple[int, str]]:
    found = set()
    for number, line in enumerate(text.splitlines(), start=1):
        match = _LABEL.search(line)
        if match:
            found.update((number, c.strip()) for c in match.group(1).split(",") if c.strip())
    return found


def findings(text: str, path: str, options: Options) -> set[tuple[int, str]]:
    result = translate(text, options, path)
    return {(d.line, d.category) for d in result.diagnostics
            if d.code.startswith("W") and not d.suppressed and d.code in RULES_BY_CODE}


def measure(paths, options: Options | None = None) -> dict[str, dict[str, float]]:
    """{category: {"tp", "fp", "fn", "precision", "recall"}} over the files in PATHS."""
    options = options or Options()
    counts: dict[str, Counter] = {}
    for path in paths:
        text = Path(path).read_text(encoding="utf-8")
        expected, found = labels(text), findings(text, Path(path).name, options)
        for outcome, items in (("tp", expected & found), ("fp", found - expected),
                               ("fn", expected - found)):
            for _, category in items:
                counts.setdefault(category, Counter())[outcome] += 1
    table = {}
    for category, count in sorted(counts.items()):
        tp, fp, fn = count["tp"], count["fp"], count["fn"]
        table[category] = {
            "tp": tp, "fp": fp, "fn": fn,
            "precision": tp / (tp + fp) if tp + fp else 1.0,
            "recall": tp / (tp + fn) if tp + fn else 1.0,
        }
    return table


def mismatches(paths, options: Options | None = None) -> list[str]:
    """Human-readable false positives and negatives, for debugging a rule."""
    options = options or Options()
    lines = []
    for path in paths:
        text = Path(path).read_text(encoding="utf-8")
        expected, found = labels(text), findings(text, Path(path).name, options)
        lines += [f"{Path(path).name}:{n}: unexpected {c}" for n, c in sorted(found - expected)]
        lines += [f"{Path(path).name}:{n}: missed {c}" for n, c in sorted(expected - found)]
    return lines


def main(arguments: list[str]) -> int:
    folders = [Path(a) for a in arguments] or [LABELLED]
    paths = sorted(p for folder in folders for p in folder.glob("*.cu*"))
    print(f"{'category':<22} {'tp':>4} {'fp':>4} {'fn':>4} {'precision':>10} {'recall':>7}")
    for category, row in measure(paths).items():
        print(f"{category:<22} {row['tp']:>4} {row['fp']:>4} {row['fn']:>4} "
              f"{row['precision']:>10.2f} {row['recall']:>7.2f}")
    for line in mismatches(paths):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
