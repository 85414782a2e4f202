"""The compile check with the real hipcc and bubblewrap.

One migrated tree is checked once (module fixture) and the tests read the outcome: a
unit that compiles, errors placed on the CUDA line, an include folder found from the
build file, compiler-confirmed LDS findings, and sandbox canaries: a secret planted
outside the job (another job's folder, the worker's environment, /etc/passwd) must
not appear in any output, object file or report.
"""

from __future__ import annotations

import json
import os
import shutil
import uuid
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.translator.compile.conftest import (
    files_containing,
    needs_bubblewrap,
    needs_hipcc,
    processes_mentioning,
)
from translator.compile.check import CompileOptions, Limits, compile_check
from translator.edits import Edit, apply_edits, line_map
from translator.output.line_maps import encode
from translator.output.report import build_report
from translator.tree.migrate import migrate_tree

pytestmark = [needs_bubblewrap, needs_hipcc]

UTIL = "#pragma once\n__device__ inline float twice(float x) { return 2.0f * x; }\n"
GOOD = """\
#include <cuda_runtime.h>
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}
int main() {
  float *d = nullptr;
  if (cudaMalloc(&d, 256 * sizeof(float)) != cudaSuccess) return 1;
  scale<<<1, 256>>>(d, 256);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
"""
NEEDS_INCLUDE = """\
#include <cuda_runtime.h>
#include "util.cuh"
__global__ void doubled(float *x) { x[threadIdx.x] = twice(x[threadIdx.x]); }
"""
BAD = """\
#include <cuda_runtime.h>

// the next kernel uses a name that does not exist
__global__ void broken(float *x) {
  x[threadIdx.x] = undefined_value;
}
"""
LDS = """\
#include <cuda_runtime.h>
__global__ void huge(float *x) {
  __shared__ float tile[20000];
  tile[threadIdx.x] = x[threadIdx.x]; __syncthreads(); x[threadIdx.x] = tile[19999 - threadIdx.x];
}
__global__ void large(float *x) {
  __shared__ float tile[10000];
  tile[threadIdx.x] = x[threadIdx.x]; __syncthreads(); x[threadIdx.x] = tile[9999 - threadIdx.x];
}
"""
KERNEL = "__global__ void k(float *x) { x[0] = 1.0f; }\n"


def _leaks(other: Path) -> dict[str, str]:
    """Units that try to read what the sandbox must hide."""
    worker = os.getpid()
    return {
        "src/leak_absolute.cu": f'#include "{other}/secret.h"\n{KERNEL}',
        "src/leak_relative.cu": f'#include "../../{other.name}/secret.h"\n{KERNEL}',
        "src/leak_passwd.cu": f'#include "/etc/passwd"\n{KERNEL}',
        "src/leak_incbin.cu": f'__asm__(".incbin \\"{other}/secret.h\\"");\n{KERNEL}',
        "src/leak_proc1.cu": f'#include "/proc/1/environ"\n{KERNEL}',
        "src/leak_worker_environ.cu": f'#include "/proc/{worker}/environ"\n{KERNEL}',
        "src/leak_incbin_environ.cu": f'__asm__(".incbin \\"/proc/{worker}/environ\\"");\n{KERNEL}',
    }


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def _shifted_unit(hip: Path) -> dict:
    """A unit whose translation inserted two lines (as a rule adding an include would):
    the error on HIP line 6 is on CUDA line 4."""
    cuda = ("#include <hip/hip_runtime.h>\n\n"
            "__global__ void g(float *x) {\n  x[0] = missing_name;\n}\n")
    translated, applied, _ = apply_edits(cuda, [Edit(0, 0, "// added line 1\n// added line 2\n")])
    (hip / "src" / "shifted.hip").write_text(translated)
    return {"source": "src/shifted.cu", "runs": encode(line_map(cuda, applied))}


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    base = tmp_path_factory.mktemp("compile-check")
    canary = f"ROCPORT-CANARY-{uuid.uuid4().hex}"
    other = base / "other-job"
    other.mkdir()
    (other / "secret.h").write_text(f"{canary} is not C++;\n")
    cuda = base / "cuda"
    _write(cuda, {"CMakeLists.txt": "project(p LANGUAGES CXX CUDA)\ninclude_directories(inc)\n",
                  "inc/util.cuh": UTIL, "src/good.cu": GOOD, "src/needs_include.cu": NEEDS_INCLUDE,
                  "src/bad.cu": BAD, "src/lds.cu": LDS, **_leaks(other)})
    tree = migrate_tree(cuda, base / "hip")
    report = build_report(tree)
    line_maps = {**report["line_maps"], "src/shifted.hip": _shifted_unit(base / "hip")}
    os.symlink(other / "secret.h", base / "hip" / "src" / "leak_link.h")
    (base / "hip" / "src" / "leak_link.cu").write_text(f'#include "leak_link.h"\n{KERNEL}')
    options = CompileOptions(offload_archs=("gfx942",), jobs=2, work_dir=str(base / "work"),
                             cache_dir=str(base / "cache"))
    os.environ["ROCPORT_WORKER_SECRET"] = canary  # the worker's secrets: must never show
    try:
        outcome = compile_check(base / "hip", options, line_maps=line_maps)
    finally:
        del os.environ["ROCPORT_WORKER_SECRET"]
    units = {entry["output_path"]: entry for entry in outcome["compile"]}
    return SimpleNamespace(base=base, canary=canary, outcome=outcome, units=units,
                           options=options, line_maps=line_maps)


