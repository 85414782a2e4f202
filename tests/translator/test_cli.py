"""rocport translate for files: hipify spellings, outputs, statistics, report."""

from __future__ import annotations

import csv
import json
import shutil

import pytest

from tests.tools import require_libclang
from translator.cli import main, normalize_arguments, parse_arguments
from translator.rules import CODES

SOURCE = """#include <cuda_runtime.h>
__global__ void k(float *p) { p[threadIdx.x] = 1.0f; }
int main() {
  float *p;
  cudaMalloc(&p, 64);
  k<<<1, 64>>>(p);
  cudaFutureCall(p);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
"""


@pytest.fixture
def source(tmp_path):
    path = tmp_path / "saxpy.cu"
    path.write_text(SOURCE)
    return path


def test_writes_stdout_by_default(source, capsys):
    assert main(["translate", str(source), "--no-clang"]) == 0
    out, err = capsys.readouterr()
    assert "hipMalloc(&p, 64);" in out
    assert "k<<<1, 64>>>(p);" in out
    assert "R101 cudaFutureCall not translated" in err


def test_hipify_clang_spellings(source, tmp_path, capsys):
    output = tmp_path / "out.hip"
    code = main(["translate", str(source), f"-o={output}", "-hip-kernel-execution-syntax",
                 "--cuda-path=/usr/local/cuda", "--no-clang", "-quiet-warnings"])
    assert code == 0
    assert "hipLaunchKernelGGL(k, dim3(1), dim3(64), 0, 0, p);" in output.read_text()
    assert "ignoring --cuda-path=/usr/local/cuda" in capsys.readouterr().err


def test_cuda_kernel_execution_syntax_wins(source, tmp_path):
    output = tmp_path / "out.hip"
    main(["translate", str(source), "-o", str(output), "--hip-kernel-execution-syntax",
          "--cuda-kernel-execution-syntax", "--no-clang"])
    assert "k<<<1, 64>>>(p);" in output.read_text()


def test_inplace_keeps_a_backup(source):
    assert main(["translate", str(source), "-inplace", "--no-clang", "-quiet-warnings"]) == 0
    assert "hipMalloc" in source.read_text()
    assert source.with_name("saxpy.cu.prehip").read_text() == SOURCE


def test_inplace_without_backup(source):
    main(["translate", str(source), "--inplace", "--no-backup", "--no-clang"])
    assert not source.with_name("saxpy.cu.prehip").exists()


def test_several_files_into_a_folder(source, tmp_path):
    other = tmp_path / "other.cu"
    other.write_text("cudaFree(0);\n")
    folder = tmp_path / "hip"
    assert main(["translate", str(source), str(other), "--o-dir", str(folder), "--no-clang"]) == 0
    assert (folder / "other.cu").read_text() == "#include <hip/hip_runtime.h>\nhipFree(0);\n"
    assert "hipMalloc" in (folder / "saxpy.cu").read_text()


def test_print_stats_and_csv(source, tmp_path, capsys):
    output = tmp_path / "out.hip"
    stats = tmp_path / "stats.csv"
    main(["translate", str(source), "-o", str(output), "-print-stats", "--print-stats-csv",
          f"--o-stats={stats}", "--no-clang"])
    out = capsys.readouterr().out
    assert "converted references: 3" in out
    assert "unconverted references: 1" in out
    rows = list(csv.reader(stats.open()))
    assert rows[0] == ["api", "kind", "converted", "unconverted"]
    assert ["runtime", "memory", "1", "0"] in rows
    assert ["unknown", "unknown", "0", "1"] in rows
    assert ["total", "references", "3", "1"] in rows


def test_examine_writes_nothing(source, capsys):
    assert main(["translate", str(source), "-examine", "--no-clang"]) == 0
    out = capsys.readouterr().out
    assert "rocport statistics" in out
    assert "hipMalloc" not in out
    assert source.read_text() == SOURCE


def test_report_lists_untranslated_names(source, tmp_path):
    report = tmp_path / "report.json"
    main(["translate", str(source), "-o", str(tmp_path / "o.hip"), "--report", str(report),
          "--no-clang"])
    data = json.loads(report.read_text())
    assert data["files"][0]["unsupported"][0]["name"] == "cudaFutureCall"
    assert data["files"][0]["unsupported"][0]["line"] == 7


