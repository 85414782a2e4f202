"""The webhook as a GitHub App's: re-runs from check runs and suites, the "Open HIP port"
button, installation records (a removed repository stops getting runs), deliveries stored
once. Payloads: our own, in the shapes GitHub documents, pointed at our commit."""

import pytest

from tests.fake_github import app_keys
from tests.webapp.github import SECRET, deliver, payload
from webapp.github.models import Delivery, Installation, PortRequest, PullRequest, Repository
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db

APP_ID = "424242"
REPO = "lattice-lab/stencil-kernels"
SHA = "3f9c2b7d41e8a0956c1d2e3f4a5b6c7d8e9f0a1b"
INSTALLATION = 48151623


@pytest.fixture(autouse=True)
def app(settings):
    settings.GITHUB_WEBHOOK_SECRET = SECRET
    settings.GITHUB_JOB_OWNER = "rocport-bot"
    settings.GITHUB_APP_ID, settings.GITHUB_APP_PRIVATE_KEY = APP_ID, app_keys()[0]


def opened(client, callbacks) -> Job:
    with callbacks(execute=False):
        response = deliver(client, "pull_request", payload("pull_request_opened"),
                           delivery="opened-1")
    assert response.status_code == 202
    return Job.objects.get(pk=response.json()["job"])


def check_payload(name: str, job: Job | None = None, **changes) -> dict:
    """A stored check_run/check_suite example, about our repository, commit and app."""
    data = payload(name)
    event = "check_run" if "check_run" in data else "check_suite"
    data["repository"]["full_name"] = REPO
    data["installation"] = {"id": INSTALLATION}
    data[event].update(head_sha=SHA, app={**data[event]["app"], "id": int(APP_ID)},
                       pull_requests=[])
    if job is not None and event == "check_run":
        data["check_run"]["external_id"] = str(job.pk)
    data[event].update(changes)
    return data


def port_action(job: Job) -> dict:
    data = check_payload("check_run_requested_action", job)
    data["requested_action"] = {"identifier": "open-hip-port"}
    return data


def finished(job: Job) -> Job:
    Job.objects.filter(pk=job.pk).update(state=Job.State.DONE, artifacts=["hip-tree.tar.gz"])
    job.refresh_from_db()
    return job


