"""Which ROCm runners are online, so that a job page can say why its compile check waits.

The runners' status lives here, in the web app, which reads it; a runner writes it
through ``beat`` and ``report_load`` (its heartbeat thread is ``workers.runners``).

Every worker that consumes the ``rocm`` queue writes a heartbeat key to Redis
(``<REDIS_KEY_PREFIX>rocport:rocm-runner:<hostname>``) when it is ready and then every
``HEARTBEAT_SECONDS``, with a time-to-live of three beats, and deletes it when it shuts
down. A runner that dies without shutting down disappears within ``3 *
HEARTBEAT_SECONDS``. ``online()`` lists the hostnames; it returns None when Redis does
not answer, so that a page shows nothing rather than a wrong claim.

A ROCm worker compiles with one or more toolchains (``served_runners()``: the host's hipcc
and the runners built in ``RUNNERS_DIR``, translator/compile/runners.py, or those
``ROCM_RUNNERS`` names). Each heartbeat carries them (``runner_toolchains()``: per runner
its HIP and clang versions, offload targets, the ROCm and other libraries whose headers it
has), and runner builds in progress in ``RUNNERS_DIR``; ``toolchains()`` returns them by
hostname. ``default_hip_version()`` is the HIP version new jobs target unless the user
picks one: the newest any runner online compiles with, else the ``DEFAULT_HIP_VERSION``
setting, else this host's hipcc. A job's HIP version then picks the runner that compiles
it (``runner_for_job``).

Load: a compile task on a runner reports the units it still has to compile
(``report_load``, a key per task that lives three beats), and each heartbeat carries the
runner's sum as ``load``; ``busy_units()`` adds them up for a job page ("the runners are
busy with N units").
"""

from __future__ import annotations

import json
import logging
import re
import shutil
import subprocess
import time
from functools import cache
from pathlib import Path

import redis
from django.conf import settings

from translator.compile.runners import (
    HOST,
    SPECS,
    Runner,
    built_runners,
    hip_series,
    runner_for_version,
)
from translator.compile.toolchain import installed_libraries, parse_version_output
from webapp.redis_health import redis_answered, redis_failed, redis_unhealthy

__all__ = ["ROCM_QUEUE", "HEARTBEAT_SECONDS", "beat", "forget", "online", "toolchains",
           "probe_toolchain", "default_hip_version", "report_load", "busy_units",
           "served_runners", "runner_for_job", "runner_toolchains", "runner_builds",
           "workers", "default_hip_version_and_reason"]

logger = logging.getLogger(__name__)

ROCM_QUEUE = "rocm"
HEARTBEAT_SECONDS = 10
_KEY = "rocport:rocm-runner:"
_LOAD_KEY = "rocport:rocm-load:"


def _client() -> redis.Redis:
    # Short: a job page asks while it renders, and a hung Redis must not hold the page.
    timeout = settings.BROKER_PUBLISH_TIMEOUT
    return redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=timeout,
                                socket_timeout=timeout)


def _key(hostname: str) -> str:
    return f"{settings.REDIS_KEY_PREFIX}{_KEY}{hostname}"


def beat(hostname: str, toolchain: dict | None = None) -> None:
    """Say that HOSTNAME, a ROCm runner with TOOLCHAIN, is online for the next three beats."""
    client = _client()
    value = json.dumps({"hostname": hostname, "seen": time.time(),
                        "toolchain": toolchain or {}, "load": _load(client, hostname)})
    client.set(_key(hostname), value, ex=3 * HEARTBEAT_SECONDS)


def _load(client: redis.Redis, hostname: str) -> int:
    """Units the compile tasks on HOSTNAME still have to compile."""
    keys = list(client.scan_iter(match=f"{settings.REDIS_KEY_PREFIX}{_LOAD_KEY}{hostname}:*",
                                 count=100))
    return sum(int(value or 0) for value in client.mget(keys)) if keys else 0