def _errors(entry: dict) -> list[dict]:
    return [d for d in entry["diagnostics"] if d["severity"] in ("error", "fatal error")]


def test_a_unit_compiles(checked):
    assert checked.units["src/good.cu"]["status"] == "ok"
    assert _errors(checked.units["src/good.cu"]) == []


def test_reports_the_toolchain_and_the_target_used(checked):
    hipcc = checked.outcome["toolchain"]["hipcc"]
    assert hipcc["hip_version"]
    assert hipcc["clang_version"]
    assert hipcc["requested_archs"] == ["gfx942"]
    assert hipcc["offload_archs"] == [hipcc["substituted_archs"].get("gfx942", "gfx942")]
    assert hipcc["sandbox"].startswith("bubblewrap")


def test_error_lands_on_the_cuda_line(checked):
    [error] = _errors(checked.units["src/bad.cu"])
    cuda_line = BAD.splitlines().index("  x[threadIdx.x] = undefined_value;") + 1
    assert (error["path"], error["line"], error["mapped"]) == ("src/bad.cu", cuda_line, True)
    assert "undefined_value" in error["message"]


def test_error_after_inserted_lines_lands_on_the_cuda_line(checked):
    [error] = _errors(checked.units["src/shifted.hip"])
    assert (error["output_line"], error["path"], error["line"]) == (6, "src/shifted.cu", 4)
    assert checked.units["src/shifted.hip"]["path"] == "src/shifted.cu"


def test_include_folder_comes_from_the_build_file(checked):
    unit = checked.units["src/needs_include.cu"]
    assert unit["include_dirs"] == ["inc"]
    assert unit["origin"] == "build files"
    assert unit["status"] == "ok"


def test_records_kernel_resource_usage(checked):
    kernels = {k["name"]: k for k in checked.units["src/lds.cu"]["kernels"]}
    assert kernels["_Z5largePf"]["lds_bytes"] == 40000
    assert kernels["_Z5largePf"]["line"] == 6
    assert kernels["_Z5largePf"]["vgprs"] > 0


def test_compiler_confirms_shared_memory_findings(checked):
    findings = {(f["severity"], f["line"]) for f in checked.units["src/lds.cu"]["findings"]}
    assert findings == {("error", 2), ("warning", 6)}
    assert {f["category"] for f in checked.units["src/lds.cu"]["findings"]} == {
        "shared-memory-limit"}


def test_summary_groups_the_most_frequent_errors(checked):
    summary = checked.outcome["summary"]
    assert summary["units"] == len(checked.units)
    assert summary["ok"] == 2
    top = {group["message"]: group["count"] for group in summary["top_errors"]}
    assert top["use of undeclared identifier '…'"] == 2


