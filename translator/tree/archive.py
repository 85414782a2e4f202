"""Safe unpacking of uploaded archives (packing result trees is ``translator.output.packing``).

``extract(archive, dest, limits)`` unpacks a zip, tar or gzip-compressed tar (the format
is read from the file's first bytes, never from its name) into DEST and keeps only
regular files and folders. It refuses, with one ``ArchiveError(code, message)`` that
names the offending member (control characters escaped, long names shortened):

- absolute paths, ``..`` components, backslashes (``unsafe-path``); names with control
  characters (newline, tab, NUL, the rest of C0 and DEL), names that are not valid UTF-8
  or a component longer than 255 bytes (``bad-name``); paths of more than
  ``limits.max_depth`` names, folders and file together (``path-too-deep``) or longer
  than ``limits.max_path_bytes`` (``path-too-long``);
- (the archive's own root folder, ``./`` in ``tar czf p.tgz -C project .``, is skipped);
- two members with the same name, also once Unicode-normalised (NFC), or a file and a
  folder of the same name (``duplicate-member``); names differing only by case are kept;
- links (symbolic and hard), devices, fifos, sparse files and other special members;
- encrypted zip members and compression methods Python cannot read;
- more than ``limits.max_files`` members, more than ``limits.max_files`` folders (those a
  member's path makes count too: 2,000 files 60 folders deep would make 120,000), or more
  than ``limits.max_bytes`` unpacked bytes in total (``too-many-files``, ``too-large``);
- a compression bomb (``compression-ratio``): the archive's total unpacked size passes
  both ``limits.max_ratio`` times the archive's size and ``limits.ratio_floor_bytes``
  (64 MiB by default). The ratio is judged on the whole archive, so a realistic tree
  with one large zero-filled table is accepted, and a bomb stops at the floor;
- anything the zip, tar or gzip readers cannot read (``corrupt-archive``), including
  truncated data and oversized tar extension headers.

No other exception escapes for a hostile archive. Sizes are counted while data streams,
never trusted from headers alone, so a 1 GB zero-filled member is stopped after at most
the limit, not after 1 GB. Nothing is ever written outside DEST: paths are checked
before any write, DEST must be empty, and no link is ever created inside it. On any
error what was unpacked is removed again (and DEST too when ``extract`` created it).

``Limits.for_own_archive(upload_limits)`` fits an archive rocport packed itself (the
HIP tree the compile step unpacks again): no ratio test, total caps grown from the
upload caps, and the same refusal of links, special members and unsafe paths.
"""

from __future__ import annotations

import gzip
import lzma
import os
import shutil
import stat
import tarfile
import unicodedata
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Protocol

from translator.tree.archive_names import ArchiveError, safe_relative, shown

__all__ = ["ArchiveError", "Limits", "Extracted", "detect_format", "extract"]

_CHUNK = 1024 * 1024
#: A tar extension header (pax record, GNU long name) holds a name and a few fields;
#: tarfile reads it into memory whole, so a larger one is refused before it is read.
_MAX_TAR_HEADER_BYTES = 1024 * 1024
#: Bytes a migration may add to a path (a renamed suffix), for ``Limits.for_own_archive``.
_OWN_PATH_ROOM = 64
_TAR_EXTENSION_TYPES = (tarfile.XHDTYPE, tarfile.XGLTYPE, tarfile.SOLARIS_XHDTYPE,
                        tarfile.GNUTYPE_LONGNAME, tarfile.GNUTYPE_LONGLINK)


