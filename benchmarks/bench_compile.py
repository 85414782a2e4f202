"""Benchmark of the compile check: a tree of 50 HIP units, compiled cold then warm.

    python benchmarks/bench_compile.py [--units 50] [--jobs 0] [--arch gfx942]

Cold: empty cache, every unit is preprocessed (for its cache key) and compiled in the
sandbox. Warm: the same tree again with the same cache, so every unit is only
preprocessed and found in the cache. Prints the figures; asserts nothing (speed targets
live here, never in tests).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from translator.compile.check import CompileOptions, compile_check  # noqa: E402

UNIT = """\
#include <hip/hip_runtime.h>
#include "common.h"

__global__ void saxpy_{index}(float a, const float *x, float *y, int n) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i] + {index}.0f;
}}

__global__ void reduce_{index}(const float *x, float *out, int n) {{
  __shared__ float partial[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (int step = blockDim.x / 2; step > 0; step /= 2) {{
    if (threadIdx.x < step) partial[threadIdx.x] += partial[threadIdx.x + step];
    __syncthreads();
  }}
  if (threadIdx.x == 0) atomicAdd(out, scale(partial[0]));
}}

void launch_{index}(float *x, float *y, int n) {{
  saxpy_{index}<<<(n + 255) / 256, 256>>>(2.0f, x, y, n);
  reduce_{index}<<<(n + 255) / 256, 256>>>(y, x, n);
}}
"""
COMMON = "#pragma once\n__device__ inline float scale(float v) { return 0.5f * v; }\n"


def make_tree(root: Path, units: int) -> None:
    (root / "include").mkdir(parents=True)
    (root / "include" / "common.h").write_text(COMMON)
    (root / "CMakeLists.txt").write_text("include_directories(include)\n")
    for index in range(units):
        folder = root / "src" / f"part{index // 10}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"unit{index:03d}.hip").write_text(UNIT.format(index=index))


def run(root: Path, options: CompileOptions) -> tuple[float, dict]:
    started = time.perf_counter()
    outcome = compile_check(root, options)
    return time.perf_counter() - started, outcome


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--units", type=int, default=50)
    parser.add_argument("--jobs", type=int, default=0, help="0: one per CPU")
    parser.add_argument("--arch", default="gfx942")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rocport-bench-") as folder:
        root, cache = Path(folder) / "tree", Path(folder) / "cache"
        make_tree(root, arguments.units)
        options = CompileOptions(offload_archs=(arguments.arch,), jobs=arguments.jobs,
                                 cache_dir=str(cache))
        cold, first = run(root, options)
        if first["skipped"]:
            print(f"compile benchmark skipped: {first['skipped']}")
            return 0
        warm, second = run(root, options)
    jobs = arguments.jobs or os.cpu_count()
    hipcc = first["toolchain"]["hipcc"]
    units = first["summary"]["units"]
    print(f"compile check, {units} units, {jobs} parallel, hipcc {hipcc['hip_version']} "
          f"for {','.join(hipcc['offload_archs'])}, sandbox: {hipcc['sandbox']}")
    print(f"  cold: {cold:7.1f} s  ({cold / units:.2f} s/unit, "
          f"{first['summary']['ok']} ok, {first['summary']['cached']} cached)")
    print(f"  warm: {warm:7.1f} s  ({warm / units:.2f} s/unit, "
          f"{second['summary']['cached']} cached)  speed-up x{cold / warm:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
