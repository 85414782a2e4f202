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


# --- the GitHub App's events (our payloads, in the shapes GitHub documents) ---------------
def test_check_run_rerequested():
    from webapp.github.events import parse_check_event

    event = parse_check_event("check_run", payload("check_run_rerequested"))
    assert (event.event, event.action, event.repository) == (
        "check_run", "rerequested", "rocport-tests/cuda-app")
    assert event.head_sha == "e41a9c07d3b25f6810c4d9e7a2b5f38c61d0e9a4"
    assert (event.check_run_id, event.external_id, event.pull_numbers) == (9100000417, "", ())
    assert event.app_id == payload("check_run_rerequested")["check_run"]["app"]["id"]


def test_check_run_requested_action_carries_the_identifier_and_pull_requests():
    from webapp.github.events import parse_check_event

    data = payload("check_run_requested_action")
    event = parse_check_event("check_run", data)
    assert event.identifier == data["requested_action"]["identifier"]
    assert event.pull_numbers == tuple(p["number"] for p in data["check_run"]["pull_requests"])
    assert (event.installation_id, event.sender) == (data["installation"]["id"],
                                                     data["sender"]["login"])


def test_check_suite_rerequested():
    from webapp.github.events import parse_check_event

    data = payload("check_suite_rerequested")
    event = parse_check_event("check_suite", data)
    assert (event.event, event.action, event.check_run_id) == ("check_suite", "rerequested",
                                                                None)
    assert event.head_sha == data["check_suite"]["head_sha"]


def test_check_event_with_a_bad_sha_is_refused():
    from webapp.github.events import parse_check_event

    data = payload("check_run_rerequested")
    data["check_run"]["head_sha"] = "main"
    with pytest.raises(PayloadError, match="not a commit id"):
        parse_check_event("check_run", data)


@pytest.mark.parametrize(("event", "name", "added", "removed"), [
    ("installation", "installation_created", ("rocport-tests/cuda-app",), ()),
    ("installation", "installation_deleted", (), ("rocport-tests/cuda-app",)),
    ("installation", "installation_suspend", (), ()),
    ("installation_repositories", "installation_repositories_added",
     ("rocport-tests/reduction-kernels",), ()),
    ("installation_repositories", "installation_repositories_removed", (),
     ("rocport-tests/hip-bench",)),
])
def test_installation_events_list_repositories(event, name, added, removed):
    from webapp.github.events import parse_installation_event

    data = payload(name)
    parsed = parse_installation_event(event, data)
    assert (parsed.action, parsed.installation_id) == (data["action"], data["installation"]["id"])
    assert (parsed.added, parsed.removed) == (added, removed)


def test_installation_event_with_a_traversal_in_a_name_is_refused():
    from webapp.github.events import parse_installation_event

    data = payload("installation_repositories_added")
    data["repositories_added"][0]["full_name"] = "../../admin"
    with pytest.raises(PayloadError, match="not an owner/name"):
        parse_installation_event("installation_repositories", data)
