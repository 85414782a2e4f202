"""Whole-tree translation speed on real-looking projects, per mode, as users run it.

    python benchmarks/bench_real_code.py [--copies 6] [--seed 1] [--rounds 3]
    HIPIFY_PERL=/path/to/hipify-perl python benchmarks/bench_real_code.py
    python benchmarks/bench_real_code.py --real-tree /path/to/checked-out/projects

The tree is made of the multi-file projects of tests/realistic/corpus (CMake and Make
projects, template-heavy headers, kernels kept in class templates), each copied COPIES
times, and every copy gets what real projects have and the corpus files are too small to
show: an include chain twelve headers deep (each a template-heavy header of the project
that includes the next), and an amalgamated source over 200 KB made of the project's own
kernels and the golden-case programs with names of their own.

Each mode runs in a child process of its own, so that its CPU time and peak memory are its
own: the default mode (libclang analysis and hazard rules on), token-only
(``--no-clang``), and the default mode with ``--jobs 2`` (wall-clock speed-up); then the
``rocport translate`` command with ``--report`` and ``--patch``, as users run it, with and
without libclang. The translated trees are written to a memory file system where there is
one, as hipify-perl's output goes to /dev/null: what creating a file on disk costs is
printed apart (on this virtual machine it went from 0.03 to 0.5 ms a file with what the
disk was doing, a fifth of a token-only run at worst). clang's stubs are built once before
the timing, into the folder where every run finds them, as users' runs find them where an
earlier run kept them. MB/s are per CPU second of one core. The large files are timed
again on their own: the throughput must not fall on them (time linear in size). With
HIPIFY_PERL set, hipify-perl (one Perl process over every file, ``-quiet-warnings``) is
timed on the same files and the ratios are printed; the benchmark downloads nothing and
skips the ratio when it is unset. Every measurement is made in ROUNDS interleaved rounds
and keeps its fastest run (the speed of a shared machine drifts between runs; the fastest
is the least disturbed). With --real-tree, a folder of real projects the user checked out
is measured the same way (default and token-only, and hipify-perl on its C/C++ files): the
generated tree cannot show what real dependencies cost the analysis. Each of its folders
is migrated as a tree of its own, as users upload a project: one tree of all would let
each project's includes reach the others' headers. The CUDA API uses per MB of each tree
are printed too: rocport renames and checks each use, where hipify-perl's cost hardly
depends on them, and the generated tree, made of hazard cases, holds about twelve times as
many per MB as real projects, so its ratio to hipify-perl is the lower one.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout

from bench_translate import _DEFINITION  # noqa: E402  (a definition's name, to suffix)

from translator.analysis import clang  # noqa: E402
from translator.cli import main as cli_main  # noqa: E402
from translator.options import Options  # noqa: E402
from translator.tree.migrate import migrate_tree  # noqa: E402

CORPUS = ROOT / "tests" / "realistic" / "corpus"
CASES = ROOT / "tests" / "translator" / "cases"
SOURCE_SUFFIXES = {".cu", ".cuh", ".h", ".hpp", ".cpp", ".cc", ".inl"}
LARGE = 200_000
CHAIN_DEPTH = 12
MODES = {
    "default": ({}, 1),
    "token-only": ({"use_clang": False}, 1),
    "default --jobs 2": ({}, 2),
}
#: The command line as users run it on a folder: the translation, then the report and the
#: patch (their line diffs were once half of a run).
CLI_MODES = {
    "cli --no-clang": ["--no-clang"],
    "cli": [],
}


def _sources(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in SOURCE_SUFFIXES)


def _headers_with_templates(project: Path) -> list[str]:
    texts = [p.read_text(encoding="utf-8", errors="surrogateescape")
             for p in _sources(project) if p.suffix in {".h", ".cuh", ".hpp", ".inl"}]
    return [t for t in texts if "template" in t] or texts


def _add_include_chain(project: Path, chooser: random.Random) -> None:
    """include/deep/level_0.cuh includes level_1.cuh ... each holding a template header's
    code; the project's first kernel file includes level_0."""
    headers = _headers_with_templates(project)
    if not headers:
        return
    deep = project / "include" / "deep"
    deep.mkdir(parents=True, exist_ok=True)
    for level in range(CHAIN_DEPTH):
        body = chooser.choice(headers).replace("#pragma once", "")
        body = re.sub(r'#include\s+"[^"]*"\n', "", body)  # the chain is the only include
        after = f'#include "level_{level + 1}.cuh"\n' if level + 1 < CHAIN_DEPTH else ""
        (deep / f"level_{level}.cuh").write_text(
            f"#pragma once\n{after}namespace level_{level} {{\n{body}\n}}\n",
            encoding="utf-8", errors="surrogateescape")
    kernels = [p for p in _sources(project) if p.suffix == ".cu"]
    if kernels:
        first = kernels[0]
        relative = os.path.relpath(deep / "level_0.cuh", first.parent)
        first.write_text(f'#include "{relative}"\n' + first.read_text(
            encoding="utf-8", errors="surrogateescape"), encoding="utf-8",
            errors="surrogateescape")


