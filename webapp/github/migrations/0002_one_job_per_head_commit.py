"""One job per head commit of a pull request.

Databases made before the constraint may hold several rows for one commit (two deliveries,
e.g. ``opened`` then ``synchronize``). The oldest row keeps the commit; the later rows
are dropped, and their jobs, if still waiting or running, are canceled: nothing would be
left to report them to, and the first job reports on that commit.
"""

from django.db import migrations, models
from django.utils import timezone

ACTIVE_STATES = ("queued", "unpacking", "translating", "compiling")


def drop_duplicate_rows(apps, schema_editor):
    PullRequest = apps.get_model("github", "PullRequest")
    Job = apps.get_model("jobs", "Job")
    seen, duplicates = set(), []
    for row in PullRequest.objects.order_by("id"):
        key = (row.repository, row.number, row.head_sha)
        if key in seen:
            duplicates.append(row)
        seen.add(key)
    for row in duplicates:
        Job.objects.filter(pk=row.job_id, state__in=ACTIVE_STATES).update(
            state="canceled", finished_at=timezone.now())
        row.delete()


class Migration(migrations.Migration):

    dependencies = [
        ("github", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(drop_duplicate_rows, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="pullrequest",
            constraint=models.UniqueConstraint(fields=("repository", "number", "head_sha"),
                                               name="github_one_job_per_head_commit"),
        ),
    ]
