"""Safe unpacking of uploaded archives (packing result trees is ``translator.packing``).

``extract(archive, dest, limits)`` unpacks a zip, tar or gzip-compressed tar (the format
is read from the file's first bytes, never from its name) into DEST and keeps only
regular files and folders. It refuses, with one ``ArchiveError(code, message)`` that
names the offending member:

- absolute paths, ``..`` components, backslashes, NUL bytes, duplicate names;
- links (symbolic and hard), devices, fifos and other special members;
- more than ``limits.max_files`` members, more than ``limits.max_bytes`` unpacked,
  or unpacked bytes beyond ``limits.max_ratio`` times the archive's size (once past
  ``limits.ratio_floor_bytes``, so small text archives are not refused).

Sizes are counted while data streams, never trusted from headers alone, so a 1 GB
zero-filled member is stopped after at most the limit, not after 1 GB. Nothing is ever
written outside DEST: paths are checked before any write, DEST must be empty, and no
link is ever created inside it. On error DEST may hold a partial tree; callers unpack
into a scratch folder they own and delete.
"""

from __future__ import annotations

import gzip
import os
import stat
import tarfile
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import BinaryIO

__all__ = ["ArchiveError", "Limits", "Extracted", "detect_format", "extract"]

_CHUNK = 1024 * 1024


class ArchiveError(Exception):
    """An archive that cannot be unpacked safely. ``code`` is stable, ``message`` is for people."""

    def __init__(self, code: str, message: str, member: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.member = member


@dataclass(frozen=True)
class Limits:
    max_bytes: int = 1024 * 1024 * 1024
    max_files: int = 20_000
    max_ratio: int = 100
    ratio_floor_bytes: int = 1024 * 1024


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


class _Writer:
    """Writes members under DEST while counting files and bytes against the limits."""

    def __init__(self, dest: Path, limits: Limits, archive_bytes: int) -> None:
        self.dest = dest
        self.limits = limits
        self.ratio_budget = max(limits.max_ratio * max(archive_bytes, 1), limits.ratio_floor_bytes)
        self.files = 0
        self.folders = 0
        self.bytes = 0
        self.seen: set[str] = set()

    def target(self, name: str) -> tuple[Path, str]:
        relative = _safe_relative(name)
        if relative in self.seen:
            raise ArchiveError("duplicate-member", f"{name}: appears twice in the archive", name)
        self.seen.add(relative)
        if len(self.seen) > self.limits.max_files:
            raise ArchiveError(
                "too-many-files",
                f"{name}: the archive has more than {self.limits.max_files} members",
                name,
            )
        target = self.dest.joinpath(*relative.split("/"))
        # Belt and braces: the checks above already rule this out.
        if self.dest != target and self.dest not in target.parents:
            raise ArchiveError("unsafe-path", f"{name}: leads outside the archive's folder", name)
        return target, relative

    def folder(self, name: str) -> None:
        target, _ = self.target(name)
        self._make_folder(target, name)
        self.folders += 1

    def file(self, name: str, stream: BinaryIO, executable: bool) -> None:
        target, _ = self.target(name)
        self._make_folder(target.parent, name)
        if target.exists():
            raise ArchiveError("duplicate-member", f"{name}: clashes with a folder of that name",
                               name)
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
                f"{name}: unpacking would exceed {self.limits.max_bytes} bytes in total",
                name,
            )
        if self.bytes + size > self.ratio_budget:
            raise ArchiveError(
                "compression-ratio",
                f"{name}: unpacks to more than {self.limits.max_ratio} times the archive's size "
                "(a compression bomb?)",
                name,
            )

    def _make_folder(self, folder: Path, name: str) -> None:
        current = self.dest
        for part in folder.relative_to(self.dest).parts:
            current = current / part
            if current.is_file():
                raise ArchiveError("duplicate-member", f"{name}: clashes with a file of that name",
                                   name)
            current.mkdir(mode=0o755, exist_ok=True)


