"""migrate_tree on real folders: classification, bad input, naming, patches, archives, cache."""

from __future__ import annotations

import gc
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import jsonschema
import pytest

from tests.tools import require, require_libclang
from translator.analysis import clang
from translator.analysis.clang import stubs as stub_files
from translator.options import Options
from translator.output.packing import pack_tar_gz, pack_zip
from translator.output.report import build_report, tree_patch
from translator.output.sarif import to_sarif
from translator.tree import migrate
from translator.tree.migrate import migrate_tree

OPTIONS = Options(use_clang=False)
SCHEMA = Path(__file__).resolve().parent / "data" / "sarif-schema-2.1.0.json"


def _write(root: Path, files: dict[str, bytes | str]) -> Path:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content.encode() if isinstance(content, str) else content)
    return root


def _project(root: Path) -> Path:
    return _write(root, {
        "src/main.cu": ('#include "kern.cuh"\n#include "impl.cu"\n'
                        "int main() { cudaMalloc(0, 4); }\n"),
        "src/impl.cu": "void f() { cudaFree(0); }",  # no final newline
        "include/kern.cuh": '#pragma once\n#include "detail/tables.def"\n',
        "include/detail/tables.def": "cudaStream_t stream;\n",
        "src/latin1.cu": b"// caf\xe9\ncudaDeviceSynchronize();\n",
        "src/crlf.cpp": "int x;\r\ncudaError_t e;\r\n",
        "Makefile": "NVCC ?= nvcc\n%.o: %.cu\n\t$(NVCC) -arch=sm_80 -c $< -lcurand\n",
        "CMakeLists.txt": "project(p LANGUAGES CXX CUDA)\nadd_executable(app src/main.cu)\n",
        "docs/logo.png": b"\x89PNG\r\n\x1a\n\x00\x00binary\xff",
        "README.md": "CUDA_VISIBLE_DEVICES stays in prose\n",
        "run.sh": "#!/bin/sh\nCUDA_VISIBLE_DEVICES=0 ./app\n",
    })


def _outcomes(tree):
    return {o.path: o for o in tree.files}


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file() and not p.is_symlink()}


def test_classifies_and_translates_what_needs_it(tmp_path):
    tree = migrate_tree(_project(tmp_path / "src"), tmp_path / "out", OPTIONS, jobs=1)
    outcomes = _outcomes(tree)
    assert outcomes["src/main.cu"].kind == "cuda-source"
    assert outcomes["include/kern.cuh"].kind == "cuda-header"
    assert outcomes["src/crlf.cpp"].kind == "cuda-cpp"
    assert outcomes["Makefile"].kind == "build"
    assert outcomes["run.sh"].kind == "script"
    assert outcomes["README.md"].status == "copied"
    assert outcomes["docs/logo.png"].kind == "binary"
    assert b"hipStream_t" in (tmp_path / "out/include/detail/tables.def").read_bytes()
    assert outcomes["include/detail/tables.def"].message.startswith("included by")
    assert (tmp_path / "out/run.sh").read_text() == "#!/bin/sh\nHIP_VISIBLE_DEVICES=0 ./app\n"


def test_binary_file_and_modes_pass_through_unchanged(tmp_path):
    source = _project(tmp_path / "src")
    os.chmod(source / "run.sh", 0o755)
    os.chmod(source / "docs/logo.png", 0o600)
    migrate_tree(source, tmp_path / "out", OPTIONS, jobs=1)
    assert (tmp_path / "out/docs/logo.png").read_bytes() == (source / "docs/logo.png").read_bytes()
    assert (tmp_path / "out/run.sh").stat().st_mode & 0o777 == 0o755
    assert (tmp_path / "out/docs/logo.png").stat().st_mode & 0o777 == 0o600


