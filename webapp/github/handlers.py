"""What each webhook event does once the view verified it: parse (``events``), record,
enqueue. Each handler returns ``(HTTP status, JSON answer)``.

- ``pull_request``: a job for the head commit (``submit``), unless the repository left the
  app's installation;
- ``check_run``/``check_suite`` ``rerequested``: a new job for the same commit (a re-run);
- ``check_run`` ``requested_action`` ``open-hip-port``: a port request (``ports``);
- ``installation``, ``installation_repositories``: the records of what the app may act on.

Check events are acted on only for rocport's own check runs: the app id must be ours and
the commit one rocport ran on (the check run's ``external_id`` is its job's id).
"""

from __future__ import annotations

import uuid

from django.conf import settings

from webapp.github.events import (
    CLOSING_ACTIONS,
    CheckEvent,
    parse_check_event,
    parse_installation_event,
    parse_pull_request,
)
from webapp.github.installations import record_installation, remember_repository
from webapp.github.models import PullRequest, Repository
from webapp.github.ports import PortRefused, request_port
from webapp.github.submit import (
    cancel_pull_request_jobs,
    rerun_pull_request,
    submit_pull_request,
)

#: The identifier of the check run's "Open HIP port" button.
OPEN_PORT = "open-hip-port"

Answer = tuple[int, dict]


def ignored(reason: str) -> Answer:
    return 200, {"status": "ignored", "reason": reason}


def _queued(job) -> Answer:
    if job is None:
        return 200, {"status": "duplicate"}
    return 202, {"status": "queued", "job": str(job.pk)}


def pull_request(event: str, payload: dict, delivery: str | None) -> Answer:
    pull = parse_pull_request(payload)
    if not Repository.accepts(pull.repository):
        return ignored(f"{pull.repository} is not in the GitHub App's installation")
    if pull.action in CLOSING_ACTIONS:
        return 200, {"status": "canceled", "jobs": cancel_pull_request_jobs(pull)}
    remember_repository(pull.repository, pull.installation_id)
    return _queued(submit_pull_request(pull, delivery))


def check(event: str, payload: dict, delivery: str | None) -> Answer:
    check = parse_check_event(event, payload)
    if check.app_id is not None and str(check.app_id) != str(settings.GITHUB_APP_ID):
        return ignored("the check belongs to another app")
    if not Repository.accepts(check.repository):
        return ignored(f"{check.repository} is not in the GitHub App's installation")
    earlier = find_pull_request(check)
    if earlier is None:
        return ignored("rocport ran no job on this commit")
    if check.action == "rerequested":
        return _queued(rerun_pull_request(earlier, delivery, f"{event}.rerequested"))
    if check.identifier != OPEN_PORT:
        return ignored(f"requested action {check.identifier!r} is not rocport's")
    try:
        port = request_port(earlier, check.sender or "GitHub", delivery)
    except PortRefused as refusal:
        return 200, {"status": "refused", "code": refusal.code, "reason": refusal.message}
    if port is None:
        return 200, {"status": "duplicate"}
    return 202, {"status": "queued", "port": port.pk, "job": str(earlier.job_id)}


def installation(event: str, payload: dict, delivery: str | None) -> Answer:
    return 200, {"status": "recorded",
                 "reason": record_installation(parse_installation_event(event, payload))}


def find_pull_request(check: CheckEvent) -> PullRequest | None:
    """The pull request row rocport made the check run (or suite) for: the job named by the
    check run's ``external_id``, else the latest run on that commit."""
    rows = PullRequest.objects.select_related("job").filter(repository=check.repository,
                                                            head_sha=check.head_sha)
    if check.pull_numbers:
        rows = rows.filter(number__in=check.pull_numbers)
    if check.external_id:
        try:
            return rows.filter(job_id=uuid.UUID(check.external_id)).first()
        except ValueError:
            return None  # not a job id: not rocport's check run
    if check.check_run_id is not None:
        found = rows.filter(check_run_id=check.check_run_id).first()
        if found is not None:
            return found
    return rows.order_by("-run", "-job__created_at").first()


HANDLERS = {
    "pull_request": pull_request,
    "check_run": check,
    "check_suite": check,
    "installation": installation,
    "installation_repositories": installation,
}
