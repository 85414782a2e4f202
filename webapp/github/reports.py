"""What the GitHub tasks do (``workers.tasks``: ``fetch_pull_request``, ``notify_github``,
``open_hip_port``), through ``client``.

Two ways to report, chosen per pull request (``PullRequest.app_mode``):

- a personal token (``GITHUB_TOKEN``): a commit status ``rocport`` and one summary comment;
- the GitHub App (``GITHUB_APP_ID``, and the webhook came from an installation): a check run
  ``rocport`` per job, created ``in_progress`` when the download starts, its summary updated
  while the job runs (``progress``), then ``completed`` with its conclusion, summary,
  annotations (50 a request, resumable: ``annotations_sent``) and, when the job left a HIP
  tree, the "Open HIP port" button.

``open_port`` makes the HIP port pull request (``port_branch``); a pull request that has one
gets it updated when a job on a newer commit ends.
"""

from __future__ import annotations

import logging
import tempfile
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils import timezone

from translator.output.report_json import Report
from translator.tree.archive import Limits, extract
from webapp.github.authentication import InstallationAuth
from webapp.github.checks import (
    CHECK_NAME,
    MAX_ANNOTATIONS,
    PORT_ACTION,
    annotations_of,
    conclusion,
    final_output,
    port_pull_body,
    port_pull_title,
    progress_output,
)
from webapp.github.client import GitHubClient, GitHubError, TransientGitHubError
from webapp.github.messages import commit_status, job_links, pull_request_comment
from webapp.github.models import PortRequest, PullRequest, Repository
from webapp.github.port_branch import open_port_pull, push_port
from webapp.github.ports import PortRefused, check_port, request_port
from webapp.jobs.models import Job

logger = logging.getLogger(__name__)


def client_for(pull: PullRequest) -> GitHubClient:
    """A client of the pull request's installation (GitHub App), or of GITHUB_TOKEN."""
    if pull.app_mode and pull.installation_id is not None:
        auth = InstallationAuth(settings.GITHUB_APP_ID, settings.GITHUB_APP_PRIVATE_KEY,
                                pull.installation_id, settings.GITHUB_API_URL)
        return GitHubClient(settings.GITHUB_API_URL, auth=auth)
    return GitHubClient(settings.GITHUB_API_URL, settings.GITHUB_TOKEN)


def _now() -> str:
    return timezone.now().strftime("%Y-%m-%dT%H:%M:%SZ")


# --- the job starts -------------------------------------------------------------------
def report_start(job: Job, client: GitHubClient) -> None:
    """The pending status, or the check run ``in_progress`` (once per job: a retried
    download reuses it). A permanent refusal is logged: the translation goes on."""
    pull = job.pull_request
    links = job_links(job, settings.PUBLIC_BASE_URL)
    try:
        if not pull.app_mode:
            client.post_status(pull.repository, pull.head_sha, *commit_status(job),
                               links.get("job", ""))
        elif pull.check_run_id is None:
            body: dict[str, Any] = {
                "name": CHECK_NAME, "head_sha": pull.head_sha, "status": "in_progress",
                "started_at": _now(), "external_id": str(job.pk),
                "output": progress_output(job, links)}
            if links.get("job"):
                body["details_url"] = links["job"]
            created = client.create_check_run(pull.repository, body)
            pull.check_run_id = created["id"]
            PullRequest.objects.filter(pk=pull.pk).update(check_run_id=created["id"],
                                                          progress_reported_at=timezone.now())
    except TransientGitHubError:
        raise
    except GitHubError as error:  # no right to report: translate all the same
        logger.warning("job %s: GitHub refused the start report: %s", job.pk, error)


# --- the job ended --------------------------------------------------------------------
def report_end(job: Job) -> None:
    """Tell the pull request how JOB ended (see the module doc)."""
    pull = job.pull_request
    if not Repository.accepts(pull.repository):
        logger.info("job %s: %s left the GitHub App; nothing is reported", job.pk,
                    pull.repository)
        return
    client = client_for(pull)
    links = job_links(job, settings.PUBLIC_BASE_URL)
    report = job.read_report()
    if pull.app_mode:
        _complete_check_run(job, pull, client, report, links)
        _update_port(job, pull)
    else:
        client.post_status(pull.repository, pull.head_sha, *commit_status(job),
                           links.get("job", ""))
        if job.state != Job.State.CANCELED and not pull.commented:
            client.post_comment(pull.repository, pull.number,
                                pull_request_comment(job, report, links))
            PullRequest.objects.filter(pk=pull.pk).update(commented=True)
    PullRequest.objects.filter(pk=pull.pk).update(reported=True)


