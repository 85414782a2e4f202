"""Pack a migrated tree as ``.tar.gz`` or ``.zip`` for download: the one place that does.

Both formats are deterministic: equal trees give equal bytes, whenever and wherever they
are packed. That holds because

- members come in sorted order, folder by folder (a folder before its content, as tar
  and unzip expect);
- every member carries the same fixed timestamp, ``FIXED_TIME`` (1980-01-01 UTC, the
  earliest time a zip can hold). The trees we pack were just written by the migration,
  so their own times only say when the job ran; a fixed time lets two runs of a job, or
  the CLI and the service, be compared byte for byte;
- owners are dropped (uid/gid 0, no names) and the gzip header holds no name or time.

Permission bits are kept as they are in the tree (an executable script stays one).
Symbolic links (only links that stay inside the tree exist in an output tree) are stored
as links; every folder, empty or not, is stored. Nothing outside ROOT is read: links are
never followed.
"""

from __future__ import annotations

import gzip
import os
import stat
import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

__all__ = ["FIXED_TIME", "pack_tar_gz", "pack_zip", "pack"]

#: 1980-01-01 00:00:00 UTC: valid in both formats (zip cannot go earlier).
FIXED_TIME = 315532800
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
_CHUNK = 1 << 20


def _entries(root: Path) -> Iterator[tuple[str, Path, os.stat_result]]:
    """(relative POSIX name, path, lstat) for everything under ROOT, in sorted order."""
    for folder, folders, files in os.walk(root, followlinks=False):
        here = Path(folder)
        # A link to a folder is listed by os.walk among the folders: store it as a link.
        links = [name for name in folders if (here / name).is_symlink()]
        folders[:] = sorted(name for name in folders if name not in links)
        for name in sorted(files + links + folders):
            path = here / name
            yield path.relative_to(root).as_posix(), path, path.lstat()


def pack_tar_gz(root: str | os.PathLike, destination: str | os.PathLike) -> Path:
    """Write ROOT's content (paths relative to ROOT) to a gzip-compressed tar file."""
    root, destination = Path(root), Path(destination)
    with open(destination, "wb") as raw, \
            gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as compressed, \
            tarfile.open(fileobj=compressed, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for name, path, info_stat in _entries(root):
            info = tarfile.TarInfo(name)
            info.mtime = FIXED_TIME
            info.mode = stat.S_IMODE(info_stat.st_mode)
            if stat.S_ISLNK(info_stat.st_mode):
                info.type, info.linkname = tarfile.SYMTYPE, os.readlink(path)
                archive.addfile(info)
            elif stat.S_ISDIR(info_stat.st_mode):
                info.type = tarfile.DIRTYPE
                archive.addfile(info)
            elif stat.S_ISREG(info_stat.st_mode):
                info.size = info_stat.st_size
                with open(path, "rb") as source:
                    archive.addfile(info, source)
    return destination


def pack_zip(root: str | os.PathLike, destination: str | os.PathLike) -> Path:
    """Write ROOT's content to a zip file (deflated; Unix modes and links kept)."""
    root, destination = Path(root), Path(destination)
    with zipfile.ZipFile(destination, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, path, info_stat in _entries(root):
            mode = stat.S_IMODE(info_stat.st_mode)
            if stat.S_ISLNK(info_stat.st_mode):
                info = zipfile.ZipInfo(name, _ZIP_TIME)
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                archive.writestr(info, os.readlink(path))
            elif stat.S_ISDIR(info_stat.st_mode):
                info = zipfile.ZipInfo(name + "/", _ZIP_TIME)
                info.external_attr = (stat.S_IFDIR | mode) << 16 | 0x10  # 0x10: MS-DOS folder
                archive.writestr(info, b"")
            elif stat.S_ISREG(info_stat.st_mode):
                info = zipfile.ZipInfo(name, _ZIP_TIME)
                info.external_attr = (stat.S_IFREG | mode) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                with open(path, "rb") as source, archive.open(info, "w") as target:
                    while chunk := source.read(_CHUNK):
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
