"""Unpacking refuses member names no tree should hold: too deep, too long, control characters."""

import io
import shutil
import tarfile
import unicodedata
import zipfile
from pathlib import Path

import pytest

from tests.translator.archives import member, refused, tar_with
from translator.tree.archive import Limits, extract


@pytest.fixture
def box(tmp_path):
    """A folder holding the archive and the destination; anything else in it is an escape."""
    (tmp_path / "dest").mkdir()
    return tmp_path


def pax_tar(box: Path, *names: str) -> Path:
    """A pax tar of one-byte files: any name, however long or odd, is stored as it is."""
    path = box / "upload"
    with tarfile.open(path, "w", format=tarfile.PAX_FORMAT) as bundle:
        for name in names:
            info = tarfile.TarInfo(name)
            info.size = 1
            bundle.addfile(info, io.BytesIO(b"x"))
    return path


def zip_with(box: Path, *names: str) -> Path:
    path = box / "upload"
    with zipfile.ZipFile(path, "w") as bundle:
        for name in names:
            bundle.writestr(name, "x")
    return path


def test_refuses_a_path_2000_folders_deep_and_leaves_no_folder_behind(box):
    deep = "/".join(["d"] * 2000) + "/kernel.cu"
    error = refused(box, pax_tar(box, "ok.cu", deep))
    assert error.code == "path-too-deep"
    assert "a path of more than 64 names (63 folders and a file)" in error.message
    assert len(error.message) < 200
    assert sorted(p.name for p in box.iterdir()) == ["dest", "upload"]
    assert list((box / "dest").iterdir()) == []  # ok.cu, unpacked first, is gone again


def test_unpacks_a_path_exactly_64_levels_deep(box):
    name = "/".join(["d"] * 63) + "/kernel.cu"
    extract(pax_tar(box, name), box / "dest")
    assert (box / "dest" / name).read_bytes() == b"x"


def test_refuses_a_path_longer_than_1024_bytes(box):
    name = "/".join(["f" * 170] * 6) + "/kernel.cu"  # 7 levels, 1035 bytes
    error = refused(box, pax_tar(box, name))
    assert error.code == "path-too-long"
    assert "longer than 1024 bytes" in error.message


def test_the_path_limits_can_be_set(box):
    archive = pax_tar(box, "a/b/c/kernel.cu")
    assert refused(box, archive, Limits(max_depth=3)).code == "path-too-deep"
    assert refused(box, archive, Limits(max_path_bytes=10)).code == "path-too-long"


@pytest.mark.parametrize("build", [pax_tar, zip_with], ids=["tar", "zip"])
def test_refuses_a_300_byte_name_clearly(box, build):
    name = "src/" + "k" * 297 + ".cu"
    error = refused(box, build(box, name))
    assert (error.code, error.member) == ("bad-name", name)
    assert "longer than 255 bytes" in error.message
    assert error.message.startswith("src/kkk")
    assert "..." in error.message
    assert len(error.message) < 200


def test_counts_a_name_in_bytes_not_characters(box):
    name = "\u00e9" * 128 + ".cu"  # 131 characters, 259 bytes in UTF-8
    assert refused(box, pax_tar(box, name)).code == "bad-name"


@pytest.mark.parametrize("character", ["\n", "\r", "\t", "\x01", "\x1b", "\x7f"],
                         ids=["newline", "cr", "tab", "soh", "escape", "del"])
def test_refuses_names_with_control_characters(box, character):
    name = f"src/odd{character}name.cu"
    error = refused(box, tar_with(box, (member(name), b"x")))
    assert (error.code, error.member) == ("bad-name", name)
    assert repr(character)[1:-1] in error.message  # escaped: the message stays one line
    assert "\n" not in error.message
    assert "\r" not in error.message


def test_refuses_a_newline_in_a_zip_name(box):
    error = refused(box, zip_with(box, "a.cu", "odd\nname.cu"))
    assert (error.code, error.message.split(":")[0]) == ("bad-name", "odd\\nname.cu")


def test_refuses_a_nul_byte_in_a_pax_path(box):
    info = member("safe.cu", pax_headers={"path": "safe.cu\x00.sh"})
    error = refused(box, tar_with(box, (info, b"x")))
    assert error.code == "bad-name"
    assert "\\x00" in error.message


def test_keeps_names_that_differ_only_by_case(box):
    extract(zip_with(box, "Kernel.cu", "kernel.cu", "KERNEL/a.cu", "kernel/a.cu"), box / "dest")
    assert sorted(p.name for p in (box / "dest").iterdir()) == [
        "KERNEL", "Kernel.cu", "kernel", "kernel.cu"]


def test_refuses_two_names_equal_once_unicode_normalised(box):
    composed = unicodedata.normalize("NFC", "caf\u00e9.cu")
    decomposed = unicodedata.normalize("NFD", composed)
    assert composed != decomposed
    error = refused(box, pax_tar(box, composed, decomposed))
    assert (error.code, error.member) == ("duplicate-member", decomposed)
    assert "Unicode-normalised" in error.message


def test_keeps_non_ascii_names(box):
    extract(pax_tar(box, "donn\u00e9es/\u8868.cu"), box / "dest")
    assert (box / "dest/donn\u00e9es/\u8868.cu").read_bytes() == b"x"


def test_the_depth_limit_is_what_the_message_says(box):
    """63 folders and a file are unpacked; 64 folders and a file are refused."""
    deepest = "/".join(["d"] * 63) + "/kernel.cu"
    extract(pax_tar(box, deepest), box / "dest")
    assert (box / "dest" / deepest).is_file()
    too_deep = "/".join(["e"] * 64) + "/kernel.cu"
    shutil.rmtree(box / "dest")
    (box / "dest").mkdir()
    assert refused(box, pax_tar(box, too_deep)).code == "path-too-deep"
