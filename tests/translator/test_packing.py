"""Packing a tree: both formats are byte-deterministic, keep modes and links, round-trip."""

import calendar
import os
import stat
import tarfile
import zipfile

import pytest

from translator.output.packing import FIXED_TIME, pack, pack_tar_gz, pack_zip
from translator.tree.archive import extract


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "tree"
    (root / "src").mkdir(parents=True)
    (root / "src/a.hip").write_text("int a;\n")
    os.chmod(root / "src/a.hip", 0o644)  # whatever the umask
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


def listing(path):
    """(name, permission bits, link target or None, time) of each member, tar or zip alike."""
    if path.suffix == ".zip":
        with zipfile.ZipFile(path) as bundle:
            return [(info.filename.rstrip("/"), stat.S_IMODE(info.external_attr >> 16),
                     bundle.read(info).decode() if stat.S_ISLNK(info.external_attr >> 16)
                     else None, calendar.timegm(info.date_time)) for info in bundle.infolist()]
    with tarfile.open(path) as bundle:
        return [(m.name, m.mode, m.linkname if m.issym() else None, m.mtime)
                for m in bundle.getmembers()]


@pytest.mark.parametrize("suffix", [".tar.gz", ".zip"])
def test_members_are_sorted_with_their_modes_links_and_one_fixed_time(tree, tmp_path, suffix):
    (tree / "link").symlink_to("src/a.hip")
    os.chmod(tree / "empty", 0o700)
    members = listing(pack(tree, tmp_path / f"tree{suffix}"))
    assert [name for name, *_ in members] == ["build.sh", "empty", "link", "src", "src/a.hip"]
    modes = {name: mode for name, mode, *_ in members}
    assert (modes["build.sh"], modes["empty"], modes["src/a.hip"]) == (0o750, 0o700, 0o644)
    assert [link for _, _, link, _ in members if link] == ["src/a.hip"]
    assert {time for *_, time in members} == {FIXED_TIME}


def test_tar_gz_names_no_owner(tree, tmp_path):
    with tarfile.open(pack_tar_gz(tree, tmp_path / "tree.tar.gz")) as bundle:
        owners = {(m.uid, m.gid, m.uname, m.gname) for m in bundle.getmembers()}
    assert owners == {(0, 0, "", "")}


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
