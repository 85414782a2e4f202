"""Compile rate of the realistic corpus (tests/realistic/) after migration, and the time.

    python benchmarks/bench_realistic.py [--jobs 2] [--hip-version 5.2]

Migrates the corpus for this machine's HIP and compiles every unit with hipcc (as
``rocport check`` does). Prints the share of units that compile, the same share among the
units this machine's HIP libraries and release can compile at all, each failure with its
first error, and the seconds spent translating and compiling. Asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.realistic.measure import measure, read_excluded  # noqa: E402
from translator.options import parse_version  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--hip-version", type=parse_version, default=(5, 2))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rocport-realistic-") as folder:
        result = measure(Path(folder) / "hip", jobs=args.jobs, hip_version=args.hip_version)
    excluded = read_excluded()
    units = result.units
    failures = result.failures()
    ok = len(units) - len(failures)
    possible = [p for p in units if excluded.get(p) is None or excluded[p].kind == "rocport"]
    possible_ok = sum(1 for p in possible if p not in failures)
    print(f"units: {len(units)}, compiled: {ok} ({100 * ok / max(1, len(units)):.0f}%)")
    print(f"units this machine's HIP can compile: {len(possible)}, compiled: {possible_ok} "
          f"({100 * possible_ok / max(1, len(possible)):.0f}%)")
    for path, error in sorted(failures.items()):
        why = excluded[path].kind + ": " + excluded[path].reason if path in excluded \
            else "NOT EXCLUDED"
        failure = units[path].get("failure") or {}
        print(f"  FAIL {path} ({failure.get('class', '?')}, flags: "
              f"{units[path].get('flags_source', '?')[:40]})\n       {error[:160]}\n       [{why}]")
    print(f"translate: {result.translate_seconds:.1f} s, compile: {result.compile_seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
