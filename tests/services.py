"""Real services for integration tests: Redis, a Celery worker process, and waiting helpers.

Redis: the one at REDIS_URL when it answers, else a private redis-server on a spare port
for this session. Queues are isolated per session by REDIS_KEY_PREFIX (kombu's
``global_keyprefix``), set in ``tests/settings.py``.

The worker is a separate process (``celery -A workers worker``), as in production. It
opens the test database (its URL is built from the test connection) and shares this
session's DATA_DIR for stored files; its TMPDIR is a folder the tests can inspect.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest

from scripts.run import free_port, redis_answers  # the same checks `make run` makes

ROOT = Path(__file__).resolve().parent.parent


def wait_for(condition: Callable[[], object], timeout: float, what: str, interval=0.1):
    """Poll CONDITION until it returns something true; fail the test after TIMEOUT seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    from django.conf import settings

    if redis_answers(settings.REDIS_URL):
        yield settings.REDIS_URL
        return
    server = shutil.which("redis-server")
    if server is None:
        pytest.fail(f"no Redis answers at {settings.REDIS_URL} and redis-server is not installed")
    folder = tmp_path_factory.mktemp("redis")
    port = free_port()
    process = subprocess.Popen(
        [server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    try:
        wait_for(lambda: redis_answers(url), 15, "the private redis-server")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=15)


@dataclass
class RedisServer:
    """A private redis-server a test may pause, restart or stop (``start_redis``)."""

    folder: Path
    port: int
    appendonly: bool
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        self.process = subprocess.Popen(
            [shutil.which("redis-server") or "redis-server", "--port", str(self.port),
             "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "yes" if self.appendonly else "no", "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        wait_for(lambda: redis_answers(self.url), 15, "the private redis-server")
        return self

    def pause(self) -> None:
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        self.process.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.resume()
            self.process.terminate()
            self.process.wait(timeout=15)

    def restart(self) -> None:
        """Stop and start again on the same port (without append-only: with no data)."""
        self.stop()
        self.start()


def start_redis(folder: Path, *, appendonly: bool = False) -> RedisServer:
    """Start a redis-server of the test's own on a spare port, its files in FOLDER."""
    folder.mkdir(parents=True, exist_ok=True)
    return RedisServer(folder, free_port(), appendonly).start()


@dataclass
class WorkerProcess:
    process: subprocess.Popen
    log: Path
    tmp: Path

    def children(self) -> list[int]:
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in path.read_text().split()] if path.exists() else []

    def log_tail(self, lines: int = 60) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def database_url_for_tests() -> str:
    """A URL for the database this test session uses (the test database, not the real one)."""
    from django.db import connection

    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{Path(db['NAME']).resolve()}"
    user = quote(db.get("USER") or "")
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    host = db.get("HOST") or "localhost"
    port = f":{db['PORT']}" if db.get("PORT") else ""
    return f"postgres://{user}{password}@{host}{port}/{quote(db['NAME'])}"


def start_worker(redis_url: str, folder: Path, *, key_prefix: str | None = None,
                 queues: str = "translate,rocm", extra_env: dict | None = None,
                 concurrency: int = 1) -> WorkerProcess:
    """Start ``celery -A workers worker`` on the test database; wait until it is ready."""
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / "tmp"
    tmp.mkdir(exist_ok=True)
    log = folder / "worker.log"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "webapp.settings",
        "DATABASE_URL": database_url_for_tests(),
        "REDIS_URL": redis_url,
        "TMPDIR": str(tmp),
        "PYTHONPATH": str(ROOT),
        **({"REDIS_KEY_PREFIX": key_prefix} if key_prefix is not None else {}),
        **(extra_env or {}),
    }
    with open(log, "wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "workers", "worker", "-Q", queues,
             "--concurrency", str(concurrency), "--pool", "prefork", "--without-gossip",
             "--without-mingle",
             "--without-heartbeat", "--loglevel", "INFO", "--hostname", f"test-{os.getpid()}@%h"],
            cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT,
        )
    worker = WorkerProcess(process, log, tmp)

    def ready():
        if process.poll() is not None:
            pytest.fail(f"the worker exited with {process.returncode}:\n{worker.log_tail()}")
        return " ready." in log.read_text(errors="replace")

    wait_for(ready, 60, "the Celery worker to be ready")
    return worker


@dataclass
class S3Server:
    """moto's standalone S3-compatible server on 127.0.0.1 (no S3 server package installs
    from Debian here); ``settings()`` are the variables that point rocport at one bucket."""

    process: subprocess.Popen
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def client(self):
        import boto3

        return boto3.client("s3", endpoint_url=self.url, region_name="us-east-1",
                            aws_access_key_id="rocport-test", aws_secret_access_key="secret")

    def create_bucket(self, name: str) -> dict[str, str]:
        self.client().create_bucket(Bucket=name)
        return {"STORAGE_BACKEND": "s3", "S3_BUCKET": name, "S3_ENDPOINT_URL": self.url,
                "S3_REGION": "us-east-1", "S3_ACCESS_KEY_ID": "rocport-test",
                "S3_SECRET_ACCESS_KEY": "secret"}

    def keys(self, bucket: str, prefix: str = "") -> list[str]:
        listed = self.client().list_objects_v2(Bucket=bucket, Prefix=prefix)
        return sorted(item["Key"] for item in listed.get("Contents", []))


@pytest.fixture(scope="session")
def s3_server(tmp_path_factory):
    server = shutil.which("moto_server", path=str(Path(sys.executable).parent))
    if server is None:
        pytest.fail("moto's server is not installed (pip install 'moto[s3]' flask flask-cors)")
    port = free_port()
    log = tmp_path_factory.mktemp("s3") / "moto.log"
    with open(log, "wb") as output:
        process = subprocess.Popen([server, "-H", "127.0.0.1", "-p", str(port)],
                                   stdout=output, stderr=subprocess.STDOUT)
    running = S3Server(process, port)

    def answers():
        try:
            running.client().list_buckets()
            return True
        except Exception:  # noqa: BLE001 - any failure means "not up yet"
            return False

    try:
        wait_for(answers, 30, "moto's S3 server")
        yield running
    finally:
        process.terminate()
        process.wait(timeout=15)


#: What the session worker is told about GitHub: the fake below, this token, this address.
GITHUB_TOKEN = "test-token"
PUBLIC_BASE_URL = "http://rocport.test"


@pytest.fixture(scope="session")
def fake_github():
    """The local stand-in for GitHub's API that the session worker talks to."""
    from tests.fake_github import FakeGitHub

    fake = FakeGitHub().start()
    yield fake
    fake.stop()


@pytest.fixture(scope="session")
def celery_worker(django_db_setup, django_db_blocker, redis_url, fake_github, tmp_path_factory):
    """One worker for the session, consuming both queues with this session's key prefix."""
    from workers.celery import app

    app.conf.broker_url = redis_url
    github = {"GITHUB_API_URL": fake_github.url, "GITHUB_TOKEN": GITHUB_TOKEN,
              "PUBLIC_BASE_URL": PUBLIC_BASE_URL,
              # One recovery pass at its start only: tests that run their own worker on
              # another broker share the database, and this worker must not send their jobs.
              "JOB_RECOVERY_INTERVAL": "86400"}
    with django_db_blocker.unblock():
        worker = start_worker(redis_url, tmp_path_factory.mktemp("worker"), extra_env=github)
    yield worker
    worker.stop()
