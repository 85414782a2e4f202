"""Benchmark of single-file translation on the token path (no libclang): the rewrite
rules (R codes), with the reporting of unsupported and unknown names switched on as
always. The hazard warnings (W codes) have their own benchmark (bench_hazards.py); a last
line gives the one-core figure with them for comparison.

The corpus (at least 20 MB by default) is generated from the golden cases and the
examples: each file strings together a deterministic pick of them with its own names,
so files look like real CUDA sources of 10-60 KB. Translation runs once on one core
and once on all cores (a process pool). Prints MB/s and lines/s (wall clock, and CPU
time for the one-core run); asserts nothing about speed.

    python benchmarks/bench_translate.py [--megabytes 20] [--jobs N] [--seed 1]

Figures (20 MB, 546 files, 566,928 lines, 2-core VM shared with other jobs, 2026-11-30).
CPU-time figures on this machine swing by up to 2x with the load of other jobs (the
same code measured 3.2 to 5.4 MB/s per CPU second within an hour), so the before/after
comparison below also counts instructions (valgrind --tool=callgrind, translating 0.5 MB
of the corpus, start-up subtracted), which does not depend on the load:

    before (585fe7d)  14:40: one core 3.48 MB/s wall, 98,482 lines/s (5.42 MB/s per CPU
                      second); 2 cores 5.44 MB/s, 154,151 lines/s wall; hazard warnings
                      on: 0.72 MB/s per CPU second. 15:28: one core 3.06 MB/s wall
                      (3.17 per CPU second); 2 cores 3.74 MB/s wall.
                      572 M instructions per 0.5 MB.
    after             15:28, right after the run above: one core 4.58 MB/s wall,
                      129,702 lines/s (4.62 MB/s per CPU second); 2 cores 8.51 MB/s,
                      241,032 lines/s wall; hazard warnings on: 0.53 MB/s per CPU second.
                      501 M instructions per 0.5 MB (-12%).

    at 3aa1eed        16:16-16:19, machine otherwise idle (551 files, 567,409 lines):
                      one core 6.14-6.57 MB/s, 173,898-186,133 lines/s (per CPU second
                      the same); 2 cores 10.99-12.67 MB/s wall; hazard warnings on:
                      0.69-0.80 MB/s per CPU second.

    at 09b185f        495 M instructions per 0.5 MB (557 files, 568,341 lines; callgrind,
                      start-up and corpus making subtracted).
    evening changes   401 M instructions per 0.5 MB (-19%): R401 lexes only the #define
                      lines it needs; directive tokens are lexed when read; comments and
                      literals are matched as runs of Latin-1 range classes (block comments
                      star by star); R101 takes each name once with all its offsets, keeps
                      file-independent decisions across files and hands its findings to the
                      engine pre-sorted; includes are resolved once per file; apply_edits and
                      line_map look only at the edits that matter. 18:30-18:32, three runs
                      (the VM's speed swung by up to 1.5x between runs): one core 5.77-7.15
                      MB/s, 164,028-203,205 lines/s; 2 cores 9.68-10.95 MB/s wall; hazard
                      warnings on: 0.48-0.68 MB/s per CPU second.

    at 4224835        19:40-19:41, right after a reboot with the machine otherwise idle
                      (same corpus as above): one core 9.94-11.14 MB/s, 282,261-316,462
                      lines/s (per CPU second the same), 40 MB corpus 9.53 MB/s; 2 cores
                      16.90-20.46 MB/s wall; hazard warnings on: 0.69-1.04 MB/s per CPU
                      second. The 5.8-7.2 MB/s above were the VM under other load.
    at f813f03        new fixtures (R102 default and void** arguments, R003, R105) change
                      the corpus (546 files, 567,027 lines, 9.9 CUDA names per KB instead
                      of 8.5): 493 M instructions per 0.5 MB with the code of 4224835,
                      552 M with the new rules (R102 rewrites about a quarter more calls;
                      R105 and R542 read the unit's existing scans). 20:41, three runs: one
                      core 8.90-10.00 MB/s, 252,179-283,285 lines/s; 2 cores 13.79-18.63
                      MB/s wall; hazard warnings on: 0.94-1.07 MB/s per CPU second.
    at 32ab6f1        (W207, R003 __CUDACC_VER_MAJOR__; 549 files, 567,347 lines, 9.8 names
                      per KB) 21:11, machine idle, three runs: one core 10.14-10.31 MB/s,
                      287,471-292,263 lines/s; 2 cores 17.23-19.34 MB/s wall; hazard
                      warnings on: 1.04-1.06 MB/s per CPU second.

The goal of 8 MB/s per core for the token path holds on an idle machine (8.9-11.1 MB/s
measured); under the load of other jobs this VM has measured as low as 5.8. What remains
is flat: the regular-expression scans (about a fifth), R101's pass over every API name,
the include and directive scans, call parsing (R102, R401) and applying the edits.
benchmarks/output_hashes.py checks that a speedup leaves every output unchanged, and
instruction counts (valgrind --tool=callgrind) compare two versions of the code on one corpus.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout

from translator.engine import translate  # noqa: E402
from translator.options import Options  # noqa: E402

OPTIONS = Options(use_clang=False, select=("R",))
WITH_WARNINGS = Options(use_clang=False)
_DEFINITION = re.compile(
    r"\b(__global__\s+void|__device__\s+\w+|int|void|static\s+\w+)\s+(\w+)\s*\("
)


def sources() -> list[str]:
    """The CUDA texts the corpus is made of: the example programs and the example
    projects (four times each), and every golden case input of the C++ rules once.
    The small cases are dense in API names; whole programs weigh them as real code does."""
    cases = ROOT / "tests" / "translator" / "cases"
    programs = sorted(cases.glob("R*/program_*.cu"))
    programs += sorted((ROOT / "examples").glob("**/*.cu"))
    programs += sorted((ROOT / "examples").glob("**/*.cuh"))
    paths = sorted(cases.glob("R[0-4]*/*.cu")) + programs * 3
    return [p.read_text(encoding="utf-8", errors="surrogateescape") for p in paths]


def make_corpus(megabytes: float, seed: int) -> list[str]:
    """Files of 10-60 KB, together at least MEGABYTES, each a pick of SOURCES."""
    pieces = sources()
    chooser = random.Random(seed)
    files: list[str] = []
    total = 0
    index = 0
    while total < megabytes * 1_000_000:
        size = chooser.randint(10_000, 60_000)
        parts: list[str] = []
        length = 0
        while length < size:
            piece = chooser.choice(pieces)
            # Give each copy its own function names, as a real project would have.
            suffix = f"_{index}_{length}"
            piece = _DEFINITION.sub(lambda m, s=suffix: f"{m.group(1)} {m.group(2)}{s}(", piece)
            parts.append(piece)
            length += len(piece)
        text = "\n".join(parts)
        files.append(text)
        total += len(text.encode("utf-8", "surrogateescape"))
        index += 1
    return files


def _translate_all(files: list[str], options: Options = OPTIONS) -> int:
    edits = 0
    for index, text in enumerate(files):
        edits += len(translate(text, options, f"file_{index}.cu").edits)
    return edits


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--megabytes", type=float, default=20.0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()

    files = make_corpus(arguments.megabytes, arguments.seed)
    size = sum(len(text.encode("utf-8", "surrogateescape")) for text in files) / 1e6
    lines = sum(text.count("\n") + 1 for text in files)
    translate("warm up the name table", OPTIONS, "warm.cu")
    names = sum(len(translate(text, OPTIONS, "count.cu").usages) for text in files[:20])
    density = names / sum(len(text) for text in files[:20]) * 1000
    print(f"corpus: {len(files)} files, {size:.1f} MB, {lines:,} lines, "
          f"{density:.1f} CUDA names per KB")

    wall, cpu = time.perf_counter(), time.process_time()
    edits = _translate_all(files)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"one core:  {size / wall:6.2f} MB/s  {lines / wall:12,.0f} lines/s  (wall {wall:.1f} s; "
          f"per CPU second {size / cpu:.2f} MB/s); {edits:,} edits")

    chunks = [files[i :: arguments.jobs * 4] for i in range(arguments.jobs * 4)]
    wall = time.perf_counter()
    with ProcessPoolExecutor(arguments.jobs) as pool:
        parallel_edits = sum(pool.map(_translate_all, chunks))
    wall = time.perf_counter() - wall
    print(f"{arguments.jobs} cores:  {size / wall:6.2f} MB/s  {lines / wall:12,.0f} lines/s  "
          f"(wall {wall:.1f} s, pool start included); {parallel_edits:,} edits")
    sample = files[: max(1, len(files) // 10)]
    sample_size = sum(len(text.encode("utf-8", "surrogateescape")) for text in sample) / 1e6
    cpu = time.process_time()
    _translate_all(sample, WITH_WARNINGS)
    cpu = time.process_time() - cpu
    print(f"with the hazard warnings, one core: {sample_size / cpu:.2f} MB/s per CPU second "
          f"(on {sample_size:.1f} MB)")
    return 0 if parallel_edits == edits else 1


if __name__ == "__main__":
    sys.exit(main())