def test_non_utf8_bytes_survive_translation(tmp_path):
    tree = migrate_tree(_project(tmp_path / "src"), tmp_path / "out", OPTIONS, jobs=1)
    assert (tmp_path / "out/src/latin1.cu").read_bytes() == (
        b"#include <hip/hip_runtime.h>\n// caf\xe9\nhipDeviceSynchronize();\n")
    assert [d.code for d in _outcomes(tree)["src/latin1.cu"].result.diagnostics] == ["E004"]


def test_nul_bytes_in_a_source_are_copied_and_reported(tmp_path):
    source = _write(tmp_path / "src", {"weird.cu": b"cudaMalloc\x00(0);\n"})
    tree = migrate_tree(source, tmp_path / "out", OPTIONS, jobs=1)
    outcome = _outcomes(tree)["weird.cu"]
    assert (outcome.kind, outcome.status) == ("binary", "copied")
    assert "NUL" in outcome.message
    assert (tmp_path / "out/weird.cu").read_bytes() == b"cudaMalloc\x00(0);\n"


def test_huge_file_is_copied_not_translated(tmp_path):
    source = _write(tmp_path / "src", {"big.cu": "cudaMalloc(0, 1);\n" * 100})
    tree = migrate_tree(source, tmp_path / "out", OPTIONS, jobs=1, max_file_bytes=1000)
    assert _outcomes(tree)["big.cu"].status == "copied"
    assert "limit" in _outcomes(tree)["big.cu"].message
    assert (tmp_path / "out/big.cu").read_bytes() == (source / "big.cu").read_bytes()


def test_links_are_never_followed_out_of_the_tree(tmp_path):
    outside = _write(tmp_path / "secret", {"key.cu": "cudaMalloc(0, 1);\n"})
    source = _write(tmp_path / "src", {"a.cu": "int a;\n"})
    os.symlink(outside / "key.cu", source / "absolute.cu")
    os.symlink("../secret/key.cu", source / "relative.cu")
    os.symlink("../secret", source / "folder")
    os.symlink("a.cu", source / "inside.cu")
    tree = migrate_tree(source, tmp_path / "out", OPTIONS, jobs=1)
    outcomes = _outcomes(tree)
    assert {p: outcomes[p].status for p in ("absolute.cu", "relative.cu", "folder", "inside.cu")} \
        == {"absolute.cu": "skipped", "relative.cu": "skipped", "folder": "skipped",
            "inside.cu": "copied"}
    assert os.readlink(tmp_path / "out/inside.cu") == "a.cu"
    assert not (tmp_path / "out/folder").exists()
    assert not (tmp_path / "out/relative.cu").exists()


def test_empty_folders_are_kept_and_reported(tmp_path):
    source = _write(tmp_path / "src", {"a.cu": "int a;\n"})
    (source / "build/empty").mkdir(parents=True)
    tree = migrate_tree(source, tmp_path / "out", OPTIONS, jobs=1)
    assert (tmp_path / "out/build/empty").is_dir()
    assert _outcomes(tree)["build/empty"].kind == "folder"


def test_unreadable_file_is_reported_and_the_run_goes_on(tmp_path):
    source = _write(tmp_path / "src", {"a.cu": "cudaMalloc(0, 1);\n", "secret.cu": "int s;\n"})
    os.chmod(source / "secret.cu", 0o000)
    report = tmp_path / "report.json"
    command = [sys.executable, "-m", "translator", "translate", str(source), "-o",
               str(tmp_path / "out"), "--no-clang", "--jobs", "1", "--report", str(report)]
    if os.geteuid() == 0:
        # Root reads any file. Without its capabilities it obeys the file's mode, and it
        # still owns the checkout, which may sit in a folder private to root (CI's clone).
        require(shutil.which("setpriv"), "setpriv")
        command = ["setpriv", "--inh-caps=-all", "--bounding-set=-all", *command]
    finished = subprocess.run(command, capture_output=True, text=True, timeout=120,
                              cwd=Path(__file__).resolve().parents[2])
    assert finished.returncode == 1, finished.stderr
    files = {f["path"]: f for f in json.loads(report.read_text())["files"]}
    assert files["secret.cu"]["status"] == "error"
    assert "cannot read" in files["secret.cu"]["message"]
    assert (tmp_path / "out/a.cu").read_text() == (
        "#include <hip/hip_runtime.h>\nhipMalloc(0, 1);\n")


