"""The type-aware analysis works on ordinary files: clang parses the CUDA files of
realistic multi-file projects without an error (standard headers beside the stubs,
includes found as a compiler finds them), and the report says which files had types."""

import json
import os
from pathlib import Path

import pytest

from tests.tools import require_libclang
from translator.analysis import clang
from translator.analysis.parsed import parsed_of
from translator.engine import translate
from translator.options import Options
from translator.output.report import build_report
from translator.source.file_kinds import classify
from translator.tree.compdb import read_compile_database
from translator.tree.include_paths import include_paths
from translator.tree.migrate import migrate_tree
from translator.tree.walk import walk
from translator.unit import Unit

REALISTIC = Path(__file__).resolve().parents[1] / "realistic"
PROJECTS = sorted(p for folder in ("corpus", "parse") for p in (REALISTIC / folder).iterdir()
                  if p.is_dir())


@pytest.fixture(scope="module", autouse=True)
def _libclang():
    require_libclang(resource_dir=True)


def parse_errors(root: Path) -> dict[str, str]:
    """{path: first clang error, or ""} for every CUDA file of the tree at ROOT, parsed
    with the options a tree migration gives it."""
    files = [e.path for e in walk(root) if e.type == "file"]
    contents = {path: (root / path).read_bytes() for path in files}
    kinds = {path: classify(path, data) for path, data in contents.items()}
    code = [p for p in files if kinds[p].language == "c++"]
    database = read_compile_database(contents.get("compile_commands.json", b"[]"),
                                     "compile_commands.json", set(files))
    paths = include_paths(str(root), contents, code, database)
    outcome = {}
    for path in code:
        data = contents[path]
        if not (kinds[path].kind.startswith("cuda") or b"cuda" in data or b"__global__" in data):
            continue
        options, _ = paths.analysis_options(Options(), path)
        parsed = parsed_of(Unit(data.decode("utf-8", "surrogateescape"), options, path))
        outcome[path] = parsed.errors[0].message if parsed.errors else ""
    return outcome


def test_at_least_98_percent_of_the_cuda_files_of_realistic_projects_parse(tmp_path,
                                                                         monkeypatch):
    monkeypatch.chdir(tmp_path)  # not the tree: includes must not depend on it
    outcomes = {f"{root.name}/{path}": error for root in PROJECTS
                for path, error in parse_errors(root).items()}
    failures = {path: error for path, error in outcomes.items() if error}
    assert len(outcomes) >= 50
    assert len(failures) <= 0.02 * len(outcomes), failures


STANDARD = """#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <limits>
#include <memory>
#include <numeric>
#include <string>
#include <vector>
#include <cuda_runtime.h>
#include <cuda_fp16.h>

__global__ void kernel(float *out, const __half *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(i >= 0);
  if (i < n) {
    __half h = in[i] * in[i];
    out[i] = sqrtf(fabsf(out[i])) + std::exp(out[i]) + exp(1.0) + fmaxf(out[i], 0.f)
           + min(i, n) + rsqrtf(2.f) + static_cast<float>(h) + INFINITY * 0;
    printf("%d\\n", i);
  }
}

int main() {
  std::vector<float> host(16);
  float *device = static_cast<float *>(std::malloc(16));
  std::memset(device, 0, 16);
  std::cout << std::sqrt(2.0) << std::max(1, 2) << std::endl;
  std::free(device);
  return 0;
}
"""


def test_the_stubs_never_clash_with_the_standard_library():
    parsed = clang.parse(STANDARD, "standard.cu")
    assert [m.message for m in parsed.errors] == []


#: What real projects do with names the stubs declare only from the name table: a
#: switch over a library's status codes, pair conversions of half and bfloat16 values.
LIBRARY_NAMES = """#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

const char *status_text(cublasStatus_t status) {
  switch (status) {
    case CUBLAS_STATUS_SUCCESS: return "success";
    case CUBLAS_STATUS_NOT_INITIALIZED: return "not initialized";
    case CUBLAS_STATUS_ALLOC_FAILED: return "allocation failed";
    default: return "other";
  }
}

const char *error_text(cudaError_t error) {
  switch (error) {
    case cudaSuccess: return "success";
    case cudaErrorInvalidValue: return "invalid value";
    case cudaErrorMemoryAllocation: return "out of memory";
    default: return "other";
  }
}

__device__ half2 to_half_pair(float2 pair) { return __float22half2_rn(pair); }
__device__ half2 low_twice(half2 pair) { return __low2half2(pair); }
__device__ __nv_bfloat162 to_bfloat_pair(float value) { return __float2bfloat162_rn(value); }
__device__ __nv_bfloat162 joined(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __halves2bfloat162(a, b);
}
"""


