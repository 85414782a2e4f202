"""Remember, for a few seconds, that Redis did not answer, so that one request pays for a
hung Redis at most once.

A submission asks Redis twice (the ROCm runners' HIP version for the job's default, then
the job's message), each with a short timeout: with Redis paused both would time out and
the answer would take their sum. After a failure every Redis call of this process is
skipped for ``QUIET_SECONDS`` (the caller falls back as for a failure: the job stays in
the outbox, the runners are "unknown"), and tried again after that.
"""

from __future__ import annotations

import threading
import time

QUIET_SECONDS = 5.0

_lock = threading.Lock()
_failed_at: float | None = None


def redis_unhealthy() -> bool:
    """True while a Redis call of this process failed less than QUIET_SECONDS ago."""
    with _lock:
        return _failed_at is not None and time.monotonic() - _failed_at < QUIET_SECONDS


def redis_failed() -> None:
    """Record that a Redis call just failed (timed out, refused)."""
    global _failed_at
    with _lock:
        _failed_at = time.monotonic()


def redis_answered() -> None:
    """Record that a Redis call succeeded."""
    global _failed_at
    with _lock:
        _failed_at = None
