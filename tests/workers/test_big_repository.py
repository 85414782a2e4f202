"""A big repository through a real worker: 20,000 archive members and 300 MB unpacked
(the full 1 GB tree is benchmarks/bench_big_repo.py) without the sandboxed translation
or the worker's pool process going past 1 GiB of memory."""

import uuid

import pytest
from celery import Celery
from django.core.files import File

from benchmarks.bench_big_repo import make_big_tree, pack_input
from tests.factories import make_user
from tests.services import start_worker, wait_for
from webapp.jobs.models import Job

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

GIB = 1 << 30


def test_big_repository_translates_within_a_gibibyte(redis_url, tmp_path):
    files, size = make_big_tree(tmp_path / "tree", entries=20_000, total_bytes=300_000_000,
                                code_share=0.2)
    archive = pack_input(tmp_path / "tree", tmp_path / "big.tar.gz")
    prefix = f"rocport-big-{uuid.uuid4().hex[:8]}:"
    # Translation only (no ROCm queue): the job stops at the compile check.
    worker = start_worker(redis_url, tmp_path / "worker", key_prefix=prefix,
                          queues="translate", extra_env={"TRANSLATE_TIME_LIMIT": "600"})
    try:
        job = Job.objects.create(owner=make_user(), source_name="big.tar.gz",
                                 options={"use_clang": False})
        with open(archive, "rb") as upload:
            job.store_input(File(upload), ".tar.gz")
        sender = Celery(broker=redis_url, broker_transport_options={"global_keyprefix": prefix})
        sender.send_task("workers.tasks.translate_job", args=[str(job.pk)], queue="translate")

        def translated():
            job.refresh_from_db()
            return job.state not in ("queued", "unpacking", "translating")

        wait_for(translated, 600, "the big job to be translated")
        assert (job.state, job.failure_message) == ("compiling", ""), worker.log_tail()
        assert job.summary["files"] == files
        phases = job.summary["phases"]
        # a set: PostgreSQL's jsonb keeps an object's keys in its own order
        assert set(phases) == {"unpack", "translate", "pack", "results", "store"}
        assert 0 < job.summary["peak_rss_bytes"] < GIB, phases
        assert 0 < job.summary["worker_peak_rss_bytes"] < GIB, job.summary
        report = job.read_report()
        assert report["stats"]["run"]["phases"]["translate"]["peak_rss_bytes"] < GIB
        # 50 data files are read, found binary and copied; 10 are over the translation
        # limit and copied without being read
        assert sum(1 for f in report["files"] if f["kind"] == "binary") == 50
    finally:
        worker.stop()
    assert size > 290_000_000
