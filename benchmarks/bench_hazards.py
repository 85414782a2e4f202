"""Benchmark of the hazard analysis: the time the warning rules (W codes, including the
libclang parse they need) add to a translation, in milliseconds per 1,000 lines.

The corpus is rocport's own labelled CUDA files and warning-rule fixtures, translated
file by file and also joined into one large file (each copy in its own namespace), with
the warning rules switched off (rename only) and on, with clang and token-only; the best
of several rounds is kept. Prints the figures; asserts nothing about speed.

    python benchmarks/bench_hazards.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout

from translator import Options, translate  # noqa: E402

CORPUS = sorted([*(ROOT / "tests/translator/labelled").glob("*.cu"),
                 *(ROOT / "tests/translator/cases").glob("W*/*.cu")])


def _seconds(texts: list[tuple[str, bytes]], options: Options, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for name, data in texts:
            translate(data, options, name)
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    arguments = parser.parse_args(argv)
    texts = [(path.name, path.read_bytes()) for path in CORPUS]
    labelled = [path.read_bytes() for path in CORPUS if path.parent.name == "labelled"]
    large = b"".join(b"namespace copy%d {\n%s\n}\n" % (i, data)
                     for i in range(15) for data in labelled)
    translate(texts[0][1], Options(), texts[0][0])  # load libclang and the name table
    for title, inputs in (("corpus, file by file", texts), ("one large file", [("large.cu",
                                                                                  large)])):
        lines = sum(data.count(b"\n") for _, data in inputs)
        rename = _seconds(inputs, Options(ignore=("W",)), arguments.rounds)
        print(f"{title}: {len(inputs)} file(s), {lines} lines")
        print(f"  rename only (no W rules):    {rename / lines * 1e6:8.1f} ms per 1,000 lines")
        for label, options in (("with hazards, clang", Options()),
                               ("with hazards, tokens only", Options(use_clang=False))):
            total = _seconds(inputs, options, arguments.rounds)
            print(f"  {label + ':':<28}{total / lines * 1e6:8.1f} ms per 1,000 lines "
                  f"(hazard analysis adds {(total - rename) / lines * 1e6:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
