"""changes.patch with odd file names: quoted as git quotes them, applied by git and patch."""

import shutil
import subprocess
from pathlib import Path

import pytest

from translator.options import Options
from translator.output.patches import quote_path, tree_patch
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
