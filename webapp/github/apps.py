from django.apps import AppConfig


class GitHubConfig(AppConfig):
    """The pull request webhook; reports a finished pull request job back to GitHub."""

    name = "webapp.github"
    label = "github"
    verbose_name = "GitHub"

    def ready(self) -> None:
        from webapp.github.submit import report_ended_job
        from webapp.jobs.models import job_ended

        job_ended.connect(report_ended_job, dispatch_uid="github-report-ended-job")