def test_hip_naming_renames_sources_and_every_reference(tmp_path):
    source = _project(tmp_path / "src")
    tree = migrate_tree(source, tmp_path / "out", OPTIONS.with_changes(naming="hip"), jobs=1)
    out = tmp_path / "out"
    assert (out / "src/main.hip").exists()
    assert not (out / "src/main.cu").exists()
    assert (out / "include/kern.cuh").exists()  # headers keep their names
    assert '#include "impl.hip"' in (out / "src/main.hip").read_text()
    assert "%.o: %.hip" in (out / "Makefile").read_text()
    assert "add_executable(app src/main.hip)" in (out / "CMakeLists.txt").read_text()
    assert _outcomes(tree)["src/main.cu"].output_path == "src/main.hip"


def test_same_stem_and_existing_hip_file_are_reported(tmp_path):
    source = _write(tmp_path / "src", {"a.cu": "int a;\n", "a.cpp": "int b;\n",
                                       "b.cu": "int c;\n", "b.hip": "int d;\n"})
    tree = migrate_tree(source, tmp_path / "out", OPTIONS.with_changes(naming="hip"), jobs=1)
    outcomes = _outcomes(tree)
    assert outcomes["a.cu"].output_path == "a.hip"
    assert "a.cpp shares this file's stem" in outcomes["a.cu"].message
    assert outcomes["b.cu"].output_path == "b.cu"
    assert "b.hip already exists" in outcomes["b.cu"].message
    assert (tmp_path / "out/b.hip").read_text() == "int d;\n"


def test_case_only_name_clash_is_reported_for_both_files(tmp_path):
    source = _write(tmp_path / "src", {"Kernel.cu": "int a;\n", "kernel.cu": "int b;\n"})
    tree = migrate_tree(source, tmp_path / "out", OPTIONS, jobs=1)
    outcomes = _outcomes(tree)
    assert "differs only by case from kernel.cu" in outcomes["Kernel.cu"].message
    assert "differs only by case from Kernel.cu" in outcomes["kernel.cu"].message


@pytest.mark.parametrize("naming", ["keep", "hip"])
@pytest.mark.parametrize("tool", ["git", "patch"])
def test_tree_patch_applied_to_the_source_reproduces_the_output(tmp_path, naming, tool):
    source = _project(tmp_path / "src")
    tree = migrate_tree(source, tmp_path / "out", OPTIONS.with_changes(naming=naming), jobs=1)
    patch_file = tmp_path / "changes.patch"
    patch_file.write_bytes(tree_patch(tree))
    work = tmp_path / "work"
    shutil.copytree(source, work, symlinks=True)
    if tool == "git":
        command = ["git", "apply", "--unsafe-paths", str(patch_file)]
    else:
        command = ["patch", "-p1", "-s", "-i", str(patch_file)]
    finished = subprocess.run(command, cwd=work, capture_output=True, text=True, timeout=60)
    assert finished.returncode == 0, finished.stderr + finished.stdout
    assert _files(work) == _files(tmp_path / "out")


def test_archives_hold_the_output_tree(tmp_path):
    source = _project(tmp_path / "src")
    (source / "empty").mkdir()
    migrate_tree(source, tmp_path / "out", OPTIONS, jobs=1)
    pack_zip(tmp_path / "out", tmp_path / "hip.zip")
    pack_tar_gz(tmp_path / "out", tmp_path / "hip.tar.gz")
    expected = _files(tmp_path / "out")
    with zipfile.ZipFile(tmp_path / "hip.zip") as archive:
        zipped = {n: archive.read(n) for n in archive.namelist() if not n.endswith("/")}
        assert "empty/" in archive.namelist()
    with tarfile.open(tmp_path / "hip.tar.gz") as archive:
        tarred = {m.name: archive.extractfile(m).read() for m in archive.getmembers() if m.isfile()}
    assert zipped == expected
    assert tarred == expected