def _add_amalgamation(project: Path, programs: list[str], chooser: random.Random) -> None:
    """src/amalgamated.cu: the project's kernels and case programs until over LARGE bytes."""
    own = [p.read_text(encoding="utf-8", errors="surrogateescape")
           for p in _sources(project) if p.suffix == ".cu"]
    pool = own + programs
    parts: list[str] = []
    length = 0
    while length < LARGE + chooser.randint(0, 60_000):
        suffix = f"_{len(parts)}"
        piece = _DEFINITION.sub(lambda m, s=suffix: f"{m.group(1)} {m.group(2)}{s}(",
                                chooser.choice(pool))
        parts.append(piece)
        length += len(piece)
    (project / "src").mkdir(exist_ok=True)
    (project / "src" / "amalgamated.cu").write_text(
        "\n".join(parts), encoding="utf-8", errors="surrogateescape")


def make_tree(root: Path, copies: int, seed: int) -> None:
    chooser = random.Random(seed)
    programs = [p.read_text(encoding="utf-8", errors="surrogateescape")
                for p in sorted(CASES.glob("R*/program_*.cu"))]
    for copy in range(copies):
        for project in sorted(p for p in CORPUS.iterdir() if p.is_dir()):
            target = root / f"{project.name}_{copy}"
            shutil.copytree(project, target)
            _add_include_chain(target, chooser)
            _add_amalgamation(target, programs, chooser)


def _megabytes(paths: list[Path]) -> float:
    return sum(p.stat().st_size for p in paths) / 1e6


def measure(tree: Path, mode: str, stubs: Path, projects: bool = False) -> dict:
    """Migrate TREE in MODE in this process, with clang's stubs kept in STUBS; CPU seconds
    (with the pool's children), wall seconds and peak memory in MiB (the largest process).
    With PROJECTS, each folder of TREE is migrated as a tree of its own."""
    trees = sorted(p for p in tree.iterdir() if p.is_dir()) if projects else [tree]
    usages = 0
    with tempfile.TemporaryDirectory(prefix="rocport-bench-out-", dir=_memory_folder()) as out:
        started, wall = time.process_time(), time.perf_counter()
        for number, one in enumerate(trees):
            hip = Path(out) / f"hip{number}"
            if mode in CLI_MODES:
                run_cli([str(one), "-o", str(hip), "-q", "--jobs", "1", "--report",
                         f"{hip}.json", "--patch", f"{hip}.patch",
                         "--stubs-dir", str(stubs), *CLI_MODES[mode]])
            else:
                changes, jobs = MODES[mode]
                migrated = migrate_tree(one, hip, Options(**changes), jobs=jobs,
                                        stubs=clang.StubCache(lasting=str(stubs)))
                usages += sum(len(f.result.usages) for f in migrated.files if f.result)
        wall = time.perf_counter() - wall
        # before the output folder is removed: deleting it is the benchmark's work
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        own = resource.getrusage(resource.RUSAGE_SELF)
        cpu = time.process_time() - started + children.ru_utime + children.ru_stime
    peak = max(own.ru_maxrss, children.ru_maxrss) / 1024
    return {"cpu": cpu, "wall": wall, "peak_mib": peak, "usages": usages}