def test_library_status_switches_and_pair_conversions_parse():
    parsed = clang.parse(LIBRARY_NAMES, "library_names.cu")
    assert [m.message for m in parsed.errors] == []


def test_quoted_includes_resolve_next_to_the_including_file(tmp_path, monkeypatch):
    (tmp_path / "tree" / "src" / "inner").mkdir(parents=True)
    (tmp_path / "tree" / "src" / "inner" / "helper.cuh").write_text(
        "#pragma once\nstruct Pair { float a, b; };\n")
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    source = '#include "inner/helper.cuh"\n__global__ void k(Pair *p) { p->a = p->b; }\n'
    parsed = clang.parse(source, "src/k.cu", directory=str(tmp_path / "tree"))
    assert [m.message for m in parsed.errors] == []


def test_include_folders_come_from_build_files_and_stay_inside_the_tree(tmp_path):
    contents = {
        "CMakeLists.txt": b"include_directories(include ../outside /usr/local/cuda/include)\n",
        "lib/Makefile": b"CXXFLAGS += -Ilib_include -I../../etc\nall:\n\tnvcc $(CXXFLAGS) a.cu\n",
        "include/p/a.h": b"", "lib/lib_include/b.h": b"", "vendor/deep/q/c.h": b"",
        "lib/a.cu": b'#include "p/a.h"\n#include "b.h"\n#include <q/c.h>\n',
    }
    paths = include_paths(str(tmp_path), contents, ["lib/a.cu", "include/p/a.h"],
                          read_compile_database(b"[]", "", set(contents)))
    assert paths.for_file("lib/a.cu") == ("lib/lib_include", "include", "vendor/deep")
    assert paths.for_file("include/p/a.h") == ("include", "lib/lib_include", "vendor/deep")


def test_each_file_reports_whether_it_had_types():
    needs_types = ("struct Cell { float v[64]; };\n__global__ void k(float *p) {\n"
                   "  __shared__ Cell b[300]; b[threadIdx.x].v[0] = p[0]; }\n")
    assert translate(needs_types, Options(), "a.cu").analysis == "types"
    broken = translate(needs_types.replace("Cell b", "UnknownType b"), Options(), "a.cu")
    assert (broken.analysis, broken.analysis_error) == (
        "tokens", "line 3: unknown type name 'UnknownType'")
    assert translate("int main() { return 0; }\n", Options(), "b.cu").analysis == ""


def test_an_error_spoils_the_types_of_its_own_function_only():
    # A type of a header the tree lacks, used by a host function and at file scope: the
    # kernel that asked for types is analysed with them, and the note says so.
    needs_types = ("#include <framework/tensor.h>\nstruct Cell { float v[64]; };\n"
                   "Tensor global_tensor;\nvoid host(Tensor t) { t.fill(0); }\n"
                   "__global__ void k(float *p) {\n"
                   "  __shared__ Cell b[300]; b[threadIdx.x].v[0] = p[0]; }\n")
    result = translate(needs_types, Options(), "a.cu")
    assert (result.analysis, result.analysis_error) == ("types", "")
    assert [d.message for d in result.diagnostics if d.code == "E001"] == [
        "clang: unknown type name 'Tensor' (and 1 more errors); 1 of 2 functions analysed "
        "with tokens; headers not found, read as empty: framework/tensor.h"]
    assert [d.code for d in result.diagnostics if d.code == "W202"] == ["W202"]


def test_an_invalid_declaration_is_answered_by_tokens():
    # clang types a variable of an unknown type as int: its size must not be believed
    source = ("#include <framework/tensor.h>\n__global__ void k(float *p) {\n"
              "  __shared__ Tensor big[70000]; big[0].x = p[0]; }\n")
    result = translate(source, Options(), "a.cu")
    assert result.analysis == "tokens"
    assert [d.code for d in result.diagnostics if d.code == "W202"] == []
    assert translate("int main() { return 0; }\n", Options(), "b.cu").analysis == ""


