"""Names a project defines in one file are not unknown CUDA names in the others."""

from __future__ import annotations

from translator.options import Options
from translator.output.report import build_report
from translator.tree.migrate import migrate_tree
from translator.tree.project_names import defined_names

HEADER = b"""#pragma once
#include <cstdio>
#include <cuda_runtime.h>
#define cudaCheckErrors(msg) do { if (cudaGetLastError() != cudaSuccess) puts(msg); } while (0)
inline int cudaDeviceInit(int id) { return cudaSetDevice(id) == cudaSuccess; }
"""
SOURCE = b"""#include "util.cuh"
__global__ void kernel() {}
int main() {
  cudaDeviceInit(0);
  kernel<<<1, 1>>>();
  cudaCheckErrors("kernel");
  cudaFutureApi();
}
"""


def test_finds_macros_and_functions_of_unknown_shape():
    assert defined_names([("util.cuh", HEADER), ("main.cu", SOURCE)]) == (
        "cudaCheckErrors", "cudaDeviceInit")


def test_names_defined_in_a_project_header_are_not_reported(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "util.cuh").write_bytes(HEADER)
    (tmp_path / "src" / "main.cu").write_bytes(SOURCE)
    tree = migrate_tree(tmp_path / "src", tmp_path / "out", Options(), jobs=1)
    report = build_report(tree)
    unsupported = {(f["path"], u["name"]) for f in report["files"] for u in f["unsupported"]}
    assert unsupported == {("main.cu", "cudaFutureApi")}
    assert (tmp_path / "out" / "main.cu").read_text().count("cudaCheckErrors") == 1
