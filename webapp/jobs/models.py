"""The Job: one translation request, its state machine and its stored artifacts.

States: ``queued → unpacking → translating → compiling → done``; any active state may
end in ``failed`` or ``canceled``. Every transition is one conditional UPDATE on the
row, so a worker and a user (cancel) racing on the same job cannot both win: the loser
gets ``InvalidTransition`` and stops. Pages and the API read this table, never Celery.

Artifacts live in Django's default storage under ``jobs/<uuid>/`` (see ``ARTIFACTS``).
"""

from __future__ import annotations

import json
import uuid

from django.conf import settings
from django.core.files.base import ContentFile, File
from django.core.files.storage import default_storage
from django.db import models
from django.dispatch import Signal
from django.urls import reverse
from django.utils import timezone

#: Files a job may store besides its input, with the content type they are served with.
ARTIFACTS = {
    "hip-tree.tar.gz": "application/gzip",
    "hip-tree.zip": "application/zip",
    "changes.patch": "text/x-diff; charset=utf-8",
    "report.json": "application/json",
    "findings.sarif": "application/sarif+json",
}
#: Accepted upload suffixes; the worker checks the content again, whatever the name says.
ARCHIVE_SUFFIXES = (".zip", ".tar.gz", ".tgz", ".tar")


#: Sent with ``job=`` after a job reached done, failed or canceled (the GitHub app reports
#: pull request jobs back on it).
job_ended = Signal()


class InvalidTransition(Exception):
    """The job was not in a state from which the requested transition is allowed."""


