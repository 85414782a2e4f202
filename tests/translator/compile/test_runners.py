"""Runners (translator/compile/runners.py): the compile check inside a root file system of
Debian's ROCm 6.4 packages, built once per machine by ``rocport runner build rocm-6.4``
(``make test`` builds it; CI reuses it from ~/.cache/rocport/runners).

Units that include every ROCm library's header compile for gfx942 natively; CMake
projects configure with the runner's own cmake and find its libraries; nothing of the
host's toolchain is seen.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.runners import RUNNERS_DIR, needs_rocm_64
from tests.translator.compile.conftest import needs_bubblewrap
from translator.cli import main
from translator.compile.check import CompileOptions, compile_check
from translator.compile.runner_build import build_runner
from translator.compile.runners import (
    RunnerUnavailable,
    find_runner,
    runner_for_version,
    spec_named,
)
from translator.sandbox.bubblewrap import Sandbox

pytestmark = [needs_bubblewrap]

#: Every library of the runner, one header each, and code that instantiates templates.
LIBRARIES = """#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <hipblaslt/hipblaslt.h>
#include <hipcub/hipcub.hpp>
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <hipfft/hipfft.h>
#include <hipsolver/hipsolver.h>
#include <hipsparse/hipsparse.h>
#include <hiprand/hiprand.h>
#include <rccl/rccl.h>
#include <miopen/miopen.h>
__global__ void scale(float *v, float by) { v[threadIdx.x] *= by; }
void sort_all(thrust::device_vector<int> &values) { thrust::sort(values.begin(), values.end()); }
__global__ void block_sum(const int *in, int *out) {
  using Reduce = hipcub::BlockReduce<int, 256>;
  __shared__ typename Reduce::TempStorage storage;
  int total = Reduce(storage).Sum(in[threadIdx.x]);
  if (threadIdx.x == 0) *out = total;
}
"""
#: A CMake project that finds the runner's libraries by their CMake packages.
FINDS = """cmake_minimum_required(VERSION 3.21)
project(finds LANGUAGES CXX HIP)
find_package(hipblas REQUIRED)
find_package(rocrand REQUIRED)
find_package(rocsolver REQUIRED)
find_package(hipfft REQUIRED)
add_library(finds OBJECT solve.hip)
target_link_libraries(finds PRIVATE roc::hipblas roc::rocrand roc::rocsolver hip::hipfft)
target_compile_definitions(finds PRIVATE FINDS_CONFIGURED=1)
"""
SOLVE = """#include <hipblas/hipblas.h>
#ifndef FINDS_CONFIGURED
#error the project's own flags were not used
#endif
__global__ void k(float *p) { p[0] = 1; }
"""


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """The tree checked on rocm-6.4 (jobs 2, cache off)."""
    tree = tmp_path_factory.mktemp("runner-tree")
    (tree / "libs").mkdir()
    (tree / "libs" / "all.hip").write_text(LIBRARIES)
    (tree / "finds").mkdir()
    (tree / "finds" / "CMakeLists.txt").write_text(FINDS)
    (tree / "finds" / "solve.hip").write_text(SOLVE)
    return compile_check(tree, CompileOptions(runner="rocm-6.4", runners_dir=str(RUNNERS_DIR),
                                              jobs=2))


@needs_rocm_64
def test_every_library_header_compiles_for_gfx942_without_substitution(checked):
    units = {entry["path"]: entry for entry in checked["compile"]}
    assert units["libs/all.hip"]["ok"], units["libs/all.hip"]["output"][-3000:]
    hipcc = checked["toolchain"]["hipcc"]
    assert (hipcc["runner"], hipcc["offload_archs"], hipcc["substituted_archs"]) == (
        "rocm-6.4", ["gfx942"], {})
    assert hipcc["hip_version"].startswith("6.4.")
    assert {"hipblas", "hipblaslt", "hipcub", "rocthrust", "hipfft", "hipsolver", "hipsparse",
            "hiprand", "rccl", "miopen"} <= set(hipcc["libraries"])


@needs_rocm_64
def test_a_cmake_project_finds_the_runners_libraries_with_its_cmake(checked):
    units = {entry["path"]: entry for entry in checked["compile"]}
    assert units["finds/solve.hip"]["flags_source"] == "cmake"
    assert units["finds/solve.hip"]["ok"], units["finds/solve.hip"]["output"][-3000:]
    assert any(note.startswith("cmake: 1 compile commands for finds") for note in
               checked["notes"]), checked["notes"]


@needs_rocm_64
def test_nothing_of_the_host_toolchain_is_seen(tmp_path):
    runner = find_runner("rocm-6.4", RUNNERS_DIR)
    sandbox = Sandbox(root=str(runner.root))
    source, work = tmp_path / "src", tmp_path / "out"
    source.mkdir()
    source.chmod(0o755)
    seen = sandbox.run(["/bin/sh", "-c", "ls /usr/local/bin /usr/lib/llvm-15 2>&1; "
                        "hipcc --version; cmake --version"], source, work).output
    assert "nvcc" not in seen  # the host has CUDA 13 in /usr/local/bin
    assert "No such file or directory" in seen  # no llvm-15: the host's HIP 5.2 clang
    assert "HIP version: 6.4" in seen
    assert "cmake version 4." in seen


@needs_rocm_64
def test_building_a_built_runner_again_does_nothing(capsys):
    runner = build_runner(spec_named("rocm-6.4"), RUNNERS_DIR, say=print)
    assert runner == find_runner("rocm-6.4", RUNNERS_DIR)
    assert "rocm-6.4 is built already" in capsys.readouterr().out


@needs_rocm_64
def test_the_list_says_what_each_runner_is(capsys):
    assert main(["runner", "list", "--runners-dir", str(RUNNERS_DIR)]) == 0
    listing = capsys.readouterr().out
    assert "host       this machine's hipcc" in listing
    line = next(line for line in listing.splitlines() if line.startswith("rocm-6.4"))
    assert "HIP 6.4." in line
    assert "(compile-only)" in line
    info = json.loads((RUNNERS_DIR / "rocm-6.4" / "runner.json").read_text())
    assert "gfx942" in info["offload_archs"]
    assert info["packages"]["hipcc"].startswith("7.")
    assert info["size_bytes"] < 2e9  # compile-only: the code objects are left out


def test_an_unknown_or_unbuilt_runner_is_named_with_what_to_do(tmp_path):
    with pytest.raises(RunnerUnavailable, match="no runner named 'rocm-9.9'"):
        find_runner("rocm-9.9", tmp_path)
    with pytest.raises(RunnerUnavailable, match="build it with: rocport runner build rocm-6.4"):
        find_runner("rocm-6.4", tmp_path)
    outcome = compile_check(tmp_path, CompileOptions(runner="rocm-6.4",
                                                     runners_dir=str(tmp_path / "none")))
    assert "rocport runner build rocm-6.4" in outcome["skipped"]


def test_a_build_of_another_definition_is_not_used(tmp_path):
    (tmp_path / "rocm-6.4" / "root").mkdir(parents=True)
    (tmp_path / "rocm-6.4" / "runner.json").write_text(json.dumps({"digest": "old"}))
    with pytest.raises(RunnerUnavailable, match="built from another definition"):
        find_runner("rocm-6.4", tmp_path)


def test_a_jobs_hip_version_picks_its_runner():
    from translator.compile.runners import Runner

    runners = [Runner("rocm-6.4", Path("/a"), {"hip": "6.4"}),
               Runner("rocm-5.7", Path("/b"), {"hip": "5.7"}),
               Runner("host", None, {"hip": "5.2"})]
    assert runner_for_version(runners, "5.7").name == "rocm-5.7"
    assert runner_for_version(runners, "5.2").name == "host"
    assert runner_for_version(runners, "6.2").name == "rocm-6.4"  # none fits: the newest
    assert runner_for_version(runners, "").name == "rocm-6.4"
    assert runner_for_version([], "6.4") is None
