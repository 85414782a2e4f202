"""A job's per-file review data in storage: ``jobs/<uuid>/review/index.json`` and
``jobs/<uuid>/review/files/<id>.json`` (written by ``translator.output.review`` in the sandbox).

The worker unpacks the sandbox's ``review.tar.gz`` member by member into Django's default
storage (never a local path: storage may be S3). Only the names ``translator.output.review``
writes are accepted, as regular files within size limits; anything else is skipped and
logged, since the archive comes from the sandbox that read untrusted input.
"""

from __future__ import annotations

import json
import logging
import re
import tarfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import BinaryIO

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from webapp.jobs.models import Job

logger = logging.getLogger(__name__)

_MEMBER = re.compile(r"\A(?:index|files/[1-9][0-9]{0,6})\.json\Z")
#: One file's review data holds its CUDA and HIP text (each at most 8 MiB, JSON-escaped).
MAX_MEMBER_BYTES = 64 << 20
MAX_TOTAL_BYTES = 2 << 30
_SAVING_THREADS = 8


def _name(job: Job, member: str) -> str:
    return job.storage_name(f"review/{member}")


def store_review(job: Job, packed: BinaryIO, *, deadline: float | None = None,
                 clock=time.monotonic) -> int | None:
    """Store the members of the review archive PACKED; returns how many were stored, or
    None when CLOCK passed DEADLINE first. Members are saved by a few threads at once:
    on object storage each is a request, and one after the other a 2,000-file job spent
    most of its storing step waiting for them."""
    stored, total = 0, 0
    overwrites = getattr(default_storage, "file_overwrite", False)
    room = threading.BoundedSemaphore(2 * _SAVING_THREADS)  # members read ahead, at most

    def save(name: str, data: bytes) -> None:
        try:
            if not overwrites:  # Django's file storage would save under another name
                default_storage.delete(name)
            default_storage.save(name, ContentFile(data))
        finally:
            room.release()

    with ThreadPoolExecutor(_SAVING_THREADS, thread_name_prefix=f"review-{job.pk}") as pool:
        saving = []
        try:
            with tarfile.open(fileobj=packed, mode="r:gz") as archive:
                for member in archive:
                    if deadline is not None and clock() > deadline:
                        return None
                    if not (member.isreg() and _MEMBER.match(member.name)
                            and member.size <= MAX_MEMBER_BYTES
                            and total + member.size <= MAX_TOTAL_BYTES):
                        logger.warning("job %s: review member %r skipped", job.pk, member.name)
                        continue
                    source = archive.extractfile(member)
                    if source is None:  # only regular members, chosen above, have data
                        continue
                    total += member.size
                    data = source.read(MAX_MEMBER_BYTES + 1)
                    room.acquire()
                    saving.append(pool.submit(save, _name(job, member.name), data))
                    stored += 1
        except (tarfile.TarError, EOFError, OSError) as error:
            logger.error("job %s: the review data could not be read: %s", job.pk, error)
        for future in saving:
            future.result()  # a failed save (a full disk) is the caller's to handle
    return stored


def read_index(job: Job) -> list[dict] | None:
    """The index's file entries, or None when the job has no review data."""
    data = _read(job, "index.json")
    return None if data is None else list(data.get("files", []))


def read_file(job: Job, number: int) -> dict | None:
    return _read(job, f"files/{int(number)}.json")


def _read(job: Job, member: str) -> dict | None:
    name = _name(job, member)
    try:
        with default_storage.open(name, "rb") as handle:
            return json.load(handle)
    except FileNotFoundError:
        return None
    except ValueError:
        logger.error("job %s: %s is not JSON", job.pk, name)
        return None
