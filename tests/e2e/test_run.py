"""`make run`'s supervisor: serves the example end to end, then stops every process on Ctrl-C."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.services import free_port, wait_for

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
