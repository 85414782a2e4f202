"""webapp.github.authentication and the client's App features against the local fake GitHub:
the JWT, installation tokens and their cache, check runs in batches of 50, secondary rate
limits, pull request files over several pages."""

import time

import jwt
import pytest

from tests.fake_github import FakeGitHub, app_keys
from webapp.github import authentication
from webapp.github.authentication import InstallationAuth, app_jwt
from webapp.github.client import MAX_ANNOTATIONS, GitHubClient, GitHubError, TransientGitHubError

REPO = "lattice-lab/stencil-kernels"
SHA = "3f9c2b7d41e8a0956c1d2e3f4a5b6c7d8e9f0a1b"
APP_ID = "424242"
INSTALLATION = 48151623


@pytest.fixture
def github():
    fake = FakeGitHub().start()
    fake.use_app(APP_ID, app_keys()[1], {INSTALLATION: {REPO}})
    authentication.forget_tokens()
    yield fake
    fake.stop()
    authentication.forget_tokens()


def installation_client(github, installation=INSTALLATION, **options) -> GitHubClient:
    auth = InstallationAuth(APP_ID, app_keys()[0], installation, github.url, timeout=5)
    return GitHubClient(github.url, auth=auth, timeout=5, **options)


def annotation(line: int) -> dict:
    return {"path": "src/stencil.cu", "start_line": line, "end_line": line,
            "annotation_level": "warning", "message": f"finding {line}"}


def test_jwt_is_rs256_with_the_app_id_and_a_short_life():
    now = time.time()
    token = app_jwt(APP_ID, app_keys()[0], now=now)
    claims = jwt.decode(token, app_keys()[1], algorithms=["RS256"])
    assert jwt.get_unverified_header(token)["alg"] == "RS256"
    assert claims["iss"] == APP_ID
    assert claims["iat"] == int(now) - 60
    assert claims["exp"] - claims["iat"] <= 600


def test_installation_token_is_fetched_with_the_jwt_and_cached(github):
    client = installation_client(github)
    client.create_check_run(REPO, {"name": "rocport", "head_sha": SHA})
    client.create_check_run(REPO, {"name": "rocport", "head_sha": SHA})
    (minted,) = github.received("POST", "/app/installations/")
    assert minted.path == f"/app/installations/{INSTALLATION}/access_tokens"
    runs = github.received("POST", "/check-runs$")
    assert [r.headers["Authorization"] for r in runs] == ["Bearer ghs_48151623_0001"] * 2


def test_a_token_about_to_expire_is_renewed(github):
    github.token_seconds = authentication.RENEW_BEFORE - 10  # expires "shortly"
    client = installation_client(github)
    client.create_check_run(REPO, {"name": "rocport", "head_sha": SHA})
    client.create_check_run(REPO, {"name": "rocport", "head_sha": SHA})
    assert len(github.received("POST", "/access_tokens$")) == 2


def test_a_revoked_token_is_fetched_again_once(github):
    client = installation_client(github)
    client.create_check_run(REPO, {"name": "rocport", "head_sha": SHA})
    github.tokens.clear()  # GitHub forgot (revoked) it
    client.create_check_run(REPO, {"name": "rocport", "head_sha": SHA})
    assert len(github.received("POST", "/access_tokens$")) == 2
    assert len(github.check_runs) == 2


def test_a_jwt_signed_by_another_key_is_refused(github):
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    wrong = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = wrong.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                              serialization.NoEncryption()).decode()
    auth = InstallationAuth(APP_ID, pem, INSTALLATION, github.url, timeout=5)
    with pytest.raises(GitHubError, match="401"):
        GitHubClient(github.url, auth=auth, timeout=5).create_check_run(
            REPO, {"name": "rocport", "head_sha": SHA})
    assert github.received("POST", "/check-runs$") == []


def test_personal_token_cannot_create_check_runs(github):
    with pytest.raises(GitHubError, match="401"):
        GitHubClient(github.url, "test-token", timeout=5).create_check_run(
            REPO, {"name": "rocport", "head_sha": SHA})


def test_a_repository_outside_the_installation_is_not_found(github):
    with pytest.raises(GitHubError) as error:
        installation_client(github).create_check_run(
            "someone/else", {"name": "rocport", "head_sha": SHA})
    assert error.value.code == "github-not-found"


def test_annotations_go_in_batches_of_at_most_50(github):
    client = installation_client(github)
    run = client.create_check_run(REPO, {"name": "rocport", "head_sha": SHA})
    output = {"title": "t", "summary": "s"}
    batches = []
    sent = client.annotate_check_run(REPO, run["id"], output,
                                     [annotation(n) for n in range(1, 124)],
                                     on_batch=batches.append)
    assert sent == 123
    assert batches == [50, 100, 123]
    patches = github.received("PATCH", "/check-runs/")
    assert [len(p.body["output"]["annotations"]) for p in patches] == [50, 50, 23]
    assert all(p.body["output"]["title"] == "t" for p in patches)
    assert len(github.check_runs[run["id"]]["annotations"]) == 123


def test_annotation_batching_resumes_where_it_stopped(github):
    client = installation_client(github)
    run = client.create_check_run(REPO, {"name": "rocport", "head_sha": SHA})
    client.annotate_check_run(REPO, run["id"], {"title": "t", "summary": "s"},
                              [annotation(n) for n in range(1, 61)], sent=50)
    assert [a["start_line"] for a in github.check_runs[run["id"]]["annotations"]] == list(
        range(51, 61))


def test_the_fake_refuses_more_than_50_annotations_as_github_does(github):
    client = installation_client(github)
    run = client.create_check_run(REPO, {"name": "rocport", "head_sha": SHA})
    with pytest.raises(GitHubError, match="422"):
        client.update_check_run(REPO, run["id"], {"output": {
            "title": "t", "summary": "s",
            "annotations": [annotation(n) for n in range(1, MAX_ANNOTATIONS + 2)]}})


def test_secondary_rate_limit_is_waited_out_as_github_asks(github):
    waits = []
    client = installation_client(github, sleep=waits.append)
    github.rate_limit_next(f"/repos/{REPO}/check-runs", retry_after=3)
    client.create_check_run(REPO, {"name": "rocport", "head_sha": SHA})
    assert waits == [3.0]
    assert len(github.received("POST", "/check-runs$")) == 2


def test_a_rate_limit_longer_than_max_wait_is_left_to_the_task(github):
    client = installation_client(github, sleep=lambda s: None, max_wait=10)
    github.rate_limit_next(f"/repos/{REPO}/check-runs", retry_after=120)
    with pytest.raises(TransientGitHubError) as error:
        client.create_check_run(REPO, {"name": "rocport", "head_sha": SHA})
    assert error.value.retry_after == 120


def test_pull_request_files_are_read_from_every_page(github):
    github.pull_files[(REPO, 17)] = [{"filename": f"src/f{n}.cu", "status": "modified"}
                                     for n in range(75)]
    files = installation_client(github).pull_request_files(REPO, 17)
    assert [f["filename"] for f in files] == [f"src/f{n}.cu" for n in range(75)]
    assert len(github.received("GET", "/pulls/17/files")) == 3
