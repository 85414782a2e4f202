"""hipify-clang's command-line spellings, accepted by ``rocport translate``.

hipify-clang parses its options with LLVM's parser: long options take one dash or two,
values follow ``=`` or come as the next word, ``-I``/``-D`` take theirs glued on, and
everything after ``--`` goes to clang. Output goes to ``-o`` (or ``--o-dir``), else to
stdout; statistics go to stdout when the translation does not.
"""

from __future__ import annotations

import json

import pytest

from translator.cli import main, normalize_arguments

SOURCE = """#include <cuda_runtime.h>
#ifdef USE_STREAMS
void sync() { cudaStreamSynchronize(0); }
#endif
int main() { cudaFree(0); return 0; }
"""


@pytest.fixture
def source(tmp_path):
    path = tmp_path / "square.cu"
    path.write_text(SOURCE)
    return path


@pytest.mark.parametrize("spelling", [
    ["-o={out}"], ["--o={out}"], ["-o", "{out}"], ["--o", "{out}"],
])
def test_output_file_spellings(source, tmp_path, spelling, capsys):
    out = tmp_path / "square.hip.cu"
    arguments = [word.format(out=out) for word in spelling]
    assert main(["translate", str(source), *arguments]) == 0
    assert "hipFree(0);" in out.read_text()
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("spelling", [
    ["-o-dir={dir}"], ["--o-dir={dir}"], ["-o-dir", "{dir}"], ["--o-dir", "{dir}"],
])
def test_output_folder_spellings(source, tmp_path, spelling):
    folder = tmp_path / "hip"
    assert main(["translate", str(source), *[w.format(dir=folder) for w in spelling]]) == 0
    assert "hipFree(0);" in (folder / "square.cu").read_text()


def test_stdout_without_output_option(source, capsys):
    assert main(["translate", str(source)]) == 0
    assert "int main() { hipFree(0); return 0; }" in capsys.readouterr().out


@pytest.mark.parametrize("option", ["-inplace", "--inplace"])
def test_inplace_keeps_a_prehip_backup(source, option):
    assert main(["translate", str(source), option]) == 0
    assert "hipFree" in source.read_text()
    assert source.with_name("square.cu.prehip").read_text() == SOURCE


@pytest.mark.parametrize("option", ["-no-backup", "--no-backup"])
def test_inplace_without_backup(source, option):
    assert main(["translate", str(source), "-inplace", option]) == 0
    assert not source.with_name("square.cu.prehip").exists()


@pytest.mark.parametrize("option", ["-examine", "--examine"])
def test_examine_prints_statistics_and_writes_nothing(source, option, capsys):
    assert main(["translate", str(source), option]) == 0
    out = capsys.readouterr().out
    assert "converted references" in out
    assert "hipFree" not in out
    assert source.read_text() == SOURCE


@pytest.mark.parametrize("option", ["-print-stats", "--print-stats"])
def test_print_stats_with_output_file(source, tmp_path, option, capsys):
    assert main(["translate", str(source), f"-o={tmp_path / 'o.cu'}", option]) == 0
    assert "converted references" in capsys.readouterr().out


@pytest.mark.parametrize("spelling", [["--print-stats-csv"], ["-print-stats-csv"]])
def test_print_stats_csv_to_o_stats(source, tmp_path, spelling):
    stats = tmp_path / "stats.csv"
    assert main(["translate", str(source), "-no-output", *spelling,
                 f"-o-stats={stats}"]) == 0
    assert stats.read_text().strip()


@pytest.mark.parametrize("arguments", [
    ["--cuda-path=/usr/local/cuda"], ["--cuda-path", "/usr/local/cuda"],
    ["-cuda-path=/usr/local/cuda"], ["--save-temps", "--temp-dir=/tmp"],
    ["--no-undocumented-features"], ["--no-warnings-on-undocumented-features"],
    ["--", "-x", "cuda", "--cuda-gpu-arch=sm_70", "-std=c++14", "-v"],
    ["--extra-arg=-std=c++14", "--extra-arg-before=-w"],
    ["-I", "/tmp", "-I/usr/include", "-D", "A=1", "-DB"],
    ["--amap", "-experimental", "--skip-excluded-preprocessor-conditional-blocks"],
    ["-roc"], ["-miopen"], ["-hip-kernel-execution-syntax"], ["-cuda-kernel-execution-syntax"],
])
def test_hipify_options_are_accepted(source, tmp_path, arguments):
    out = tmp_path / "o.cu"
    assert main(["translate", str(source), f"-o={out}", *arguments]) == 0
    assert "hipFree(0);" in out.read_text()


