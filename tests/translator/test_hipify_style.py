"""hipify-clang-style tests: ``hipify_style/**/*.cu`` translated and checked FileCheck-style.

Each file starts with a RUN line in hipify-clang's lit format, e.g.

    // RUN: %run_test hipify "%s" "%t" %hipify_args 2 --roc --amap %clang_args -DX=1

Assumption about the format (hipify's lit configuration and run script, as we understand
them): ``%hipify_args`` stands for the options every test gets (here the CUDA path) and
may be followed by a count N; the N words after the count are hipify options, and
everything after them (``%clang_args`` stands for the default clang options) goes to
clang after ``--``. Without a count, the words before ``%clang_args`` are hipify options.
The file is translated with ``-o=%t`` exactly as hipify-clang would be called; the
command must exit with 0. As hipify's run script does, every ``//`` comment of the
output is cut to ``// `` before checking, so the CHECK lines copied into the output
cannot match themselves. Then the file's own CHECK directives are run against the
output by the ``filecheck`` package (a Python clone of LLVM FileCheck), as hipify's lit
runs FileCheck. ``%S`` is the file's folder. See ``hipify_style/README.md``.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from translator.cli import main

#: The corpus; ROCPORT_HIPIFY_TESTS names another folder of such files to run instead.
CORPUS = Path(os.environ.get("ROCPORT_HIPIFY_TESTS") or Path(__file__).parent / "hipify_style")
CASES = sorted(CORPUS.rglob("*.cu")) + sorted(CORPUS.rglob("*.cuh"))
#: What %hipify_args and %clang_args stand for: options every hipify test gets.
HIPIFY_ARGS = ["--cuda-path=/usr/local/cuda"]
CLANG_ARGS = ["-x", "cuda", "--cuda-gpu-arch=sm_70", "-std=c++17"]


def run_lines(text: str) -> list[list[str]]:
    """The command of every RUN line of TEXT, split into words."""
    return [shlex.split(match.group(1)) for match in re.finditer(r"//\s*RUN:(.*)", text)]


def hipify_command(words: list[str], source: Path, output: Path) -> list[str]:
    """The rocport command line for one RUN line (see the module docstring)."""
    if words[:4] != ["%run_test", "hipify", "%s", "%t"]:
        raise ValueError(f"not a hipify RUN line: {words}")
    rest = words[4:]
    folder = str(source.parent)  # lit's %S
    hipify_options: list[str] = []
    clang: list[str] = []
    if rest and rest[0] == "%hipify_args":
        rest = rest[1:]
        if rest and rest[0].isdigit():
            count = int(rest[0])
            hipify_options, rest = rest[1 : 1 + count], rest[1 + count :]
        elif "%clang_args" in rest:  # no count: the options before %clang_args are hipify's
            split = rest.index("%clang_args")
            hipify_options, rest = rest[:split], rest[split:]
    hipify_options = [word.replace("%S", folder) for word in hipify_options]
    for word in rest:
        clang.extend(CLANG_ARGS if word == "%clang_args" else [word.replace("%S", folder)])
    return ["translate", f"-o={output}", str(source), *HIPIFY_ARGS, *hipify_options, "--",
            *clang]


def strip_comments(text: str) -> str:
    """What hipify's run script does to the output: ``sed -Ee 's|//.+|// |g'``."""
    return re.sub(r"//.+", "// ", text)


def filecheck(check_file: Path, output: str) -> subprocess.CompletedProcess[str]:
    """FileCheck's verdict on OUTPUT against the directives of CHECK_FILE (status 0: all hold)."""
    return subprocess.run([sys.executable, "-m", "filecheck", str(check_file)], input=output,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("source", CASES, ids=lambda p: str(p.relative_to(CORPUS)))
def test_hipify_style(source: Path, tmp_path: Path, capsys) -> None:
    commands = run_lines(source.read_text(encoding="utf-8"))
    if not commands:
        pytest.skip("no RUN line (a file other tests include)")
    for number, words in enumerate(commands):
        output = tmp_path / f"out{number}"
        status = main(hipify_command(words, source, output))
        assert status == 0, capsys.readouterr().err
        checked = filecheck(source, strip_comments(output.read_text(encoding="utf-8")))
        assert checked.returncode == 0, checked.stdout + checked.stderr


def test_run_line_with_count_and_clang_args(tmp_path: Path) -> None:
    words = run_lines('// RUN: %run_test hipify "%s" "%t" %hipify_args 2 --roc --amap '
                      '%clang_args -DX=1\n')[0]
    command = hipify_command(words, tmp_path / "a.cu", tmp_path / "t")
    assert command[command.index("--cuda-path=/usr/local/cuda") + 1 :] == [
        "--roc", "--amap", "--", *CLANG_ARGS, "-DX=1"]


def test_run_line_without_count(tmp_path: Path) -> None:
    words = run_lines('// RUN: %run_test hipify "%s" "%t" %hipify_args %clang_args\n')[0]
    command = hipify_command(words, tmp_path / "a.cu", tmp_path / "t")
    assert command[-len(CLANG_ARGS) - 2 :] == ["--cuda-path=/usr/local/cuda", "--", *CLANG_ARGS]


def test_run_line_with_options_but_no_count(tmp_path: Path) -> None:
    words = run_lines('// RUN: %run_test hipify "%s" "%t" %hipify_args --roc %clang_args -DX\n')[0]
    command = hipify_command(words, tmp_path / "a.cu", tmp_path / "t")
    assert command[-len(CLANG_ARGS) - 3 :] == ["--roc", "--", *CLANG_ARGS, "-DX"]


def test_comments_are_cut_as_hipify_does() -> None:
    assert strip_comments("a; // CHECK: a\nb\n") == "a; // \nb\n"


def test_a_translation_that_breaks_a_check_fails(tmp_path: Path) -> None:
    source = tmp_path / "a.cu"
    source.write_text("// CHECK: hipMalloc(&p, 4);\ncudaMalloc(&p, 4);\n")
    assert filecheck(source, "hipMalloc(&p, 4);\n").returncode == 0
    failed = filecheck(source, "cudaMalloc(&p, 4);\n")
    assert failed.returncode != 0
    assert "hipMalloc(&p, 4);" in failed.stdout + failed.stderr


def test_check_lines_copied_into_the_output_do_not_match_themselves(tmp_path: Path) -> None:
    """An untranslated file carries its own CHECK lines; cut as hipify cuts them, they fail."""
    source = tmp_path / "a.cu"
    source.write_text("// CHECK: hipFree(p);\ncudaFree(p);\n")
    assert filecheck(source, source.read_text()).returncode == 0
    assert filecheck(source, strip_comments(source.read_text())).returncode != 0
