"""Whole projects, honestly checked on the rocm-6.4 runner (issue 35).

Four projects written for these tests (projects/), in the shapes real CUDA projects have:

- ``lumen``: CMake with its CUDA backend behind ``option(LUMEN_WITH_CUDA ... OFF)``, tests
  behind another option, and a Windows-only source;
- ``sweep``: a Makefile that finds nvcc with ``$(shell which nvcc)``, builds a part by
  default and the rest in ``all``, and an MPI halo exchange behind ``WITH_MPI=1``;
- ``mesh``: CMake with an optional NCCL found by a ``FindNCCL.cmake`` of its own;
- ``fastops``: a PyTorch extension (``setup.py`` with ``CUDAExtension`` and nvcc flags,
  ``TORCH_CUDA_ARCH_LIST``, ``nvidia-smi`` in its build script).

Each is migrated for HIP 6.4 and checked: every GPU source is compiled or named with its
reason, every failure has its true class, and the migrated build files configure and
compile with the runner's own cmake and make, with and without the GPU option.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.runners import RUNNERS_DIR, needs_rocm_64
from tests.translator.compile.conftest import needs_bubblewrap
from translator.compile.check import CompileOptions, compile_check, report_context
from translator.compile.runners import find_runner
from translator.options import Options
from translator.output.report import build_report
from translator.sandbox.bubblewrap import Limits, Sandbox
from translator.tree.migrate import migrate_tree

pytestmark = [needs_bubblewrap, needs_rocm_64]
PROJECTS = Path(__file__).resolve().parent / "projects"


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """Every project migrated and checked: {name: (tree, outcome by unit, summary, notes)}."""
    base = tmp_path_factory.mktemp("whole-projects")
    found = {}
    for name in ("lumen", "sweep", "mesh", "fastops"):
        tree = base / name
        migrated = migrate_tree(PROJECTS / name, tree, Options(hip_version=(6, 4)), jobs=1)
        outcome = compile_check(tree, CompileOptions(
            runner="rocm-6.4", runners_dir=str(RUNNERS_DIR), jobs=2, resource_usage=False),
            **report_context(build_report(migrated)))
        units = {entry["output_path"]: entry for entry in outcome["compile"]}
        found[name] = SimpleNamespace(tree=tree, units=units, notes=outcome["notes"],
                                      gpu=outcome["summary"]["gpu_sources"])
    return found


def test_an_option_guarded_backend_is_configured_on_and_a_platform_source_named(checked):
    lumen = checked["lumen"]
    assert (lumen.gpu["total"], lumen.gpu["checked"]) == (4, 3)
    assert lumen.gpu["unchecked"] == [{"path": "src/win/timer_win.cu",
                                       "reason": "platform-only: if(WIN32)"}]
    assert sorted(lumen.units) == ["src/cuda/diffuse.cu", "src/cuda/reduce.cu",
                                   "tests/test_diffuse.cu"]
    assert all(unit["ok"] for unit in lumen.units.values()), lumen.units
    assert any("with -DLUMEN_BUILD_TESTS=ON -DLUMEN_WITH_CUDA=ON" in note
               for note in lumen.notes), lumen.notes


def test_every_goal_and_variable_of_a_makefile_brings_its_sources_in(checked):
    sweep = checked["sweep"]
    assert (sweep.gpu["total"], sweep.gpu["checked"], sweep.gpu["unchecked"]) == (5, 5, [])
    failed = {path: unit["failure"] for path, unit in sweep.units.items() if not unit["ok"]}
    assert list(failed) == ["src/halo_mpi.cu"]
    assert (failed["src/halo_mpi.cu"]["class"], failed["src/halo_mpi.cu"]["library"]) == (
        "missing-dependency", "mpi")
    assert all(unit["flags_source"] == "make -n" for unit in sweep.units.values())


def test_an_optional_nccl_found_by_the_projects_own_module_finds_rccl(checked):
    mesh = checked["mesh"]
    assert (mesh.gpu["total"], mesh.gpu["checked"]) == (3, 3)
    assert all(unit["ok"] and unit["flags_source"] == "cmake" for unit in mesh.units.values())
    migrated = (mesh.tree / "cmake" / "FindNCCL.cmake").read_text()
    assert "NAMES rccl/rccl.h" in migrated
    assert "NAMES rccl" in migrated
    top = (mesh.tree / "CMakeLists.txt").read_text()
    assert "find_package(NCCL)" in top  # the project's own module, optional as it was
    assert "REQUIRED)" not in top.split("find_package(NCCL)")[1].split("add_library")[0]


def test_a_pytorch_extension_is_classed_as_needing_rocm_pytorch(checked):
    fastops = checked["fastops"]
    assert fastops.gpu["checked"] == fastops.gpu["total"] == 2
    for unit in fastops.units.values():
        assert (unit["failure"]["class"], unit["failure"]["library"]) == (
            "missing-dependency", "pytorch"), unit["failure"]
        assert "download.pytorch.org/whl/rocm" in unit["failure"]["reason"]


def test_a_pytorch_extensions_build_files_are_ready_for_its_rocm_build(checked):
    tree = checked["fastops"].tree
    setup = (tree / "setup.py").read_text()
    assert '"nvcc": nvcc_flags' in setup  # PyTorch gives these to hipcc on ROCm
    assert '"-DHIP_ENABLE_WARP_SYNC_BUILTINS",' in setup  # row_softmax's __shfl_xor_sync
    assert '"-ffast-math",' in setup
    assert "-gencode" not in setup
    assert "-Xptxas" not in setup
    assert "--expt-relaxed-constexpr" not in setup
    assert 'os.environ.setdefault("PYTORCH_ROCM_ARCH", "gfx942")' in setup
    script = (tree / "scripts" / "build.sh").read_text()
    assert 'export PYTORCH_ROCM_ARCH="${PYTORCH_ROCM_ARCH:-gfx942}"' in script
    assert "nvidia-smi --query-gpu" in script  # reported, not guessed


# --- the migrated build files, built for real with the runner's cmake and make ----------

def _build(tree: Path, tmp_path: Path, script: str) -> str:
    """Run SCRIPT (sh) in the runner with the tree at /job/src; its output."""
    sandbox = Sandbox(root=str(find_runner("rocm-6.4", RUNNERS_DIR).root),
                      limits=Limits(wall_seconds=600, cpu_seconds=600))
    work = tmp_path / "work"
    work.mkdir()
    source = sandbox.source_view(tree, tmp_path / "staged")
    run = sandbox.run(["/bin/sh", "-c", script], source, work)
    return run.output


@pytest.mark.parametrize("gpu", ["ON", "OFF"])
def test_lumens_migrated_build_compiles_with_and_without_the_gpu_option(checked, tmp_path, gpu):
    output = _build(checked["lumen"].tree, tmp_path, (
        f"cmake -S /job/src -B /job/out/build -DCMAKE_CXX_COMPILER=hipcc -DLUMEN_WITH_CUDA={gpu}"
        f" -DLUMEN_BUILD_TESTS={gpu} && cmake --build /job/out/build -j2 && echo BUILT"))
    assert "BUILT" in output, output[-3000:]
    objects = {path.name for path in (tmp_path / "work" / "build").rglob("*.o")}
    expected = {"grid.cpp.o"} | ({"diffuse.cu.o", "reduce.cu.o", "test_diffuse.cu.o"}
                                 if gpu == "ON" else set())
    assert objects == expected


def test_sweeps_migrated_makefile_builds_every_goal(checked, tmp_path):
    output = _build(checked["sweep"].tree, tmp_path,
                    "cp -r /job/src /job/out/tree && make -C /job/out/tree all && echo BUILT")
    assert "BUILT" in output, output[-3000:]
    built = {path.name for path in (tmp_path / "work" / "tree" / "bin").iterdir()}
    assert built == {"sweep", "inspect", "bench_scan"}


def test_meshs_migrated_build_compiles_with_rccl(checked, tmp_path):
    output = _build(checked["mesh"].tree, tmp_path, (
        "cmake -S /job/src -B /job/out/build -DCMAKE_CXX_COMPILER=hipcc "
        "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON && "
        "cmake --build /job/out/build -j2 --target mesh_ops && echo BUILT"))
    assert "BUILT" in output, output[-3000:]
    assert "-- Found NCCL" in output
    database = json.loads((tmp_path / "work" / "build" / "compile_commands.json").read_text())
    assert all("MESH_WITH_NCCL" in entry["command"] for entry in database
               if "allreduce" in entry["file"])
