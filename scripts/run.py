"""``make run``: the whole service on this machine, kept running until Ctrl-C.

Redis: a private redis-server on a spare port, with append-only persistence under
DATA_DIR/redis, so queued jobs survive its restarts and no other checkout shares it.
When REDIS_URL is set and answers, that Redis is used instead, with a key prefix
derived from DATA_DIR (unless REDIS_KEY_PREFIX is set), so two checkouts never share
queues by accident; the start-up line says which.

Migrates the database, creates the local user and prints its credentials, then runs one
Celery worker for both queues (it also runs the periodic job recovery) and the web
server (gunicorn, static files through whitenoise) on http://127.0.0.1:$PORT (8000).

A supervisor: a child that dies (Redis, the worker, the web server) is started again,
after 1 s, then 2, 4, ... up to 30 s while it keeps dying quickly; the others keep
running. Each child runs in its own process group, so stopping it also stops what it
started. Ctrl-C (or SIGTERM) stops everything and prints "rocport: stopped".
Development defaults (DEBUG=true, localhost hosts) apply only where the caller set none.

One supervisor per data folder: it holds a lock on DATA_DIR/run.lock, and a second
``make run`` on the same folder says so and exits (two would share one append-only Redis
folder and one database). Its children die with it, even when it is killed with
SIGKILL: each gets SIGKILL from the kernel when the supervisor goes, and what they
started (web and pool workers) carries DATA_DIR in ROCPORT_SUPERVISED_BY, by which the
next supervisor of that folder finds and stops what is left before it starts.
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import hashlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
#: Restart delays: the first, the longest, and how long a child must have run for the
#: next death to count as a first one again.
FIRST_DELAY, LONGEST_DELAY, HEALTHY_AFTER = 1.0, 30.0, 60.0


def say(message: str) -> None:
    print(f"rocport: {message}", flush=True)


@dataclass
class Child:
    name: str
    command: list[str]
    process: subprocess.Popen
    started: float
    quick_deaths: int = 0
    restart_at: float | None = None
    once: bool = False  # a task that ends (a runner build), not a service to keep up


class Supervisor:
    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.children: list[Child] = []
        self.stopping = False

    def start(self, name: str, command: list[str], once: bool = False) -> subprocess.Popen:
        """Start NAME; it is started again when it dies, unless ONCE (then its end is
        said, and that is all)."""
        child = Child(name, command, self._spawn(command), time.monotonic(), once=once)
        self.children.append(child)
        say(f"started {name} (pid {child.process.pid})")
        return child.process

    def _spawn(self, command: list[str]) -> subprocess.Popen:
        return subprocess.Popen(command, cwd=ROOT, env=self.env, start_new_session=True,
                                preexec_fn=_die_with_parent(os.getpid()))

    def run_once(self, command: list[str]) -> None:
        subprocess.run(command, cwd=ROOT, env=self.env, check=True)

    def request_stop(self, signum, frame) -> None:
        self.stopping = True

    def wait(self) -> int:
        """Restart children that die, until a signal asks to stop; 0 then."""
        while not self.stopping:
            now = time.monotonic()
            for child in list(self.children):
                if child.once and child.process.poll() is not None:
                    status = child.process.returncode
                    say(f"{child.name} finished" if status == 0 else
                        f"{child.name} failed with status {status} (see above); not retried")
                    self.children.remove(child)
                elif child.restart_at is None and child.process.poll() is not None:
                    self._schedule_restart(child, now)
                elif child.restart_at is not None and now >= child.restart_at:
                    child.process = self._spawn(child.command)
                    child.started, child.restart_at = now, None
                    say(f"restarted {child.name} (pid {child.process.pid})")
            time.sleep(0.3)
        return 0

    def _schedule_restart(self, child: Child, now: float) -> None:
        # What the dead child started (pool processes, compilers) goes with it.
        _signal_group(child.process, signal.SIGKILL)
        if now - child.started >= HEALTHY_AFTER:
            child.quick_deaths = 0
        delay = min(FIRST_DELAY * 2 ** child.quick_deaths, LONGEST_DELAY)
        child.quick_deaths += 1
        child.restart_at = now + delay
        say(f"{child.name} exited with status {child.process.returncode}; "
            f"restarting it in {delay:g} s")

    def stop_all(self) -> None:
        # Newest first: the web server and the worker before the Redis they talk to.
        for child in reversed(self.children):
            process = child.process
            if process.poll() is None:
                say(f"stopping {child.name}")
                _signal_group(process, signal.SIGTERM)
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    _signal_group(process, signal.SIGKILL)
                    process.wait()
            # Pool children and compilers left in the group go too.
            _signal_group(process, signal.SIGKILL)


def _signal_group(process: subprocess.Popen, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signum)


#: prctl's PR_SET_PDEATHSIG (linux/prctl.h).
_PR_SET_PDEATHSIG = 1


def _die_with_parent(parent: int):
    """A preexec function: the child gets SIGKILL when PARENT (this supervisor) dies."""
    def arrange() -> None:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:  # the supervisor died before prctl took effect
            os._exit(1)
    return arrange


def hold_data_folder(data_dir: Path) -> int | None:
    """Lock DATA_DIR for this supervisor (a descriptor, held until it exits); None when
    another supervisor holds it."""
    data_dir.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(data_dir / "run.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        return None
    os.ftruncate(descriptor, 0)
    os.write(descriptor, f"{os.getpid()}\n".encode())
    return descriptor


def stop_leftovers(data_dir: Path) -> list[int]:
    """Kill what an earlier supervisor of DATA_DIR left running (it was killed before it
    could stop its children's children); the PIDs killed."""
    marker = b"\0ROCPORT_SUPERVISED_BY=" + os.fsencode(str(data_dir.resolve())) + b"\0"
    killed = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environment = b"\0" + (entry / "environ").read_bytes()
        except OSError:
            continue
        if marker in environment:
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(entry.name), signal.SIGKILL)
                killed.append(int(entry.name))
    return killed


