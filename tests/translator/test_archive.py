"""Safe unpacking: real malformed archives, built here, are refused with a clear error."""

import gzip
import stat
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

from tests.translator.archives import Zeros, member, refused, tar_with
from translator.output.packing import pack_tar_gz
from translator.tree.archive import ArchiveError, Limits, detect_format, extract

GIGABYTE = 1000 * 1000 * 1000


@pytest.fixture
def box(tmp_path):
    """A folder holding the archive and the destination; anything else in it is an escape."""
    (tmp_path / "dest").mkdir()
    return tmp_path


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
    assert "'..'" in error.message
    assert "../evil" in error.message


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
        extract(path, box / "dest", Limits(max_ratio=10, ratio_floor_bytes=1024 * 1024))
    assert list((box / "dest").iterdir()) == []


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
    assert (error.code, error.member) == ("duplicate-member", "./a.cu")


def test_refuses_a_truncated_archive(box):
    good = tar_with(box, (member("a.cu"), b"x" * 5000), compressed=True)
    good.write_bytes(good.read_bytes()[:60])
    assert refused(box, good).code == "corrupt-archive"


def test_refuses_a_non_empty_destination(box):
    archive = tar_with(box, (member("a.cu"), b"x"))
    (box / "dest/old").write_text("keep me")
    with pytest.raises(ValueError, match="the destination folder must be empty"):
        extract(archive, box / "dest")
    assert (box / "dest/old").read_text() == "keep me"


def test_detects_the_format_from_content_not_name(box):
    archive = tar_with(box, (member("a.cu"), b"x"))
    assert detect_format(archive) == "tar"



def realistic_tree_with_a_table(box: Path, table_bytes: int) -> Path:
    """A tar.gz of forty small sources and one zero-filled data table (a lookup table, say)."""
    source = b"__global__ void scale(float* x) { x[threadIdx.x] *= 2.0f; }\n" * 20
    return tar_with(box, *[(member(f"src/k{i}.cu"), source) for i in range(40)],
                    (member("data/table.bin"), bytes(table_bytes)), compressed=True)


def test_accepts_a_realistic_tree_with_a_3_mb_zero_filled_table(box):
    archive = realistic_tree_with_a_table(box, 3_000_000)
    assert archive.stat().st_size < 30_000  # far past 100 times: only the floor saves it
    outcome = extract(archive, box / "dest", Limits(max_ratio=100))
    assert (box / "dest/data/table.bin").stat().st_size == 3_000_000
    assert outcome.files == 41


def test_judges_the_ratio_on_the_whole_archive_past_the_floor(box):
    # No member alone passes the floor of 2 MiB; together they do.
    archive = tar_with(box, *[(member(f"zeros{i}.bin"), bytes(500_000)) for i in range(8)],
                       compressed=True)
    error = refused(box, archive, Limits(max_ratio=100, ratio_floor_bytes=2 * 1024 * 1024))
    assert (error.code, error.member) == ("compression-ratio", "zeros4.bin")
    assert "100 times its size" in error.message


def test_own_archive_limits_have_no_ratio_test_and_grown_caps():
    upload = Limits(max_bytes=1000, max_files=10, max_ratio=100, ratio_floor_bytes=5)
    own = Limits.for_own_archive(upload)
    assert (own.max_bytes, own.max_files, own.max_ratio) == (4000, 40, None)
    assert own.max_depth == upload.max_depth
    assert own.max_path_bytes > upload.max_path_bytes  # foo.cu may have become foo.hip
    with pytest.raises(ValueError, match="growth must be at least 1"):
        Limits.for_own_archive(upload, growth=0)


def test_own_archive_limits_unpack_a_packed_tree_the_upload_limits_refuse(box,
                                                                          tmp_path_factory):
    tree = tmp_path_factory.mktemp("tree")
    for folder in ("src/a", "src/b", "data"):
        (tree / folder).mkdir(parents=True)
    (tree / "src/a/k.hip").write_text("__global__ void k() {}\n")
    (tree / "data/table.bin").write_bytes(bytes(3_000_000))
    packed = pack_tar_gz(tree, box / "upload")
    upload = Limits(max_bytes=4_000_000, max_files=4, max_ratio=100, ratio_floor_bytes=1_000_000)
    assert refused(box, packed, upload).code == "compression-ratio"
    # 6 members (folders count) fit 4 times the upload's 4.
    outcome = extract(packed, box / "dest", Limits.for_own_archive(upload))
    assert (outcome.files, outcome.folders) == (2, 4)


def test_own_archive_limits_still_refuse_links(box):
    archive = tar_with(box, (member("passwd", tarfile.SYMTYPE, linkname="/etc/passwd"), None))
    assert refused(box, archive, Limits.for_own_archive(Limits())).code == "link"


def test_own_archive_limits_still_cap_the_total(box):
    archive = tar_with(box, (member("a.bin"), bytes(5000)), compressed=True)
    error = refused(box, archive, Limits.for_own_archive(Limits(max_bytes=1000)))
    assert (error.code, error.member) == ("too-large", "a.bin")


def test_the_root_entry_of_tar_dash_c_dot_is_skipped(box):
    """``tar czf p.tgz -C project .`` puts ``./`` first: the root, not an unsafe path."""
    archive = tar_with(box, (member("./", tarfile.DIRTYPE), None),
                       (member("./src", tarfile.DIRTYPE), None),
                       (member("./src/k.cu"), b"int k;\n"), compressed=True)
    outcome = extract(archive, box / "dest")
    assert (box / "dest/src/k.cu").read_text() == "int k;\n"
    assert (outcome.files, outcome.folders) == (1, 1)


def test_a_tar_member_name_that_is_not_utf8_is_refused(box):
    archive = tar_with(box, (member(b"caf\xe9.cu".decode("utf-8", "surrogateescape")),
                             b"int k;\n"))
    error = refused(box, archive)
    assert error.code == "bad-name"
    assert "not valid UTF-8" in error.message


def test_folders_a_path_makes_count_against_the_cap(box):
    """Ten files 30 folders deep make 300 folders; the cap is 100."""
    deep = "/".join("abcdefghij"[n % 10] for n in range(30))
    archive = tar_with(box, *[(member(f"r{n}/{deep}/k.cu"), b"int k;\n") for n in range(10)])
    started = time.monotonic()
    error = refused(box, archive, Limits(max_files=100))
    assert error.code == "too-many-files"
    assert "makes more than 100 folders" in error.message
    assert time.monotonic() - started < 5