def report_load(hostname: str, task_id: str, units: int) -> None:
    """Task TASK_ID on HOSTNAME has UNITS units left to compile (0: it is done). Never raises:
    the load is only an explanation for job pages."""
    key = f"{settings.REDIS_KEY_PREFIX}{_LOAD_KEY}{hostname}:{task_id}"
    try:
        if units > 0:
            _client().set(key, units, ex=3 * HEARTBEAT_SECONDS)
        else:
            _client().delete(key)
    except redis.exceptions.RedisError as error:
        logger.warning("cannot report the ROCm runner's load: %s", error)


def busy_units() -> int | None:
    """Units the ROCm runners online are compiling or have yet to compile, as their last
    heartbeats said; None when Redis cannot tell."""
    prefix = _key("")
    try:
        client = _client()
        keys = list(client.scan_iter(match=f"{prefix}*", count=100))
        values = client.mget(keys) if keys else []
    except redis.exceptions.RedisError as error:
        logger.warning("cannot read the ROCm runners' load: %s", error)
        return None
    total = 0
    for value in values:
        try:
            total += int(json.loads(value or b"{}").get("load") or 0)
        except (ValueError, TypeError):
            continue
    return total


def forget(hostname: str) -> None:
    _client().delete(_key(hostname))


def online() -> list[str] | None:
    """Hostnames of the ROCm runners online, or None when Redis cannot tell."""
    prefix = _key("")
    if redis_unhealthy():
        return None
    try:
        keys = _client().scan_iter(match=f"{prefix}*", count=100)
        found = sorted(key.decode()[len(prefix):] for key in keys)
    except redis.exceptions.RedisError as error:
        redis_failed()
        logger.warning("cannot list the ROCm runners: %s", error)
        return None
    redis_answered()
    return found


def toolchains() -> dict[str, dict] | None:
    """{hostname: toolchain} of the ROCm runners online, or None when Redis cannot tell."""
    prefix = _key("")
    if redis_unhealthy():
        return None
    try:
        client = _client()
        found = {}
        for key in client.scan_iter(match=f"{prefix}*", count=100):
            value = client.get(key)
            try:
                toolchain = json.loads(value or b"{}").get("toolchain") or {}
            except ValueError:
                toolchain = {}
            found[key.decode()[len(prefix):]] = toolchain
    except redis.exceptions.RedisError as error:
        redis_failed()
        logger.warning("cannot read the ROCm runners' toolchains: %s", error)
        return None
    redis_answered()
    return found


def served_runners() -> list[Runner]:
    """The runners this worker compiles with, newest HIP first: ``ROCM_RUNNERS`` by name,
    or the host's hipcc (when there is one) and every runner built in ``RUNNERS_DIR``."""
    host = probe_toolchain()
    found = []
    if host["hipcc"] and (not settings.ROCM_RUNNERS or HOST in settings.ROCM_RUNNERS):
        found.append(Runner(HOST, None, {"hip": host["hip_version"]}))
    for runner in built_runners(settings.RUNNERS_DIR):
        if not settings.ROCM_RUNNERS or runner.name in settings.ROCM_RUNNERS:
            found.append(runner)
    return sorted(found, key=lambda runner: hip_series(runner.hip), reverse=True)


def runner_for_job(options: dict) -> Runner | None:
    """The served runner a job with OPTIONS compiles on: the one of its HIP version, else
    the newest."""
    version = ".".join(str(part) for part in options.get("hip_version") or ())
    return runner_for_version(served_runners(), version)


def runner_toolchains() -> list[dict]:
    """What each served runner is, for the heartbeat and the runners page."""
    host = probe_toolchain()
    listed = []
    for runner in served_runners():
        if runner.root is None:
            listed.append({"name": HOST, **host})
            continue
        versions = runner.info.get("versions", {})
        listed.append({"name": runner.name, "hip_version": runner.hip,
                       "hip_version_full": versions.get("hip", ""),
                       "clang_version": versions.get("clang", ""),
                       "offload_archs": runner.info.get("offload_archs", []),
                       "libraries": runner.info.get("libraries", []),
                       "suite": runner.info.get("suite", ""),
                       "built_at": runner.info.get("built_at", "")})
    return listed


