"""Turn a GitHub ``pull_request`` payload into a ``PullRequestEvent``: pure, no I/O.

Only the fields rocport acts on are read, and each is checked, because they end up in
API paths (``/repos/{owner}/{repo}/tarball/{sha}``): repository names must look like
``owner/name`` and the SHA like a commit id.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Actions that put new code in front of reviewers; other actions are ignored.
HANDLED_ACTIONS = frozenset({"opened", "synchronize", "reopened", "ready_for_review"})

_FULL_NAME = re.compile(r"[A-Za-z0-9_.-]{1,100}/[A-Za-z0-9_.-]{1,100}")
_SHA = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")


_KINDS = {dict: "an object", str: "a string", int: "a number"}


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
    installation = payload.get("installation")
    installation_id = installation.get("id") if isinstance(installation, dict) else None
    if installation_id is not None and not isinstance(installation_id, int):
        raise PayloadError("installation.id is not a number")
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
        sender=str((payload.get("sender") or {}).get("login") or ""),
        installation_id=installation_id,
    )


def _get(container: object, key: str, kind: type):
    if not isinstance(container, dict):
        raise PayloadError(f"expected an object holding {key!r}")
    value = container.get(key)
    # bool is an int subclass; a number field must not accept true/false.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise PayloadError(f"{key!r} is missing or not {_KINDS[kind]}")
    return value


def _full_name(repository: dict, where: str) -> str:
    name = repository.get("full_name")
    if not isinstance(name, str) or not _FULL_NAME.fullmatch(name) or ".." in name:
        raise PayloadError(f"{where} is not an owner/name pair: {str(name)[:80]!r}")
    return name
