"""POST /api/jobs/{id}/hip-port/: the "Open HIP port" button's API twin."""

import pytest
from rest_framework.test import APIClient

from tests.factories import make_job
from tests.fake_github import app_keys
from tests.webapp.github import payload
from webapp.github.events import parse_pull_request
from webapp.github.models import PortRequest
from webapp.github.submit import job_owner, submit_pull_request
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def app(settings):
    settings.GITHUB_JOB_OWNER = "rocport-bot"
    settings.GITHUB_APP_ID, settings.GITHUB_APP_PRIVATE_KEY = "424242", app_keys()[0]


@pytest.fixture
def api():
    client = APIClient()
    client.force_authenticate(job_owner())
    return client


def github_job(state=Job.State.DONE) -> Job:
    job = submit_pull_request(parse_pull_request(payload("pull_request_opened")), "d-1")
    Job.objects.filter(pk=job.pk).update(state=state, artifacts=["hip-tree.tar.gz"])
    return job


def test_a_finished_github_job_gets_a_port_request(api, django_capture_on_commit_callbacks):
    job = github_job()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = api.post(f"/api/jobs/{job.pk}/hip-port/")
    assert response.status_code == 202
    port = PortRequest.objects.get()
    assert response.json() == {"status": "queued", "port": {
        "id": port.pk, "state": "waiting", "repository": "lattice-lab/stencil-kernels",
        "branch": "rocport/hip-port/17", "base": "tiled-stencil", "pull_number": None,
        "pull_url": "", "message": ""}}
    assert port.requested_by == "rocport-bot"
    assert len(callbacks) == 1


def test_a_running_job_has_no_port_yet(api):
    response = api.post(f"/api/jobs/{github_job(Job.State.TRANSLATING).pk}/hip-port/")
    assert (response.status_code, response.json()["error"]["code"]) == (409, "not-ready")


def test_an_uploaded_job_has_no_port_pull_request(api):
    job = make_job(owner=job_owner(), state=Job.State.DONE)
    response = api.post(f"/api/jobs/{job.pk}/hip-port/")
    assert (response.status_code, response.json()["error"]["code"]) == (409, "not-a-pull-request")


def test_without_the_github_app_the_port_is_refused(api, settings):
    settings.GITHUB_APP_ID = ""
    response = api.post(f"/api/jobs/{github_job().pk}/hip-port/")
    assert (response.status_code, response.json()["error"]["code"]) == (409, "no-github-app")


def test_someone_elses_job_is_not_found():
    from tests.factories import make_user

    client = APIClient()
    client.force_authenticate(make_user())
    assert client.post(f"/api/jobs/{github_job().pk}/hip-port/").status_code == 404