@dataclass(frozen=True)
class Limits:
    """Caps for one ``extract``. ``max_ratio=None`` turns the compression-ratio test off."""

    max_bytes: int = 1024 * 1024 * 1024
    max_files: int = 20_000
    max_ratio: int | None = 100
    ratio_floor_bytes: int = 64 * 1024 * 1024
    max_depth: int = 64
    max_path_bytes: int = 1024

    @classmethod
    def for_own_archive(cls, upload: Limits, growth: int = 4) -> Limits:
        """Limits for an archive rocport packed itself from a tree unpacked under UPLOAD.

        Translation grows text (a launch becomes a longer call) and the packed tree lists
        every folder as a member, so both totals get GROWTH times the upload's caps; there
        is no ratio test, as the archive is ours (a zero-filled table in it is legitimate).
        Renaming (``foo.cu`` to ``foo.hip``) lengthens a path, never deepens it: paths get
        ``_OWN_PATH_ROOM`` more bytes. Name and member-type rules stay as for uploads.
        """
        if growth < 1:
            raise ValueError(f"growth must be at least 1, not {growth}")
        return replace(upload, max_bytes=upload.max_bytes * growth,
                       max_files=upload.max_files * growth, max_ratio=None,
                       max_path_bytes=upload.max_path_bytes + _OWN_PATH_ROOM)


@dataclass(frozen=True)
class Extracted:
    files: int
    folders: int
    bytes: int


def detect_format(path: str | os.PathLike) -> str:
    """``"zip"``, ``"tar.gz"`` or ``"tar"`` from the file's content; ArchiveError otherwise."""
    with open(path, "rb") as handle:
        head = handle.read(512)
    if head.startswith(b"PK\x03\x04") or head.startswith(b"PK\x05\x06"):
        return "zip"
    if head.startswith(b"\x1f\x8b"):
        return "tar.gz"
    if len(head) == 512 and _is_tar_header(head):
        return "tar"
    raise ArchiveError("not-an-archive", "the upload is not a zip, tar or tar.gz archive")


def _is_tar_header(block: bytes) -> bool:
    if block[257:262] == b"ustar":
        return True
    try:
        stored = int(block[148:156].split(b"\0")[0].strip() or b"-1", 8)
    except ValueError:
        return False
    computed = sum(block[:148]) + 8 * 32 + sum(block[156:])
    return stored == computed


class _Readable(Protocol):
    """What ``_Writer.file`` reads a member's bytes from."""

    def read(self, size: int = -1, /) -> bytes: ...


class _Writer:
    """Writes members under DEST while counting files and bytes against the limits."""

    def __init__(self, dest: Path, limits: Limits, archive_bytes: int) -> None:
        self.dest = dest
        self.limits = limits
        self.ratio_budget = (None if limits.max_ratio is None else
                             max(limits.max_ratio * max(archive_bytes, 1),
                                 limits.ratio_floor_bytes))
        self.files = 0
        self.folders = 0
        self.bytes = 0
        self.seen: dict[str, str] = {}  # NFC form -> name as in the archive

    def target(self, name: str) -> Path:
        relative = safe_relative(name, self.limits.max_depth, self.limits.max_path_bytes)
        normal = unicodedata.normalize("NFC", relative)
        if normal in self.seen:
            first = self.seen[normal]
            same = "" if first == relative else f" (as {shown(first)}, once Unicode-normalised)"
            raise ArchiveError("duplicate-member",
                               f"{shown(name)}: appears twice in the archive{same}", name)
        self.seen[normal] = relative
        if len(self.seen) > self.limits.max_files:
            raise ArchiveError(
                "too-many-files",
                f"{shown(name)}: the archive has more than {self.limits.max_files} members",
                name,
            )
        target = self.dest.joinpath(*relative.split("/"))
        # Belt and braces: the checks above already rule this out.
        if self.dest != target and self.dest not in target.parents:
            raise ArchiveError("unsafe-path", f"{shown(name)}: leads outside the archive's "
                               "folder", name)
        return target

    def folder(self, name: str) -> None:
        if _is_root(name):
            return  # "./": the folder the archive was made from, which DEST stands for
        target = self.target(name)
        self._make_folder(target, name)

    def file(self, name: str, stream: _Readable, executable: bool) -> None:
        target = self.target(name)
        self._make_folder(target.parent, name)
        if target.exists():
            raise ArchiveError("duplicate-member",
                               f"{shown(name)}: clashes with a folder of that name", name)
        with open(target, "xb") as out:
            for chunk in iter(lambda: stream.read(_CHUNK), b""):
                self.count(name, len(chunk))
                out.write(chunk)
        os.chmod(target, 0o755 if executable else 0o644)
        self.files += 1

    def count(self, name: str, size: int) -> None:
        """Add SIZE unpacked bytes; raises before they would pass a limit."""
        self.check(name, size)
        self.bytes += size

    def check(self, name: str, size: int) -> None:
        """Raise if SIZE more unpacked bytes would pass a limit."""
        if self.bytes + size > self.limits.max_bytes:
            raise ArchiveError(
                "too-large",
                f"{shown(name)}: unpacking would exceed {self.limits.max_bytes} bytes in total",
                name,
            )
        if self.ratio_budget is not None and self.bytes + size > self.ratio_budget:
            raise ArchiveError(
                "compression-ratio",
                f"{shown(name)}: the archive unpacks to more than {self.limits.max_ratio} "
                f"times its size and more than {self.limits.ratio_floor_bytes} bytes "
                "(a compression bomb?)",
                name,
            )

    def _make_folder(self, folder: Path, name: str) -> None:
        """Make FOLDER and the folders above it; each one made counts against the cap."""
        current = self.dest
        for part in folder.relative_to(self.dest).parts:
            current = current / part
            if current.is_file():
                raise ArchiveError("duplicate-member",
                                   f"{shown(name)}: clashes with a file of that name", name)
            if current.is_dir():
                continue
            if self.folders >= self.limits.max_files:
                raise ArchiveError(
                    "too-many-files", f"{shown(name)}: the archive makes more than "
                    f"{self.limits.max_files} folders", name)
            current.mkdir(mode=0o755)
            self.folders += 1