def runner_builds() -> dict[str, str]:
    """{runner: its build's last progress line} of the builds running in RUNNERS_DIR."""
    builds = {}
    for spec in SPECS:
        log = Path(settings.RUNNERS_DIR) / f"{spec.name}.log"
        if (Path(settings.RUNNERS_DIR) / f"{spec.name}.partial").is_dir() and log.is_file():
            lines = log.read_text(errors="replace").splitlines()
            builds[spec.name] = lines[-1] if lines else "starting"
    return builds


def workers() -> list[dict] | None:
    """The ROCm workers online, each with ``hostname``, ``runners`` (their toolchains)
    and ``building`` (runner builds in progress); None when Redis cannot tell."""
    found = toolchains()
    if found is None:
        return None
    return [{"hostname": hostname, "runners": toolchain.get("runners") or (
                [toolchain] if toolchain.get("hip_version") else []),
             "building": toolchain.get("building") or {}}
            for hostname, toolchain in sorted(found.items())]


def probe_toolchain(hipcc: str | None = None) -> dict:
    """This host's toolchain as a runner reports it: ``hip_version`` (major.minor),
    ``hip_version_full``, ``hipcc`` (path), ``clang_version``, ``offload_archs`` (the
    configured targets) and ``libraries`` (translator.compile.toolchain.installed_libraries)."""
    hipcc = hipcc or settings.HIPCC
    path = shutil.which(hipcc) or ""
    text = _version_text(path) if path else ""
    full, clang, _ = parse_version_output(text)
    return {"hip_version": _major_minor(full), "hip_version_full": full, "hipcc": path,
            "clang_version": clang,
            "offload_archs": [a.strip() for a in settings.HIP_OFFLOAD_ARCH.split(",")
                              if a.strip()],
            "libraries": installed_libraries()}


@cache
def _version_text(path: str) -> str:
    try:
        run = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30,
                             check=False)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return run.stdout + run.stderr


def _major_minor(version: str) -> str:
    match = re.match(r"(\d+)\.(\d+)", version or "")
    return f"{match[1]}.{match[2]}" if match else ""


def default_hip_version_and_reason() -> tuple[str, str]:
    """(``default_hip_version()``, why that one, for the pages that offer it)."""
    online = [entry.get("hip_version") for toolchain in (toolchains() or {}).values()
              for entry in toolchain.get("runners") or [toolchain] if entry.get("hip_version")]
    version = default_hip_version()
    if not version:
        return "", "no ROCm runner or hipcc is known, so the newest HIP rocport knows"
    if online:
        return version, "the newest HIP version the ROCm runners online compile with"
    if settings.DEFAULT_HIP_VERSION:
        return version, "DEFAULT_HIP_VERSION, the operator's choice while no ROCm runner is online"
    return version, "the version of this host's hipcc, as no ROCm runner is online"


def default_hip_version() -> str:
    """The HIP version (major.minor) new jobs target by default: the newest any ROCm
    runner online compiles with; without runners the ``DEFAULT_HIP_VERSION`` setting, then
    the hipcc of this host; '' when none is known (the newest HIP rocport knows)."""
    versions = [entry.get("hip_version") for toolchain in (toolchains() or {}).values()
                for entry in toolchain.get("runners") or [toolchain]
                if entry.get("hip_version")]
    if versions:
        return max(versions, key=hip_series)
    if settings.DEFAULT_HIP_VERSION:
        return settings.DEFAULT_HIP_VERSION
    path = shutil.which(settings.HIPCC) or ""
    return _major_minor(parse_version_output(_version_text(path))[0]) if path else ""
