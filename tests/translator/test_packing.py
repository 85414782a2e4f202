"""Packing a tree: both formats are byte-deterministic, keep modes and links, round-trip."""

import os
import stat
import tarfile
import zipfile

import pytest

from translator.archive import extract
from translator.packing import FIXED_TIME, pack, pack_tar_gz, pack_zip


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "tree"
    (root / "src").mkdir(parents=True)
    (root / "src/a.hip").write_text("int a;\n")
    (root / "build.sh").write_text("#!/bin/sh\n")
    os.chmod(root / "build.sh", 0o750)
    (root / "empty").mkdir()
    return root


@pytest.mark.parametrize("packer", [pack_tar_gz, pack_zip], ids=["tar.gz", "zip"])
def test_equal_trees_give_equal_bytes_whatever_their_times(tree, tmp_path, packer):
    first, second = tmp_path / "first", tmp_path / "second"
    packer(tree, first)
    os.utime(tree / "src/a.hip", (1, 1))
    os.utime(tree / "src", (2_000_000_000, 2_000_000_000))
    packer(tree, second)
    assert first.read_bytes() == second.read_bytes()


def test_tar_gz_has_sorted_members_with_modes_a_fixed_time_and_no_owner(tree, tmp_path):
    (tree / "link").symlink_to("src/a.hip")
    pack_tar_gz(tree, tmp_path / "t.tar.gz")
    with tarfile.open(tmp_path / "t.tar.gz") as bundle:
        members = {m.name: m for m in bundle.getmembers()}
        assert list(members) == ["build.sh", "empty", "link", "src", "src/a.hip"]
        assert stat.S_IMODE(members["build.sh"].mode) == 0o750
        assert members["link"].issym() and members["link"].linkname == "src/a.hip"
        assert {m.mtime for m in members.values()} == {FIXED_TIME}
        assert {(m.uid, m.gid, m.uname, m.gname) for m in members.values()} == {(0, 0, "", "")}


def test_zip_has_sorted_members_with_modes_and_a_fixed_time(tree, tmp_path):
    (tree / "link").symlink_to("src/a.hip")
    pack_zip(tree, tmp_path / "t.zip")
    with zipfile.ZipFile(tmp_path / "t.zip") as bundle:
        infos = {info.filename: info for info in bundle.infolist()}
        assert list(infos) == ["build.sh", "empty/", "link", "src/", "src/a.hip"]
        assert stat.S_IMODE(infos["build.sh"].external_attr >> 16) == 0o750
        assert stat.S_ISLNK(infos["link"].external_attr >> 16)
        assert bundle.read("link") == b"src/a.hip"
        assert {info.date_time for info in infos.values()} == {(1980, 1, 1, 0, 0, 0)}


@pytest.mark.parametrize("suffix", [".tar.gz", ".tgz", ".zip"])
def test_packed_tree_unpacks_to_the_same_files(tree, tmp_path, suffix):
    pack(tree, tmp_path / f"tree{suffix}")
    extract(tmp_path / f"tree{suffix}", tmp_path / "out")
    assert (tmp_path / "out/src/a.hip").read_text() == "int a;\n"
    assert (tmp_path / "out/empty").is_dir()
    assert os.access(tmp_path / "out/build.sh", os.X_OK)


def test_refuses_an_unknown_archive_type(tree, tmp_path):
    with pytest.raises(ValueError, match="unknown archive type"):
        pack(tree, tmp_path / "tree.rar")