def _is_root(name: str) -> bool:
    """NAME is the archive's root folder (``.``, ``./``), not a path below it."""
    return not name.startswith("/") and all(part in ("", ".") for part in name.split("/"))


def extract(
    archive: str | os.PathLike, dest: str | os.PathLike, limits: Limits | None = None
) -> Extracted:
    """Unpack ARCHIVE into DEST (created if needed, must be empty). See the module doc."""
    limits = limits or Limits()
    dest_path = Path(dest)
    created = not dest_path.exists()
    dest_path.mkdir(parents=True, exist_ok=True)
    dest_path = dest_path.resolve()
    if any(dest_path.iterdir()):
        raise ValueError(f"{dest_path}: the destination folder must be empty")
    try:
        writer = _Writer(dest_path, limits, os.path.getsize(archive))
        _extract_any(archive, writer)
    except BaseException:
        _remove_unpacked(dest_path, created)
        raise
    return Extracted(writer.files, writer.folders, writer.bytes)


def _extract_any(archive: str | os.PathLike, writer: _Writer) -> None:
    kind = detect_format(archive)
    try:
        if kind == "zip":
            _extract_zip(archive, writer)
        else:
            _extract_tar(archive, writer, compressed=kind == "tar.gz")
    except (zipfile.BadZipFile, zipfile.LargeZipFile, tarfile.TarError, zlib.error, EOFError,
            gzip.BadGzipFile) as error:
        raise ArchiveError("corrupt-archive", f"the archive is damaged: {error}") from error
    except UnicodeDecodeError as error:  # a zip name flagged as UTF-8 that is not
        raise ArchiveError("corrupt-archive",
                           "the archive is damaged: a member's name is not valid UTF-8") from error
    except NotImplementedError as error:  # zip: an unknown compression method
        raise ArchiveError("unsupported-compression",
                           f"the archive uses a compression method rocport cannot read: {error}"
                           ) from error
    except RecursionError as error:  # tar: a chain of extension headers with no member
        raise ArchiveError("corrupt-archive",
                           "the archive is damaged: too many tar headers in a row") from error


def _remove_unpacked(dest: Path, created: bool) -> None:
    """Undo a refused extract: DEST was empty (or absent) before it, and is so again."""
    for child in dest.iterdir():
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child)
        else:
            child.unlink()
    if created:
        dest.rmdir()


