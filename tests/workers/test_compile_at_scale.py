"""Jobs at scale with real processes: a cancel stops the compile check within seconds and
keeps the units compiled before it, progress moves while a check runs, a large check is
split into batches that the compile queue hands out one by one, and a small job submitted
behind a big one finishes first.

Each test runs its own redis-server and worker process, on the test database (SQLite or
PostgreSQL) and the real hipcc.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from django.core.files.base import ContentFile

from tests.factories import EXAMPLE, example_zip, make_user
from tests.services import start_worker, wait_for
from tests.workers.test_integration import finished
from translator.output.packing import pack_tar_gz
from webapp.jobs.batches import CompileBatch
from webapp.jobs.models import Job
from webapp.jobs.submit import submit_job

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]



def many_units(tmp_path: Path, copies: int, name: str = "many") -> bytes:
    """The example COPIES times over: one translation unit per copy, each its own text (a
    compile cache never answers for another)."""
    tree = tmp_path / name
    for copy in range(copies):
        folder = tree / f"copy{copy:02d}"
        folder.mkdir(parents=True)
        for path in EXAMPLE.iterdir():
            text = path.read_bytes()
            if path.suffix == ".cu":
                text += f"\nint {name}_copy_{copy} = {copy};\n".encode()
            (folder / path.name).write_bytes(text)
    pack_tar_gz(tree, tmp_path / f"{name}.tar.gz")
    return (tmp_path / f"{name}.tar.gz").read_bytes()


def submit(archive: bytes, suffix: str = ".tar.gz", owner=None) -> Job:
    return submit_job(owner=owner or make_user(), archive=ContentFile(archive), suffix=suffix,
                      name=f"upload{suffix}", options={})


def descendants(pid: int) -> list[int]:
    """The processes below PID; one that ends while it is read (as a killed hipcc does)
    counts as gone."""
    found, pending = [], [pid]
    while pending:
        try:
            tasks = list(Path(f"/proc/{pending.pop()}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                children = [int(child) for child in (task / "children").read_text().split()]
            except OSError:
                continue
            found += children
            pending += children
    return found


def compilers_under(pid: int) -> list[str]:
    """Command lines of bubblewrap, hipcc and clang processes below PID."""
    found = []
    for child in descendants(pid):
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if any(name in command for name in ("bwrap", "hipcc", "clang")):
            found.append(command[:200])
    return found


def compiling(job: Job, at_least: int = 0):
    def check():
        job.refresh_from_db()
        return (job.state == Job.State.COMPILING and job.progress_phase == "compiling"
                and job.progress_done >= at_least and job.progress_total > 0)
    return check


def test_cancel_while_compiling_stops_hipcc_and_the_worker_takes_the_next_job(
    private_redis, tmp_path
):
    worker = start_worker(private_redis.url, tmp_path / "worker",
                          extra_env={"COMPILE_BATCH_UNITS": "100", "COMPILE_CACHE_DIR": ""})
    try:
        job = submit(many_units(tmp_path, 12))
        wait_for(compiling(job, at_least=1), 180, "the compile check to compile a unit")
        wait_for(lambda: compilers_under(worker.process.pid), 30, "hipcc to run")
        job.cancel()
        canceled_at = time.monotonic()
        wait_for(lambda: not compilers_under(worker.process.pid), 5, "hipcc to be killed")
        following = submit(example_zip(), ".zip")

        def taken():
            following.refresh_from_db()
            return following.state != Job.State.QUEUED

        wait_for(taken, 5, "the worker to take the next job")
        assert time.monotonic() - canceled_at < 6
        job.refresh_from_db()
        assert (job.state, job.progress_done < job.progress_total) == ("canceled", True)
        assert job.artifacts == ["hip-tree.tar.gz", "hip-tree.zip", "changes.patch",
                                 "report.json", "findings.sarif"]
        # The units compiled before the cancel are kept; the others are not listed.
        kept = job.read_report()["compile"]
        assert 1 <= len(kept) < 12
        assert all(unit["status"] != "skipped" for unit in kept)
        assert job.compile_status.startswith(
            f"compile check canceled: {len(kept)} of 12 units were compiled before the cancel")
        assert finished(following).state == "done", worker.log_tail()
    finally:
        worker.stop()


def test_large_check_runs_in_batches_with_progress_that_moves(private_redis, tmp_path):
    worker = start_worker(private_redis.url, tmp_path / "worker", concurrency=2,
                          extra_env={"COMPILE_BATCH_UNITS": "2", "COMPILE_CACHE_DIR": ""})
    try:
        job = submit(many_units(tmp_path, 8))
        seen = set()

        def done_or_progress():
            job.refresh_from_db()
            if job.progress_phase == "compiling":
                seen.add(job.progress_done)
            return not job.is_active

        wait_for(done_or_progress, 240, "the job to finish", interval=0.2)
        assert (job.state, job.failure_message) == ("done", ""), worker.log_tail()
        assert (job.compile_batches, job.progress_done, job.progress_total) == (4, 8, 8)
        # Steps between none and all: two workers compile their batches side by side, and
        # on a busy machine their counts can land within one look, so one step seen is what
        # the test can be sure of (the progress did not jump from none to all).
        assert seen - {0, 8}
        report = job.read_report()
        assert [unit["path"] for unit in report["compile"]] == [
            f"copy{copy:02d}/saxpy.cu" for copy in range(8)]
        assert all(unit["ok"] for unit in report["compile"])
        assert report["compile_summary"]["units"] == 8
        assert job.compile_status.startswith("compile check: 8 of 8 units compiled")
        assert worker.log.read_text().count("workers.tasks.compile_batch[") >= 4
        assert CompileBatch.objects.filter(job=job).count() == 0  # merged, then forgotten
    finally:
        worker.stop()


def test_cancel_of_a_split_check_stops_its_batches_and_keeps_what_they_compiled(
    private_redis, tmp_path
):
    worker = start_worker(private_redis.url, tmp_path / "worker",
                          extra_env={"COMPILE_BATCH_UNITS": "2", "COMPILE_CACHE_DIR": ""})
    try:
        job = submit(many_units(tmp_path, 10))

        def one_batch_done():
            return CompileBatch.objects.filter(job=job, state="done").exists()

        wait_for(one_batch_done, 180, "the first batch to be compiled")
        job.cancel()
        wait_for(lambda: not compilers_under(worker.process.pid), 5, "hipcc to be killed")

        def kept():
            job.refresh_from_db()
            return job.compile_status.startswith("compile check canceled")

        wait_for(kept, 30, "the compiled units to be kept")
        assert job.state == "canceled"
        units = job.read_report()["compile"]
        assert 2 <= len(units) < 10
        assert [unit["path"] for unit in units] == sorted(unit["path"] for unit in units)
        assert CompileBatch.objects.filter(job=job).count() == 0
        assert compilers_under(worker.process.pid) == []
    finally:
        worker.stop()


def test_a_small_job_submitted_behind_a_big_one_finishes_first(private_redis, tmp_path):
    # One runner process: the big job's batches and the small job's share it.
    worker = start_worker(private_redis.url, tmp_path / "worker",
                          extra_env={"COMPILE_BATCH_UNITS": "2", "COMPILE_CACHE_DIR": ""})
    try:
        owner = make_user()
        big = submit(many_units(tmp_path, 10, "big"), owner=owner)
        wait_for(lambda: (big.refresh_from_db(), big.compile_batches)[1], 180,
                 "the big job's check to be split")
        small = submit(many_units(tmp_path, 3, "small"), owner=owner)
        finished(small, 240)
        big.refresh_from_db()
        assert (small.state, big.state) == ("done", "compiling"), worker.log_tail()
        assert big.progress_done < big.progress_total
        assert finished(big, 240).state == "done"
        assert small.finished_at < big.finished_at
        assert [unit["ok"] for unit in small.read_report()["compile"]] == [True] * 3
    finally:
        worker.stop()
