"""Small factories for web and worker tests: users, jobs and archives."""

from __future__ import annotations

import io
import itertools
import tarfile
import zipfile
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile

from webapp.jobs.models import Job

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "saxpy"
PASSWORD = "correct horse battery staple"
_numbers = itertools.count(1)


def make_user(**overrides):
    username = overrides.pop("username", f"user{next(_numbers)}")
    user = get_user_model().objects.create_user(username=username, password=PASSWORD,
                                                **overrides)
    return user


def make_job(**overrides) -> Job:
    """A saved Job; pass ``archive=bytes`` (and ``suffix``) to store an input too."""
    archive = overrides.pop("archive", None)
    suffix = overrides.pop("suffix", ".zip")
    overrides.setdefault("owner", make_user())
    overrides.setdefault("source_name", f"project{suffix}")
    job = Job.objects.create(**overrides)
    if archive is not None:
        job.store_input(ContentFile(archive), suffix)
    return job


def zip_bytes(files: dict[str, bytes | str]) -> bytes:
    """A zip of ``files`` with a fixed timestamp, so equal input gives equal bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bundle:
        for name, data in files.items():
            member = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            member.compress_type = zipfile.ZIP_DEFLATED
            # Folder entries keep the mode and MS-DOS flag zipfile gives them itself.
            member.external_attr = (0o40755 << 16 | 0x10) if name.endswith("/") else 0o644 << 16
            bundle.writestr(member, data)
    return buffer.getvalue()


def tar_bytes(members: list[tarfile.TarInfo | tuple[str, bytes]], compressed=False) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz" if compressed else "w") as bundle:
        for item in members:
            if isinstance(item, tarfile.TarInfo):
                bundle.addfile(item)
            else:
                name, data = item
                info = tarfile.TarInfo(name)
                info.size = len(data)
                bundle.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def example_files(folder: Path = EXAMPLE) -> dict[str, bytes]:
    """The example project's files, keyed by ``<folder name>/<relative path>``."""
    return {
        f"{folder.name}/{path.relative_to(folder).as_posix()}": path.read_bytes()
        for path in sorted(folder.rglob("*")) if path.is_file()
    }


def example_zip(folder: Path = EXAMPLE) -> bytes:
    return zip_bytes(example_files(folder))
