"""Which ROCm runners are online, so that a job page can say why its compile check waits.

Every worker that consumes the ``rocm`` queue writes a heartbeat key to Redis
(``<REDIS_KEY_PREFIX>rocport:rocm-runner:<hostname>``) when it is ready and then every
``HEARTBEAT_SECONDS``, with a time-to-live of three beats, and deletes it when it shuts
down. A runner that dies without shutting down disappears within ``3 *
HEARTBEAT_SECONDS``. ``online()`` lists the hostnames; it returns None when Redis does
not answer, so that a page shows nothing rather than a wrong claim.
"""

from __future__ import annotations

import json
import logging
import threading
import time

import redis
from celery import signals
from django.conf import settings

__all__ = ["ROCM_QUEUE", "HEARTBEAT_SECONDS", "beat", "forget", "online"]

logger = logging.getLogger(__name__)

ROCM_QUEUE = "rocm"
HEARTBEAT_SECONDS = 10
_KEY = "rocport:rocm-runner:"


def _client() -> redis.Redis:
    # Short: a job page asks while it renders, and a hung Redis must not hold the page.
    timeout = settings.BROKER_PUBLISH_TIMEOUT
    return redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=timeout,
                                socket_timeout=timeout)


def _key(hostname: str) -> str:
    return f"{settings.REDIS_KEY_PREFIX}{_KEY}{hostname}"


def beat(hostname: str) -> None:
    """Say that HOSTNAME, a ROCm runner, is online for the next three beats."""
    value = json.dumps({"hostname": hostname, "seen": time.time()})
    _client().set(_key(hostname), value, ex=3 * HEARTBEAT_SECONDS)


def forget(hostname: str) -> None:
    _client().delete(_key(hostname))


def online() -> list[str] | None:
    """Hostnames of the ROCm runners online, or None when Redis cannot tell."""
    prefix = _key("")
    try:
        keys = _client().scan_iter(match=f"{prefix}*", count=100)
        return sorted(key.decode()[len(prefix):] for key in keys)
    except redis.exceptions.RedisError as error:
        logger.warning("cannot list the ROCm runners: %s", error)
        return None


class _Heartbeat:
    """A daemon thread in the worker's main process that calls beat() until stopped."""

    def __init__(self, hostname: str) -> None:
        self.hostname = hostname
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, name="rocm-heartbeat", daemon=True)

    def _run(self) -> None:
        while not self.stopped.is_set():
            try:
                beat(self.hostname)
            except redis.exceptions.RedisError as error:
                logger.warning("ROCm runner heartbeat failed: %s", error)
            self.stopped.wait(HEARTBEAT_SECONDS)

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(timeout=5)
        try:
            forget(self.hostname)
        except redis.exceptions.RedisError as error:
            logger.warning("cannot remove the ROCm runner heartbeat: %s", error)


_heartbeats: dict[str, _Heartbeat] = {}


@signals.worker_ready.connect
def _start_heartbeat(sender=None, **kwargs) -> None:
    """Start beating when this worker consumes the rocm queue."""
    queues = set(sender.app.amqp.queues.consume_from or {})
    if ROCM_QUEUE not in queues:
        return
    heartbeat = _Heartbeat(sender.hostname)
    _heartbeats[sender.hostname] = heartbeat
    heartbeat.thread.start()
    logger.info("ROCm runner %s: heartbeat started", sender.hostname)


@signals.worker_shutdown.connect
def _stop_heartbeat(sender=None, **kwargs) -> None:
    for heartbeat in list(_heartbeats.values()):
        heartbeat.stop()
    _heartbeats.clear()