def test_clang_resource_directory_is_used(source, tmp_path):
    from translator.analysis.clang import find_resource_dir

    out = tmp_path / "o.cu"
    folder = find_resource_dir(None)
    assert main(["translate", str(source), f"-o={out}",
                 f"--clang-resource-directory={folder}"]) == 0
    assert "hipFree(0);" in out.read_text()


@pytest.mark.parametrize("where", [
    ["-DUSE_STREAMS"], ["-D", "USE_STREAMS"], ["--", "-DUSE_STREAMS"],
    ["--extra-arg=-DUSE_STREAMS"],
])
def test_defines_decide_the_skipped_blocks(source, tmp_path, where):
    out = tmp_path / "o.cu"
    assert main(["translate", str(source), f"-o={out}",
                 "--skip-excluded-preprocessor-conditional-blocks", *where]) == 0
    assert "hipStreamSynchronize(0);" in out.read_text()


def test_without_the_define_the_block_is_skipped(source, tmp_path):
    out = tmp_path / "o.cu"
    assert main(["translate", str(source), f"-o={out}", "--default-preprocessor"]) == 0
    assert "cudaStreamSynchronize(0);" in out.read_text()


@pytest.mark.parametrize("spelling", [["-p", "{build}"], ["-p={build}"], ["--p={build}"]])
def test_compilation_database_gives_defines(source, tmp_path, spelling):
    build = tmp_path / "build"
    build.mkdir()
    (build / "compile_commands.json").write_text(json.dumps([{
        "directory": str(build), "file": str(source),
        "command": f"nvcc -DUSE_STREAMS -I{tmp_path} -c {source}",
    }]))
    out = tmp_path / "o.cu"
    arguments = [word.format(build=build) for word in spelling]
    assert main(["translate", str(source), f"-o={out}", *arguments,
                 "--skip-excluded-preprocessor-conditional-blocks"]) == 0
    assert "hipStreamSynchronize(0);" in out.read_text()


def test_compilation_database_written_elsewhere(source, tmp_path):
    build = tmp_path / "build"
    build.mkdir()
    (build / "compile_commands.json").write_text(json.dumps([{
        "directory": "/home/someone/project/build", "file": "../src/square.cu",
        "arguments": ["nvcc", "-DUSE_STREAMS", "-c", "../src/square.cu"],
    }]))
    out = tmp_path / "o.cu"
    assert main(["translate", str(source), f"-o={out}", f"-p={build}",
                 "--skip-excluded-preprocessor-conditional-blocks"]) == 0
    assert "hipStreamSynchronize(0);" in out.read_text()


def test_unreadable_compilation_database_changes_nothing(source, tmp_path, capsys):
    out = tmp_path / "o.cu"
    assert main(["translate", str(source), f"-o={out}", f"-p={tmp_path}",
                 "--skip-excluded-preprocessor-conditional-blocks"]) == 0
    assert "cudaStreamSynchronize(0);" in out.read_text()
    assert "no readable compilation database" in capsys.readouterr().err


@pytest.mark.parametrize("option", ["--version", "-version"])
def test_version(option, capsys):
    with pytest.raises(SystemExit) as stop:
        main([option])
    assert stop.value.code == 0
    assert "rocport" in capsys.readouterr().out


def test_missing_input_fails(tmp_path, capsys):
    assert main(["translate", str(tmp_path / "absent.cu"), f"-o={tmp_path / 'o.cu'}"]) == 1
    assert "no such file" in capsys.readouterr().err


def test_unknown_option_is_a_usage_error(source):
    with pytest.raises(SystemExit) as stop:
        main(["translate", str(source), "--no-such-option"])
    assert stop.value.code == 2


def test_options_after_the_source_file():
    normalized, ignored = normalize_arguments(
        ["translate", "a.cu", "-o=b.cu", "-roc", "--cuda-path", "/c", "--", "-DX"])
    assert normalized == ["translate", "a.cu", "-o", "b.cu", "--roc", "--", "-DX"]
    assert ignored == ["--cuda-path /c"]
