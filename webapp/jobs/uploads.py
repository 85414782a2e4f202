"""Uploaded archives: the checks every entry point makes, and no partial file on a full disk.

``check_archive`` is the one validation of an uploaded archive (its name, its size) and
``declared_too_large`` the one look at Content-Length before the body is read; the upload
page and ``POST /api/jobs/`` both call them, so the same bad upload gets the same answer
(``UploadRefused``: a code, a message and a status, 400 or 413). The options are checked
by one serializer too (``webapp.api.serializers.OptionsSerializer``).

A disk that fills while an upload streams to its temporary file, or while the archive is
copied into storage, raises ``OSError`` (``ENOSPC``, ``EDQUOT``, or ``EFBIG`` under a file
size limit). Django leaves the partial file in place, and open; the next uploads then fail
too. ``TemporaryFileUploadHandler`` and ``FileSystemStorage`` remove what they had written
before re-raising; the upload page and the API answer 507 (``is_disk_full``).
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os

from django.conf import settings
from django.core.files import uploadhandler
from django.core.files.storage import FileSystemStorage as DjangoFileSystemStorage
from django.template.defaultfilters import filesizeformat

from webapp.jobs.models import ARCHIVE_SUFFIXES

logger = logging.getLogger(__name__)

_DISK_FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})
#: Slack for the multipart or JSON envelope around the payload when reading Content-Length.
_ENVELOPE_BYTES = 64 * 1024


class UploadRefused(Exception):
    """An upload no job is made of: a stable CODE (``invalid``, ``too-large``), a MESSAGE
    for people and the HTTP STATUS to answer with."""

    def __init__(self, code: str, message: str, status: int) -> None:
        super().__init__(code, message, status)
        self.code, self.message, self.status = code, message, status

    def __str__(self) -> str:
        return self.message


def archive_suffix(name: str) -> str | None:
    """The accepted suffix NAME ends with (``.tar.gz`` before ``.gz``), or None."""
    lowered = name.lower()
    return next((suffix for suffix in ARCHIVE_SUFFIXES if lowered.endswith(suffix)), None)


def too_large_message(what: str, limit: int) -> str:
    return f"{what} is larger than the limit of {filesizeformat(limit)}"


def check_archive(upload) -> str:
    """The suffix of UPLOAD (an uploaded file) once its name and size are acceptable;
    raises UploadRefused. Only the name: the worker checks the content when it unpacks."""
    suffix = archive_suffix(upload.name)
    if suffix is None:
        names = ", ".join(ARCHIVE_SUFFIXES[:-1]) + f" or {ARCHIVE_SUFFIXES[-1]}"
        raise UploadRefused("invalid", f"the file name must end with {names}", 400)
    if upload.size > settings.MAX_UPLOAD_BYTES:
        raise UploadRefused("too-large", f"the archive is {filesizeformat(upload.size)}; the "
                            f"limit is {filesizeformat(settings.MAX_UPLOAD_BYTES)}", 413)
    return suffix


def declared_too_large(request, limit: int) -> bool:
    """True when the request's Content-Length alone says its body is over LIMIT (with room
    for the envelope around the payload), so it can be refused before it is read."""
    return int(request.META.get("CONTENT_LENGTH") or 0) > limit + _ENVELOPE_BYTES


def is_disk_full(error: BaseException) -> bool:
    """True for the errors of a full disk or file system quota."""
    return isinstance(error, OSError) and error.errno in _DISK_FULL


class TemporaryFileUploadHandler(uploadhandler.TemporaryFileUploadHandler):
    """Django's handler, except that a failed write closes and deletes the temporary file."""

    def receive_data_chunk(self, raw_data, start):
        try:
            return super().receive_data_chunk(raw_data, start)
        except OSError:
            self._discard()
            raise

    def file_complete(self, file_size):
        try:
            return super().file_complete(file_size)  # seek(0) flushes the last buffer
        except OSError:
            self._discard()
            raise

    def _discard(self) -> None:
        # The file is a NamedTemporaryFile: closing deletes it, even when the final flush
        # fails again for want of space.
        with contextlib.suppress(OSError):
            self.file.close()


class FileSystemStorage(DjangoFileSystemStorage):
    """Django's storage, except that a failed save removes the partial file it created."""

    def _save(self, name, content):
        path = self.path(name)
        existed = os.path.lexists(path)
        try:
            # Storage._save is Django's documented hook for storages; the stubs omit it.
            return super()._save(name, content)  # type: ignore[misc]
        except OSError as error:
            # Only a file this call created: Django creates it exclusively (O_EXCL), and
            # saves under another name only when this one appeared meanwhile.
            if not existed and not isinstance(error, FileExistsError):
                with contextlib.suppress(FileNotFoundError):
                    os.remove(path)
                    logger.warning("removed the partial file %s: %s", path, error)
            raise