def test_parallel_run_gives_the_same_output_and_report(tmp_path, monkeypatch):
    monkeypatch.setattr(migrate, "POOL_MIN_BYTES", 0)  # a pool however small the tree
    source = _write(tmp_path / "src", {f"k{i:02d}.cu": f"void k{i}() {{ cudaMalloc(0, {i}); }}\n"
                                       for i in range(40)})
    serial = migrate_tree(source, tmp_path / "serial", OPTIONS, jobs=1)
    parallel = migrate_tree(source, tmp_path / "parallel", OPTIONS, jobs=2)
    assert (serial.run["jobs"], parallel.run["jobs"]) == (1, 2)
    assert _files(tmp_path / "serial") == _files(tmp_path / "parallel")
    strip = lambda report: {k: v for k, v in report.items() if k not in ("stats", "summary")}  # noqa: E731
    assert strip(build_report(serial)) == strip(build_report(parallel))


def test_a_pool_is_started_only_for_a_tree_with_enough_to_translate(tmp_path):
    """Starting and warming a pool costs more than a small tree's translation."""
    kernel = "__global__ void k() { __syncthreads(); }\n"
    count = migrate.POOL_MIN_BYTES // len(kernel) // 8 + 1
    small = _write(tmp_path / "small", {f"k{i}.cu": kernel for i in range(8)})
    large = _write(tmp_path / "large", {f"k{i}.cu": kernel * count for i in range(8)})
    assert migrate_tree(small, tmp_path / "small-out", OPTIONS, jobs=2).run["jobs"] == 1
    assert migrate_tree(large, tmp_path / "large-out", OPTIONS, jobs=2).run["jobs"] == 2


def test_the_collector_does_not_run_while_a_tree_is_migrated(tmp_path):
    """Each pass went over every result held so far: a tenth of the parent's work."""
    source = _write(tmp_path / "src", {f"k{i:02d}.cu": "__global__ void k() { __syncthreads(); }\n"
                                       * 50 for i in range(60)})
    passes: list[int] = []
    when_done: list[int] = []  # passes so far, as each file is written

    def count(phase, info):
        if phase == "start":
            passes.append(info["generation"])

    gc.callbacks.append(count)
    try:
        migrate_tree(source, tmp_path / "out", OPTIONS, jobs=1,
                     progress=lambda done, total: when_done.append(len(passes)))
    finally:
        gc.callbacks.remove(count)
    assert len(when_done) == 60
    assert when_done[-1] == 0
    assert gc.isenabled()


def test_pool_workers_collect_although_forked_while_the_collector_was_paused(tmp_path):
    gc.disable()
    try:
        migrate._start_worker(str(tmp_path))
        assert gc.isenabled()
    finally:
        gc.enable()


class LoggedStubs(clang.StubCache):
    """A stub cache that logs each build it makes, with its process, to LOG (pool
    workers use copies of it)."""

    def __init__(self, log: Path, **folders: str) -> None:
        super().__init__(**folders)
        self.log = log

    def build(self, arguments: list[str], target: str) -> str:
        with open(self.log, "a") as out:
            out.write(f"{os.getpid()}\n")
        return super().build(arguments, target)


def test_pool_workers_share_one_precompiled_stubs_build(tmp_path, monkeypatch):
    """The clang stubs are precompiled once, by one pool worker while this process reads
    the tree, not again in every worker (about a second each): a worker that needs them
    first waits for them."""
    require_libclang()
    log = tmp_path / "builds.log"
    monkeypatch.setattr(migrate, "POOL_MIN_BYTES", 0)
    lasting = tmp_path / "lasting"  # none kept there yet
    source = _parsed_tree(tmp_path / "src")
    tree = migrate_tree(source, tmp_path / "out", Options(), jobs=2,
                        stubs=LoggedStubs(log, lasting=str(lasting)))
    assert {f.result.analysis for f in tree.files if f.result} == {"types"}
    builders = log.read_text().split()
    assert len(builders) == 1
    assert builders != [str(os.getpid())]  # a worker's, while this process read the tree
    assert [p.suffix for p in lasting.iterdir()] == [".pch"]  # kept for the next run


