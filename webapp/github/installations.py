"""What the GitHub App may act on, from ``installation`` and ``installation_repositories``.

Each event updates ``Installation`` and ``Repository`` rows. A repository removed from its
installation (or an installation deleted or suspended) stops getting runs: the webhook
ignores its pull requests and re-runs, and its waiting or running jobs are canceled (rocport
could not report them any more).
"""

from __future__ import annotations

from webapp.github.events import InstallationEvent
from webapp.github.models import Installation, Repository
from webapp.github.submit import cancel_jobs
from webapp.jobs.models import Job


def record_installation(event: InstallationEvent) -> str:
    """Apply EVENT; returns a short description for the webhook's answer."""
    installation, _ = Installation.objects.get_or_create(
        installation_id=event.installation_id, defaults={"account": event.account})
    changes: dict[str, str | bool] = {"account": event.account or installation.account}
    if event.action == "created":
        changes.update(removed=False, suspended=False)
    elif event.action == "deleted":
        changes["removed"] = True
    elif event.action in ("suspend", "unsuspend"):
        changes["suspended"] = event.action == "suspend"
    Installation.objects.filter(pk=installation.pk).update(**changes)
    for name in event.added:
        Repository.objects.update_or_create(
            full_name=name, defaults={"installation": installation, "installed": True})
    removed = list(event.removed)
    if event.action == "deleted":
        removed += list(installation.repositories.values_list("full_name", flat=True))
        installation.repositories.update(installed=False)
    Repository.objects.filter(full_name__in=removed).update(installed=False)
    stopped = set(removed)
    if event.action in ("deleted", "suspend"):
        stopped |= set(installation.repositories.values_list("full_name", flat=True))
    canceled = cancel_jobs_of(stopped)
    return (f"installation {event.installation_id} {event.action}: {len(event.added)} "
            f"repositories added, {len(removed)} removed, {canceled} jobs canceled")


def remember_repository(full_name: str, installation_id: int | None) -> None:
    """Record a repository first seen in a pull request of an installation (installed
    before rocport kept records), so the admin lists it."""
    if installation_id is None or Repository.objects.filter(full_name=full_name).exists():
        return
    installation, _ = Installation.objects.get_or_create(installation_id=installation_id)
    Repository.objects.get_or_create(full_name=full_name,
                                     defaults={"installation": installation})


def cancel_jobs_of(repositories: set[str]) -> int:
    """Cancel the waiting and running pull request jobs of REPOSITORIES."""
    return cancel_jobs(Job.objects.filter(pull_request__repository__in=repositories),
                       "its repository left the GitHub App")
