"""The webhook view: disabled without a secret, signature checked on the raw body,
events and actions sorted, a pull request turned into a queued github Job."""

import json

import pytest

from tests.webapp.github import SECRET, deliver, payload, signature
from webapp.github.models import PullRequest
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def secret(settings):
    settings.GITHUB_WEBHOOK_SECRET = SECRET
    settings.GITHUB_JOB_OWNER = "rocport-bot"


def test_webhook_is_404_until_a_secret_is_set(client, settings):
    settings.GITHUB_WEBHOOK_SECRET = ""
    response = deliver(client, "ping", payload("ping"))
    assert (response.status_code, response.json()["error"]["code"]) == (404, "not-found")


def test_missing_signature_is_401(client):
    response = deliver(client, "ping", payload("ping"), sign="")
    assert (response.status_code, response.json()["error"]["code"]) == (401, "bad-signature")


def test_signature_with_another_secret_is_401(client):
    response = deliver(client, "pull_request", payload("pull_request_opened"), secret="guess")
    assert response.status_code == 401
    assert not Job.objects.exists()


def test_signature_is_checked_on_the_raw_bytes(client):
    body = json.dumps(payload("ping")).encode()
    reformatted = json.dumps(payload("ping"), indent=1).encode()  # same JSON, other bytes
    response = client.post("/hooks/github/", reformatted, content_type="application/json",
                           HTTP_X_GITHUB_EVENT="ping", HTTP_X_HUB_SIGNATURE_256=signature(body))
    assert response.status_code == 401


def test_get_is_405(client):
    assert client.get("/hooks/github/").status_code == 405


def test_ping_is_answered_pong(client):
    response = deliver(client, "ping", payload("ping"))
    assert (response.status_code, response.json()) == (200, {"status": "pong"})


def test_other_events_are_ignored(client):
    response = deliver(client, "push", payload("push"))
    assert (response.status_code, response.json()["status"]) == (200, "ignored")
    assert not Job.objects.exists()


def test_other_actions_are_ignored(client):
    labeled = {**payload("pull_request_opened"), "action": "labeled"}
    response = deliver(client, "pull_request", labeled)
    assert (response.status_code, response.json()["status"]) == (200, "ignored")
    assert "'labeled'" in response.json()["reason"]
    assert not Job.objects.exists()


def test_signed_garbage_is_400(client):
    response = deliver(client, "pull_request", b"{not json")
    assert (response.status_code, response.json()["error"]["code"]) == (400, "invalid")


def test_signed_payload_with_a_bad_field_is_400(client):
    data = payload("pull_request_opened")
    data["pull_request"]["head"]["sha"] = "main"
    response = deliver(client, "pull_request", data)
    assert response.status_code == 400
    assert "not a commit id" in response.json()["error"]["message"]
    assert not Job.objects.exists()