def _memory_folder() -> str | None:
    """Where the translated trees are written: a memory file system when the machine has
    one. hipify-perl's output goes to /dev/null, so both tools are timed without the
    disk, whose cost drifts with the disk's other work: on this virtual machine creating
    a file took from 0.03 to 0.5 ms of CPU (``_file_creation_ms`` prints it)."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None


def _file_creation_ms(count: int = 300) -> float:
    """CPU milliseconds to create, write and close one small file in the temporary
    folder's file system: what writing the output tree to disk adds per file."""
    data = b"x" * 16_000
    with tempfile.TemporaryDirectory(prefix="rocport-bench-disk-") as folder:
        started = time.process_time()
        for number in range(count):
            Path(folder, f"{number}.hip").write_bytes(data)
        return (time.process_time() - started) * 1000 / count


def run_cli(arguments: list[str]) -> None:
    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
        status = cli_main(["translate", *arguments])
    if status != 0:
        raise SystemExit(f"rocport translate exited with {status}")


def _run_child(tree: Path, mode: str, stubs: Path, projects: bool = False) -> dict:
    answer = subprocess.run([sys.executable, __file__, "--measure", mode, "--tree", str(tree),
                             "--stubs", str(stubs), *(["--projects"] if projects else [])],
                            check=True, capture_output=True, text=True)
    return json.loads(answer.stdout.strip().splitlines()[-1])