def _parsed_tree(folder: Path) -> Path:
    """A tree of which clang parses every file: a __shared__ array of a struct, which
    only clang sizes."""
    return _write(folder, {
        f"k{i:02d}.cu": f"struct Cell {{ float v[{i + 1}]; }};\n"
                        f"__global__ void k{i}() {{ __shared__ Cell cells[8]; }}\n"
        for i in range(24)})


@pytest.mark.parametrize("jobs", [1, 2])
def test_stubs_kept_by_one_run_serve_the_next_without_a_build(tmp_path, monkeypatch, jobs):
    require_libclang()
    lasting, log = tmp_path / "lasting", tmp_path / "builds.log"
    monkeypatch.setattr(migrate, "POOL_MIN_BYTES", 0)
    source = _parsed_tree(tmp_path / "src")
    first = migrate_tree(source, tmp_path / "one", Options(), jobs=jobs,
                         stubs=clang.StubCache(lasting=str(lasting)))
    (kept,) = lasting.iterdir()
    os.utime(kept, (1, 1))  # as if long unused

    stubs = LoggedStubs(log, lasting=str(lasting))  # as in a new run
    second = migrate_tree(source, tmp_path / "two", Options(), jobs=jobs, stubs=stubs)
    assert not log.exists()  # nothing built again
    assert {f.result.analysis for f in second.files if f.result} == {"types"}
    assert _files(tmp_path / "one") == _files(tmp_path / "two")
    assert [f.result.diagnostics for f in first.files] == [f.result.diagnostics
                                                           for f in second.files]
    assert kept.stat().st_mtime > 1  # used again: the last to be removed
    if jobs == 1:  # this process still reads its stubs: a second link to the kept file
        assert kept.stat().st_nlink == 2


def test_without_a_folder_to_keep_them_in_the_stubs_last_only_for_the_run(tmp_path):
    require_libclang()
    log = tmp_path / "builds.log"
    migrate_tree(_parsed_tree(tmp_path / "src"), tmp_path / "one", Options(), jobs=1,
                 stubs=LoggedStubs(log))
    migrate_tree(_parsed_tree(tmp_path / "src2"), tmp_path / "two", Options(), jobs=1,
                 stubs=LoggedStubs(log))
    assert len(log.read_text().split()) == 2


def test_a_lasting_stubs_folder_keeps_the_most_recently_used_few(tmp_path):
    built = tmp_path / "built.pch"
    built.write_bytes(b"stubs")
    folder = tmp_path / "lasting"
    for age in range(stub_files.KEPT_STUBS + 2):
        stub_files.keep(str(built), str(folder / f"stubs-{age}.pch"))
        os.utime(folder / f"stubs-{age}.pch", (1000 - age, 1000 - age))
    stub_files.keep(str(built), str(folder / "stubs-new.pch"))
    kept = sorted(p.name for p in folder.iterdir())
    assert kept == sorted(["stubs-new.pch", *(f"stubs-{age}.pch"
                                              for age in range(stub_files.KEPT_STUBS - 1))])


def test_a_stubs_build_that_fails_ends_its_claim(tmp_path):
    """Workers wait for stubs while their folder is claimed: a build that fails must end
    the claim, or each would wait a minute before building its own."""
    require_libclang()
    clang.claim(str(tmp_path))
    assert (tmp_path / stub_files.BUILDING).exists()
    stubs = clang.StubCache()
    assert stubs.precompile_into(str(tmp_path), extra_args=("-std=c++nonsense",)) is None
    assert not (tmp_path / stub_files.BUILDING).exists()
    assert not list(tmp_path.iterdir())


