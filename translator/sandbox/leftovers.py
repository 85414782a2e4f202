"""What a sandboxed command left in its writable folder, read on the host without trusting it.

Code that runs in a sandbox (a project's CMake scripts, its ``$(shell ...)``, a translator
that a hostile file took over) can leave anything in the folder it may write: links to
host files (``/etc/shadow``, ``/proc/self/environ``), dangling links, FIFOs, device
nodes, files of any size, folders nested without end. The host must never open such a
thing by name: a link would make a root process read the host on the sandbox's behalf, a
FIFO would block it, ``/dev/zero`` would fill its memory. Every host-side read of a
sandbox's folder therefore goes through this module:

- TOP, the folder the host made and bound into the sandbox, is trusted; every folder below
  it is entered relative to the one before with ``O_NOFOLLOW | O_DIRECTORY``, so a link
  anywhere on the way is refused, never followed;
- a file must be a regular file by ``lstat`` before it is opened (a FIFO or device is
  never opened), is opened with ``O_NOFOLLOW | O_NONBLOCK`` and checked again with
  ``fstat`` (same inode, still regular);
- what is read is capped, and so are the files and the depth of a walk.

The sandbox's processes are gone when the host reads (their PID namespace ends with the
command), so nothing changes under these reads; the checks do not rely on it.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import BinaryIO

__all__ = ["Refused", "Copied", "open_regular", "read_regular", "copy_regular_files",
           "MAX_DEPTH"]

#: Folders nested deeper than this below the walked folder are not entered.
MAX_DEPTH = 64
_FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
_BLOCK = 1 << 20


class Refused(Exception):
    """A path left by a sandbox that the host will not read; the message says why."""


def _parts(relative: str) -> list[str]:
    parts = [part for part in PurePosixPath(relative).parts if part not in ("", ".")]
    if not parts or relative.startswith("/") or ".." in parts:
        raise Refused(f"{relative!r} is not a path below the sandbox's folder")
    return parts


@contextlib.contextmanager
def _folder(top: Path, parts: list[str]) -> Iterator[int]:
    """A descriptor of TOP/PARTS, every part entered without following a link."""
    descriptor = os.open(top, _FOLDER_FLAGS)
    try:
        for number, part in enumerate(parts):
            try:
                inner = os.open(part, _FOLDER_FLAGS, dir_fd=descriptor)
            except OSError as error:
                raise Refused(f"{'/'.join(parts[:number + 1])}: "
                              f"{_why_not_a_folder(descriptor, part, error)}") from None
            os.close(descriptor)
            descriptor = inner
        yield descriptor
    finally:
        os.close(descriptor)


def _why_not_a_folder(folder: int, name: str, error: OSError) -> str:
    try:
        mode = os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode
    except OSError:
        return str(error.strerror)
    return f"{_kind(mode)}, not a folder"


def _open_in(folder: int, name: str) -> BinaryIO:
    """NAME in the folder FOLDER, opened for reading if it is a regular file."""
    try:
        before = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except OSError as error:
        raise Refused(error.strerror) from None
    if not stat.S_ISREG(before.st_mode):
        raise Refused(f"{_kind(before.st_mode)}, not a regular file")
    try:
        handle = os.open(name, _FILE_FLAGS, dir_fd=folder)
    except OSError as error:
        raise Refused(error.strerror) from None
    after = os.fstat(handle)
    if not stat.S_ISREG(after.st_mode) or (after.st_dev, after.st_ino) != (
            before.st_dev, before.st_ino):
        os.close(handle)
        raise Refused("changed while it was opened")
    return os.fdopen(handle, "rb")


def open_regular(top: Path, relative: str) -> BinaryIO:
    """TOP/RELATIVE opened for reading: TOP is the host's folder, RELATIVE a path the
    sandbox may have made. Raises Refused for a link anywhere on the way, a file that is
    not regular, or a path that does not exist."""
    *folders, name = _parts(relative)
    with _folder(Path(top), folders) as folder:
        try:
            return _open_in(folder, name)
        except Refused as error:
            raise Refused(f"{relative}: {error}") from None


def read_regular(top: Path, relative: str, limit: int) -> bytes:
    """The bytes of TOP/RELATIVE (see ``open_regular``); Refused when over LIMIT bytes."""
    with open_regular(top, relative) as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise Refused(f"{relative}: larger than {limit} bytes")
    return data


@dataclass
class Copied:
    """What ``copy_regular_files`` copied (tree-relative paths), and what it left."""

    files: list[str] = field(default_factory=list)
    bytes: int = 0
    #: "path: why" for every link, special file, oversized file or folder it passed by.
    refused: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Caps:
    file_bytes: int
    total_bytes: int
    files: int


def copy_regular_files(top: Path, relative: str, target: Path, *,
                       accept: Callable[[str], bool],
                       skip_folders: frozenset[str] = frozenset(),
                       file_bytes: int = 16 << 20, total_bytes: int = 64 << 20,
                       files: int = 10_000) -> Copied:
    """Copy the regular files below TOP/RELATIVE whose names ACCEPT takes into TARGET
    (a folder of the host's, same layout), never following a link; folders named in
    SKIP_FOLDERS are not entered. A file over FILE_BYTES, or one past TOTAL_BYTES or FILES
    in all, is left and named in ``refused``, as is every link and special file."""
    copied = Copied()
    caps = _Caps(file_bytes, total_bytes, files)
    try:
        with _folder(Path(top), _parts(relative) if relative not in ("", ".") else []) as folder:
            _copy_folder(folder, "", Path(target), accept, skip_folders, caps, copied, 0)
    except Refused as error:
        copied.refused.append(str(error))
    except FileNotFoundError:
        pass  # nothing was left there
    return copied


def _copy_folder(folder: int, prefix: str, target: Path, accept: Callable[[str], bool],
                 skip: frozenset[str], caps: _Caps, copied: Copied, depth: int) -> None:
    with os.scandir(folder) as entries:
        listed = sorted((entry.name, entry.stat(follow_symlinks=False).st_mode)
                        for entry in entries)
    for name, mode in listed:
        path = prefix + name
        if stat.S_ISDIR(mode):
            if name in skip:
                continue
            if depth >= MAX_DEPTH:
                copied.refused.append(f"{path}: nested deeper than {MAX_DEPTH} folders")
                continue
            try:
                inner = os.open(name, _FOLDER_FLAGS, dir_fd=folder)
            except OSError as error:
                copied.refused.append(f"{path}: {_why_not_a_folder(folder, name, error)}")
                continue
            try:
                _copy_folder(inner, path + "/", target, accept, skip, caps, copied, depth + 1)
            finally:
                os.close(inner)
        elif not stat.S_ISREG(mode):
            if accept(name):
                copied.refused.append(f"{path}: {_kind(mode)}, not a regular file")
        elif accept(name):
            _copy_file(folder, name, path, target, caps, copied)


def _copy_file(folder: int, name: str, path: str, target: Path, caps: _Caps,
               copied: Copied) -> None:
    if len(copied.files) >= caps.files:
        copied.refused.append(f"{path}: more than {caps.files} files")
        return
    try:
        stream = _open_in(folder, name)
    except Refused as error:
        copied.refused.append(f"{path}: {error}")
        return
    with stream:
        size = os.fstat(stream.fileno()).st_size
        if size > caps.file_bytes or copied.bytes + size > caps.total_bytes:
            copied.refused.append(f"{path}: {size} bytes, over the limit")
            return
        destination = target / path
        destination.parent.mkdir(parents=True, exist_ok=True)
        written = 0
        with open(destination, "xb") as out:
            while written <= size:  # a file that grows past its size is cut there
                block = stream.read(min(_BLOCK, size + 1 - written))
                if not block:
                    break
                out.write(block[:size - written])
                written += len(block)
    copied.files.append(path)
    copied.bytes += min(written, size)


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISLNK, "a link"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder")):
        if test(mode):
            return name
    return "not a regular file"