def test_missing_file_is_an_error(tmp_path, capsys):
    assert main(["translate", str(tmp_path / "none.cu")]) == 1
    assert "no such file" in capsys.readouterr().err


def test_one_output_for_several_files_is_a_usage_error(source, tmp_path):
    assert main(["translate", str(source), str(source), "-o", str(tmp_path / "x")]) == 2


def test_options_reach_the_translator():
    arguments, ignored = parse_arguments([
        "translate", "a.cu", "-roc", "--miopen", "-amap", "--experimental", "--hip-version=5.2",
        "-I", "inc", "-DX=1", "--skip-excluded-preprocessor-conditional-blocks",
        "--extra-arg=-std=c++20", "--no-undocumented-features", "--", "-DY",
    ])
    from translator.cli import options_from

    options = options_from(arguments)
    assert (options.roc, options.miopen, options.amap, options.experimental) == (True,) * 4
    assert options.hip_version == (5, 2)
    # -D and -I given to clang count for the preprocessor view, as for hipify-clang.
    assert options.include_dirs == ("inc",)
    assert options.defines == ("X=1", "Y")
    assert options.skip_excluded_preprocessor_blocks
    assert options.clang_args == ("-std=c++20",)
    assert ignored == ["--no-undocumented-features"]


def test_hipify_compat_option_reaches_the_translator():
    from translator.cli import options_from

    arguments, _ = parse_arguments(["translate", "a.cu", "--hipify-compat", "--hip-version=5.2"])
    assert options_from(arguments).hipify_compat is True
    arguments, _ = parse_arguments(["translate", "a.cu"])
    assert options_from(arguments).hipify_compat is False


def test_hipify_compat_spellings_in_the_output(tmp_path, capsys):
    path = tmp_path / "k.cu"
    path.write_text('#include <cublas_v2.h>\n__global__ void k(float *x) { x[0] = 0; }\n'
                    'void run(float *d) {\n  k<<<1, 16>>>(d);\n  puts("cudaFree");\n}\n')
    assert main(["translate", str(path), "--hipify-compat", "--hip-version=5.2",
                 "--hip-kernel-execution-syntax", "--quiet-warnings"]) == 0
    output = capsys.readouterr().out
    assert "#include <hipblas.h>" in output
    assert "hipLaunchKernelGGL(k, dim3(1), dim3(16), 0, 0, d);" in output
    assert 'puts("hipFree");' in output


def test_ignored_options_consume_their_value():
    normalized, ignored = normalize_arguments(["translate", "--temp-dir", "/tmp/x", "a.cu"])
    assert normalized == ["translate", "a.cu"]
    assert ignored == ["--temp-dir /tmp/x"]


def test_rules_lists_every_code(capsys):
    assert main(["rules"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert listed == [rule.code for rule in CODES]
    assert {"R001", "R101", "E001", "E004", "E101"} <= set(listed)


def test_clang_stubs_last_in_the_users_cache_unless_told_otherwise(tmp_path, monkeypatch):
    """A file that clang parses makes the stubs; the command keeps them for the next run
    in ~/.cache/rocport/clang-stubs, in --stubs-dir when given, and nowhere with ''."""
    require_libclang()
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    path = tmp_path / "cells.cu"  # only clang sizes a __shared__ array of a struct
    path.write_text("struct Cell { float v[3]; };\n"
                    "__global__ void k() { __shared__ Cell cells[8]; }\n")

    def run(*extra: str) -> list[str]:
        assert main(["translate", str(path), "-o", str(tmp_path / "out.hip"), *extra]) == 0
        return sorted(p.suffix for p in home.rglob("*") if p.is_file())

    assert run() == [".pch"]
    assert (home / ".cache/rocport/clang-stubs").is_dir()
    assert run("--stubs-dir", str(tmp_path / "mine")) == [".pch"]
    assert [p.suffix for p in (tmp_path / "mine").iterdir()] == [".pch"]
    shutil.rmtree(home)
    assert run("--stubs-dir", "") == []
