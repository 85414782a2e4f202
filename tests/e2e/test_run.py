"""`make run`'s supervisor: serves the example end to end, restarts what dies, and stops every
process on Ctrl-C."""

import os
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from scripts.run import Supervisor, ensure_redis, key_prefix_for, stop_leftovers
from tests.services import free_port, start_redis, wait_for

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]


def descendants(pid: int) -> set[int]:
    found, pending = set(), [pid]
    while pending:
        parent = pending.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            children = (task / "children").read_text().split() if task.exists() else []
            for child in map(int, children):
                if child not in found:
                    found.add(child)
                    pending.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


#: The caller's settings a `make run` under test must not inherit.
_CALLERS = ("DATABASE_URL", "SECRET_KEY", "DJANGO_SETTINGS_MODULE", "MEDIA_ROOT", "STATIC_ROOT",
            "REDIS_KEY_PREFIX", "REDIS_URL")


def start_run(tmp_path: Path, keep: tuple[str, ...] = (), **settings: str):
    """scripts/run.py started with SETTINGS over this environment (less the caller's
    _CALLERS but KEEP); (the process, its log)."""
    env = {key: value for key, value in os.environ.items()
           if key not in _CALLERS or key in keep}
    env.update(settings)
    log = tmp_path / "run.log"
    with open(log, "wb") as output:
        run = subprocess.Popen([sys.executable, "scripts/run.py"], cwd=ROOT, env=env,
                               stdout=output, stderr=subprocess.STDOUT)
    return run, log


def test_serves_the_example_and_stops_everything_on_ctrl_c(tmp_path):
    data = tmp_path / "data"
    port = free_port()
    unused_redis = f"redis://127.0.0.1:{free_port()}/0"  # nothing answers: it starts its own
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "SECRET_KEY", "DJANGO_SETTINGS_MODULE", "MEDIA_ROOT",
                          "STATIC_ROOT", "REDIS_KEY_PREFIX")}
    env.update(DATA_DIR=str(data), PORT=str(port), REDIS_URL=unused_redis)
    log = tmp_path / "run.log"
    with open(log, "wb") as output:
        run = subprocess.Popen([sys.executable, "scripts/run.py"], cwd=ROOT, env=env,
                               stdout=output, stderr=subprocess.STDOUT)
    try:
        def serving():
            assert run.poll() is None, log.read_text()
            return f"serving http://127.0.0.1:{port}/" in log.read_text()

        wait_for(serving, 180, "make run to serve")
        assert "started a private Redis" in log.read_text()
        password = (data / "local-user").read_text().strip()
        smoke = subprocess.run(
            [sys.executable, "scripts/smoke.py", f"http://127.0.0.1:{port}", "rocport",
             password, "examples/saxpy"],
            cwd=ROOT, capture_output=True, text=True, timeout=120,
        )
        assert smoke.returncode == 0, smoke.stdout + smoke.stderr + log.read_text()[-3000:]
        started = descendants(run.pid)
        assert len(started) >= 4  # redis, worker (+ pool), gunicorn (+ workers)
    finally:
        run.send_signal(signal.SIGINT)
        run.wait(timeout=90)
    assert run.returncode == 0, log.read_text()[-3000:]
    wait_for(lambda: not [pid for pid in started if alive(pid)], 30, "every process to end")


def pid_of(log: Path, name: str, restarts: int = 0) -> int:
    """The pid of NAME's start (restarts=0) or of its RESTARTS-th restart, from the log."""
    pattern = rf"rocport: {'restarted' if restarts else 'started'} {name} \(pid (\d+)\)"
    found = re.findall(pattern, log.read_text())
    index = restarts - 1 if restarts else 0
    return int(found[index]) if len(found) > index else 0


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


def test_restarts_a_killed_worker_and_redis_and_keeps_serving(tmp_path):
    data = tmp_path / "data"
    port = free_port()
    run, log = start_run(tmp_path, DATA_DIR=str(data), PORT=str(port))
    login = f"http://127.0.0.1:{port}/accounts/login/"
    try:
        wait_for(lambda: f"serving http://127.0.0.1:{port}/" in log.read_text(), 180,
                 "make run to serve")
        assert "started a private Redis at" in log.read_text()
        assert "(append-only, data in" in log.read_text()
        web = pid_of(log, "web")

        os.kill(pid_of(log, "worker"), signal.SIGKILL)
        wait_for(lambda: pid_of(log, "worker", restarts=1), 30, "the worker to be restarted")
        assert "worker exited with status -9; restarting it in 1 s" in log.read_text()
        assert answers(login)

        os.kill(pid_of(log, "redis"), signal.SIGKILL)
        wait_for(lambda: pid_of(log, "redis", restarts=1), 30, "Redis to be restarted")
        assert answers(login)
        assert alive(web)
        assert run.poll() is None

        password = (data / "local-user").read_text().strip()
        smoke = subprocess.run(
            [sys.executable, "scripts/smoke.py", f"http://127.0.0.1:{port}", "rocport",
             password, "examples/saxpy"],
            cwd=ROOT, capture_output=True, text=True, timeout=180,
        )
        # The restarted worker and Redis finish a job (the page checks are the other test's).
        assert "smoke: ok   state done" in smoke.stdout, smoke.stdout + log.read_text()[-3000:]
        started = descendants(run.pid)
    finally:
        run.send_signal(signal.SIGINT)
        run.wait(timeout=90)
    assert run.returncode == 0, log.read_text()[-3000:]
    assert log.read_text().rstrip().endswith("rocport: stopped")
    wait_for(lambda: not [pid for pid in started if alive(pid)], 30, "every process to end")