class Job(models.Model):
    class State(models.TextChoices):
        QUEUED = "queued"
        UNPACKING = "unpacking"
        TRANSLATING = "translating"
        COMPILING = "compiling"
        DONE = "done"
        FAILED = "failed"
        CANCELED = "canceled"

    class Source(models.TextChoices):
        UPLOAD = "upload"
        API = "api"
        GITHUB = "github"

    ACTIVE_STATES = (State.QUEUED, State.UNPACKING, State.TRANSLATING, State.COMPILING)
    #: target state -> states it may be reached from
    TRANSITIONS = {
        State.UNPACKING: (State.QUEUED,),
        State.TRANSLATING: (State.UNPACKING,),
        State.COMPILING: (State.TRANSLATING,),
        State.DONE: (State.COMPILING,),
        State.FAILED: ACTIVE_STATES,
        State.CANCELED: ACTIVE_STATES,
    }

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
        related_name="jobs",
    )
    source_kind = models.CharField(max_length=16, choices=Source, default=Source.UPLOAD)
    source_name = models.CharField(max_length=255, blank=True,
                                   help_text="the uploaded file's name or the repository")
    input_name = models.CharField(max_length=300, blank=True,
                                  help_text="storage name of the input archive")
    options = models.JSONField(default=dict, blank=True)
    state = models.CharField(max_length=16, choices=State, default=State.QUEUED, db_index=True)
    progress_done = models.PositiveIntegerField(default=0)
    progress_total = models.PositiveIntegerField(default=0)
    failure_code = models.CharField(max_length=64, blank=True)
    failure_message = models.TextField(blank=True)
    compile_status = models.CharField(max_length=300, blank=True,
                                      help_text="what the compile check did or waits for")
    summary = models.JSONField(default=dict, blank=True)
    artifacts = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    compile_started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.source_name or self.pk} ({self.state})"

    def get_absolute_url(self) -> str:
        return reverse("jobs:detail", args=[self.pk])

    # --- reading ----------------------------------------------------------------------
    @property
    def is_active(self) -> bool:
        return self.state in self.ACTIVE_STATES

    @property
    def progress_percent(self) -> int:
        if not self.progress_total:
            return 0
        return min(100, round(100 * self.progress_done / self.progress_total))

    @property
    def seems_stuck(self) -> bool:
        """A running step has not written to the job for longer than its time limit allows.

        The usual cause is a worker that died and has not come back: the job fails as
        ``worker-lost`` when a worker receives its message again.
        """
        if self.state in (self.State.UNPACKING, self.State.TRANSLATING):
            limit = settings.TRANSLATE_TIME_LIMIT
        elif self.state == self.State.COMPILING and self.compile_started_at:
            limit = settings.COMPILE_TIME_LIMIT
        else:
            return False
        return (timezone.now() - self.updated_at).total_seconds() > limit + 60

    def storage_name(self, name: str) -> str:
        return f"jobs/{self.pk}/{name}"

    def input_suffix(self) -> str:
        return self.input_name.rsplit("/input", 1)[-1] if self.input_name else ""

    def open_input(self):
        return default_storage.open(self.input_name, "rb")

    def open_artifact(self, name: str):
        return default_storage.open(self.storage_name(name), "rb")

    def download_name(self, name: str) -> str:
        """The file name artifact NAME is downloaded as: ``saxpy-hip-tree.zip`` for a job
        on ``saxpy.tar.gz``, so downloads of several jobs do not overwrite each other."""
        stem = (self.source_name or str(self.pk)).split("/")[-1]
        for suffix in (".tar.gz", ".tgz", ".tar", ".zip"):
            stem = stem.removesuffix(suffix)
        return f"{stem}-{name}"

    def read_report(self) -> dict | None:
        if "report.json" not in self.artifacts:
            return None
        with self.open_artifact("report.json") as handle:
            return json.load(handle)

    # --- storing ----------------------------------------------------------------------
    def store_input(self, upload: File, suffix: str) -> None:
        """Save the uploaded archive as ``jobs/<uuid>/input<suffix>``."""
        name = self.storage_name(f"input{suffix}")
        default_storage.delete(name)
        self.input_name = default_storage.save(name, upload)
        self.save(update_fields=["input_name", "updated_at"])

    def store_artifact(self, name: str, content: bytes | File) -> None:
        if name not in ARTIFACTS:
            raise ValueError(f"unknown artifact {name!r}")
        storage_name = self.storage_name(name)
        default_storage.delete(storage_name)
        if isinstance(content, bytes):
            content = ContentFile(content)
        saved = default_storage.save(storage_name, content)
        if saved != storage_name:  # a storage that renamed it would break the download links
            raise RuntimeError(f"storage saved {storage_name} as {saved}")
        if name not in self.artifacts:
            self.artifacts = [*self.artifacts, name]
            Job.objects.filter(pk=self.pk).update(artifacts=self.artifacts)

    # --- transitions ------------------------------------------------------------------
    def _move(self, target: str, **fields) -> None:
        fields = {"state": target, "updated_at": timezone.now(), **fields}
        updated = Job.objects.filter(pk=self.pk, state__in=self.TRANSITIONS[target]).update(
            **fields
        )
        if not updated:
            self.refresh_from_db()
            raise InvalidTransition(f"job {self.pk}: cannot go from {self.state} to {target}")
        for key, value in fields.items():
            setattr(self, key, value)
        if target in (self.State.DONE, self.State.FAILED, self.State.CANCELED):
            job_ended.send(sender=Job, job=self)

    def start_unpacking(self) -> None:
        self._move(self.State.UNPACKING, started_at=timezone.now())

    def start_translating(self, total: int) -> None:
        self._move(self.State.TRANSLATING, progress_done=0, progress_total=total)

    def set_progress(self, done: int, total: int) -> bool:
        """Record progress; False when the job left ``translating`` (canceled, failed)."""
        self.progress_done, self.progress_total = done, total
        return bool(
            Job.objects.filter(pk=self.pk, state=self.State.TRANSLATING).update(
                progress_done=done, progress_total=total, updated_at=timezone.now()
            )
        )

    def start_compiling(self, summary: dict) -> None:
        self._move(self.State.COMPILING, summary=summary,
                   compile_status="waiting for a ROCm runner")

    def claim_compile(self) -> bool:
        """Mark the compile check as started; False if it had started before (redelivery)."""
        now = timezone.now()
        claimed = Job.objects.filter(
            pk=self.pk, state=self.State.COMPILING, compile_started_at__isnull=True
        ).update(compile_started_at=now, compile_status="compile check running", updated_at=now)
        self.refresh_from_db()
        return bool(claimed)

    def mark_done(self, compile_status: str, summary: dict) -> None:
        self._move(self.State.DONE, compile_status=compile_status,
                   summary={**self.summary, **summary}, finished_at=timezone.now())

    def mark_failed(self, code: str, message: str) -> None:
        self._move(self.State.FAILED, failure_code=code, failure_message=message,
                   finished_at=timezone.now())

    def cancel(self) -> None:
        self._move(self.State.CANCELED, finished_at=timezone.now())
