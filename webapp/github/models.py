"""The pull requests behind ``github`` Jobs, the app's installations, deliveries and ports."""

from django.conf import settings
from django.db import models

from webapp.jobs.models import Job


class Delivery(models.Model):
    """A webhook delivery rocport acted on (X-GitHub-Delivery): GitHub redelivers on time-outs
    and on request, and a delivery seen before is answered ``duplicate``. Stored in the
    same transaction as what the delivery caused, so a delivery that failed can come again."""

    delivery = models.CharField(max_length=64, primary_key=True)
    event = models.CharField(max_length=64)
    action = models.CharField(max_length=64, blank=True)
    received_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.event}.{self.action} {self.delivery}"


class Installation(models.Model):
    """An installation of the GitHub App, kept up to date by ``installation`` events."""

    installation_id = models.BigIntegerField(unique=True)
    account = models.CharField(max_length=100, blank=True)
    suspended = models.BooleanField(default=False)
    removed = models.BooleanField(default=False, help_text="the app was uninstalled")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.account or '?'} ({self.installation_id})"


class Repository(models.Model):
    """A repository an installation covers, or covered (``installed`` false: removed from
    the installation; its pull requests get no more runs)."""

    full_name = models.CharField(max_length=201, unique=True)
    installation = models.ForeignKey(Installation, on_delete=models.CASCADE,
                                     related_name="repositories")
    installed = models.BooleanField(default=True)
    annotate_all_files = models.BooleanField(
        null=True, blank=True, help_text="annotate every file of the report, not only those the "
        "pull request changed; empty: GITHUB_ANNOTATE_ALL_FILES")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "repositories"

    def __str__(self) -> str:
        return self.full_name

    @classmethod
    def accepts(cls, full_name: str) -> bool:
        """False for a repository removed from its installation, or whose installation was
        suspended or deleted; True otherwise (also for one rocport has no record of)."""
        record = cls.objects.select_related("installation").filter(full_name=full_name).first()
        return record is None or (record.installed and not record.installation.suspended
                                  and not record.installation.removed)

    @classmethod
    def annotates_all_files(cls, full_name: str) -> bool:
        chosen = cls.objects.filter(full_name=full_name).values_list(
            "annotate_all_files", flat=True).first()
        return settings.GITHUB_ANNOTATE_ALL_FILES if chosen is None else chosen


class PullRequest(models.Model):
    job = models.OneToOneField(Job, on_delete=models.CASCADE, related_name="pull_request")
    #: GitHub's X-GitHub-Delivery id: a redelivered webhook creates no second job.
    delivery = models.CharField(max_length=64, unique=True, null=True, blank=True)
    repository = models.CharField(max_length=201, help_text="base repository, owner/name")
    number = models.PositiveIntegerField()
    head_sha = models.CharField(max_length=64)
    head_repository = models.CharField(max_length=201)
    head_ref = models.CharField(max_length=255, blank=True, help_text="the source branch")
    action = models.CharField(max_length=32)
    installation_id = models.BigIntegerField(null=True, blank=True)
    #: 1 for the first job of a head commit; a re-run from GitHub adds one.
    run = models.PositiveSmallIntegerField(default=1)
    commented = models.BooleanField(default=False,
                                    help_text="the summary comment was posted")
    check_run_id = models.BigIntegerField(null=True, blank=True)
    progress_reported_at = models.DateTimeField(null=True, blank=True)
    annotations_sent = models.PositiveIntegerField(default=0)
    reported = models.BooleanField(default=False, help_text="GitHub was told how the job ended")
    notify_published_at = models.DateTimeField(
        null=True, blank=True, help_text="when the message that reports the end was sent")

    class Meta:
        constraints = [
            # One job per head commit and run: a second delivery for the same commit
            # (opened, then synchronize; or two at once) is answered "duplicate".
            models.UniqueConstraint(fields=["repository", "number", "head_sha", "run"],
                                    name="github_one_job_per_run"),
        ]

    def __str__(self) -> str:
        return f"{self.repository}#{self.number} @ {self.head_sha[:12]}"

    @property
    def app_mode(self) -> bool:
        """Reported through the GitHub App (check runs), not a personal token."""
        return bool(settings.GITHUB_APP_ID) and self.installation_id is not None

    @property
    def port_branch(self) -> str:
        return f"rocport/hip-port/{self.number}"


class PortRequest(models.Model):
    """A request for the HIP port pull request of a job (the check run's button, the API,
    or a new push to a pull request that has one). Waits in this table until its message
    is sent (``published_at``), as jobs do: ``webapp.github.outbox``."""

    class State(models.TextChoices):
        WAITING = "waiting"
        DONE = "done"
        FAILED = "failed"

    pull_request = models.ForeignKey(PullRequest, on_delete=models.CASCADE,
                                     related_name="ports")
    delivery = models.CharField(max_length=64, unique=True, null=True, blank=True)
    requested_by = models.CharField(max_length=150, blank=True)
    state = models.CharField(max_length=16, choices=State, default=State.WAITING)
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    commit_sha = models.CharField(max_length=64, blank=True)
    pull_number = models.PositiveIntegerField(null=True, blank=True)
    pull_url = models.URLField(max_length=500, blank=True)
    message = models.TextField(blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"HIP port of {self.pull_request} ({self.state})"
