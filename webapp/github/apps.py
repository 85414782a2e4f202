from django.apps import AppConfig


class GitHubConfig(AppConfig):
    """The GitHub App: the webhook, the pull requests' jobs, and what the workers tell GitHub
    (``docs/architecture.md``, "The GitHub App")."""

    name = "webapp.github"
    label = "github"
    verbose_name = "GitHub"

    def ready(self) -> None:
        from celery import signals

        from webapp.github.progress import stop_watching, watch_progress
        from webapp.github.submit import report_ended_job
        from webapp.jobs.models import job_ended

        job_ended.connect(report_ended_job, dispatch_uid="github-report-ended-job")
        # Fired in the workers only: a check run's summary follows a job's task.
        signals.task_prerun.connect(watch_progress, dispatch_uid="github-watch-progress")
        signals.task_postrun.connect(stop_watching, dispatch_uid="github-stop-watching")