def test_the_report_counts_files_analysed_with_types(tmp_path):
    source = tmp_path / "src"
    (source / "include").mkdir(parents=True)
    (source / "include" / "cell.cuh").write_text("#pragma once\nstruct Cell { float v[64]; };\n")
    (source / "CMakeLists.txt").write_text("include_directories(include)\n")
    (source / "a.cu").write_text('#include "cell.cuh"\n__global__ void k(float *p) {\n'
                                 "  __shared__ Cell b[300]; b[threadIdx.x].v[0] = p[0]; }\n")
    (source / "b.cu").write_text("Unknown u;\n__global__ void k(float *p) {\n"
                                 "  __shared__ Cell b[300]; b[threadIdx.x].v[0] = p[0]; }\n")
    cwd = os.getcwd()
    report = build_report(migrate_tree(source, tmp_path / "out", jobs=1))
    assert os.getcwd() == cwd
    entries = {f["path"]: (f["analysis"], f["analysis_error"]) for f in report["files"]}
    assert entries["a.cu"] == ("types", "")
    assert entries["b.cu"] == ("tokens", "line 3: unknown type name 'Cell'")
    assert report["stats"]["analysis"] == {"types": 1, "tokens": 1, "not_needed": 1,
                                           "rate": 50.0}
    assert "Analysis: 1 files with types, 1 token-only (50.0 % with types)" in report["summary"]
    json.dumps(report)


def test_the_build_files_standard_is_the_parse_standard(tmp_path):
    source = "template <class T> concept Small = sizeof(T) <= 4;\nSmall auto x = 1;\n"
    contents = {"CMakeLists.txt": b"set(CMAKE_CUDA_STANDARD 20)\n", "src/a.cu": source.encode()}
    paths = include_paths(str(tmp_path), contents, ["src/a.cu"],
                          read_compile_database(b"[]", "", set(contents)))
    options, _ = paths.analysis_options(Options(), "src/a.cu")
    assert options.clang_args == ("-std=c++20",)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.cu").write_text(source)
    assert parsed_of(Unit(source, options, "src/a.cu")).errors == ()


def test_files_with_the_same_folders_share_their_analysis_options(tmp_path):
    contents = {"a/CMakeLists.txt": b"include_directories(inc)\n", "a/inc/h.h": b"",
                "a/x.cu": b"", "a/y.cu": b"", "b/z.cu": b"",
                "compile_commands.json": b"[]"}
    database = read_compile_database(
        b'[{"directory": "' + str(tmp_path).encode() + b'", "file": "a/y.cu",'
        b' "command": "nvcc -DONLY_Y -c a/y.cu"}]', "compile_commands.json", set(contents))
    paths = include_paths(str(tmp_path), contents, ["a/x.cu", "a/y.cu", "b/z.cu"], database)
    x, y, again = (paths.analysis_options(Options(), path)[0]
                   for path in ("a/x.cu", "a/y.cu", "a/x.cu"))
    assert again is x  # made once for the folder, then reused
    assert f"{tmp_path}/a/inc" in x.include_dirs
    assert x.defines == ()
    assert y.defines == ("ONLY_Y",)  # the database's macros tell them apart
    assert y is not x
    assert paths.analysis_options(Options(roc=True), "a/x.cu")[0].roc  # per caller's options


def test_a_header_is_analysed_in_the_context_of_a_file_that_includes_it(tmp_path):
    # The header relies on what its includer declared first (no include of its own), as
    # library-style CUDA does; alone it cannot be typed.
    source = tmp_path / "src"
    (source / "detail").mkdir(parents=True)
    (source / "detail" / "kernels.cuh").write_text(
        "#pragma once\n__global__ void fill(float *p) {\n"
        "  __shared__ Cell cells[300]; cells[threadIdx.x].v[0] = p[0]; p[1] = cells[0].v[1];\n}\n")
    (source / "table.cu").write_text(
        "#include <cuda_runtime.h>\nstruct Cell { float v[64]; };\n"
        '#include "detail/kernels.cuh"\nvoid run(float *p) { fill<<<1, 64>>>(p); }\n')
    report = build_report(migrate_tree(source, tmp_path / "out", jobs=1))
    entries = {f["path"]: (f["analysis"], f["analysis_error"]) for f in report["files"]}
    assert entries["detail/kernels.cuh"] == ("types", "")
    findings = [f for f in report["findings"] if f["path"] == "detail/kernels.cuh"]
    assert [f["code"] for f in findings] == ["W202"]  # 300 * 256 bytes: 75 KiB
