"""webapp.github.client against the local fake GitHub: tarballs, statuses, comments, errors."""

import io
import tarfile

import pytest

from tests.fake_github import FakeGitHub
from webapp.github.client import GitHubClient, GitHubError, TransientGitHubError, strip_top_folder

SHA = "3f9c2b7d41e8a0956c1d2e3f4a5b6c7d8e9f0a1b"
REPO = "lattice-lab/stencil-kernels"
LIMITS = {"max_bytes": 10_000_000, "max_unpacked_bytes": 100_000_000, "max_files": 100}


@pytest.fixture
def github():
    fake = FakeGitHub().start()
    yield fake
    fake.stop()


@pytest.fixture
def client(github):
    return GitHubClient(github.url, "test-token", timeout=5)


def names(path) -> list[str]:
    with tarfile.open(path) as archive:
        return sorted(archive.getnames())


def test_tarball_comes_back_without_github_top_folder(github, client, tmp_path):
    long_name = "include/" + "deep/" * 30 + "tile.cuh"  # over 100 bytes: a pax path record
    github.add_commit(REPO, SHA, {"src/stencil.cu": b"int a;\n", long_name: b"int b;\n"})
    client.download_tarball(REPO, SHA, tmp_path / "input.tar.gz", **LIMITS)
    assert long_name in names(tmp_path / "input.tar.gz")
    assert "src/stencil.cu" in names(tmp_path / "input.tar.gz")
    assert not any(name.startswith("lattice-lab-") for name in names(tmp_path / "input.tar.gz"))
    with tarfile.open(tmp_path / "input.tar.gz") as archive:
        assert archive.extractfile("src/stencil.cu").read() == b"int a;\n"
    assert not (tmp_path / "input.tar.gz.download").exists()


def test_token_is_sent_to_the_api_but_not_to_the_download_host(github, client, tmp_path):
    github.add_commit(REPO, SHA, {"a.cu": b"int a;\n"})
    client.download_tarball(REPO, SHA, tmp_path / "input.tar.gz", **LIMITS)
    api, download = github.requests
    assert api.headers["Authorization"] == "Bearer test-token"
    assert download.path.startswith("/codeload/")
    assert "Authorization" not in download.headers


def test_unknown_commit_is_a_permanent_error(client, tmp_path):
    with pytest.raises(GitHubError) as error:
        client.download_tarball(REPO, SHA, tmp_path / "input.tar.gz", **LIMITS)
    assert error.value.code == "github-not-found"
    assert not isinstance(error.value, TransientGitHubError)


@pytest.mark.parametrize("status", [500, 502, 503, 429])
def test_server_errors_are_transient(github, client, tmp_path, status):
    github.fail_next("/repos/", status)
    with pytest.raises(TransientGitHubError) as error:
        client.download_tarball(REPO, SHA, tmp_path / "input.tar.gz", **LIMITS)
    assert str(status) in error.value.message


def test_unreachable_github_is_transient(tmp_path):
    from tests.services import free_port

    client = GitHubClient(f"http://127.0.0.1:{free_port()}", "t", timeout=2)
    with pytest.raises(TransientGitHubError, match="did not answer"):
        client.post_status(REPO, SHA, "pending", "x")


def test_bad_credentials_are_a_permanent_refusal(github):
    client = GitHubClient(github.url, "wrong-token", timeout=5)
    with pytest.raises(GitHubError) as error:
        client.post_comment(REPO, 17, "hello")
    assert (error.value.code, type(error.value)) == ("github-refused", GitHubError)
    assert "401 Bad credentials" in error.value.message


def test_download_over_the_limit_stops(github, client, tmp_path):
    github.add_commit(REPO, SHA, {"big.bin": bytes(range(256)) * 4000})
    with pytest.raises(GitHubError) as error:
        client.download_tarball(REPO, SHA, tmp_path / "input.tar.gz",
                                **{**LIMITS, "max_bytes": 1000})
    assert error.value.code == "too-large"


def test_too_many_members_stop_the_repacking(github, client, tmp_path):
    github.add_commit(REPO, SHA, {f"f{n}.cu": b"" for n in range(20)})
    with pytest.raises(GitHubError) as error:
        client.download_tarball(REPO, SHA, tmp_path / "input.tar.gz",
                                **{**LIMITS, "max_files": 10})
    assert error.value.code == "too-many-files"


def test_a_tarball_that_is_no_tarball_is_refused(tmp_path):
    (tmp_path / "raw").write_bytes(b"<html>rate limited</html>")
    with pytest.raises(GitHubError) as error:
        strip_top_folder(tmp_path / "raw", tmp_path / "out.tar.gz", max_files=10, max_bytes=10)
    assert error.value.code == "bad-tarball"


def test_links_are_kept_for_the_safe_unpacker_to_refuse(tmp_path):
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        link = tarfile.TarInfo("top/evil")
        link.type, link.linkname = tarfile.SYMTYPE, "/etc/passwd"
        archive.addfile(link)
    (tmp_path / "raw").write_bytes(buffer.getvalue())
    strip_top_folder(tmp_path / "raw", tmp_path / "out.tar.gz", max_files=10, max_bytes=10)
    with tarfile.open(tmp_path / "out.tar.gz") as archive:
        (member,) = archive.getmembers()
    assert (member.name, member.issym(), member.linkname) == ("evil", True, "/etc/passwd")


def test_status_and_comment_are_posted_as_json(github, client):
    client.post_status(REPO, SHA, "success", "d" * 200, "http://rocport.test/jobs/1/")
    client.post_comment(REPO, 17, "### rocport")
    status, comment = github.requests
    assert (status.method, status.path) == ("POST", f"/repos/{REPO}/statuses/{SHA}")
    assert status.body == {"state": "success", "description": "d" * 140, "context": "rocport",
                           "target_url": "http://rocport.test/jobs/1/"}
    assert (comment.path, comment.body) == (f"/repos/{REPO}/issues/17/comments",
                                            {"body": "### rocport"})
    assert status.headers["Accept"] == "application/vnd.github+json"


def test_a_create_call_answered_with_no_object_is_refused(github, client):
    github.route = lambda method, path, query, body, headers: (201, ["not", "an", "object"], {})
    with pytest.raises(GitHubError) as error:
        client.post_comment(REPO, 17, "hello")
    assert (error.value.code, type(error.value)) == ("github-refused", GitHubError)
