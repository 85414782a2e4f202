"""Safe unpacking: real malformed archives, built here, are refused with a clear error."""

import gzip
import io
import stat
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

from translator.archive import ArchiveError, Limits, detect_format, extract

GIGABYTE = 1000 * 1000 * 1000


class Zeros(io.RawIOBase):
    """A stream of SIZE zero bytes that never exists in memory or on disk as a whole."""

    def __init__(self, size):
        self.left = size

    def readable(self):
        return True

    def readinto(self, buffer):
        count = min(len(buffer), self.left)
        buffer[:count] = bytes(count)
        self.left -= count
        return count


@pytest.fixture
def box(tmp_path):
    """A folder holding the archive and the destination; anything else in it is an escape."""
    (tmp_path / "dest").mkdir()
    return tmp_path


def files_outside_dest(box: Path) -> list[str]:
    return sorted(
        str(path.relative_to(box))
        for path in box.rglob("*")
        if path.name != "upload" and "dest" not in path.relative_to(box).parts
    )


def tar_with(box: Path, *members: tuple[tarfile.TarInfo, bytes | None], compressed=False) -> Path:
    path = box / "upload"
    with tarfile.open(path, "w:gz" if compressed else "w") as bundle:
        for info, data in members:
            if data is not None:
                info.size = len(data)
            bundle.addfile(info, io.BytesIO(data) if data is not None else None)
    return path


def member(name, kind=tarfile.REGTYPE, **fields):
    info = tarfile.TarInfo(name)
    info.type = kind
    for key, value in fields.items():
        setattr(info, key, value)
    return info


def refused(box: Path, archive: Path, limits=None) -> ArchiveError:
    with pytest.raises(ArchiveError) as caught:
        extract(archive, box / "dest", limits)
    assert files_outside_dest(box) == []
    return caught.value


def test_unpacks_files_and_folders_of_a_zip(box):
    path = box / "upload"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr("project/", "")
        bundle.writestr("project/src/saxpy.cu", "__global__ void k() {}\n")
        bundle.writestr("./project/README", "hello\n")
    outcome = extract(path, box / "dest")
    assert (box / "dest/project/src/saxpy.cu").read_text() == "__global__ void k() {}\n"
    assert (box / "dest/project/README").read_text() == "hello\n"
    assert (outcome.files, outcome.bytes) == (2, 29)


def test_unpacks_a_tar_gz_and_keeps_only_the_executable_bit(box):
    archive = tar_with(
        box, (member("run.sh", mode=0o4755), b"#!/bin/sh\n"), (member("a.cu", mode=0o600), b"x"),
        compressed=True,
    )
    extract(archive, box / "dest")
    assert stat.S_IMODE((box / "dest/run.sh").stat().st_mode) == 0o755
    assert stat.S_IMODE((box / "dest/a.cu").stat().st_mode) == 0o644


def test_refuses_a_file_that_is_not_an_archive(box):
    path = box / "upload"
    path.write_bytes(b"#include <cuda_runtime.h>\nint main() {}\n")
    error = refused(box, path)
    assert (error.code, error.message) == (
        "not-an-archive", "the upload is not a zip, tar or tar.gz archive"
    )


def test_refuses_a_gzip_file_that_holds_no_tar(box):
    path = box / "upload"
    path.write_bytes(gzip.compress(b"just some text, no tar headers at all\n" * 20))
    assert refused(box, path).code == "corrupt-archive"


def test_refuses_zip_member_with_parent_folder(box):
    path = box / "upload"
    with zipfile.ZipFile(path, "w") as bundle:
        bundle.writestr("good.cu", "int x;\n")
        bundle.writestr("../evil", "owned\n")
    error = refused(box, path)
    assert (error.code, error.member) == ("unsafe-path", "../evil")
    assert "'..'" in error.message and "../evil" in error.message


def test_refuses_tar_with_symbolic_link(box):
    archive = tar_with(box, (member("passwd", tarfile.SYMTYPE, linkname="/etc/passwd"), None))
    error = refused(box, archive)
    assert (error.code, error.message) == ("link", "passwd: links are not allowed")
    assert list((box / "dest").iterdir()) == []


def test_refuses_tar_with_hard_link(box):
    archive = tar_with(box, (member("a.cu"), b"x"), (member("b.cu", tarfile.LNKTYPE,
                                                               linkname="a.cu"), None))
    assert refused(box, archive).code == "link"


