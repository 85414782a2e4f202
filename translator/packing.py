"""Pack a migrated tree as ``.tar.gz`` or ``.zip`` for download.

Entries are stored in sorted order with their modes; symbolic links (only links that
stay inside the tree exist in an output tree) are stored as links; empty folders are
kept. Nothing outside ROOT is read: links are never followed.
"""

from __future__ import annotations

import os
import stat
import tarfile
import time
import zipfile
from pathlib import Path

__all__ = ["pack_tar_gz", "pack_zip", "pack"]


def _entries(root: Path):
    for folder, folders, files in os.walk(root, followlinks=False):
        folders.sort()
        here = Path(folder)
        for name in sorted(files + [f for f in folders if (here / f).is_symlink()]):
            yield here / name
        folders[:] = [f for f in folders if not (here / f).is_symlink()]
        if not files and not folders and here != root:
            yield here


def pack_tar_gz(root: str | os.PathLike, destination: str | os.PathLike) -> Path:
    """Write ROOT's content (paths relative to ROOT) to a gzip-compressed tar file."""
    root, destination = Path(root), Path(destination)
    with tarfile.open(destination, "w:gz") as archive:
        for path in _entries(root):
            archive.add(path, arcname=path.relative_to(root).as_posix(), recursive=False)
    return destination


def pack_zip(root: str | os.PathLike, destination: str | os.PathLike) -> Path:
    """Write ROOT's content to a zip file (deflated; Unix modes and links kept)."""
    root, destination = Path(root), Path(destination)
    with zipfile.ZipFile(destination, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in _entries(root):
            name = path.relative_to(root).as_posix()
            info_stat = path.lstat()
            stamp = time.localtime(max(info_stat.st_mtime, 315532800))[:6]  # zip starts in 1980
            if stat.S_ISLNK(info_stat.st_mode):
                info = zipfile.ZipInfo(name, stamp)
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                archive.writestr(info, os.readlink(path))
            elif stat.S_ISDIR(info_stat.st_mode):
                info = zipfile.ZipInfo(name + "/", stamp)
                info.external_attr = (stat.S_IFDIR | stat.S_IMODE(info_stat.st_mode)) << 16 | 0x10
                archive.writestr(info, b"")
            else:
                info = zipfile.ZipInfo(name, stamp)
                info.external_attr = (stat.S_IFREG | stat.S_IMODE(info_stat.st_mode)) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                with open(path, "rb") as source, archive.open(info, "w") as target:
                    while chunk := source.read(1 << 20):
                        target.write(chunk)
    return destination


def pack(root: str | os.PathLike, destination: str | os.PathLike) -> Path:
    """Pack by the destination's suffix: ``.zip``, ``.tar.gz`` or ``.tgz``."""
    name = str(destination)
    if name.endswith(".zip"):
        return pack_zip(root, destination)
    if name.endswith((".tar.gz", ".tgz")):
        return pack_tar_gz(root, destination)
    raise ValueError(f"unknown archive type for {name!r} (use .zip, .tar.gz or .tgz)")
