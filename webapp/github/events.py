"""Turn GitHub webhook payloads into dataclasses: pure, no I/O.

- ``pull_request`` (opened, synchronize, reopened, ready_for_review) -> ``PullRequestEvent``;
- ``check_run`` (rerequested, requested_action) and ``check_suite`` (rerequested) ->
  ``CheckEvent``: re-run rocport, or the check run's button ("Open HIP port");
- ``installation`` and ``installation_repositories`` -> ``InstallationEvent``: which
  repositories the app may act on.

Only the fields rocport acts on are read, and each is checked, because they end up in
API paths (``/repos/{owner}/{repo}/tarball/{sha}``): repository names must look like
``owner/name`` and the SHA like a commit id.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, TypeGuard, TypeVar

#: Actions that put new code in front of reviewers; other actions are ignored.
HANDLED_ACTIONS = frozenset({"opened", "synchronize", "reopened", "ready_for_review"})
#: A closed pull request (merged or not): its running jobs are canceled.
CLOSING_ACTIONS = frozenset({"closed"})
#: Handled actions of the GitHub App's events, per event.
APP_ACTIONS = {
    "check_run": frozenset({"rerequested", "requested_action"}),
    "check_suite": frozenset({"rerequested"}),
    "installation": frozenset({"created", "deleted", "suspend", "unsuspend"}),
    "installation_repositories": frozenset({"added", "removed"}),
}

_FULL_NAME = re.compile(r"[A-Za-z0-9_.-]{1,100}/[A-Za-z0-9_.-]{1,100}")
_SHA = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")


_KINDS = {dict: "an object", str: "a string", int: "a number"}
_Kind = TypeVar("_Kind", dict[str, Any], str, int)


class PayloadError(ValueError):
    """The payload lacks a field rocport needs, or a field has an unexpected shape."""


@dataclass(frozen=True)
class PullRequestEvent:
    action: str
    #: The base repository (``owner/name``): statuses and comments go there.
    repository: str
    number: int
    head_sha: str
    #: The repository that holds the head commit: a fork, or the base repository itself.
    head_repository: str
    head_ref: str
    clone_url: str
    title: str
    sender: str
    #: Present when the webhook belongs to a GitHub App installation.
    installation_id: int | None = None

    @property
    def tarball_path(self) -> str:
        """The API path of the head commit's source tarball."""
        return f"/repos/{self.head_repository}/tarball/{self.head_sha}"

    @property
    def name(self) -> str:
        return f"{self.repository}#{self.number}"


def parse_pull_request(payload: object) -> PullRequestEvent:
    """Read a ``pull_request`` event payload; PayloadError names the first bad field."""
    pull = _get(payload, "pull_request", dict)
    base_repository = _get(payload, "repository", dict)
    head = _get(pull, "head", dict)
    repository = _full_name(base_repository, "repository.full_name")
    # A deleted fork leaves head.repo null; the base repository still serves the commit.
    head_repo = head.get("repo")
    head_repository = (_full_name(head_repo, "pull_request.head.repo.full_name")
                       if isinstance(head_repo, dict) else repository)
    clone_source = head_repo if isinstance(head_repo, dict) else base_repository
    sha = _get(head, "sha", str)
    if not _SHA.fullmatch(sha):
        raise PayloadError(f"pull_request.head.sha is not a commit id: {sha[:80]!r}")
    installation_id = _installation_id(payload)
    number = _get(pull, "number", int)
    if number < 1:
        raise PayloadError("pull_request.number must be positive")
    return PullRequestEvent(
        action=_get(payload, "action", str),
        repository=repository,
        number=number,
        head_sha=sha,
        head_repository=head_repository,
        head_ref=str(head.get("ref") or ""),
        clone_url=str(clone_source.get("clone_url") or ""),
        title=str(pull.get("title") or "")[:300],
        sender=_sender(payload),
        installation_id=installation_id,
    )


@dataclass(frozen=True)
class CheckEvent:
    """A re-run (``check_run``/``check_suite`` ``rerequested``) or a check run button
    (``check_run`` ``requested_action``, IDENTIFIER set)."""

    event: str
    action: str
    repository: str
    head_sha: str
    #: The app that owns the check run or suite: only rocport's own are acted on.
    app_id: int | None
    #: check_run only: its id and ``external_id`` (rocport puts the job id there).
    check_run_id: int | None = None
    external_id: str = ""
    identifier: str = ""
    #: Pull requests of the same repository GitHub lists for the commit.
    pull_numbers: tuple[int, ...] = ()
    installation_id: int | None = None
    sender: str = ""


@dataclass(frozen=True)
class InstallationEvent:
    """``installation`` (created, deleted, suspend, unsuspend) or
    ``installation_repositories`` (added, removed)."""

    action: str
    installation_id: int
    account: str
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()


