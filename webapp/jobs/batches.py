"""The batches of a large compile check, kept in the database until they are merged.

A compile check of more than ``COMPILE_BATCH_UNITS`` units is split into batches
(``workers.tasks.compile_job``). Each is a row here: which units it compiles, its state
(``waiting`` for a runner, ``sent`` to the broker, ``running`` on a runner, ``done``) and,
once done, its outcome (a ``compile_check`` outcome of its units). The database, not the
broker, holds the queue: ``webapp.jobs.compile_queue`` sends a waiting batch only when the
broker has room, and chooses which, so that a small job is not stuck behind a big one.

Done batches are what the job page shows while the rest compile, and what a canceled job
keeps; once merged into ``report.json`` their rows are deleted.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from translator.compile.report import CompileOutcome


class CompileBatch(models.Model):
    class State(models.TextChoices):
        WAITING = "waiting"
        SENT = "sent"
        RUNNING = "running"
        DONE = "done"

    job = models.ForeignKey("jobs.Job", on_delete=models.CASCADE, related_name="batch_rows")
    attempt = models.PositiveSmallIntegerField()
    number = models.PositiveIntegerField(help_text="0 for the first batch of the check")
    units = models.JSONField(default=list, help_text="indices of the check's units")
    paths = models.JSONField(default=list, help_text="their paths in the HIP tree")
    state = models.CharField(max_length=16, choices=State, default=State.WAITING,
                             db_index=True)
    sends = models.PositiveIntegerField(
        default=0, help_text="messages sent for it; a message carries its number")
    tries = models.PositiveSmallIntegerField(default=0, help_text="times a runner took it")
    hostname = models.CharField(max_length=255, blank=True)
    outcome = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["job", "number"]
        constraints = [models.UniqueConstraint(fields=["job", "attempt", "number"],
                                               name="one_batch_per_number")]

    def __str__(self) -> str:
        return f"batch {self.number} of {self.job_id} ({self.state})"

    def claim(self, sends: int, hostname: str) -> bool:
        """A runner takes the batch with message number SENDS; False for a message that
        is not the last one sent (a redelivery, a duplicate) or a batch taken already."""
        now = timezone.now()
        taken = CompileBatch.objects.filter(pk=self.pk, state=self.State.SENT,
                                            sends=sends).update(
            state=self.State.RUNNING, started_at=now, heartbeat_at=now, hostname=hostname[:255],
            tries=models.F("tries") + 1)
        self.refresh_from_db()
        return bool(taken)

    def beat(self) -> None:
        CompileBatch.objects.filter(pk=self.pk, state=self.State.RUNNING).update(
            heartbeat_at=timezone.now())

    def finish(self, outcome: CompileOutcome | None) -> None:
        """Done, with OUTCOME (None: its job ended before the batch compiled anything)."""
        CompileBatch.objects.filter(pk=self.pk).update(
            state=self.State.DONE, outcome=outcome, finished_at=timezone.now())
        self.state, self.outcome = self.State.DONE, outcome


#: Batches a runner has, or may have: in the broker, or compiling.
IN_FLIGHT = (CompileBatch.State.SENT, CompileBatch.State.RUNNING)