def test_a_given_redis_is_used_with_a_key_prefix_derived_from_the_data_folder(
    tmp_path, capsys
):
    server = start_redis(tmp_path / "redis")
    try:
        supervisor = Supervisor({"REDIS_URL": server.url})
        assert ensure_redis(supervisor, tmp_path / "data")
        prefix = supervisor.env["REDIS_KEY_PREFIX"]
        assert prefix == key_prefix_for(tmp_path / "data") != key_prefix_for(tmp_path / "other")
        assert (f"rocport: using the Redis at REDIS_URL={server.url} with key prefix {prefix} "
                "(derived from DATA_DIR)") in capsys.readouterr().out
        supervisor = Supervisor({"REDIS_URL": server.url, "REDIS_KEY_PREFIX": "mine:"})
        assert ensure_redis(supervisor, tmp_path / "data")
        assert supervisor.env["REDIS_KEY_PREFIX"] == "mine:"
        assert supervisor.children == []  # no private Redis was started
    finally:
        server.stop()


def supervised_by(data: Path) -> list[int]:
    """PIDs of the processes a `make run` of DATA started (its environment marker)."""
    marker = f"ROCPORT_SUPERVISED_BY={data.resolve()}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and marker in (entry / "environ").read_bytes().split(b"\0"):
                found.append(int(entry.name))
        except OSError:
            continue
    return [pid for pid in found if alive(pid)]


def test_a_killed_supervisor_takes_its_children_along_and_a_second_one_refuses(tmp_path):
    """With REDIS_URL and SECRET_KEY given and no data folder yet (nothing else would
    create it); kill -9 of the supervisor leaves nothing running."""
    data = tmp_path / "fresh" / "var"
    server = start_redis(tmp_path / "redis")
    port = free_port()
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "MEDIA_ROOT",
                          "STATIC_ROOT", "REDIS_KEY_PREFIX")}
    env.update(DATA_DIR=str(data), PORT=str(port), REDIS_URL=server.url,
               SECRET_KEY="a-secret-key-for-this-test-only-" + "x" * 40)
    log = tmp_path / "run.log"
    try:
        with open(log, "wb") as output:
            run = subprocess.Popen([sys.executable, "scripts/run.py"], cwd=ROOT, env=env,
                                   stdout=output, stderr=subprocess.STDOUT)
        wait_for(lambda: f"serving http://127.0.0.1:{port}/" in log.read_text()
                 or run.poll() is not None, 180, "make run to serve")
        assert run.poll() is None, log.read_text()[-3000:]
        assert answers(f"http://127.0.0.1:{port}/accounts/login/")
        assert len(supervised_by(data)) >= 4  # worker (+ pool), gunicorn (+ workers)

        second = subprocess.run([sys.executable, "scripts/run.py"], cwd=ROOT,
                                env={**env, "PORT": str(free_port())}, capture_output=True,
                                text=True, timeout=60)
        assert second.returncode == 1
        assert f"another `make run` (pid {run.pid}) serves {data}" in second.stdout

        run.kill()
        run.wait()
        wait_for(lambda: not supervised_by(data), 30, "the children of the killed supervisor")
    finally:
        for pid in supervised_by(data):
            os.kill(pid, signal.SIGKILL)
        server.stop()


def test_a_new_supervisor_stops_what_a_killed_one_left(tmp_path):
    data = tmp_path / "var"
    data.mkdir()
    left = subprocess.Popen(["sleep", "300"], env={
        "ROCPORT_SUPERVISED_BY": str(data.resolve()), "PATH": os.environ["PATH"]})
    other = subprocess.Popen(["sleep", "300"], env={
        "ROCPORT_SUPERVISED_BY": str(tmp_path / "another"), "PATH": os.environ["PATH"]})
    try:
        assert stop_leftovers(data) == [left.pid]
        assert left.wait(timeout=10) == -signal.SIGKILL
        assert other.poll() is None
    finally:
        for process in (left, other):
            process.kill()
            process.wait()


def mounts_below(folder: Path) -> list[str]:
    with open("/proc/self/mountinfo", encoding="utf-8") as info:
        return [line.split()[4] for line in info if line.split()[4].startswith(str(folder))]


def test_a_first_start_builds_the_runner_in_the_background_and_serves_meanwhile(tmp_path):
    """With no runner built yet, make run serves at once and builds rocm-6.4 beside; Ctrl-C
    stops the build too, and the next build starts the unfinished one again."""
    from translator.compile.runner_build import _remove_partial

    data, runners_dir = tmp_path / "data", tmp_path / "runners"
    port = free_port()
    run, log = start_run(tmp_path, DATA_DIR=str(data), PORT=str(port),
                         RUNNERS_DIR=str(runners_dir))
    try:
        wait_for(lambda: f"serving http://127.0.0.1:{port}/" in log.read_text(), 180,
                 "make run to serve")
        assert "building the rocm-6.4 runner in the background" in log.read_text()
        assert pid_of(log, "runner-build")
        assert answers(f"http://127.0.0.1:{port}/accounts/login/")
        progress = runners_dir / "rocm-6.4.log"
        wait_for(lambda: progress.is_file() and "mmdebstrap sid" in progress.read_text(), 60,
                 "the build's progress")
        started = descendants(run.pid)
    finally:
        run.send_signal(signal.SIGINT)
        run.wait(timeout=90)
    wait_for(lambda: not [pid for pid in started if alive(pid)], 30, "every process to end")
    partial = runners_dir / "rocm-6.4.partial"
    assert not (runners_dir / "rocm-6.4").exists()  # nothing that looks built
    if partial.exists():
        _remove_partial(partial)  # what the next build does first
    assert not partial.exists()
    assert mounts_below(runners_dir) == []
