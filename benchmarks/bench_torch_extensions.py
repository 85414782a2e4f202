"""How many files of real PyTorch extensions are analysed with types.

    python benchmarks/bench_torch_extensions.py /path/to/project [/path/to/another ...]

Each folder is migrated as a tree of its own (as users upload a project), with libclang,
and the report's ``files[].analysis`` is read back. Counted are the files that needed
types (``analysis`` is ``types`` or ``tokens``), all of them and those that include a
PyTorch header (``torch/``, ``ATen/``, ``c10/``) themselves; a tree never carries
PyTorch, so those are the files the PyTorch stand-ins are for. With ``--errors`` the
first clang error of each token-only file is printed, to see what is still missing.
Downloads nothing; asserts nothing.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout

from translator.output.report import build_report  # noqa: E402
from translator.tree.migrate import migrate_tree  # noqa: E402

#: An include of a PyTorch header, quoted or angled.
_TORCH_INCLUDE = re.compile(rb'^\s*#\s*include\s*[<"](?:torch|ATen|c10)/', re.MULTILINE)


def measure(project: Path, jobs: int) -> list[tuple[str, str, str, bool]]:
    """(path, analysis, first error, includes PyTorch) of each file that needed types."""
    with tempfile.TemporaryDirectory() as scratch:
        tree = migrate_tree(project, Path(scratch) / "out", jobs=jobs)
        report = build_report(tree)
    rows = []
    for entry in report["files"]:
        if entry["analysis"] not in ("types", "tokens"):
            continue
        text = (project / entry["path"]).read_bytes()
        rows.append((entry["path"], entry["analysis"], entry["analysis_error"],
                     _TORCH_INCLUDE.search(text) is not None))
    return rows


def _line(name: str, rows: list[tuple[str, str, str, bool]]) -> str:
    typed = sum(1 for row in rows if row[1] == "types")
    share = f"{100 * typed / len(rows):.0f} %" if rows else "-"
    return f"{name:32} {typed:4} of {len(rows):4} with types ({share})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("projects", nargs="*", type=Path)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--errors", action="store_true",
                        help="print the first clang error of each token-only file")
    arguments = parser.parse_args()
    if not arguments.projects:
        # make bench runs every benchmark; this one needs checked-out projects.
        print("no projects given: nothing measured (see the usage above)")
        return
    every: list[tuple[str, str, str, bool]] = []
    for project in arguments.projects:
        rows = measure(project, arguments.jobs)
        every += rows
        print(_line(project.name, rows), "| including PyTorch:",
              _line("", [r for r in rows if r[3]]).strip())
        if arguments.errors:
            for path, analysis, error, _ in rows:
                if analysis == "tokens":
                    print(f"    {path}: {error}")
    print(_line("all", every), "| including PyTorch:",
          _line("", [r for r in every if r[3]]).strip())


if __name__ == "__main__":
    main()