def test_refuses_zip_with_symbolic_link(box):
    path = box / "upload"
    with zipfile.ZipFile(path, "w") as bundle:
        info = zipfile.ZipInfo("link")
        info.create_system = 3
        info.external_attr = (stat.S_IFLNK | 0o777) << 16
        bundle.writestr(info, "/etc/passwd")
    assert refused(box, path).code == "link"


def test_refuses_absolute_path(box):
    archive = tar_with(box, (member("/tmp/rocport-evil"), b"owned\n"))
    error = refused(box, archive)
    assert error.code == "unsafe-path"
    assert "absolute" in error.message
    assert not Path("/tmp/rocport-evil").exists()


@pytest.mark.parametrize("kind", [tarfile.CHRTYPE, tarfile.BLKTYPE, tarfile.FIFOTYPE])
def test_refuses_devices_and_fifos(box, kind):
    archive = tar_with(box, (member("dev/thing", kind, devmajor=1, devminor=3), None))
    error = refused(box, archive)
    assert (error.code, error.member) == ("special-file", "dev/thing")


def test_stops_a_gigabyte_of_zeros_in_a_tar_gz_early(box):
    path = box / "upload"
    with tarfile.open(path, "w:gz", compresslevel=1) as bundle:
        bundle.addfile(member("zeros.bin", size=GIGABYTE), Zeros(GIGABYTE))
    started = time.monotonic()
    error = refused(box, path)
    assert error.code == "compression-ratio"
    assert "zeros.bin" in error.message
    assert time.monotonic() - started < 30
    assert list((box / "dest").iterdir()) == []


def test_stops_a_gigabyte_of_zeros_in_a_zip_early(box):
    path = box / "upload"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as bundle:
        info = zipfile.ZipInfo("zeros.bin")
        info.compress_type = zipfile.ZIP_DEFLATED
        with bundle.open(info, "w", force_zip64=True) as out:
            zeros = Zeros(GIGABYTE)
            while chunk := zeros.read(8 * 1024 * 1024):
                out.write(chunk)
    error = refused(box, path)
    assert error.code == "compression-ratio"
    assert "zeros.bin" in error.message
    assert list((box / "dest").iterdir()) == []


def test_counts_real_bytes_when_a_zip_header_understates_the_size(box):
    path = box / "upload"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr("big.txt", b"z" * 5_000_000)
    data = bytearray(path.read_bytes())
    # Patch the declared size in the central directory to a tiny number.
    central = data.rindex(b"PK\x01\x02")
    data[central + 24 : central + 28] = (100).to_bytes(4, "little")
    path.write_bytes(bytes(data))
    with pytest.raises(ArchiveError):
        extract(path, box / "dest", Limits(max_ratio=10))
    written = sum(p.stat().st_size for p in (box / "dest").rglob("*") if p.is_file())
    assert written <= 1024 * 1024 + 100


def test_counts_streamed_bytes_against_the_total_limit(box):
    archive = tar_with(box, (member("a.txt"), b"a" * 600), (member("b.txt"), b"b" * 600))
    error = refused(box, archive, Limits(max_bytes=1000, max_ratio=1000))
    assert (error.code, error.member) == ("too-large", "b.txt")


def test_caps_the_number_of_files(box):
    archive = tar_with(box, *[(member(f"f{i}.cu"), b"x") for i in range(4)])
    assert refused(box, archive, Limits(max_files=3)).code == "too-many-files"


def test_refuses_duplicate_members(box):
    archive = tar_with(box, (member("a.cu"), b"first"), (member("./a.cu"), b"second"))
    error = refused(box, archive)
    assert error.code == "duplicate-member"
    assert (box / "dest/a.cu").read_bytes() == b"first"


def test_refuses_a_truncated_archive(box):
    good = tar_with(box, (member("a.cu"), b"x" * 5000), compressed=True)
    good.write_bytes(good.read_bytes()[:60])
    assert refused(box, good).code == "corrupt-archive"


def test_refuses_a_non_empty_destination(box):
    archive = tar_with(box, (member("a.cu"), b"x"))
    (box / "dest/old").write_text("keep me")
    with pytest.raises(ValueError):
        extract(archive, box / "dest")
    assert (box / "dest/old").read_text() == "keep me"


def test_detects_the_format_from_content_not_name(box):
    archive = tar_with(box, (member("a.cu"), b"x"))
    assert detect_format(archive) == "tar"

