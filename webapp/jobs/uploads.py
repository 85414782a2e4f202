"""Uploads on a full disk: no partial file is left behind, and callers can tell.

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

from django.core.files import uploadhandler
from django.core.files.storage import FileSystemStorage as DjangoFileSystemStorage

logger = logging.getLogger(__name__)

_DISK_FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


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
            return super()._save(name, content)
        except OSError as error:
            # Only a file this call created: Django creates it exclusively (O_EXCL), and
            # saves under another name only when this one appeared meanwhile.
            if not existed and not isinstance(error, FileExistsError):
                with contextlib.suppress(FileNotFoundError):
                    os.remove(path)
                    logger.warning("removed the partial file %s: %s", path, error)
            raise
