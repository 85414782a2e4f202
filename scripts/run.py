"""``make run``: the whole service on this machine, stopped cleanly by Ctrl-C.

Uses the Redis at REDIS_URL when it answers, else starts a private redis-server on a
spare port under DATA_DIR/redis. Migrates the database, creates the local user and
prints its credentials, then runs one Celery worker for both queues and the web server
(gunicorn, static files through whitenoise) on http://127.0.0.1:$PORT (8000).
Each child runs in its own process group, so stopping it also stops what it started.
Development defaults (DEBUG=true, localhost hosts) apply only where the caller set none.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


def say(message: str) -> None:
    print(f"rocport: {message}", flush=True)


class Supervisor:
    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.children: list[tuple[str, subprocess.Popen]] = []
        self.stopping = False

    def start(self, name: str, command: list[str]) -> subprocess.Popen:
        process = subprocess.Popen(command, cwd=ROOT, env=self.env, start_new_session=True)
        self.children.append((name, process))
        return process

    def run_once(self, command: list[str]) -> None:
        subprocess.run(command, cwd=ROOT, env=self.env, check=True)

    def request_stop(self, signum, frame) -> None:
        self.stopping = True

    def wait(self) -> int:
        """Until a signal or a child's death; the exit status for the whole service."""
        while not self.stopping:
            for name, process in self.children:
                if process.poll() is not None:
                    say(f"{name} exited with status {process.returncode}; stopping everything")
                    return 1
            time.sleep(0.3)
        return 0

    def stop_all(self) -> None:
        # Newest first: the web server and the worker before the Redis they talk to.
        for name, process in reversed(self.children):
            if process.poll() is None:
                say(f"stopping {name}")
                _signal_group(process, signal.SIGTERM)
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    _signal_group(process, signal.SIGKILL)
                    process.wait()
            # Pool children and compilers left in the group go too.
            _signal_group(process, signal.SIGKILL)


def _signal_group(process: subprocess.Popen, signum: int) -> None:
    try:
        os.killpg(process.pid, signum)
    except ProcessLookupError:
        pass


def redis_answers(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, ValueError):
        return False


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def ensure_redis(supervisor: Supervisor, data_dir: Path) -> bool:
    url = supervisor.env.setdefault("REDIS_URL", "redis://127.0.0.1:6379/0")
    if redis_answers(url):
        say(f"using Redis at {url}")
        return True
    server = shutil.which("redis-server")
    if server is None:
        say(f"MISSING: no Redis answers at {url} and redis-server is not installed "
            "(apt-get install redis-server); the web pages run, jobs cannot be processed")
        return False
    folder = data_dir / "redis"
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    supervisor.start("redis", [server, "--port", str(port), "--bind", "127.0.0.1",
                               "--dir", str(folder), "--save", "", "--appendonly", "no",
                               "--logfile", str(folder / "redis.log")])
    url = f"redis://127.0.0.1:{port}/0"
    deadline = time.monotonic() + 15
    while not redis_answers(url):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the private redis-server did not answer; see {folder}/redis.log")
        time.sleep(0.1)
    supervisor.env["REDIS_URL"] = url
    say(f"started a private Redis at {url} (data in {folder})")
    return True


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the web server did not listen on port {port}") from None
            time.sleep(0.2)


def report_features(env: dict[str, str]) -> None:
    hipcc = env.get("HIPCC", "hipcc")
    if shutil.which(hipcc) is None and not Path(hipcc).is_file():
        say(f"MISSING: {hipcc} (apt-get install hipcc libamdhip64-dev rocm-device-libs); "
            "jobs finish with 'compile check skipped: no hipcc on this runner'")
    if shutil.which("bwrap") is None:
        say("MISSING: bubblewrap (apt-get install bubblewrap); hipcc runs unsandboxed here")
        env.setdefault("COMPILE_ALLOW_UNSANDBOXED", "true")


def main() -> int:
    env = dict(os.environ)
    env.setdefault("DEBUG", "true")
    env.setdefault("ALLOWED_HOSTS", "localhost,127.0.0.1")
    env.setdefault("DJANGO_SETTINGS_MODULE", "webapp.settings")
    data_dir = Path(env.setdefault("DATA_DIR", str(ROOT / "var")))
    port = env.get("PORT", "8000")
    supervisor = Supervisor(env)
    signal.signal(signal.SIGINT, supervisor.request_stop)
    signal.signal(signal.SIGTERM, supervisor.request_stop)
    status = 1
    try:
        report_features(env)
        have_redis = ensure_redis(supervisor, data_dir)
        manage = [PYTHON, "manage.py"]
        supervisor.run_once([*manage, "migrate", "--noinput", "-v", "0"])
        supervisor.run_once([*manage, "collectstatic", "--noinput", "-v", "0"])
        supervisor.run_once([*manage, "createlocaluser"])
        if have_redis:
            supervisor.start("worker", [PYTHON, "-m", "celery", "-A", "workers", "worker",
                                        "-Q", "translate,rocm", "--concurrency", "1",
                                        "--loglevel", "INFO"])
        web = supervisor.start("web", [PYTHON, "-m", "gunicorn", "webapp.wsgi:application",
                                       "--bind", f"127.0.0.1:{port}", "--workers", "2",
                                       "--timeout", "120", "--access-logfile", "-"])
        wait_for_port(int(port), web)
        say(f"serving http://127.0.0.1:{port}/ (Ctrl-C stops everything)")
        status = supervisor.wait()
    except (subprocess.CalledProcessError, RuntimeError) as error:
        say(f"could not start: {error}")
    finally:
        supervisor.stop_all()
        say("stopped")
    return status


if __name__ == "__main__":
    sys.exit(main())
