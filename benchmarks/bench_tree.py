"""Benchmark of whole-tree migration: a generated tree of 2,000+ files, migrated cold,
then again after one file changed (the result cache should make the re-run translate
exactly one file). Prints the figures; asserts nothing about speed.

    python benchmarks/bench_tree.py [--files 2000] [--jobs N] [--no-clang]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from translator.options import Options  # noqa: E402
from translator.tree.migrate import migrate_tree  # noqa: E402

KERNEL = """#include <cuda_runtime.h>
#include "common_{group}.cuh"

__global__ void scale_{index}(float* data, float factor, int count) {{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) data[i] *= factor * {index}.0f;
}}

cudaError_t run_{index}(float* data, int count, cudaStream_t stream) {{
    scale_{index}<<<(count + 255) / 256, 256, 0, stream>>>(data, 2.0f, count);
    return cudaGetLastError();
}}
"""
HEADER = ("#pragma once\n#include <cuda_runtime.h>\n"
          "inline cudaError_t sync_{group}() {{ return cudaDeviceSynchronize(); }}\n")
HOST = ("#include <vector>\n"
        "int host_{index}(std::vector<int>& v) {{ return int(v.size()) + {index}; }}\n")
MAKEFILE = ("NVCC ?= nvcc\nNVCCFLAGS := -O2 -arch=sm_80\nLDLIBS := -lcudart\n"
            "%.o: %.cu\n\t$(NVCC) $(NVCCFLAGS) -c $< -o $@\n")


def make_tree(root: Path, files: int) -> int:
    """Write a tree of FILES files: 60% kernels, 20% host C++, 5% headers, build files, text,
    binary files. Returns the number written."""
    written = 0
    groups = max(1, files // 40)
    for index in range(files):
        group = index % groups
        folder = root / f"module_{group:03d}"
        if not folder.exists():
            folder.mkdir(parents=True)
            (folder / f"common_{group}.cuh").write_text(HEADER.format(group=group))
            written += 1
        share = index % 20
        if share < 12:
            path, text = folder / f"kernel_{index}.cu", KERNEL.format(index=index, group=group)
        elif share < 16:
            path, text = folder / f"host_{index}.cpp", HOST.format(index=index)
        elif share == 16:
            path, text = folder / f"extra_{index}.cuh", HEADER.format(group=index)
        elif share == 17:
            path, text = folder / f"rules_{index}.mk", MAKEFILE
        elif share == 18:
            path, text = folder / f"notes_{index}.md", f"Notes {index}: run with CUDA.\n"
        else:
            path = folder / f"blob_{index}.bin"
            path.write_bytes(bytes(range(256)) * 8)
            written += 1
            continue
        written += 1
        path.write_text(text)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--no-clang", action="store_true")
    arguments = parser.parse_args()
    options = Options(use_clang=not arguments.no_clang)
    with tempfile.TemporaryDirectory(prefix="rocport-bench-") as folder:
        root = Path(folder)
        count = make_tree(root / "src", arguments.files)
        cache = root / "cache"
        started = time.perf_counter()
        cold = migrate_tree(root / "src", root / "out1", options, jobs=arguments.jobs,
                            cache_dir=cache)
        cold_seconds = time.perf_counter() - started
        touched = next(iter(sorted((root / "src").rglob("kernel_*.cu"))))
        touched.write_text(touched.read_text() + "// touched\n")
        started = time.perf_counter()
        warm = migrate_tree(root / "src", root / "out2", options, jobs=arguments.jobs,
                            cache_dir=cache)
        warm_seconds = time.perf_counter() - started
    print(f"tree: {len(cold.files)} entries ({count} files written), jobs={cold.run['jobs']}, "
          f"clang={'on' if options.use_clang else 'off'}")
    print(f"cold run: {cold_seconds:.2f} s, translated {cold.run['translated']} files "
          f"({cold.run['translated'] / cold_seconds:.0f} files/s)")
    print(f"re-run after touching one file: {warm_seconds:.2f} s, translated "
          f"{warm.run['translated']} file(s), cache hits {warm.run['cache_hits']} "
          f"(speed-up x{cold_seconds / warm_seconds:.1f})")


if __name__ == "__main__":
    main()