LEAK_UNITS = ["src/leak_absolute.cu", "src/leak_relative.cu", "src/leak_passwd.cu",
              "src/leak_incbin.cu", "src/leak_proc1.cu", "src/leak_worker_environ.cu",
              "src/leak_incbin_environ.cu", "src/leak_link.cu"]


@pytest.mark.parametrize("unit", LEAK_UNITS)
def test_sandbox_hides_what_the_unit_tries_to_read(checked, unit):
    entry = checked.units[unit]
    assert entry["status"] == "failed"
    text = json.dumps(entry)
    assert checked.canary not in text
    assert _passwd_first_line() not in text


def test_no_output_object_or_report_holds_a_canary(checked):
    needles = [checked.canary.encode(), _passwd_first_line().encode()]
    everything = json.dumps(checked.outcome).encode()
    assert [n for n in needles if n in everything] == []
    for folder in (Path(checked.options.work_dir), Path(checked.options.cache_dir)):
        assert [files_containing(folder, needle) for needle in needles] == [[], []]


def test_objects_are_written_for_units_that_compile(checked):
    objects = list(Path(checked.options.work_dir).rglob("unit.o"))
    assert len(objects) == checked.outcome["summary"]["ok"]


def test_an_unchanged_unit_is_never_compiled_twice(checked, tmp_path):
    copy = tmp_path / "elsewhere"
    shutil.copytree(checked.base / "hip", copy, symlinks=True)
    # A comment would not count: the preprocessed unit, which is hashed, has none.
    (copy / "inc" / "util.cuh").write_text(UTIL + "__device__ inline int one() { return 1; }\n")
    again = compile_check(copy, CompileOptions(jobs=2, cache_dir=checked.options.cache_dir),
                          line_maps=checked.line_maps)
    cached = {entry["output_path"]: entry["cached"] for entry in again["compile"]}
    assert [path for path, hit in cached.items() if not hit] == ["src/needs_include.cu"]
    statuses = {entry["output_path"]: entry["status"] for entry in again["compile"]}
    assert statuses == {path: entry["status"] for path, entry in checked.units.items()}


def _passwd_first_line() -> str:
    return Path("/etc/passwd").read_text().splitlines()[0]


def _small_tree(root: Path, files: dict[str, str]) -> Path:
    _write(root, files)
    return root


def test_without_the_build_file_the_include_is_not_found(tmp_path):
    tree = _small_tree(tmp_path / "t", {"inc/util.cuh": UTIL, "src/u.hip": NEEDS_INCLUDE.replace(
        "<cuda_runtime.h>", "<hip/hip_runtime.h>")})
    [entry] = compile_check(tree, CompileOptions(offload_archs=("gfx90a",)))["compile"]
    assert entry["status"] == "failed"
    assert "'util.cuh' file not found" in entry["output"]


def test_include_folder_comes_from_compile_commands(tmp_path):
    tree = _small_tree(tmp_path / "t", {"inc/util.cuh": UTIL, "src/u.hip": NEEDS_INCLUDE.replace(
        "<cuda_runtime.h>", "<hip/hip_runtime.h>"), "compile_commands.json": json.dumps([{
            "directory": "/build/proj/out", "file": "/build/proj/src/u.hip",
            "command": "hipcc -I../inc -c ../src/u.hip"}])})
    [entry] = compile_check(tree, CompileOptions(offload_archs=("gfx90a",)))["compile"]
    assert (entry["status"], entry["origin"], entry["include_dirs"]) == (
        "ok", "compile_commands.json", ["inc"])


SLOW = """\
#include <hip/hip_runtime.h>
constexpr unsigned long long spin(unsigned long long n) {
  unsigned long long s = 0;
  for (unsigned long long i = 0; i < n; ++i) s += i ^ (s >> 3);
  return s;
}
__global__ void k() {}
""" + "".join(  # clang gives up on each after its step limit (about 2 s): many are slow
    f'static_assert(spin((1ull << 40) + {n}) != 1, "slow");\n' for n in range(12))


