"""Benchmark of the compile check spread over ROCm runner processes: one job of 48 units
with 1, 2 and 4 worker processes.

    python benchmarks/bench_runners.py [--units 48] [--batch 4] [--processes 1,2,4]

Sets up a private service like ``make run`` (a temporary DATA_DIR and SQLite database, a
redis-server on a free port), translates one job of UNITS copies of examples/saxpy in
this process, then for each process count starts ``celery -A workers worker -Q rocm
--concurrency N``, sends the job's compile check and times it from the send to ``done``.
The compile cache is disabled (COMPILE_CACHE_DIR empty), so every run compiles every
unit; the check is split into batches of BATCH units (COMPILE_BATCH_UNITS) that the
compile queue hands out (webapp/jobs/compile_queue.py). Prints the time and the speed-up
over one process; asserts nothing. On a machine with C cores the speed-up cannot pass C:
every hipcc needs one.
"""

from __future__ import annotations

import argparse
import io
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scripts.run import ROOT, free_port, redis_answers  # noqa: E402

EXAMPLE = ROOT / "examples" / "saxpy"


def project_zip(units: int) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for copy in range(units):
            for path in sorted(EXAMPLE.iterdir()):
                if path.is_file():
                    archive.writestr(f"project/copy{copy:03d}/{path.name}", path.read_bytes())
    return buffer.getvalue()


def environment(data_dir: Path, redis_url: str, batch: int) -> dict:
    return {**os.environ, "DATA_DIR": str(data_dir), "DEBUG": "false",
            "SECRET_KEY": secrets.token_hex(32), "DJANGO_SETTINGS_MODULE": "webapp.settings",
            "REDIS_URL": redis_url, "REDIS_KEY_PREFIX": "", "COMPILE_CACHE_DIR": "",
            "COMPILE_BATCH_UNITS": str(batch), "TRANSLATE_TIME_LIMIT": "600",
            "JOB_RECOVERY_INTERVAL": "86400", "LOG_LEVEL": "WARNING"}


def translated_job(units: int):
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.files.base import ContentFile
    from django.core.management import call_command

    from webapp.jobs.models import Job
    from workers.translating import _translate

    call_command("migrate", verbosity=0)
    user = get_user_model().objects.create_user("bench")
    job = Job.objects.create(owner=user, source_name="runners.zip")
    job.store_input(ContentFile(project_zip(units)), ".zip")
    job.start_unpacking()
    with tempfile.TemporaryDirectory(prefix="rocport-bench-") as scratch:
        _translate(job, Path(scratch))
    return job


def run_once(job, processes: int, env: dict, log: Path) -> float:
    from webapp.jobs.models import Job
    from webapp.jobs.outbox import publish

    Job.objects.filter(pk=job.pk).update(
        state=Job.State.COMPILING, compile_started_at=None, compile_batches=0,
        published_at=None, progress_done=0, progress_total=0, progress_phase="",
        finished_at=None)
    job.refresh_from_db()
    with open(log, "wb") as output:
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "workers", "worker", "-Q", "rocm",
             "--concurrency", str(processes), "--pool", "prefork", "--without-gossip",
             "--without-mingle", "--without-heartbeat", "--loglevel", "INFO",
             "--hostname", f"bench-{processes}@%h"],
            cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        while " ready." not in log.read_text(errors="replace"):
            if worker.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"bench_runners: the worker did not start:\n{log.read_text()[-3000:]}")
            time.sleep(0.2)
        started = time.monotonic()
        publish(job)
        while True:
            job.refresh_from_db()
            if not job.is_active:
                break
            time.sleep(0.2)
        seconds = time.monotonic() - started
        if job.state != Job.State.DONE:
            sys.exit(f"bench_runners: the job ended {job.state}: {job.failure_message}")
        return seconds
    finally:
        worker.terminate()
        worker.wait(timeout=60)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--units", type=int, default=48)
    parser.add_argument("--batch", type=int, default=4)
    parser.add_argument("--processes", default="1,2,4")
    arguments = parser.parse_args()
    server = shutil.which("redis-server")
    if server is None:
        print("bench_runners: skipped, redis-server is not installed")
        return 0
    with tempfile.TemporaryDirectory(prefix="rocport-bench-runners-") as folder:
        port = free_port()
        redis = subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1", "--save",
                                  "", "--appendonly", "no", "--dir", folder],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            url = f"redis://127.0.0.1:{port}/0"
            while not redis_answers(url):
                time.sleep(0.1)
            env = environment(Path(folder), url, arguments.batch)
            os.environ.update(env)
            started = time.monotonic()
            job = translated_job(arguments.units)
            print(f"job of {arguments.units} units translated in "
                  f"{time.monotonic() - started:.1f} s; batches of {arguments.batch} units, "
                  f"{os.cpu_count()} CPUs, compile cache disabled")
            baseline = None
            for processes in (int(n) for n in arguments.processes.split(",")):
                seconds = run_once(job, processes, env, Path(folder) / f"worker-{processes}.log")
                baseline = baseline or seconds  # the first count given, 1 by default
                speedup = baseline / seconds
                print(f"  {processes} worker process{'es' if processes > 1 else ''}: "
                      f"{seconds:6.1f} s  speed-up {speedup:.2f}x")
        finally:
            redis.terminate()
            redis.wait(timeout=15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
