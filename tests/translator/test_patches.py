"""changes.patch with odd file names: quoted as git quotes them, applied by git and patch."""

import shutil
import subprocess
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from translator.options import Options
from translator.output.patches import file_diff, line_opcodes, quote_path, tree_patch
from translator.tree.migrate import migrate_tree

OPTIONS = Options(use_clang=False)
ODD_NAMES = ["odd\nname.cu", "tab\there.cu", 'say "hi".cu', "back\\slash.cu", "caf\u00e9 kernel.cu"]


def test_quotes_only_the_paths_that_need_it():
    assert quote_path("a/src/kernel.cu") == "a/src/kernel.cu"
    assert quote_path("a/caf\u00e9 kernel.cu") == "a/caf\u00e9 kernel.cu"
    assert quote_path("a/odd\nname.cu") == '"a/odd\\nname.cu"'
    assert quote_path('a/"q"\\\t\r\x01\x7f') == '"a/\\"q\\"\\\\\\t\\r\\001\\177"'


def test_a_newline_in_a_name_stays_inside_its_quoted_header(tmp_path):
    source = tmp_path / "src"
    source.mkdir()
    (source / "odd\nname.cu").write_text("int main() { cudaDeviceSynchronize(); }\n")
    patch = tree_patch(migrate_tree(source, tmp_path / "out", OPTIONS, jobs=1)).decode()
    assert patch.splitlines()[:3] == ['diff --git "a/odd\\nname.cu" "b/odd\\nname.cu"',
                                      '--- "a/odd\\nname.cu"', '+++ "b/odd\\nname.cu"']


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("naming", ["keep", "hip"])
@pytest.mark.parametrize("tool", ["git", "patch"])
def test_patch_with_odd_names_applies_and_reproduces_the_output(tmp_path, naming, tool):
    source = tmp_path / "src"
    source.mkdir()
    for name in ODD_NAMES:
        (source / name).write_text("void f() { cudaFree(0); }\n")
    tree = migrate_tree(source, tmp_path / "out", OPTIONS.with_changes(naming=naming), jobs=1)
    (tmp_path / "changes.patch").write_bytes(tree_patch(tree))
    work = tmp_path / "work"
    shutil.copytree(source, work)
    if tool == "git":
        command = ["git", "apply", "--unsafe-paths", str(tmp_path / "changes.patch")]
    else:
        command = ["patch", "-p1", "-s", "-i", str(tmp_path / "changes.patch")]
    finished = subprocess.run(command, cwd=work, capture_output=True, text=True, timeout=60)
    assert finished.returncode == 0, finished.stderr + finished.stdout
    assert _files(work) == _files(tmp_path / "out")


def test_hunks_keep_three_lines_of_context_and_join_changes_closer_than_six():
    original = "".join(f"line {n}\n" for n in range(1, 21))
    changed = original.replace("line 2\n", "LINE 2\n").replace("line 8\n", "LINE 8\n") \
        .replace("line 18\n", "LINE 18\n")
    assert file_diff(original, changed, "x.cu", "x.cu") == (
        "--- a/x.cu\n+++ b/x.cu\n"
        "@@ -1,11 +1,11 @@\n line 1\n-line 2\n+LINE 2\n line 3\n line 4\n line 5\n line 6\n"
        " line 7\n-line 8\n+LINE 8\n line 9\n line 10\n line 11\n"
        "@@ -15,6 +15,6 @@\n line 15\n line 16\n line 17\n-line 18\n+LINE 18\n line 19\n"
        " line 20\n")


def test_an_added_first_line_and_a_last_line_without_newline_are_written_as_diff_writes_them():
    assert file_diff("a\nb", "#include <x>\na\nB", "x.cu", "x.cu") == (
        "--- a/x.cu\n+++ b/x.cu\n@@ -1,2 +1,3 @@\n+#include <x>\n a\n-b\n"
        "\\ No newline at end of file\n+B\n\\ No newline at end of file\n")


def test_a_large_file_of_repeated_lines_is_diffed_in_linear_time_and_the_patch_applies(tmp_path):
    """The line map pairs each output line with its original: only the stretches between
    unchanged lines are diffed. A diff of the whole file takes seconds (quadratic in the
    repeated ``}`` and blank lines); its hunks are the same changes."""
    block = "__global__ void k{n}(float *x) {{\n  if (x) {{\n    x[0] = 1;\n  }}\n}}\n\n" \
        "void run{n}(float *d) {{\n  k{n}<<<1, 32>>>(d);\n  cudaDeviceSynchronize();\n}}\n\n"
    source = tmp_path / "src"
    source.mkdir()
    (source / "big.cu").write_text("".join(block.format(n=n) for n in range(1500)))
    tree = migrate_tree(source, tmp_path / "out", OPTIONS, jobs=1)
    started = time.process_time()
    patch = tree_patch(tree)
    spent = time.process_time() - started
    assert spent < 1.0, f"{spent:.2f} s for the patch of one {len(patch)}-byte file"
    assert patch.count(b"\n-  cudaDeviceSynchronize();\n+  hipDeviceSynchronize();\n") == 1500
    (tmp_path / "changes.patch").write_bytes(patch)
    work = tmp_path / "work"
    shutil.copytree(source, work)
    finished = subprocess.run(["patch", "-p1", "-s", "-i", str(tmp_path / "changes.patch")],
                              cwd=work, capture_output=True, text=True, timeout=60)
    assert finished.returncode == 0, finished.stderr + finished.stdout
    assert _files(work) == _files(tmp_path / "out")


def _opcodes_line_by_line(original, translated, line_map):
    """line_opcodes written plainly: an opcode per anchor line, then equal runs merged."""
    import difflib

    anchors, before = [], 0
    if len(line_map) - len(translated) in (0, 1):
        for line, came_from in enumerate(line_map[:len(translated)]):
            at = came_from - 1
            if before <= at < len(original) and original[at] == translated[line]:
                anchors.append((at, line))
                before = at + 1
    codes, before, after = [], 0, 0
    for at, line in [*anchors, (len(original), len(translated))]:
        if before != at or after != line:
            matcher = difflib.SequenceMatcher(None, original[before:at], translated[after:line],
                                              autojunk=False)
            codes += [(tag, a1 + before, a2 + before, b1 + after, b2 + after)
                      for tag, a1, a2, b1, b2 in matcher.get_opcodes()]
        if at < len(original):
            codes.append(("equal", at, at + 1, line, line + 1))
        before, after = at + 1, line + 1
    merged = []
    for code in codes:
        if merged and code[0] == "equal" == merged[-1][0]:
            merged[-1] = ("equal", merged[-1][1], code[2], merged[-1][3], code[4])
        else:
            merged.append(code)
    return merged


@given(st.lists(st.sampled_from(["a\n", "b\n", "}\n", "\n", "c"]), max_size=25),
       st.lists(st.sampled_from(["a\n", "b\n", "}\n", "\n", "x\n"]), max_size=25), st.data())
@settings(max_examples=500, deadline=None)
def test_line_opcodes_build_the_equal_runs_of_the_plain_algorithm(original, translated, data):
    line_map = data.draw(st.one_of(
        st.just([]),
        st.lists(st.integers(1, len(original) + 1), min_size=len(translated),
                 max_size=len(translated) + 1).map(sorted)))
    assert line_opcodes(original, translated, line_map) == \
        _opcodes_line_by_line(original, translated, line_map)
