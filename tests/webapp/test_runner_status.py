"""The job page says when its compile check waits because no ROCm runner is online."""

import json
import uuid

import pytest

from tests.factories import make_job, make_user, report_json
from tests.services import redis_url  # noqa: F401  (fixture)
from webapp import runners
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db


@pytest.fixture
def compiling(client, settings, redis_url):  # noqa: F811
    """A job whose translation is done (report stored) and whose compile check is queued."""
    settings.REDIS_URL = redis_url
    settings.REDIS_KEY_PREFIX = f"rocport-page-{uuid.uuid4().hex[:8]}:"
    user = make_user()
    client.force_login(user)
    job = make_job(owner=user, state=Job.State.COMPILING,
                   compile_status="waiting for a ROCm runner")
    job.store_artifact("report.json", json.dumps(report_json()).encode())
    job.page = lambda: client.get(job.get_absolute_url()).content.decode()
    return job


def test_says_no_rocm_runner_is_online(compiling):
    assert "No ROCm runner is online" in compiling.page()


def test_says_the_runners_are_busy_when_one_is_online(compiling):
    runners.beat("runner-1@gpu-host")
    try:
        page = compiling.page()
    finally:
        runners.forget("runner-1@gpu-host")
    assert "Waiting for a ROCm runner (1 online" in page
    assert "No ROCm runner is online" not in page


def test_a_started_compile_check_does_not_wait(compiling):
    compiling.claim_compile()
    page = compiling.page()
    assert "compile-waiting" not in page
    assert "The compile check is running; its results appear here as units finish." in page