def _extract_zip(archive: str | os.PathLike, writer: _Writer) -> None:
    size = os.path.getsize(archive)
    with zipfile.ZipFile(archive) as bundle:
        members = bundle.infolist()
        if len(members) > writer.limits.max_files:
            raise ArchiveError(
                "too-many-files", f"the archive has more than {writer.limits.max_files} members"
            )
        for info in members:
            name, label = info.filename, shown(info.filename)
            mode = info.external_attr >> 16 if info.create_system == 3 else 0
            kind = stat.S_IFMT(mode)
            if kind == stat.S_IFLNK:
                raise ArchiveError("link", f"{label}: links are not allowed", name)
            if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
                raise ArchiveError(
                    "special-file", f"{label}: only regular files and folders are allowed", name
                )
            if info.flag_bits & 0x1:
                raise ArchiveError("encrypted", f"{label}: encrypted members are not supported",
                                   name)
            if name.endswith("/") or kind == stat.S_IFDIR:  # is_dir() fails on an empty name
                writer.folder(name)
                continue
            # A damaged directory can point before the file's start: zipfile would seek there.
            if not 0 <= info.header_offset < size:
                raise ArchiveError("corrupt-archive", f"the archive is damaged: {label} starts "
                                   f"at offset {info.header_offset}, outside the file", name)
            # Refuse early on the declared size; the stream below counts the real bytes.
            writer.check(name, info.file_size)
            with bundle.open(info) as stream:
                writer.file(name, _CheckedStream(stream, name), bool(mode & 0o111))


class _CheckedStream:
    """A zip member's data whose reader errors (bzip2 and lzma raise their own) are ours."""

    def __init__(self, stream: IO[bytes], name: str) -> None:
        self.stream, self.name = stream, name

    def read(self, size: int = -1) -> bytes:
        try:
            return self.stream.read(size)
        except (OSError, EOFError, zlib.error, lzma.LZMAError) as error:
            raise ArchiveError("corrupt-archive", f"the archive is damaged: "
                               f"{shown(self.name)}: {error}", self.name) from error


class _CheckedTarInfo(tarfile.TarInfo):
    """A TarInfo that refuses, before tarfile reads them, the headers it would hold whole."""

    def _proc_member(self, bundle: tarfile.TarFile) -> tarfile.TarInfo:
        if self.type in _TAR_EXTENSION_TYPES and self.size > _MAX_TAR_HEADER_BYTES:
            raise ArchiveError("corrupt-archive", f"the archive is damaged: a tar extension "
                               f"header of {self.size} bytes (at most {_MAX_TAR_HEADER_BYTES})")
        if self.type == tarfile.GNUTYPE_SPARSE:
            raise ArchiveError("special-file", f"{shown(self.name)}: sparse files are not "
                               "allowed", self.name)
        return super()._proc_member(bundle)  # type: ignore[misc]  # typeshed lacks it


def _extract_tar(archive: str | os.PathLike, writer: _Writer, compressed: bool) -> None:
    # Stream mode reads the archive once, front to back, without seeking in the gzip data;
    # the gzip module reads damaged gzip headers more carefully than tarfile's own reader.
    with (gzip.open(archive, "rb") if compressed else open(archive, "rb")) as raw, \
            tarfile.open(fileobj=raw, mode="r|", tarinfo=_CheckedTarInfo) as bundle:
        for member in _tar_members(bundle):
            name, label = member.name, shown(member.name)
            if member.issym() or member.islnk():
                raise ArchiveError("link", f"{label}: links are not allowed", name)
            if member.isdir():
                writer.folder(name)
            elif member.isreg():
                writer.check(name, member.size)
                stream = bundle.extractfile(member)
                assert stream is not None
                writer.file(name, stream, bool(member.mode & 0o111))
            else:
                raise ArchiveError(
                    "special-file",
                    f"{label}: only regular files and folders are allowed "
                    "(devices, fifos and the like are refused)",
                    name,
                )


def _tar_members(bundle: tarfile.TarFile) -> Iterator[tarfile.TarInfo]:
    while True:
        member = bundle.next()
        if member is None:
            return
        yield member
