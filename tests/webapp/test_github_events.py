"""webapp.github.events: stored payloads become PullRequestEvent; bad fields are refused."""

import copy

import pytest

from tests.webapp.github import payload
from webapp.github.events import HANDLED_ACTIONS, PayloadError, parse_pull_request


def test_opened_pull_request_in_the_same_repository():
    event = parse_pull_request(payload("pull_request_opened"))
    assert event.action == "opened"
    assert (event.repository, event.number, event.name) == (
        "lattice-lab/stencil-kernels", 17, "lattice-lab/stencil-kernels#17")
    assert event.head_sha == "3f9c2b7d41e8a0956c1d2e3f4a5b6c7d8e9f0a1b"
    assert (event.head_repository, event.head_ref) == ("lattice-lab/stencil-kernels",
                                                       "tiled-stencil")
    assert event.clone_url == "https://github.com/lattice-lab/stencil-kernels.git"
    assert (event.installation_id, event.sender) == (48151623, "mira-k")
    assert event.tarball_path == (
        "/repos/lattice-lab/stencil-kernels/tarball/3f9c2b7d41e8a0956c1d2e3f4a5b6c7d8e9f0a1b")


def test_synchronized_pull_request_from_a_fork_downloads_from_the_fork():
    event = parse_pull_request(payload("pull_request_synchronize_fork"))
    assert (event.action, event.repository, event.head_repository) == (
        "synchronize", "lattice-lab/stencil-kernels", "tomas-h/stencil-kernels")
    assert event.clone_url == "https://github.com/tomas-h/stencil-kernels.git"
    assert event.installation_id is None


def test_deleted_fork_falls_back_to_the_base_repository():
    data = payload("pull_request_synchronize_fork")
    data["pull_request"]["head"]["repo"] = None
    event = parse_pull_request(data)
    assert event.head_repository == "lattice-lab/stencil-kernels"


def test_handled_actions():
    assert HANDLED_ACTIONS == {"opened", "synchronize", "reopened", "ready_for_review"}


def broken(change):
    data = copy.deepcopy(payload("pull_request_opened"))
    change(data)
    return data


@pytest.mark.parametrize(("data", "message"), [
    ([], "expected an object holding 'pull_request'"),
    (broken(lambda d: d.pop("pull_request")), "'pull_request' is missing"),
    (broken(lambda d: d["pull_request"]["head"].update(sha="HEAD~1")), "not a commit id"),
    (broken(lambda d: d["pull_request"].update(number="17")), "'number' is missing or not a"),
    (broken(lambda d: d["pull_request"].update(number=True)), "'number' is missing or not a"),
    (broken(lambda d: d["pull_request"].update(number=0)), "number must be positive"),
    (broken(lambda d: d["repository"].update(full_name="../../admin")), "not an owner/name"),
    (broken(lambda d: d["repository"].update(full_name="a/b/c")), "not an owner/name"),
    (broken(lambda d: d["pull_request"]["head"]["repo"].update(full_name="x y/z")),
     "head.repo.full_name is not an owner/name"),
    (broken(lambda d: d["installation"].update(id="48151623")), "installation.id"),
], ids=["not-an-object", "no-pull-request", "bad-sha", "number-as-text", "number-as-bool",
        "number-zero", "traversal-in-name", "three-part-name", "space-in-head-name",
        "installation-as-text"])
def test_malformed_payloads_are_refused(data, message):
    with pytest.raises(PayloadError, match=message):
        parse_pull_request(data)
