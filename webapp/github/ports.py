"""Requests for the HIP port pull request ("Open HIP port" on the check run, the API, or a
new push to a pull request that has a port): checked here, sent through the outbox.

The port is a branch ``rocport/hip-port/<number>`` in the base repository, committed on the
head commit, and a pull request from it into the pull request's source branch
(``port_branch``). So it needs the GitHub App (a token of the installation may
write the repository), a finished job with a HIP tree, and a source branch in the base
repository: the app cannot push to a fork's branch.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction

from webapp.github.models import PortRequest, PullRequest, Repository
from webapp.github.outbox import publish_port
from webapp.jobs.models import Job


class PortRefused(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)
        self.code, self.message = code, message

    def __str__(self) -> str:
        return self.message


def check_port(pull: PullRequest) -> None:
    """Raise PortRefused when the port of PULL's job cannot be made."""
    job = pull.job
    if not pull.app_mode:
        raise PortRefused("no-github-app", "the HIP port pull request needs the GitHub App "
                          "(GITHUB_APP_ID) and a job from one of its installations")
    if not Repository.accepts(pull.repository):
        raise PortRefused("not-installed", f"{pull.repository} is no longer in the GitHub App's "
                          "installation")
    if job.state != Job.State.DONE or "hip-tree.tar.gz" not in job.artifacts:
        raise PortRefused("not-ready", f"the job has no HIP tree to open (it is {job.state})")
    if pull.head_repository != pull.repository or not pull.head_ref:
        raise PortRefused("fork", "the pull request comes from a fork; rocport can only push "
                          "its port to a branch of the base repository")


def request_port_for_job(job: Job, requested_by: str) -> PortRequest:
    """A port request for JOB (the API's ``POST /api/jobs/{id}/hip-port/``)."""
    pull = PullRequest.objects.filter(job=job).first()
    if pull is None:
        raise PortRefused("not-a-pull-request", "only jobs of GitHub pull requests have a port "
                          "pull request")
    port = request_port(pull, requested_by)
    if port is None:  # a delivery handled before; only the webhook passes deliveries
        raise PortRefused("duplicate", "this port request was made before")
    return port


def port_answer(port: PortRequest) -> dict:
    """The JSON shape of a port request (API and webhook answers)."""
    pull = port.pull_request
    return {"id": port.pk, "state": port.state, "repository": pull.repository,
            "branch": pull.port_branch, "base": pull.head_ref, "pull_number": port.pull_number,
            "pull_url": port.pull_url, "message": port.message}


def request_port(pull: PullRequest, requested_by: str,
                 delivery: str | None = None) -> PortRequest | None:
    """A waiting PortRequest for PULL, sent once committed; None for a delivery handled
    before. Raises PortRefused (see check_port)."""
    check_port(pull)
    if delivery and PortRequest.objects.filter(delivery=delivery).exists():
        return None
    try:
        with transaction.atomic():
            port = PortRequest.objects.create(pull_request=pull, delivery=delivery or None,
                                              requested_by=requested_by[:150])
    except IntegrityError:  # the same delivery twice at once
        return None
    transaction.on_commit(lambda: publish_port(port))
    return port
