"""Shared pytest options and fixtures for the whole suite.

The service fixtures are defined here, once: imported into two conftests they would be two
session fixtures, and e2e and worker tests would start two workers on the same queues.
"""

import subprocess
import uuid

import pytest

from tests.services import (  # noqa: F401  (fixtures)
    celery_worker,
    fake_github,
    redis_url,
    s3_server,
)

# tests.tools: skipped for want of a tool, failed on CI (the `needs` mark); pytester: to
# run pytest on a test file written by a test (tests/test_tools.py).
pytest_plugins = ["tests.tools", "pytester"]


def pytest_addoption(parser):
    parser.addoption(
        "--update-cases",
        action="store_true",
        help="rewrite the expected outputs of translator cases (review the diff!)",
    )


@pytest.fixture(scope="session")
def host_secret(tmp_path_factory):
    """(path, canary): a file outside every job, whose content must never show."""
    canary = f"ROCPORT-CANARY-{uuid.uuid4().hex}"
    path = tmp_path_factory.mktemp("host-secrets") / "secret.h"
    path.write_text(f"{canary} {canary}_type;\n")
    return path, canary


@pytest.fixture(autouse=True)
def redis_health_forgotten():
    """A Redis failure a test provoked must not make the next test skip Redis
    (webapp.redis_health remembers failures per process for a few seconds)."""
    from webapp import redis_health

    redis_health.redis_answered()
    yield
    redis_health.redis_answered()


@pytest.fixture
def private_redis(tmp_path, settings):
    """A redis-server of this test's own, used as the broker by this process too."""
    from tests.services import start_redis
    from workers.celery import app

    server = start_redis(tmp_path / "redis")
    before = app.conf.broker_url
    app.conf.broker_url = settings.REDIS_URL = server.url
    yield server
    app.conf.broker_url = before
    server.stop()


@pytest.fixture
def small_disk(tmp_path):
    """A real, nearly full disk: a 1 MiB tmpfs mounted for the test (as root; without the
    privilege to mount, the test is skipped, except on CI where it fails)."""
    from tests.tools import missing

    folder = tmp_path / "small-disk"
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        missing(f"the privilege to mount a tmpfs ({mounted.stderr.strip()})")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "--lazy", str(folder)], check=True)
