"""The heartbeat of a ROCm runner: every worker that consumes the ``rocm`` queue says it
is online, with its toolchain, until it shuts down (the status: ``webapp.runners``)."""

from __future__ import annotations

import logging
import threading

import redis
from celery import signals

from webapp.runners import (
    HEARTBEAT_SECONDS,
    ROCM_QUEUE,
    beat,
    forget,
    runner_builds,
    runner_toolchains,
)

logger = logging.getLogger(__name__)


class _Heartbeat:
    """A daemon thread in the worker's main process that calls beat() until stopped."""

    def __init__(self, hostname: str) -> None:
        self.hostname = hostname
        self.toolchain: dict | None = None
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, name="rocm-heartbeat", daemon=True)

    def _run(self) -> None:
        while not self.stopped.is_set():
            # Looked at again every beat: a runner whose build ended meanwhile is served.
            served = runner_toolchains()
            newest = served[0] if served else {}
            self.toolchain = {**newest, "runners": served, "building": runner_builds()}
            try:
                beat(self.hostname, self.toolchain)
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
