"""examples/particles migrates and then builds with hipcc (Makefile and CMake).

Debian's HIP 5.2 has no gfx942, so the example is migrated for gfx90a. The builds
compile and link for AMD GPUs; no GPU is needed (and none is here) to run the check.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.tools import needs, needs_tools
from translator.options import Options
from translator.output.report import build_report
from translator.tree.migrate import migrate_tree

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "particles"
HIP_ENV = {**os.environ, "HIP_PLATFORM": "amd"}
NVCC = Path("/usr/local/cuda/bin/nvcc")


@pytest.fixture(scope="module")
def migrated(tmp_path_factory):
    output = tmp_path_factory.mktemp("particles") / "hip"
    tree = migrate_tree(EXAMPLE, output, Options(offload_archs=("gfx90a",)), jobs=2)
    return output, build_report(tree)


def _run(command, cwd, env=HIP_ENV, timeout=600):
    finished = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                              timeout=timeout)
    assert finished.returncode == 0, finished.stdout[-3000:] + finished.stderr[-3000:]
    return finished


def test_migration_converts_every_api_use(migrated):
    _, report = migrated
    assert report["stats"]["unsupported"] == 0
    assert {"runtime", "rand", "build-system"} <= set(report["stats"]["families"])
    assert all(f["status"] in ("translated", "unchanged", "copied") for f in report["files"])


@needs_tools("hipcc")
def test_migrated_makefile_builds_with_hipcc(migrated, tmp_path):
    output, _ = migrated
    work = tmp_path / "make"
    shutil.copytree(output, work)
    _run(["make", "-j2"], work)
    assert (work / "build/particles_app").is_file()
    assert (work / "build/test_particles").is_file()


@needs_tools("hipcc", "cmake")
def test_migrated_cmake_builds_with_hipcc(migrated, tmp_path):
    output, _ = migrated
    build = tmp_path / "cmake-build"
    _run(["cmake", "-S", str(output), "-B", str(build)], output, env={**HIP_ENV, "CXX": "hipcc"})
    _run(["cmake", "--build", str(build), "-j2"], output)
    assert (build / "app/particles_app").is_file()
    assert (build / "tests/test_particles").is_file()


@needs(NVCC.exists(), f"nvcc ({NVCC})")
def test_example_is_valid_cuda(tmp_path):
    """The CUDA input compiles with nvcc (the library file needs cuRAND, which this CUDA
    install lacks, so the app and the test are compiled against its header)."""
    for source in ("app/main.cu", "tests/test_particles.cu"):
        _run([str(NVCC), "-arch=sm_80", "-std=c++17", "-Iinclude", "-Isrc",
              "-c", source, "-o", str(tmp_path / "out.o")], EXAMPLE, env=dict(os.environ))