def test_cache_retranslates_only_the_changed_file(tmp_path):
    source = _write(tmp_path / "src", {f"k{i}.cu": f"int v{i} = cudaSuccess;\n" for i in range(12)})
    cache = tmp_path / "cache"
    first = migrate_tree(source, tmp_path / "one", OPTIONS, jobs=1, cache_dir=cache)
    (source / "k3.cu").write_text("int changed = cudaErrorInvalidValue;\n")
    second = migrate_tree(source, tmp_path / "two", OPTIONS, jobs=1, cache_dir=cache)
    assert first.run["translated"] == 12
    assert (second.run["translated"], second.run["cache_hits"]) == (1, 11)
    assert (tmp_path / "two/k3.cu").read_text() == "int changed = hipErrorInvalidValue;\n"


def test_compile_commands_feed_include_dirs_and_defines(tmp_path):
    database = [{"directory": "/home/dev/proj/build", "file": "../src/main.cu",
                 "command": "nvcc -I../include -I/usr/local/cuda/include -DUSE_GPU=1 -c "
                            "../src/main.cu"}]
    source = _write(tmp_path / "src", {
        "src/main.cu": '#include "kern.h"\n', "include/kern.h": "int k;\n",
        "build/compile_commands.json": json.dumps(database),
    })
    tree = migrate_tree(source, tmp_path / "out", OPTIONS, jobs=1)
    flags = tree.compile_database.files["src/main.cu"]
    assert flags.include_dirs == ("include",)
    assert flags.defines == ("USE_GPU=1",)
    assert flags.external_include_dirs == ("/usr/local/cuda/include",)
    report = build_report(tree)
    assert report["compile_commands"]["files"]["src/main.cu"]["include_dirs"] == ["include"]


def test_output_inside_source_is_refused(tmp_path):
    source = _write(tmp_path / "src", {"a.cu": "int a;\n"})
    with pytest.raises(ValueError, match="output folder must not be inside the source folder"):
        migrate_tree(source, source / "out", OPTIONS)


def test_sarif_validates_against_the_published_schema(tmp_path):
    source = _project(tmp_path / "src")
    _write(source, {"requirements.txt": "cupy-cuda12x\n", "flags.mk": "F = -maxrregcount 32\n"})
    tree = migrate_tree(source, tmp_path / "out", OPTIONS, jobs=1)
    sarif = to_sarif(build_report(tree))
    jsonschema.validate(sarif, json.loads(SCHEMA.read_text()))
    codes = {r["ruleId"] for r in sarif["runs"][0]["results"]}
    assert {"W531", "W501", "E004"} <= codes


def test_report_summary_names_families_and_problems(tmp_path):
    source = _project(tmp_path / "src")
    os.symlink("/etc/passwd", source / "passwd")
    report = build_report(migrate_tree(source, tmp_path / "out", OPTIONS, jobs=1))
    assert "runtime" in report["stats"]["families"]
    assert report["stats"]["families"]["build-system"]["converted"] > 0
    assert "Not in the output: passwd" in report["summary"]


WARP_SYNC_TREE = {
    "include/reduce.cuh": ("__device__ float warp_sum(float v) {\n"
                           "  return v + __shfl_down_sync(0xffffffff, v, 1);\n}\n"),
    "src/main.cu": '#include "reduce.cuh"\n__global__ void k(float *x) { x[0] = warp_sum(1); }\n',
    "Makefile": ("NVCC ?= /usr/local/cuda/bin/nvcc\n"
                 "main.o: src/main.cu\n\tnvcc -Iinclude -c $< -o $@\n"
                 "HAVE_NVCC := $(shell which nvcc)\n"),
    "CMakeLists.txt": "cmake_minimum_required(VERSION 3.18)\nproject(w LANGUAGES CXX CUDA)\n",
}


@pytest.mark.parametrize(("hip_version", "defined"),
                         [(None, True), ((6, 2), True), ((5, 2), False)])
