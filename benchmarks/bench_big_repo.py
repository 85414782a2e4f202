"""Benchmark of a big repository through the sandboxed translation: 20,000 entries and
about 1 GB unpacked (the default MAX_ARCHIVE_FILES and MAX_UNPACKED_BYTES), packed as a
.tar.gz under MAX_UPLOAD_BYTES. Prints time and peak memory per phase: generate, pack
(the upload), unpack, translate, pack outputs, results (patch, report, SARIF, review),
store (copying the artifacts out, as the worker does). Asserts nothing about speed.

The tree is made of the repository's own C/C++ fixtures (tests/translator/cases,
tests/realistic/corpus), each copy under a new path, plus a few large data files that
compress well (copied, never translated).

    python benchmarks/bench_big_repo.py [--entries 20000] [--megabytes 1000] [--clang]
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout

from translator.jobs.confinement import (  # noqa: E402
    ARTIFACT_NAMES,
    REVIEW_NAME,
    Confinement,
    translate_archive,  # noqa: E402
)
from translator.options import Options  # noqa: E402
from translator.tree.archive import Limits  # noqa: E402

_SUFFIXES = (".cu", ".cuh", ".cpp", ".h", ".hpp")
_FOLDER_FILES = 100  # files per folder
_BLOCK = 16 * 1024


def fixtures() -> list[bytes]:
    """The C/C++ fixture files of the repository, in a fixed order."""
    found = []
    for folder in (ROOT / "tests/translator/cases", ROOT / "tests/realistic/corpus"):
        found += sorted(p for p in folder.rglob("*") if p.suffix in _SUFFIXES and p.is_file())
    return [p.read_bytes() for p in found]


def make_big_tree(root: Path, entries: int = 20_000, total_bytes: int = 1_000_000_000,
                  code_share: float = 1.0, seed: int = 1) -> tuple[int, int]:
    """Write a tree of ENTRIES archive members (files and folders) holding about
    TOTAL_BYTES. Small files, in folders of 100: C/C++ files copied from the fixtures
    (CODE_SHARE of them) and text files (the rest). Data files that compress well make up
    the rest of the size: 10 large ones (60% of it, over the translation limit) and 50 of
    a few megabytes (read, found binary, copied). Returns (files, bytes) written."""
    sources = fixtures()
    chooser = random.Random(seed)
    folders = -(-entries // (_FOLDER_FILES + 1))
    data_sizes = [0] * 60
    small = entries - folders - len(data_sizes)
    written = 0
    for index in range(small):
        folder = root / f"lib{index // _FOLDER_FILES:03d}"
        if index % _FOLDER_FILES == 0:
            folder.mkdir(parents=True)
        data = sources[index % len(sources)]
        if int((index + 1) * code_share) > int(index * code_share):  # spread evenly
            suffix = (".cu", ".cuh", ".cpp", ".h")[index % 4] if index % 7 else ".cu"
        else:
            suffix = ".txt"
        (folder / f"unit{index}{suffix}").write_bytes(data)
        written += len(data)
    rest = max(0, total_bytes - written)
    data_sizes = [rest * 6 // 100] * 10 + [rest * 4 // 500] * 50
    for number, size in enumerate(data_sizes):
        folder = root / f"lib{number * (small // _FOLDER_FILES) // len(data_sizes):03d}"
        _write_data(folder / f"weights{number}.bin", size, chooser)
        written += size
    return small + len(data_sizes), written


def _write_data(path: Path, size: int, chooser: random.Random) -> None:
    """SIZE bytes of data that deflates well: a random block repeated with a few bytes
    changed in each copy (with NUL bytes: a binary file)."""
    block = bytearray(chooser.randbytes(_BLOCK))
    with open(path, "wb") as out:
        left = size
        while left > 0:
            for _ in range(16):
                block[chooser.randrange(_BLOCK)] = chooser.randrange(256)
            out.write(block[:left])
            left -= _BLOCK


def pack_input(tree: Path, archive: Path) -> Path:
    """The upload: TREE as a .tar.gz, streamed from disk."""
    with tarfile.open(archive, "w:gz", compresslevel=4) as bundle:
        for path in sorted(tree.rglob("*")):
            bundle.add(path, path.relative_to(tree).as_posix(), recursive=False)
    return archive


def peak_mib(who: int = resource.RUSAGE_SELF) -> float:
    return resource.getrusage(who).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=20_000)
    parser.add_argument("--megabytes", type=float, default=1000)
    parser.add_argument("--code-share", type=float, default=1.0,
                        help="the share of small files that are C/C++ (the rest: text)")
    parser.add_argument("--clang", action="store_true", help="analyse with libclang too")
    parser.add_argument("--seconds", type=float, default=1800, help="the sandbox's time limit")
    parser.add_argument("--no-sandbox", action="store_true")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rocport-big-") as folder:
        scratch = Path(folder)
        started = time.perf_counter()
        files, size = make_big_tree(scratch / "tree", arguments.entries,
                                    int(arguments.megabytes * 1e6), arguments.code_share)
        print(f"generate: {time.perf_counter() - started:.1f} s, {files} files, "
              f"{size / 1e6:.0f} MB, peak {peak_mib():.0f} MiB (this process)")
        started = time.perf_counter()
        archive = pack_input(scratch / "tree", scratch / "upload.tar.gz")
        shutil.rmtree(scratch / "tree")
        print(f"pack upload: {time.perf_counter() - started:.1f} s, "
              f"{archive.stat().st_size / 2**20:.0f} MiB archive, peak {peak_mib():.0f} MiB")
        confinement = Confinement.create(wall_seconds=arguments.seconds,
                                         memory_bytes=4 << 30,
                                         sandboxed=not arguments.no_sandbox)
        started = time.perf_counter()
        done = translate_archive(archive, scratch / "job", Options(use_clang=arguments.clang),
                                 Limits(), confinement)
        total = time.perf_counter() - started
        for name, phase in done.summary["phases"].items():
            print(f"{name}: {phase['seconds']:.1f} s, child peak so far "
                  f"{phase['peak_rss_bytes'] / 2**20:.0f} MiB")
        peak = done.summary["peak_rss_bytes"] / 2**20
        children = peak_mib(resource.RUSAGE_CHILDREN)
        print(f"sandboxed run: {total:.1f} s, child peak {peak:.0f} MiB (getrusage of "
              f"children: {children:.0f} MiB), {done.summary['files']} files, "
              f"{done.summary['translated']} translated")
        started = time.perf_counter()
        stored = scratch / "stored"
        stored.mkdir()
        for name in (*ARTIFACT_NAMES, REVIEW_NAME):
            shutil.copyfile(done.artifacts / name, stored / name)
        sizes = ", ".join(f"{p.name} {p.stat().st_size / 2**20:.1f} MiB"
                          for p in sorted(stored.iterdir()))
        print(f"store: {time.perf_counter() - started:.1f} s ({sizes}), "
              f"peak {peak_mib():.0f} MiB (this process)")


if __name__ == "__main__":
    main()