def test_a_compile_over_its_time_limit_is_stopped_and_leaves_no_process(tmp_path):
    name = f"slow_{uuid.uuid4().hex[:12]}.hip"
    tree = _small_tree(tmp_path / "t", {name: SLOW})
    options = CompileOptions(offload_archs=("gfx90a",), limits=Limits(wall_seconds=3))
    [entry] = compile_check(tree, options)["compile"]
    assert (entry["status"], entry["ok"]) == ("timeout", False)
    assert "wall-clock limit" in entry["message"]
    assert entry["seconds"] < 15
    assert processes_mentioning(name) == []


def test_refuses_to_run_without_bubblewrap(tmp_path):
    tree = _small_tree(tmp_path / "t", {"k.hip": KERNEL})
    outcome = compile_check(tree, CompileOptions(bubblewrap=str(tmp_path / "no-bwrap")))
    assert outcome["compile"] == []
    assert "refused" in outcome["skipped"]
    assert outcome["toolchain"]["hipcc"]["sandbox"].startswith("unavailable")


def test_development_setting_runs_unsandboxed_and_says_so(tmp_path):
    # Also the control for the canary tests: without the sandbox the secret does leak.
    other = tmp_path / "other-job"
    other.mkdir()
    (other / "secret.h").write_text("UNSANDBOXED_CANARY is not C++;\n")
    tree = _small_tree(tmp_path / "t", {
        "src/leak.hip": f'#include "../../{other.name}/secret.h"\n{KERNEL}'})
    outcome = compile_check(tree, CompileOptions(offload_archs=("gfx90a",), allow_unsandboxed=True,
                                                 bubblewrap=str(tmp_path / "no-bwrap")))
    assert outcome["toolchain"]["hipcc"]["sandbox"].startswith("none")
    assert any("UNSANDBOXED" in note for note in outcome["notes"])
    assert "UNSANDBOXED_CANARY" in outcome["compile"][0]["output"]


def test_rocport_check_writes_the_report_of_a_migrated_tree(tmp_path, capsys):
    from translator.cli import main

    _small_tree(tmp_path / "cuda", {"good.cu": GOOD, "bad.cu": BAD})
    report = tmp_path / "report.json"
    assert main(["translate", str(tmp_path / "cuda"), "-o", str(tmp_path / "hip"),
                 "--report", str(report)]) == 0
    status = main(["check", str(tmp_path / "hip"), "--offload-arch", "gfx942",
                   "--report", str(report)])
    data = json.loads(report.read_text())
    assert status == 1  # one unit fails
    assert {unit["path"]: unit["ok"] for unit in data["compile"]} == {"bad.cu": False,
                                                                      "good.cu": True}
    assert data["files"]
    assert data["line_maps"]
    assert data["toolchain"]["hipcc"]["requested_archs"] == ["gfx942"]
    assert data["compile_summary"]["failed"] == 1
    assert "bad.cu:5: error: use of undeclared identifier 'undefined_value'" in (
        capsys.readouterr().out)


def test_kernels_are_reported_for_each_target(tmp_path):
    large_only = LDS[LDS.index("__global__ void large"):]
    tree = _small_tree(tmp_path / "t", {"lds.hip": "#include <hip/hip_runtime.h>\n" + large_only})
    outcome = compile_check(tree, CompileOptions(offload_archs=("gfx90a", "gfx942")))
    archs = outcome["toolchain"]["hipcc"]["offload_archs"]
    [entry] = outcome["compile"]
    assert len(archs) == 2
    assert entry["archs"] == archs
    assert entry["ok"]
    assert sorted((k["name"], k["arch"]) for k in entry["kernels"]) == [
        ("_Z5largePf", arch) for arch in archs]
    assert "kernel-resource-usage" not in entry["output"]


def test_units_beyond_the_time_budget_are_skipped(tmp_path):
    tree = _small_tree(tmp_path / "t", {"a_slow.hip": SLOW, "b_slow.hip": SLOW})
    outcome = compile_check(tree, CompileOptions(offload_archs=("gfx90a",), jobs=1,
                                                 total_seconds=3))
    statuses = [(entry["output_path"], entry["status"]) for entry in outcome["compile"]]
    assert statuses == [("a_slow.hip", "timeout"), ("b_slow.hip", "skipped")]
    assert "time budget" in outcome["compile"][1]["message"]