def test_warp_sync_calls_define_the_builtins_macro_in_build_files(tmp_path, hip_version, defined):
    """A *_sync call in any file of the tree (here a header) makes the migrated Makefile's
    compiler and the CMake project define HIP_ENABLE_WARP_SYNC_BUILTINS (ROCm 6.2-6.x)."""
    _write(tmp_path / "in", WARP_SYNC_TREE)
    migrate_tree(tmp_path / "in", tmp_path / "out",
                 Options(use_clang=False, hip_version=hip_version), jobs=1)
    makefile = (tmp_path / "out" / "Makefile").read_text()
    cmake = (tmp_path / "out" / "CMakeLists.txt").read_text()
    flag = "hipcc -DHIP_ENABLE_WARP_SYNC_BUILTINS"
    assert (makefile.count(flag), "$(shell which hipcc)" in makefile) == (2 * defined, True)
    assert ("add_compile_definitions(HIP_ENABLE_WARP_SYNC_BUILTINS)" in cmake) == defined


def test_every_warp_sync_call_is_found_by_its_literal_prefilter():
    """file_facts looks for "_sync(" before it tries each masked name: each must end so,
    and a call spelled with blanks before its parenthesis is still one."""
    from translator.analysis.lane_masks import MASKED
    from translator.tree.file_facts import file_facts

    assert all(name.endswith("_sync") for name in MASKED)
    for name in sorted(MASKED):
        source = f"int f(int v) {{ return {name} (~0u, v); }}".encode()
        assert file_facts(("a.cu", source)).warp_sync_call
    assert not file_facts(("a.cu", b"void f() { __syncthreads(); }")).warp_sync_call


@pytest.mark.parametrize("source", [
    "x = __shfl_sync(m, v, 0);", "x = __shfl_sync\n\t(m, v, 0);", "x=(__any_sync(m, p));",
    "x = my__shfl_sync(m, v);", "x = __shfl_sync2(m, v);", "x = s.__shfl_sync(m, v);",
    "x = __shfl_up_sync(m, v, 1);", "x = A::__ballot_sync(m, p);", "x = $__all_sync(m, p);",
    "__match_any_sync(m, v);", "x = __shfl_sync;", "// __shfl_xor_sync(m, v, 1)",
    "x = __syncwarp(m);", "x = 9__shfl_sync(m, v);", "x = \u00e9__shfl_sync(m, v);",
])
def test_a_warp_sync_call_is_a_whole_masked_name_before_a_parenthesis(source):
    """The same answer as a whole-word search for the names (the ASCII word boundary)."""
    from translator.analysis.lane_masks import MASKED
    from translator.tree.file_facts import file_facts

    whole_name = re.compile(r"\b(?:" + "|".join(sorted(MASKED)) + r")\s*\(", re.ASCII)
    expected = whole_name.search(source) is not None
    assert file_facts(("a.cu", source.encode())).warp_sync_call == expected


def test_tree_without_warp_sync_calls_defines_nothing(tmp_path):
    files = {**WARP_SYNC_TREE, "include/reduce.cuh": "__device__ float warp_sum(float v);\n"}
    _write(tmp_path / "in", files)
    migrate_tree(tmp_path / "in", tmp_path / "out", OPTIONS, jobs=1)
    assert "WARP_SYNC" not in (tmp_path / "out" / "Makefile").read_text()
    assert "WARP_SYNC" not in (tmp_path / "out" / "CMakeLists.txt").read_text()


def test_a_result_comes_back_from_a_pool_worker_as_it_was():
    """Results cross to the parent as pickles, their usages and edits packed as plain
    tuples: they come back equal, of their own types."""
    import pickle

    from translator.diagnostics import Usage
    from translator.edits import Edit
    from translator.engine import translate

    result = translate("#include <cuda_runtime.h>\nint main() { float *p; cudaMalloc(&p, 4);"
                       " cudaFutureCall(p); }\n", OPTIONS, "main.cu")
    assert result.usages
    assert result.edits
    assert result.diagnostics
    again = pickle.loads(pickle.dumps(result))
    assert again == result
    assert {type(u) for u in again.usages} == {Usage}
    assert {type(e) for e in again.edits} == {Edit}