def redis_answers(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1).ping())
    except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, ValueError):
        return False


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def key_prefix_for(data_dir: Path) -> str:
    """The Redis key prefix of the service whose data lives in DATA_DIR."""
    digest = hashlib.sha256(str(data_dir.resolve()).encode()).hexdigest()[:12]
    return f"rocport-{digest}:"


def ensure_redis(supervisor: Supervisor, data_dir: Path) -> bool:
    env = supervisor.env
    url = env.get("REDIS_URL")
    if url and redis_answers(url):
        if env.get("REDIS_KEY_PREFIX"):
            origin = "REDIS_KEY_PREFIX"
        else:
            env["REDIS_KEY_PREFIX"], origin = key_prefix_for(data_dir), "derived from DATA_DIR"
        say(f"using the Redis at REDIS_URL={url} with key prefix "
            f"{env['REDIS_KEY_PREFIX']} ({origin})")
        return True
    server = shutil.which("redis-server")
    if server is None:
        say("MISSING: redis-server is not installed (apt-get install redis-server) and no "
            "REDIS_URL answers; the web pages run, jobs wait until a Redis is there")
        return False
    if url:
        say(f"no Redis answers at REDIS_URL={url}; starting a private one instead")
    folder = data_dir / "redis"
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    supervisor.start("redis", [server, "--port", str(port), "--bind", "127.0.0.1",
                               "--dir", str(folder), "--save", "", "--appendonly", "yes",
                               "--logfile", str(folder / "redis.log")])
    url = f"redis://127.0.0.1:{port}/0"
    deadline = time.monotonic() + 15
    while not redis_answers(url):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the private redis-server did not answer; see {folder}/redis.log")
        time.sleep(0.1)
    env["REDIS_URL"] = url
    say(f"started a private Redis at {url} (append-only, data in {folder})")
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


def build_runner_in_background(supervisor: Supervisor, name: str = "rocm-6.4") -> None:
    """On a first start, build the ROCm runner NAME while the service already serves
    with this host's hipcc; the worker compiles on it once it is built (its heartbeat
    looks again every beat). Its progress goes to this log."""
    from translator.compile.runners import RunnerUnavailable, default_runners_dir, find_runner

    folder = supervisor.env.get("RUNNERS_DIR") or str(default_runners_dir())
    try:
        find_runner(name, folder)
        say(f"the {name} runner is built ({folder})")
        return
    except RunnerUnavailable:
        pass
    if shutil.which("mmdebstrap") is None:
        say(f"MISSING: mmdebstrap (apt-get install mmdebstrap): no {name} runner; the "
            "compile check uses this host's hipcc")
        return
    say(f"building the {name} runner in the background (a few minutes, once per machine); "
        "jobs compile with this host's hipcc until it is ready")
    supervisor.start("runner-build", [PYTHON, "-m", "translator", "runner", "build", name,
                                      "--runners-dir", folder], once=True)


def web_command(port: str | int) -> list[str]:
    """gunicorn with its configuration (webapp/gunicorn_conf.py) on 127.0.0.1:PORT."""
    return [PYTHON, "-m", "gunicorn", "webapp.wsgi:application", "--config",
            "python:webapp.gunicorn_conf", "--bind", f"127.0.0.1:{port}", "--workers", "2",
            "--access-logfile", "-",
            # not the per-user ~/.gunicorn socket another checkout's server (or a test)
            # may hold
            "--no-control-socket"]


def main() -> int:
    env = dict(os.environ)
    env.setdefault("DEBUG", "true")
    env.setdefault("ALLOWED_HOSTS", "localhost,127.0.0.1")
    env.setdefault("DJANGO_SETTINGS_MODULE", "webapp.settings")
    data_dir = Path(env.setdefault("DATA_DIR", str(ROOT / "var")))
    port = env.get("PORT", "8000")
    lock = hold_data_folder(data_dir)
    if lock is None:
        holder = (data_dir / "run.lock").read_text().strip() or "?"
        say(f"another `make run` (pid {holder}) serves {data_dir}; stop it first, or set "
            "DATA_DIR to another folder")
        return 1
    left = stop_leftovers(data_dir)
    if left:
        say(f"stopped {len(left)} processes an earlier `make run` of {data_dir} left running")
    env["ROCPORT_SUPERVISED_BY"] = str(data_dir.resolve())
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
                                        "-Q", "translate,rocm,rocm-snippets", "--concurrency", "1",
                                        "--loglevel", "INFO"])
        build_runner_in_background(supervisor)
        web = supervisor.start("web", web_command(port))
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