def parse_check_event(event: str, payload: object) -> CheckEvent:
    """Read a ``check_run`` or ``check_suite`` payload."""
    if event not in ("check_run", "check_suite"):
        raise ValueError(f"not a check event: {event!r}")
    check = _get(payload, event, dict)
    sha = _get(check, "head_sha", str)
    if not _SHA.fullmatch(sha):
        raise PayloadError(f"{event}.head_sha is not a commit id: {sha[:80]!r}")
    app = check.get("app")
    app_id = app.get("id") if isinstance(app, dict) else None
    numbers = []
    pulls = check.get("pull_requests")
    for pull in pulls if isinstance(pulls, list) else []:
        number = pull.get("number") if isinstance(pull, dict) else None
        if _is_id(number) and number > 0:
            numbers.append(number)
    requested = _field(payload, "requested_action")
    identifier = requested.get("identifier") if isinstance(requested, dict) else ""
    check_run_id = check.get("id") if event == "check_run" else None
    return CheckEvent(
        event=event, action=_get(payload, "action", str),
        repository=_full_name(_get(payload, "repository", dict), "repository.full_name"),
        head_sha=sha, app_id=app_id if _is_id(app_id) else None,
        check_run_id=check_run_id if _is_id(check_run_id) else None,
        external_id=str(check.get("external_id") or "")[:100],
        identifier=str(identifier or "")[:100], pull_numbers=tuple(numbers),
        installation_id=_installation_id(payload),
        sender=_sender(payload),
    )


def parse_installation_event(event: str, payload: object) -> InstallationEvent:
    """Read an ``installation`` or ``installation_repositories`` payload."""
    installation = _get(payload, "installation", dict)
    number = _get(installation, "id", int)
    action = _get(payload, "action", str)
    account = installation.get("account")
    login = str(account.get("login") or "") if isinstance(account, dict) else ""
    if event == "installation_repositories":
        added = _names(_field(payload, "repositories_added"), "repositories_added")
        removed = _names(_field(payload, "repositories_removed"), "repositories_removed")
    elif event == "installation":
        listed = _names(_field(payload, "repositories"), "repositories")
        added, removed = (listed, ()) if action == "created" else (
            (), listed if action == "deleted" else ())
    else:
        raise ValueError(f"not an installation event: {event!r}")
    return InstallationEvent(action=action, installation_id=number, account=login[:100],
                             added=added, removed=removed)


def _names(repositories: object, where: str) -> tuple[str, ...]:
    if repositories is None:
        return ()
    if not isinstance(repositories, list):
        raise PayloadError(f"{where} is not a list")
    return tuple(_full_name(entry if isinstance(entry, dict) else {}, f"{where}[].full_name")
                 for entry in repositories)


def _installation_id(payload: object) -> int | None:
    installation = _field(payload, "installation")
    number = installation.get("id") if isinstance(installation, dict) else None
    if number is not None and not _is_id(number):
        raise PayloadError("installation.id is not a number in range")
    return number


def _sender(payload: object) -> str:
    """The login of the payload's sender ('' when it has none, or not as an object)."""
    sender = _field(payload, "sender")
    login = sender.get("login") if isinstance(sender, dict) else None
    return login[:100] if isinstance(login, str) else ""


#: Numbers are stored in 64-bit columns.
_LARGEST_ID = 2**63 - 1


def _is_id(value: object) -> TypeGuard[int]:
    """VALUE is a number that fits a 64-bit column (bool, an int subclass, is not)."""
    return isinstance(value, int) and not isinstance(value, bool) and \
        -_LARGEST_ID <= value <= _LARGEST_ID


def _field(container: object, key: str) -> object:
    """CONTAINER[KEY] when CONTAINER is an object holding KEY, else None."""
    return container.get(key) if isinstance(container, dict) else None


def _get(container: object, key: str, kind: type[_Kind]) -> _Kind:
    """CONTAINER[KEY], of KIND (a number must fit a 64-bit column)."""
    if not isinstance(container, dict):
        raise PayloadError(f"expected an object holding {key!r}")
    value = container.get(key)
    if kind is int and not _is_id(value):
        raise PayloadError(f"{key!r} is missing or not a number in range")
    if not isinstance(value, kind):
        raise PayloadError(f"{key!r} is missing or not {_KINDS[kind]}")
    return value


def _full_name(repository: dict[str, Any], where: str) -> str:
    name = repository.get("full_name")
    if not isinstance(name, str) or not _FULL_NAME.fullmatch(name) or ".." in name:
        raise PayloadError(f"{where} is not an owner/name pair: {str(name)[:80]!r}")
    return name