def test_opened_pull_request_creates_a_queued_github_job(client,
                                                          django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = deliver(client, "pull_request", payload("pull_request_opened"))
    assert response.status_code == 202
    job = Job.objects.get()
    assert response.json() == {"status": "queued", "job": str(job.pk)}
    assert (job.source_kind, job.state, job.owner.username, job.input_name) == (
        "github", "queued", "rocport-bot", "")
    assert job.source_name == "lattice-lab/stencil-kernels#17 @ 3f9c2b7d41e8"
    assert not job.owner.has_usable_password()
    pull = PullRequest.objects.get(job=job)
    assert (pull.repository, pull.number, pull.head_repository, pull.installation_id) == (
        "lattice-lab/stencil-kernels", 17, "lattice-lab/stencil-kernels", 48151623)
    assert len(callbacks) == 1  # fetch_pull_request, once the job is committed


def test_form_encoded_payload_is_accepted(client, django_capture_on_commit_callbacks):
    from urllib.parse import urlencode

    body = urlencode({"payload": json.dumps(payload("pull_request_synchronize_fork"))}).encode()
    with django_capture_on_commit_callbacks(execute=False):
        response = client.post("/hooks/github/", body,
                               content_type="application/x-www-form-urlencoded",
                               HTTP_X_GITHUB_EVENT="pull_request",
                               HTTP_X_HUB_SIGNATURE_256=signature(body))
    assert response.status_code == 202
    assert PullRequest.objects.get().head_repository == "tomas-h/stencil-kernels"


def test_redelivery_creates_no_second_job(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        first = deliver(client, "pull_request", payload("pull_request_opened"))
        again = deliver(client, "pull_request", payload("pull_request_opened"))
    assert (first.status_code, again.status_code) == (202, 200)
    assert again.json() == {"status": "duplicate"}
    assert Job.objects.count() == 1


def synchronize(sha: str) -> dict:
    """The opened payload as a ``synchronize`` delivery with head commit SHA."""
    data = payload("pull_request_opened")
    data["action"] = "synchronize"
    data["pull_request"]["head"]["sha"] = sha
    return data


def test_second_delivery_for_the_same_head_commit_creates_no_second_job(
        client, django_capture_on_commit_callbacks):
    sha = payload("pull_request_opened")["pull_request"]["head"]["sha"]
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        opened = deliver(client, "pull_request", payload("pull_request_opened"), delivery="a")
        pushed = deliver(client, "pull_request", synchronize(sha), delivery="b")
    assert (opened.status_code, pushed.status_code) == (202, 200)
    assert pushed.json() == {"status": "duplicate"}
    assert Job.objects.count() == 1
    assert len(callbacks) == 1


def test_a_new_head_commit_gets_its_own_job(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        deliver(client, "pull_request", payload("pull_request_opened"), delivery="a")
        pushed = deliver(client, "pull_request", synchronize("ab" * 20), delivery="b")
    assert pushed.status_code == 202
    assert sorted(PullRequest.objects.values_list("head_sha", flat=True)) == [
        payload("pull_request_opened")["pull_request"]["head"]["sha"], "ab" * 20]


def test_the_database_refuses_a_second_row_for_one_head_commit():
    from django.db import IntegrityError, transaction

    from tests.factories import make_job

    fields = {"repository": "o/r", "number": 1, "head_sha": "ab" * 20,
              "head_repository": "o/r", "action": "opened"}
    PullRequest.objects.create(job=make_job(), delivery="a", **fields)
    with pytest.raises(IntegrityError), transaction.atomic():
        PullRequest.objects.create(job=make_job(), delivery="b", **fields)


def test_jobs_of_several_pull_requests_share_the_configured_owner(
        client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        deliver(client, "pull_request", payload("pull_request_opened"), delivery="a")
        deliver(client, "pull_request", payload("pull_request_synchronize_fork"), delivery="b")
    assert {job.owner.username for job in Job.objects.all()} == {"rocport-bot"}


@pytest.mark.django_db(transaction=True)
def test_concurrent_deliveries_for_one_head_commit_create_one_job(monkeypatch):
    """Both deliveries pass the "seen before?" look-up; the constraint picks one winner."""
    import threading

    from django.db import connection

    from webapp.github import submit
    from webapp.github.events import parse_pull_request

    # Nothing is sent: this test is about the rows.
    monkeypatch.setattr("django.db.transaction.on_commit", lambda *args, **kwargs: None)
    event = parse_pull_request(payload("pull_request_opened"))
    submit.job_owner()  # created now: a race on it would hide the one under test
    both_checked = threading.Barrier(2, timeout=10)
    real_filter = PullRequest.objects.filter

    class Rows:  # answers exists() only once the other thread has asked too
        def __init__(self, rows):
            self.rows = rows

        def exists(self):
            found = self.rows.exists()
            both_checked.wait()
            return found

    class Manager:  # PullRequest.objects, whose commit look-up waits for the other thread
        def filter(self, **lookups):
            rows = real_filter(**lookups)
            return Rows(rows) if "head_sha" in lookups else rows

        def __getattr__(self, name):
            return getattr(PullRequest._default_manager, name)

    monkeypatch.setattr(PullRequest, "objects", Manager())
    results = []

    def receive(delivery):
        try:
            results.append(submit.submit_pull_request(event, delivery))
        finally:
            connection.close()

    threads = [threading.Thread(target=receive, args=(name,)) for name in ("a", "b")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(job is None for job in results) == [False, True]
    assert Job.objects.count() == 1


def _set(data: dict, path: str, value) -> dict:
    *parents, last = path.split(".")
    container = data
    for key in parents:
        container = container[key]
    container[last] = value
    return data


@pytest.mark.parametrize(("event", "name", "path", "value"), [
    ("pull_request", "pull_request_opened", "sender", "octocat"),
    ("pull_request", "pull_request_opened", "sender", ["octocat"]),
    ("pull_request", "pull_request_opened", "sender.login", {"deep": 1}),
    ("pull_request", "pull_request_opened", "pull_request.number", 10**30),
    ("pull_request", "pull_request_opened", "pull_request.number", -(10**30)),
    ("pull_request", "pull_request_opened", "installation.id", 2**63),
    ("pull_request", "pull_request_opened", "installation", "a string"),
    ("pull_request", "pull_request_opened", "pull_request.head", [1, 2]),
    ("check_suite", "check_suite_rerequested", "sender", 7),
    ("check_suite", "check_suite_rerequested", "check_suite.pull_requests", "many"),
    ("check_suite", "check_suite_rerequested", "check_suite.app", {"id": 10**40}),
    ("installation", "installation_created", "installation.id", 10**25),
    ("installation", "installation_created", "repositories", {"full_name": "a/b"}),
])
def test_odd_fields_are_answered_below_500(client, event, name, path, value):
    response = deliver(client, event, _set(payload(name), path, value))
    assert response.status_code < 500, response.content
    assert response["Content-Type"] == "application/json"


def test_a_payload_nested_without_end_is_400(client):
    response = deliver(client, "pull_request", b'{"action": ' + b"[" * 100_000 + b"]" * 100_000
                       + b"}")
    assert (response.status_code, response.json()["error"]["code"]) == (400, "invalid")