def test_check_run_rerequested_starts_a_new_job_on_the_same_commit(
        client, django_capture_on_commit_callbacks):
    first = opened(client, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = deliver(client, "check_run", check_payload("check_run_rerequested", first),
                           delivery="rerun-1")
    assert response.status_code == 202
    rerun = PullRequest.objects.get(job_id=response.json()["job"])
    assert (rerun.repository, rerun.number, rerun.head_sha, rerun.run) == (REPO, 17, SHA, 2)
    assert (rerun.head_ref, rerun.installation_id) == ("tiled-stencil", INSTALLATION)
    assert rerun.job.state == "queued"
    assert len(callbacks) == 1


def test_check_suite_rerequested_reruns_the_latest_job_of_the_commit(
        client, django_capture_on_commit_callbacks):
    opened(client, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=False):
        first = deliver(client, "check_suite", check_payload("check_suite_rerequested"),
                        delivery="suite-1")
        second = deliver(client, "check_suite", check_payload("check_suite_rerequested"),
                         delivery="suite-2")
    assert (first.status_code, second.status_code) == (202, 202)
    assert sorted(PullRequest.objects.values_list("run", flat=True)) == [1, 2, 3]


def test_a_redelivered_rerun_is_a_duplicate(client, django_capture_on_commit_callbacks):
    first = opened(client, django_capture_on_commit_callbacks)
    data = check_payload("check_run_rerequested", first)
    with django_capture_on_commit_callbacks(execute=False):
        deliver(client, "check_run", data, delivery="rerun-1")
        again = deliver(client, "check_run", data, delivery="rerun-1")
    assert again.json() == {"status": "duplicate"}
    assert Job.objects.count() == 2


def test_a_check_of_another_app_is_ignored(client, django_capture_on_commit_callbacks):
    first = opened(client, django_capture_on_commit_callbacks)
    data = check_payload("check_run_rerequested", first)
    data["check_run"]["app"]["id"] = 1
    response = deliver(client, "check_run", data, delivery="other-app")
    assert (response.status_code, response.json()["status"]) == (200, "ignored")
    assert Job.objects.count() == 1


def test_a_rerun_of_a_commit_rocport_never_ran_is_ignored(client):
    response = deliver(client, "check_run", check_payload("check_run_rerequested"))
    assert response.json() == {"status": "ignored", "reason": "rocport ran no job on this commit"}


def test_open_hip_port_button_queues_a_port_request(client, django_capture_on_commit_callbacks):
    job = finished(opened(client, django_capture_on_commit_callbacks))
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = deliver(client, "check_run", port_action(job), delivery="port-1")
    assert response.status_code == 202
    port = PortRequest.objects.get()
    assert response.json() == {"status": "queued", "port": port.pk, "job": str(job.pk)}
    assert (port.pull_request.job_id, port.state, port.published_at) == (job.pk, "waiting", None)
    assert port.requested_by == payload("check_run_requested_action")["sender"]["login"]
    assert len(callbacks) == 1  # open_hip_port, once committed


def test_open_hip_port_of_a_running_job_is_refused(client, django_capture_on_commit_callbacks):
    job = opened(client, django_capture_on_commit_callbacks)
    response = deliver(client, "check_run", port_action(job), delivery="port-1")
    assert (response.json()["status"], response.json()["code"]) == ("refused", "not-ready")
    assert not PortRequest.objects.exists()


def test_an_unknown_requested_action_is_ignored(client, django_capture_on_commit_callbacks):
    job = finished(opened(client, django_capture_on_commit_callbacks))
    data = port_action(job)
    data["requested_action"]["identifier"] = "lgtm"
    assert deliver(client, "check_run", data).json()["status"] == "ignored"


def test_installation_created_records_its_repositories(client):
    response = deliver(client, "installation", payload("installation_created"))
    assert (response.status_code, response.json()["status"]) == (200, "recorded")
    installation = Installation.objects.get(installation_id=61803398)
    assert installation.account == "rocport-tests"
    assert not installation.removed
    assert list(installation.repositories.values_list("full_name", "installed")) == [
        ("rocport-tests/cuda-app", True)]


def removed_payload() -> dict:
    data = payload("installation_repositories_removed")
    data["installation"]["id"] = INSTALLATION
    data["repositories_removed"][0]["full_name"] = REPO
    return data


def test_a_removed_repository_gets_no_more_runs_and_its_jobs_stop(
        client, django_capture_on_commit_callbacks):
    job = opened(client, django_capture_on_commit_callbacks)
    assert Repository.objects.get(full_name=REPO).installed  # remembered from the webhook
    with django_capture_on_commit_callbacks(execute=False):
        response = deliver(client, "installation_repositories", removed_payload(),
                           delivery="removed")
    assert "1 jobs canceled" in response.json()["reason"]
    job.refresh_from_db()
    assert job.state == "canceled"
    again = payload("pull_request_opened")
    again["pull_request"]["head"]["sha"] = "ab" * 20
    response = deliver(client, "pull_request", again, delivery="after-removal")
    assert (response.json()["status"], Job.objects.count()) == ("ignored", 1)
    rerun = deliver(client, "check_run", check_payload("check_run_rerequested", job),
                    delivery="rerun-after-removal")
    assert rerun.json()["status"] == "ignored"


def test_a_deleted_installation_stops_its_repositories(client, django_capture_on_commit_callbacks):
    opened(client, django_capture_on_commit_callbacks)
    data = payload("installation_deleted")
    data["installation"]["id"] = INSTALLATION
    with django_capture_on_commit_callbacks(execute=False):
        deliver(client, "installation", data, delivery="deleted")
    assert not Repository.accepts(REPO)
    assert Installation.objects.get(installation_id=INSTALLATION).removed


def test_a_delivery_is_stored_once_with_what_it_caused(client, django_capture_on_commit_callbacks):
    opened(client, django_capture_on_commit_callbacks)
    assert list(Delivery.objects.values_list("delivery", "event", "action")) == [
        ("opened-1", "pull_request", "opened")]


def test_a_delivery_that_failed_leaves_no_trace_so_it_can_come_again(client):
    data = payload("pull_request_opened")
    data["pull_request"]["number"] = "17"
    assert deliver(client, "pull_request", data, delivery="bad").status_code == 400
    assert not Delivery.objects.exists()
    response = deliver(client, "pull_request", payload("pull_request_opened"), delivery="bad")
    assert response.status_code == 202
