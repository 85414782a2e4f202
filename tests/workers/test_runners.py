"""ROCm runners announce themselves in Redis; workers for other queues do not."""

import time
import uuid

import pytest
from django.utils.text import slugify

from tests.factories import make_user
from tests.runners import RUNNERS_DIR, needs_rocm_64
from tests.services import start_worker, wait_for
from webapp import runners

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def private_prefix(settings, redis_url):
    """Our own key prefix and Redis, so other workers of this session do not count."""
    settings.REDIS_URL = redis_url
    settings.REDIS_KEY_PREFIX = f"rocport-runners-{uuid.uuid4().hex[:8]}:"
    return settings.REDIS_KEY_PREFIX


def test_a_rocm_worker_is_online_while_it_runs(private_prefix, redis_url, tmp_path):
    assert runners.online() == []
    worker = start_worker(redis_url, tmp_path / "rocm", key_prefix=private_prefix,
                          queues="rocm")
    try:
        [hostname] = wait_for(runners.online, 30, "the ROCm runner's heartbeat")
        assert hostname.startswith("test-")
    finally:
        worker.stop()
    assert runners.online() == []  # a clean shutdown removes the heartbeat


def test_a_translate_worker_is_not_a_rocm_runner(private_prefix, redis_url, tmp_path):
    worker = start_worker(redis_url, tmp_path / "cpu", key_prefix=private_prefix,
                          queues="translate")
    try:
        assert runners.online() == []
    finally:
        worker.stop()


def test_a_heartbeat_expires_when_a_runner_stops_beating(private_prefix, settings):
    import redis

    runners.beat("gone@host")
    client = redis.Redis.from_url(settings.REDIS_URL)
    key = f"{private_prefix}rocport:rocm-runner:gone@host"
    assert 0 < client.ttl(key) <= 3 * runners.HEARTBEAT_SECONDS
    client.delete(key)


def test_online_is_unknown_when_redis_does_not_answer(settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    assert runners.online() is None


def test_a_heartbeat_carries_the_runners_toolchain(private_prefix):
    toolchain = runners.probe_toolchain()
    runners.beat("rocm@a", toolchain)
    try:
        assert runners.toolchains() == {"rocm@a": toolchain}
        assert "hip" in toolchain["libraries"]
        assert toolchain["hip_version"].count(".") == 1
    finally:
        runners.forget("rocm@a")


def test_new_jobs_target_the_newest_hip_of_the_runners_online(private_prefix, settings):
    settings.DEFAULT_HIP_VERSION = "6.0"
    assert runners.default_hip_version() == "6.0"  # no runner online: the setting
    runners.beat("rocm@a", {"hip_version": "5.2", "runners": [
        {"name": "host", "hip_version": "5.2"}, {"name": "rocm-6.4", "hip_version": "6.4"}]})
    runners.beat("rocm@b", {"hip_version": "6.3"})
    runners.beat("rocm@c", {"hip_version": "5.7"})
    try:
        assert runners.default_hip_version() == "6.4"
    finally:
        for name in ("rocm@a", "rocm@b", "rocm@c"):
            runners.forget(name)


@needs_rocm_64
def test_a_worker_serves_the_host_and_the_built_runners(private_prefix, redis_url, tmp_path,
                                                        client, settings):
    worker = start_worker(redis_url, tmp_path / "rocm", key_prefix=private_prefix,
                          queues="rocm", extra_env={"RUNNERS_DIR": str(RUNNERS_DIR)})
    try:
        [hostname] = wait_for(runners.online, 30, "the ROCm runner's heartbeat")
        served = wait_for(lambda: runners.toolchains()[hostname].get("runners"), 30,
                          "the runners in the heartbeat")
        assert [runner["name"] for runner in served] == ["rocm-6.4", "host"]
        assert "gfx942" in served[0]["offload_archs"]
        assert "hipblaslt" in served[0]["libraries"]
        assert runners.default_hip_version() == "6.4"
        client.force_login(make_user())
        page = client.get("/runners/").content.decode()
        assert hostname in page
        assert f'id="runner-{slugify(hostname)}-rocm-6.4"' in page
        assert client.get("/api/runners/").json()["workers"][0]["runners"] == served
    finally:
        worker.stop()


@needs_rocm_64
def test_a_jobs_hip_version_picks_the_runner_it_compiles_on(settings):
    settings.RUNNERS_DIR = RUNNERS_DIR
    settings.ROCM_RUNNERS = []
    assert runners.runner_for_job({"hip_version": [6, 4]}).name == "rocm-6.4"
    assert runners.runner_for_job({"hip_version": [5, 2]}).name == "host"
    assert runners.runner_for_job({}).name == "rocm-6.4"  # the newest
    settings.ROCM_RUNNERS = ["host"]
    assert runners.runner_for_job({"hip_version": [6, 4]}).name == "host"


def test_after_a_redis_failure_the_runners_are_not_asked_again_for_a_while(tmp_path, settings):
    """One request pays for a hung Redis once: the HIP version default and the job's
    message would otherwise each wait for their timeout (webapp.redis_health)."""
    from tests.services import start_redis
    from webapp import redis_health

    server = start_redis(tmp_path / "redis")
    settings.REDIS_URL = server.url
    try:
        server.pause()
        started = time.monotonic()
        assert runners.online() is None  # timed out
        first = time.monotonic() - started
        started = time.monotonic()
        assert runners.toolchains() is None  # not asked
        assert time.monotonic() - started < 0.05 < first
        server.resume()
        redis_health.redis_answered()  # (or QUIET_SECONDS later)
        assert runners.online() == []
    finally:
        server.stop()
        redis_health.redis_answered()
