"""The pull request behind a ``github`` Job, and what was reported back to it."""

from django.db import models

from webapp.jobs.models import Job


class PullRequest(models.Model):
    job = models.OneToOneField(Job, on_delete=models.CASCADE, related_name="pull_request")
    #: GitHub's X-GitHub-Delivery id: a redelivered webhook creates no second job.
    delivery = models.CharField(max_length=64, unique=True, null=True, blank=True)
    repository = models.CharField(max_length=201, help_text="base repository, owner/name")
    number = models.PositiveIntegerField()
    head_sha = models.CharField(max_length=64)
    head_repository = models.CharField(max_length=201)
    action = models.CharField(max_length=32)
    installation_id = models.BigIntegerField(null=True, blank=True)
    commented = models.BooleanField(default=False,
                                    help_text="the summary comment was posted")

    class Meta:
        constraints = [
            # One job per head commit: a second delivery for the same commit (opened, then
            # synchronize; or two at once) is answered "duplicate".
            models.UniqueConstraint(fields=["repository", "number", "head_sha"],
                                    name="github_one_job_per_head_commit"),
        ]

    def __str__(self) -> str:
        return f"{self.repository}#{self.number} @ {self.head_sha[:12]}"
