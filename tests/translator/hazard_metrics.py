"""Precision and recall of the warning rules, per finding category, on labelled CUDA.

A labelled file marks every line where a hazard is expected with a trailing comment
``// hazard: <category>[, <category>...]``; lines without the comment must stay silent.
A finding counts once per (file, line, category), whatever rule produced it.

    python -m tests.translator.hazard_metrics [FOLDER ...]   # prints the table
    python -m tests.translator.hazard_metrics --real [ROOT]  # the real-code labels

``labelled/real_code.tsv`` holds rocport's hazard findings on real projects, labelled by
hand; with ROOT (a folder of those projects checked out at the labelled commits) the
findings are made again and compared with the labels.
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


#: Findings of rocport on real projects, labelled by hand (repository, commit, path,
#: line, code, label, note): what the projects' code is, is not kept here.
REAL_CODE = LABELLED / "real_code.tsv"


def real_code_rows(path: Path = REAL_CODE) -> list[dict[str, str]]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"), strict=True)) for line in lines[1:]]


def real_code_precision(rows: list[dict[str, str]]) -> float:
    return sum(row["label"] == "true" for row in rows) / len(rows)


def compare_real_code(root: Path, rows: list[dict[str, str]]) -> list[str]:
    """Translate the projects checked out under ROOT (a folder per repository name, at
    the labelled commits) as a tree migration does, and list the hazard findings the
    labels do not know and the labelled findings that are gone, and any E003."""
    import tempfile

    from translator.tree.migrate import migrate_tree

    labelled = {(r["repository"].split("/")[1], r["path"], int(r["line"]), r["code"])
                for r in rows}
    found: set[tuple[str, str, int, str]] = set()
    crashes = []
    for project in sorted({key[0] for key in labelled}):
        with tempfile.TemporaryDirectory() as output:
            tree = migrate_tree(root / project, Path(output) / "out", Options(), jobs=1)
        for outcome in tree.files:
            for d in outcome.result.diagnostics if outcome.result else ():
                if d.code == "E003":
                    crashes.append(f"{project}/{outcome.path}: {d.message}")
                elif re.fullmatch(r"W[0-4]\d\d", d.code):
                    found.add((project, outcome.path, d.line, d.code))
    return ([f"unlabelled {'/'.join(map(str, key))}" for key in sorted(found - labelled)]
            + [f"gone {'/'.join(map(str, key))}" for key in sorted(labelled - found)]
            + crashes)


def main(arguments: list[str]) -> int:
    if arguments[:1] == ["--real"]:
        rows = real_code_rows()
        print(f"precision {real_code_precision(rows):.3f} over {len(rows)} findings")
        for line in compare_real_code(Path(arguments[1]), rows) if len(arguments) > 1 else []:
            print(line)
        return 0
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
