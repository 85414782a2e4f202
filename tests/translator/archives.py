"""Building real archives for the unpacking tests, and checking what a refusal left."""

import io
import tarfile
from pathlib import Path

import pytest

from translator.tree.archive import ArchiveError, extract


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
    """The ArchiveError of unpacking ARCHIVE, after checking that nothing was left behind."""
    with pytest.raises(ArchiveError) as caught:
        extract(archive, box / "dest", limits)
    assert files_outside_dest(box) == []
    assert list((box / "dest").iterdir()) == []
    return caught.value
