"""``manage.py recoverjobs``: one pass of the job recovery (see ``workers.recovery``).

With ``--parent PID`` (how every worker starts it), a pass now and then one every
JOB_RECOVERY_INTERVAL seconds for as long as process PID is its parent.
"""

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = ("Requeue stranded jobs, send the jobs the outbox holds and sweep scratch folders; "
            "with --parent, every JOB_RECOVERY_INTERVAL seconds while that process lives.")
    requires_system_checks = []  # the worker that starts it has reported them

    def add_arguments(self, parser) -> None:
        parser.add_argument("--parent", type=int, help="keep going while PARENT is the parent")

    def handle(self, *args, parent: int | None = None, **options) -> None:
        from workers.recovery import recover, run

        if parent is None:
            recover()
        else:
            run(parent)