def _complete_check_run(job: Job, pull: PullRequest, client: GitHubClient,
                        report: Report | None, links: dict[str, str]) -> None:
    only_changed = not Repository.annotates_all_files(pull.repository)
    changed = None
    if only_changed and report is not None:
        files = client.pull_request_files(pull.repository, pull.number)
        changed = {f["filename"] for f in files if isinstance(f.get("filename"), str)}
    found = annotations_of(report, changed)
    shown = found[:MAX_ANNOTATIONS]
    output = final_output(job, report, links, len(shown), len(found), only_changed)
    body: dict[str, Any] = {"name": CHECK_NAME, "status": "completed",
                            "conclusion": conclusion(job, report), "completed_at": _now(),
                            "output": output}
    if links.get("job"):
        body["details_url"] = links["job"]
    try:
        check_port(pull)
        body["actions"] = [PORT_ACTION]
    except PortRefused:
        pass  # no button where the port cannot be made (a fork, a failed job)
    if pull.check_run_id is None:  # the start was never reported
        body.update(head_sha=pull.head_sha, external_id=str(job.pk))
        created = client.create_check_run(pull.repository, body)
        pull.check_run_id = created["id"]
        PullRequest.objects.filter(pk=pull.pk).update(check_run_id=created["id"])
    elif pull.annotations_sent == 0:
        client.update_check_run(pull.repository, pull.check_run_id, body)

    def sent(count: int) -> None:
        PullRequest.objects.filter(pk=pull.pk).update(annotations_sent=count)

    client.annotate_check_run(pull.repository, pull.check_run_id, output, shown,
                              sent=pull.annotations_sent, on_batch=sent)


def _update_port(job: Job, pull: PullRequest) -> None:
    """A pull request whose port was opened gets it updated to the newer commit."""
    had_port = PortRequest.objects.filter(
        pull_request__repository=pull.repository, pull_request__number=pull.number,
        state=PortRequest.State.DONE).exclude(pull_request=pull).exists()
    if not had_port or pull.ports.exists():
        return
    try:
        request_port(pull, "rocport (new commits)")
    except PortRefused as refusal:
        logger.info("job %s: the HIP port is not updated: %s", job.pk, refusal)


# --- the HIP port ---------------------------------------------------------------------
def open_port(port: PortRequest, archive_limits: Limits) -> None:
    """Push the job's HIP tree to the port branch and open (or update) its pull request."""
    pull = port.pull_request
    job = pull.job
    check_port(pull)
    report = job.read_report()
    # Files the port renamed (--naming hip): their CUDA paths go from the branch.
    deleted = [entry["path"] for entry in (report["files"] if report else [])
               if entry["output_path"] and entry["output_path"] != entry["path"]]
    client = client_for(pull)
    # Not "rocport-<job id>-": the recovery sweeps those of ended jobs, and this job ended.
    with tempfile.TemporaryDirectory(prefix=f"rocport-port-{port.pk}-") as scratch:
        packed = Path(scratch) / "hip-tree.tar.gz"
        with job.open_artifact("hip-tree.tar.gz") as source, open(packed, "wb") as target:
            while chunk := source.read(1 << 20):
                target.write(chunk)
        extract(packed, Path(scratch) / "hip", Limits.for_own_archive(archive_limits))
        pushed = push_port(client, pull.repository, pull.head_sha, pull.port_branch,
                           Path(scratch) / "hip", deleted,
                           f"rocport: HIP port of #{pull.number} at {pull.head_sha[:12]}")
    links = job_links(job, settings.PUBLIC_BASE_URL)
    opened = open_port_pull(client, pull.repository, pull.port_branch, pull.head_ref,
                            port_pull_title(pull.number),
                            port_pull_body(job, pull.number, pull.head_sha, report, links))
    PortRequest.objects.filter(pk=port.pk).update(
        state=PortRequest.State.DONE, finished_at=timezone.now(), commit_sha=pushed.commit_sha,
        pull_number=opened.get("number"), pull_url=str(opened.get("html_url") or "")[:500],
        message=f"{len(pushed.changed)} files changed, {len(pushed.deleted)} removed")