def _hipify_perl_seconds(script: str, paths: list[Path]) -> float:
    """CPU seconds of one hipify-perl process over PATHS (its output thrown away), with
    ``-quiet-warnings``: its per-line warning scan compiles a pattern per API name and
    line (about 2 KB/s here, hours for the tree); without it, it does the renaming only,
    the comparison that favours it."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(["perl", script, "-quiet-warnings", *map(str, paths)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--copies", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of every measurement; each keeps its fastest run")
    parser.add_argument("--real-tree", type=Path,
                        help="also measure this folder of real projects, one per folder, "
                             "each migrated on its own (read, never changed)")
    parser.add_argument("--measure", choices=sorted([*MODES, *CLI_MODES]),
                        help=argparse.SUPPRESS)
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--stubs", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--projects", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:  # a child: one mode, one line of JSON
        print(json.dumps(measure(args.tree, args.measure, args.stubs, args.projects)))
        return 0
    with tempfile.TemporaryDirectory(prefix="rocport-bench-real-") as folder:
        tree, large_tree = Path(folder) / "tree", Path(folder) / "large"
        # Users' runs find clang's stubs where an earlier run kept them (the CLI's
        # ~/.cache/rocport, the service's CLANG_STUBS_DIR): built once, before the timing.
        stubs = Path(folder) / "stubs"
        stubs.mkdir()
        subprocess.run([sys.executable, "-m", "translator.analysis.precompile", str(stubs)],
                       check=False, cwd=ROOT)  # without libclang, the modes say so
        make_tree(tree, args.copies, args.seed)
        sources = _sources(tree)
        large = [p for p in sources if p.stat().st_size > LARGE]
        for path in large:  # the large files alone, keeping their folders
            target = large_tree / path.relative_to(tree)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
        print(f"tree: {len(sources)} C/C++ files, {_megabytes(sources):.2f} MB, {len(large)} "
              f"over {LARGE // 1000} KB, include chains {CHAIN_DEPTH} deep")
        script = os.environ.get("HIPIFY_PERL")
        runs = _rounds(args.rounds, tree, large_tree, args.real_tree, stubs, script)
        print(f"fastest of {args.rounds} interleaved rounds")
        _report(runs, sources, large, args.real_tree, script)
    return 0


def _rounds(count: int, tree: Path, large_tree: Path, real_tree: Path | None, stubs: Path,
            script: str | None) -> dict[str, list[dict]]:
    """Every run of COUNT rounds, by measurement. The rounds interleave the modes and
    hipify-perl, and each keeps its fastest run: this machine's speed drifts by 10-30 %
    from minute to minute."""
    runs: dict[str, list[dict]] = {}
    for _ in range(count):
        for mode in [*MODES, *CLI_MODES]:
            runs.setdefault(mode, []).append(_run_child(tree, mode, stubs))
        for mode in ("default", "token-only"):
            runs.setdefault(f"large {mode}", []).append(_run_child(large_tree, mode, stubs))
            if real_tree:
                runs.setdefault(f"real {mode}", []).append(
                    _run_child(real_tree, mode, stubs, projects=True))
        if script:
            runs.setdefault("hipify-perl", []).append(
                {"cpu": _hipify_perl_seconds(script, _sources(tree))})
            if real_tree:
                runs.setdefault("real hipify-perl", []).append(
                    {"cpu": _hipify_perl_seconds(script, _sources(real_tree))})
    return runs


def _report(runs: dict[str, list[dict]], sources: list[Path], large: list[Path],
            real_tree: Path | None, script: str | None) -> None:
    best = {mode: min(found, key=lambda r: r["cpu"]) for mode, found in runs.items()}
    size = _megabytes(sources)
    for mode in MODES:
        result = best[mode]
        print(f"{mode:18s} {size / result['cpu']:6.2f} MB/s per CPU second "
              f"({result['cpu']:.1f} CPU s, {result['wall']:.1f} s wall), "
              f"peak {max(r['peak_mib'] for r in runs[mode]):.0f} MiB")
    for mode in CLI_MODES:
        print(f"{mode:18s} {size / best[mode]['cpu']:6.2f} MB/s per CPU second "
              f"({best[mode]['cpu']:.1f} CPU s, with --report and --patch)")
    if _memory_folder():
        print(f"output written to {_memory_folder()} (memory); writing a file to "
              f"{tempfile.gettempdir()}'s disk costs {_file_creation_ms():.2f} CPU ms on this "
              f"machine ({len(sources)} files in the tree)")
    walls = {mode: min(r["wall"] for r in runs[mode]) for mode in MODES}
    rounds = [one["wall"] / jobs["wall"]
              for one, jobs in zip(runs["default"], runs["default --jobs 2"], strict=True)]
    speedup = walls["default"] / walls["default --jobs 2"]
    print(f"--jobs 2 speed-up (fastest walls): x{speedup:.2f} "
          f"(each round: {', '.join(f'x{r:.2f}' for r in rounds)})")
    large_size = _megabytes(large)
    for mode in ("default", "token-only"):
        print(f"large files alone, {mode}: {large_size / best[f'large {mode}']['cpu']:.2f} "
              f"MB/s per CPU second (whole tree {size / best[mode]['cpu']:.2f})")
    sizes = {"": size}
    if real_tree:
        sizes["real "] = _megabytes(_sources(real_tree))
        for mode in ("default", "token-only"):
            cpu = best[f"real {mode}"]["cpu"]
            print(f"real tree, {mode}: {sizes['real '] / cpu:.2f} MB/s per CPU second "
                  f"({sizes['real ']:.1f} MB, {cpu:.1f} CPU s)")
    # rocport's work grows with the CUDA API uses it renames and checks, hipify-perl's
    # hardly: the generated tree is made of hazard cases, far denser than real projects
    print("CUDA API uses per MB: " + ", ".join(
        f"{prefix or 'generated '}tree {best[prefix + 'token-only']['usages'] / megabytes:.0f}"
        for prefix, megabytes in sizes.items()))
    if not script:
        print("hipify-perl: HIPIFY_PERL is not set; no ratio")
        return
    for prefix, megabytes in sizes.items():
        perl = best[f"{prefix}hipify-perl"]["cpu"]
        print(f"{prefix}hipify-perl: {megabytes / perl:.2f} MB/s per CPU second "
              f"({perl:.1f} CPU s)")
        for mode in ("default", "token-only"):
            print(f"{prefix}{mode} / hipify-perl throughput: "
                  f"x{perl / best[prefix + mode]['cpu']:.2f}")


if __name__ == "__main__":
    sys.exit(main())
