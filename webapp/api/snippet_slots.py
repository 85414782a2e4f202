"""How many ``/api/translate/`` translations run at once: one per client, and
``SNIPPET_CONCURRENCY`` in all on this host. The rest are answered at once.

A snippet's sandbox may use its whole time limit (libclang is quadratic on some hostile
shapes) and holds a web worker's thread while it runs. Unbounded, four parallel snippets
of one anonymous client held both web workers, and sign-in pages took 19 s. With these
slots a client waits for nobody: its second snippet while one runs is 429 ``throttled``,
any snippet while every slot is taken is 429 ``busy`` (the server is well, the request is
one too many), both with ``Retry-After``.

A slot is an advisory lock (``flock``) on a file in ``SNIPPET_SLOTS_DIR``: every web
process of the host shares them, and the kernel frees a slot when its process dies, so no
crash or kill can leave one taken. A client is its user, or its address when anonymous
(``webapp/proxies.py``), in one of 4,096 buckets: two clients share a bucket rarely, and
then only wait for each other.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings

__all__ = ["SlotTaken", "snippet_slot", "client_of"]

_BUCKETS = 4096


class SlotTaken(Exception):
    """No slot: ``code`` is ``throttled`` (this client has one running) or ``busy``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def client_of(request) -> str:
    """Who sent REQUEST: a signed-in user by id, anyone else by address."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"address:{request.META.get('REMOTE_ADDR', '')}"


@contextlib.contextmanager
def snippet_slot(client: str) -> Iterator[None]:
    """Hold this CLIENT's slot and one of the host's while the body runs; raise SlotTaken
    at once when either is taken."""
    folder = Path(settings.SNIPPET_SLOTS_DIR)
    folder.mkdir(parents=True, exist_ok=True)
    bucket = int.from_bytes(hashlib.sha256(client.encode()).digest()[:4], "big") % _BUCKETS
    with contextlib.ExitStack() as held:
        if not _take(folder / f"client-{bucket:04d}.lock", held):
            raise SlotTaken("throttled", "a translation of yours is still running; send the "
                            "next one when it has answered")
        if not any(_take(folder / f"all-{number}.lock", held)
                   for number in range(settings.SNIPPET_CONCURRENCY)):
            raise SlotTaken("busy", "every translation slot of this server is busy; try again "
                            "in a few seconds, or submit the file as a job")
        yield


def _take(path: Path, held: contextlib.ExitStack) -> bool:
    """Lock PATH without waiting; the lock lasts as long as HELD."""
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        return False
    held.callback(os.close, descriptor)  # closing the descriptor releases the lock
    return True