def _safe_relative(name: str) -> str:
    """NAME as a clean relative POSIX path, or ArchiveError('unsafe-path')."""
    if "\0" in name or "\\" in name:
        raise ArchiveError("unsafe-path", f"{name!r}: has a NUL byte or a backslash", name)
    if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        raise ArchiveError("unsafe-path", f"{name}: absolute paths are not allowed", name)
    parts = [part for part in PurePosixPath(name).parts if part not in ("", ".")]
    if ".." in parts:
        raise ArchiveError("unsafe-path", f"{name}: '..' in a path is not allowed", name)
    if not parts:
        raise ArchiveError("unsafe-path", f"{name!r}: an empty path", name)
    return "/".join(parts)


def extract(
    archive: str | os.PathLike, dest: str | os.PathLike, limits: Limits | None = None
) -> Extracted:
    """Unpack ARCHIVE into DEST (created if needed, must be empty). See the module doc."""
    limits = limits or Limits()
    dest_path = Path(dest)
    dest_path.mkdir(parents=True, exist_ok=True)
    dest_path = dest_path.resolve()
    if any(dest_path.iterdir()):
        raise ValueError(f"{dest_path}: the destination folder must be empty")
    kind = detect_format(archive)
    writer = _Writer(dest_path, limits, os.path.getsize(archive))
    try:
        if kind == "zip":
            _extract_zip(archive, writer)
        else:
            _extract_tar(archive, writer, compressed=kind == "tar.gz")
    except (zipfile.BadZipFile, tarfile.TarError, zlib.error, EOFError, gzip.BadGzipFile) as error:
        raise ArchiveError("corrupt-archive", f"the archive is damaged: {error}") from error
    return Extracted(writer.files, writer.folders, writer.bytes)


def _extract_zip(archive: str | os.PathLike, writer: _Writer) -> None:
    with zipfile.ZipFile(archive) as bundle:
        members = bundle.infolist()
        if len(members) > writer.limits.max_files:
            raise ArchiveError(
                "too-many-files", f"the archive has more than {writer.limits.max_files} members"
            )
        for info in members:
            mode = info.external_attr >> 16 if info.create_system == 3 else 0
            kind = stat.S_IFMT(mode)
            if kind == stat.S_IFLNK:
                raise ArchiveError("link", f"{info.filename}: links are not allowed", info.filename)
            if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
                raise ArchiveError(
                    "special-file",
                    f"{info.filename}: only regular files and folders are allowed",
                    info.filename,
                )
            if info.flag_bits & 0x1:
                raise ArchiveError("encrypted", f"{info.filename}: encrypted members are not "
                                   "supported", info.filename)
            if info.is_dir() or kind == stat.S_IFDIR:
                writer.folder(info.filename)
                continue
            # Refuse early on the declared size; the stream below counts the real bytes.
            writer.check(info.filename, info.file_size)
            with bundle.open(info) as stream:
                writer.file(info.filename, stream, bool(mode & 0o111))


def _extract_tar(archive: str | os.PathLike, writer: _Writer, compressed: bool) -> None:
    # Stream mode reads the archive once, front to back, without seeking in the gzip data.
    with tarfile.open(archive, mode="r|gz" if compressed else "r|") as bundle:
        for member in _tar_members(bundle):
            if member.issym() or member.islnk():
                raise ArchiveError("link", f"{member.name}: links are not allowed", member.name)
            if member.isdir():
                writer.folder(member.name)
            elif member.isreg():
                writer.check(member.name, member.size)
                stream = bundle.extractfile(member)
                assert stream is not None
                writer.file(member.name, stream, bool(member.mode & 0o111))
            else:
                raise ArchiveError(
                    "special-file",
                    f"{member.name}: only regular files and folders are allowed "
                    "(devices, fifos and the like are refused)",
                    member.name,
                )


def _tar_members(bundle: tarfile.TarFile) -> Iterator[tarfile.TarInfo]:
    while True:
        member = bundle.next()
        if member is None:
            return
        yield member

