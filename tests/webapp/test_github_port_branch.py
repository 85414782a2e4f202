"""webapp.github.port_branch against the local fake GitHub: the Git Data API sequence, only
changed files sent, renames as deletions and additions, the branch forced on a new push,
one pull request per branch."""

import pytest

from tests.fake_github import FakeGitHub, app_keys
from webapp.github import authentication
from webapp.github.authentication import InstallationAuth
from webapp.github.client import GitHubClient
from webapp.github.port_branch import blob_sha, open_port_pull, push_port

REPO = "lattice-lab/stencil-kernels"
SHA = "3f9c2b7d41e8a0956c1d2e3f4a5b6c7d8e9f0a1b"
NEWER = "ab" * 20
HEAD = {"src/stencil.cu": b"cudaMalloc(&p, n);\n", "src/kernel.cu": b"__global__ void k();\n",
        "README.md": b"# stencil\n"}


@pytest.fixture
def github():
    fake = FakeGitHub().start()
    fake.use_app("7", app_keys()[1], {1: {REPO}})
    fake.add_commit(REPO, SHA, HEAD, branch="tiled-stencil")
    authentication.forget_tokens()
    yield fake
    fake.stop()
    authentication.forget_tokens()


@pytest.fixture
def client(github):
    return GitHubClient(github.url, auth=InstallationAuth("7", app_keys()[0], 1, github.url))


def hip_tree(folder, files: dict[str, bytes]):
    for path, data in files.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_bytes(data)
    return folder


def port_files():
    return {"src/stencil.cu": b"hipMalloc(&p, n);\n", "src/kernel.hip": b"__global__ void k();\n",
            "README.md": b"# stencil\n"}


def test_blob_sha_is_the_one_git_computes():
    assert blob_sha(b"hello\n") == "ce013625030ba8dba906f756967f9e9ca394464a"


def test_port_is_committed_on_the_head_through_the_git_data_api(github, client, tmp_path):
    pushed = push_port(client, REPO, SHA, "rocport/hip-port/17", hip_tree(tmp_path, port_files()),
                       ["src/kernel.cu"], "rocport: HIP port")
    sequence = [(r.method, r.path.split("?")[0].replace(f"/repos/{REPO}/git/", ""))
                for r in github.requests if "/git/" in r.path]
    assert sequence == [
        ("GET", f"commits/{SHA}"), ("GET", sequence[1][1]),
        ("POST", "blobs"), ("POST", "blobs"), ("POST", "trees"), ("POST", "commits"),
        ("GET", "ref/heads/rocport/hip-port/17"), ("POST", "refs"),
    ]
    assert github.received("GET", "/git/trees/")[0].path.endswith("?recursive=1")
    assert (pushed.changed, pushed.deleted, pushed.created_branch) == (
        ("src/kernel.hip", "src/stencil.cu"), ("src/kernel.cu",), True)
    tree = github.received("POST", "/git/trees$")[0].body
    assert tree["base_tree"] == github.commits[SHA]["tree"]
    assert {"path": "src/kernel.cu", "mode": "100644", "type": "blob", "sha": None} in tree["tree"]
    assert github.commits[pushed.commit_sha]["parents"] == [SHA]
    assert github.files_of(REPO, "rocport/hip-port/17") == port_files()


def test_unchanged_files_are_not_sent(github, client, tmp_path):
    push_port(client, REPO, SHA, "port", hip_tree(tmp_path, dict(HEAD)), [], "m")
    assert github.received("POST", "/git/blobs$") == []


def test_a_new_push_forces_the_branch_to_the_new_port(github, client, tmp_path):
    push_port(client, REPO, SHA, "port", hip_tree(tmp_path / "a", port_files()), [], "m")
    github.add_commit(REPO, NEWER, {**HEAD, "src/stencil.cu": b"cudaFree(p);\n"})
    second = push_port(client, REPO, NEWER, "port",
                       hip_tree(tmp_path / "b", {"src/stencil.cu": b"hipFree(p);\n"}), [], "m")
    (update,) = github.received("PATCH", "/git/refs/heads/port$")
    assert update.body == {"sha": second.commit_sha, "force": True}
    assert not second.created_branch
    assert github.files_of(REPO, "port")["src/stencil.cu"] == b"hipFree(p);\n"


def test_pull_request_is_opened_once_then_updated(github, client, tmp_path):
    push_port(client, REPO, SHA, "rocport/hip-port/17", hip_tree(tmp_path, port_files()), [], "m")
    first = open_port_pull(client, REPO, "rocport/hip-port/17", "tiled-stencil", "HIP port",
                           "one")
    again = open_port_pull(client, REPO, "rocport/hip-port/17", "tiled-stencil", "HIP port",
                           "two")
    assert first["number"] == again["number"]
    assert (first["head"]["ref"], first["base"]["ref"]) == ("rocport/hip-port/17",
                                                            "tiled-stencil")
    assert github.pulls[(REPO, first["number"])]["body"] == "two"
    assert len(github.received("POST", f"/repos/{REPO}/pulls$")) == 1
