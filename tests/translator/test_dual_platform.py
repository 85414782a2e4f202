"""Projects that already build for HIP (tests/realistic/corpus/dualgpu): their own HIP
build compiles before and after migration, and a migrated tree migrates to itself.

The dualgpu project's CMake has a ``DUALGPU_USE_HIP`` option (hipcc as the C++
compiler), a vendor header of ``#define cudaXxx hipXxx`` lines, a cub/hipcub alias,
fp8 and launch-attribute code under version gates and bfloat16 under
``__CUDA_BF16_TYPES_EXIST__``.
"""

from __future__ import annotations

import filecmp
import os
import subprocess
from pathlib import Path

import pytest

from tests.realistic.measure import CORPUS, HIP_VERSION
from tests.tools import needs_tools
from translator.options import Options
from translator.tree.migrate import migrate_tree

pytestmark = pytest.mark.realistic
PROJECT = CORPUS / "dualgpu"
OPTIONS = Options(hip_version=HIP_VERSION, offload_archs=("gfx90a",))


def _build_hip_configuration(source: Path, build: Path) -> None:
    env = {**os.environ, "HIP_PLATFORM": "amd"}
    for command in (
        ["cmake", "-S", str(source), "-B", str(build), "-DDUALGPU_USE_HIP=ON",
         "-DCMAKE_CXX_COMPILER=hipcc", "-DCMAKE_CXX_FLAGS=--offload-arch=gfx90a"],
        ["cmake", "--build", str(build), "-j2"],
    ):
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert (build / "libdualgpu.a").is_file()


@needs_tools("hipcc", "cmake")
def test_own_hip_build_compiles_before_migration(tmp_path):
    _build_hip_configuration(PROJECT, tmp_path / "build")


@needs_tools("hipcc", "cmake")
def test_own_hip_build_compiles_after_migration(tmp_path):
    migrate_tree(PROJECT, tmp_path / "hip", OPTIONS, jobs=1)
    _build_hip_configuration(tmp_path / "hip", tmp_path / "build")


def test_hip_paths_and_shims_are_left_as_written(tmp_path):
    migrate_tree(PROJECT, tmp_path / "hip", OPTIONS, jobs=1)
    for name in ("include/dualgpu/hip_aliases.h",):
        assert (tmp_path / "hip" / name).read_bytes() == (PROJECT / name).read_bytes()
    reduce = (tmp_path / "hip" / "include/dualgpu/reduce.cuh").read_text()
    assert "namespace cub = hipcub;" in reduce
    assert "#include <cub/cub.cuh>" in reduce
    lowp = (tmp_path / "hip" / "include/dualgpu/lowp.cuh").read_text()
    assert "#if CUDART_VERSION >= 11080 && !defined(__HIP_PLATFORM_AMD__)" in lowp
    assert "__nv_fp8_e4m3 stored(value);" in lowp  # the kept-off block stays as written
    assert "#if defined(__HIP_PLATFORM_AMD__)\n__device__ inline float weight_at(" in lowp


def test_migrating_the_hip_output_again_changes_nothing(tmp_path):
    """Every project of the corpus: the HIP tree rocport writes is a fixed point."""
    migrate_tree(CORPUS, tmp_path / "first", OPTIONS, jobs=2)
    migrate_tree(tmp_path / "first", tmp_path / "second", OPTIONS, jobs=2)
    assert _differences(filecmp.dircmp(tmp_path / "first", tmp_path / "second")) == []


def _differences(comparison: filecmp.dircmp, prefix: str = "") -> list[str]:
    found = [prefix + name for name in comparison.left_only + comparison.right_only]
    _, mismatch, errors = filecmp.cmpfiles(comparison.left, comparison.right,
                                           comparison.common_files, shallow=False)
    found += [prefix + name for name in mismatch + errors]
    for name, sub in comparison.subdirs.items():
        found += _differences(sub, f"{prefix}{name}/")
    return found
