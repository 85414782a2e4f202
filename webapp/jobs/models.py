"""The Job: one translation request, its state machine and its stored artifacts.

States: ``queued → unpacking → translating → compiling → done``; any active state may
end in ``failed`` or ``canceled``. Every transition is one conditional UPDATE on the
row, so a worker and a user (cancel) racing on the same job cannot both win: the loser
gets ``InvalidTransition`` and stops. Pages and the API read this table, never Celery.

The table is also the truth about delivery. A job waits for a message in two places:
``queued`` (``translate_job``, or ``fetch_pull_request`` before a pull request's input
is stored) and ``compiling`` before a ROCm runner claimed it (``compile_job``).
``published_at`` is empty until that message was handed to the broker (the outbox:
``webapp.jobs.outbox`` sends what is left). A running step writes ``heartbeat_at``; a job
whose heartbeat stopped is stranded; ``requeue`` sends it back to ``queued`` with the next
``attempt``, or fails it as ``worker-lost`` after the last one. Messages carry the attempt
they were sent for, so a message of an earlier attempt finds nothing to do.

A large compile check is split into ``compile_batches`` batches, rows of
``webapp.jobs.batches`` that the compile queue (``webapp.jobs.compile_queue``) hands to the
ROCm runners; while it is split the job is not running itself (``SPLIT``: no heartbeat of
its own; each batch has one).

Progress: ``progress_phase`` says what ``progress_done``/``progress_total`` count: files
while ``unpacking``/``translating``, units while ``compiling``; ``packing`` and ``storing``
are the translation task's last steps (its outputs are packed, then stored).

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

from translator.compile.build_config import BuildConfig, build_config_from
from translator.output.report_json import Report
from webapp.jobs.batches import CompileBatch
from webapp.jobs.marks import FileView, FindingReview  # noqa: F401 (models of this app)
from webapp.jobs.summary import JobSummary

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


def worker_lost(attempts: int) -> tuple[str, str]:
    """The failure of a job whose worker died on each of its ATTEMPTS."""
    tries = "once" if attempts == 1 else f"{attempts} times"
    return ("worker-lost", f"the worker stopped while working on this job (killed, out of "
            f"memory or restarted); it was started {tries} and was not retried again")


def _attempt_is(attempt: int | None) -> models.Q:
    """Rows of ATTEMPT; None (a message sent before attempts were counted) matches any."""
    return models.Q() if attempt is None else models.Q(attempt=attempt)


class JobQuerySet(models.QuerySet):
    """Which jobs a user may see; every page and API view that reads jobs asks here."""

    def owned_by(self, user) -> JobQuerySet:
        """USER's own jobs: what the job lists show (to a superuser too)."""
        return self.filter(owner=user)

    def visible_to(self, user) -> JobQuerySet:
        """The jobs USER may open: their own, and every job for a superuser."""
        return self if user.is_superuser else self.owned_by(user)


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
    TRANSITIONS: dict[str, tuple[str, ...]] = {
        State.QUEUED: (State.UNPACKING, State.TRANSLATING, State.COMPILING),  # requeue
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
    progress_phase = models.CharField(max_length=16, blank=True,
                                      help_text="what progress counts: unpacking, translating "
                                                "(files) or compiling (units)")
    compile_batches = models.PositiveIntegerField(
        default=0, help_text="batches the compile check was split into (0: not split)")
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
    attempt = models.PositiveSmallIntegerField(
        default=1, help_text="how many times the job was started; messages carry it")
    published_at = models.DateTimeField(
        null=True, blank=True, help_text="when the message the job waits for was sent")
    heartbeat_at = models.DateTimeField(
        null=True, blank=True, help_text="last sign of life of the worker running it")

    objects = JobQuerySet.as_manager()

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
    def is_running(self) -> bool:
        """A worker works on it: unpacking, translating, or a claimed compile check."""
        return self.state in (self.State.UNPACKING, self.State.TRANSLATING) or (
            self.state == self.State.COMPILING and self.compile_started_at is not None
            and not self.compile_batches)

    @property
    def seems_stuck(self) -> bool:
        """A running step has sent no heartbeat for longer than JOB_HEARTBEAT_TIMEOUT.

        Its worker died: the periodic recovery in the workers requeues it shortly.
        """
        if not self.is_running:
            return False
        last = self.heartbeat_at or self.updated_at
        return (timezone.now() - last).total_seconds() > settings.JOB_HEARTBEAT_TIMEOUT

    def build_config(self) -> BuildConfig:
        """The build configuration the job's options name for its compile check
        (``cmake``, ``make_variables``, ``make_goals``; checked when it was submitted)."""
        options = self.options
        return build_config_from(options.get("cmake", ()), options.get("make_variables", ()),
                                 options.get("make_goals", ()))

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

    def read_report(self) -> Report | None:
        """The stored report JSON, which the sandbox wrote with ``build_report`` (version 2
        from the service's first day). One stored by an older rocport may lack keys added
        since (``hip_build``, newer ``stats`` figures): readers ``.get`` those."""
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
    def _move(self, target: str, where: models.Q | None = None, **fields) -> None:
        fields = {"state": target, "updated_at": timezone.now(), **fields}
        rows = Job.objects.filter(pk=self.pk, state__in=self.TRANSITIONS[target])
        updated = rows.filter(where or models.Q()).update(**fields)
        if not updated:
            self.refresh_from_db()
            raise InvalidTransition(f"job {self.pk}: cannot go from {self.state} to {target}")
        for key, value in fields.items():
            setattr(self, key, value)
        if target in (self.State.DONE, self.State.FAILED, self.State.CANCELED):
            job_ended.send(sender=Job, job=self)

    def start_unpacking(self, attempt: int | None = None) -> None:
        """Take up the job; ATTEMPT (from the message) must be the job's current one."""
        now = timezone.now()
        self._move(self.State.UNPACKING, _attempt_is(attempt), started_at=now,
                   heartbeat_at=now, progress_phase="unpacking")

    def start_translating(self, total: int) -> None:
        self._move(self.State.TRANSLATING, progress_done=0, progress_total=total,
                   progress_phase="translating")

    def set_progress(self, done: int, total: int) -> bool:
        """Record progress; False when the job left ``translating`` (canceled, failed)."""
        self.progress_done, self.progress_total = done, total
        return bool(
            Job.objects.filter(pk=self.pk, state=self.State.TRANSLATING).update(
                progress_done=done, progress_total=total, updated_at=timezone.now()
            )
        )

    def set_phase(self, phase: str) -> bool:
        """The translation task entered PHASE (``packing``, ``storing``); False when the job
        left ``translating`` (canceled, failed)."""
        self.progress_phase = phase
        return bool(Job.objects.filter(pk=self.pk, state=self.State.TRANSLATING).update(
            progress_phase=phase, updated_at=timezone.now()))

    def still_translating(self) -> bool:
        return Job.objects.filter(pk=self.pk, state=self.State.TRANSLATING).exists()

    def start_compiling(self, summary: JobSummary) -> None:
        """Hand over to the compile check, whose message is not sent yet (the outbox)."""
        self._move(self.State.COMPILING, summary=summary, published_at=None,
                   compile_status="waiting for a ROCm runner", progress_phase="")

    def claim_compile(self, attempt: int | None = None) -> bool:
        """Mark the compile check as started; False if it had started before (redelivery)
        or ATTEMPT is not the job's current one."""
        now = timezone.now()
        claimed = Job.objects.filter(
            _attempt_is(attempt), pk=self.pk, state=self.State.COMPILING,
            compile_started_at__isnull=True,
        ).update(compile_started_at=now, heartbeat_at=now,
                 compile_status="compile check running", updated_at=now)
        self.refresh_from_db()
        return bool(claimed)

    def _compiling(self) -> models.QuerySet:
        return Job.objects.filter(pk=self.pk, state=self.State.COMPILING, attempt=self.attempt,
                                  compile_started_at__isnull=False)

    def start_compile_progress(self, total: int) -> bool:
        """The claimed compile check found TOTAL units; False when the job left it."""
        return bool(self._compiling().update(progress_phase="compiling", progress_done=0,
                                             progress_total=total, updated_at=timezone.now()))

    def add_compile_progress(self, units: int) -> bool:
        """Count UNITS more compiled (batches on several runners add up); False when the
        job no longer compiles in this attempt (canceled, failed, requeued)."""
        return bool(self._compiling().update(progress_done=models.F("progress_done") + units,
                                             updated_at=timezone.now()))

    def split_compile(self, batches: int) -> bool:
        """The compile check was sent as BATCHES batches: from now on the job waits for
        their messages (it is no longer running, see ``SPLIT``)."""
        now = timezone.now()
        return bool(self._compiling().filter(compile_batches=0).update(
            compile_batches=batches, published_at=now, updated_at=now,
            compile_status=f"compile check split into {batches} batches for the ROCm runners"))

    def beat(self) -> bool:
        """Record that the worker running this attempt is alive; False once it is not running."""
        return bool(Job.objects.filter(RUNNING, pk=self.pk, attempt=self.attempt).update(
            heartbeat_at=timezone.now()))

    def mark_published(self) -> bool:
        """Record that the message of the step the job waits for now was sent.

        The row must still wait for that very step (same attempt, state and input), so a
        late call cannot mark the next step's message as sent.
        """
        return bool(Job.objects.filter(
            pk=self.pk, attempt=self.attempt, state=self.state, input_name=self.input_name,
            compile_started_at__isnull=True, published_at__isnull=True,
        ).update(published_at=timezone.now()))

    def mark_unpublished(self) -> None:
        """The job waits for a new message (a pull request's input arrived)."""
        Job.objects.filter(pk=self.pk).update(published_at=None)
        self.published_at = None

    def requeue(self, stale_before, max_attempts: int) -> str:
        """Recover a stranded job (running, no heartbeat since STALE_BEFORE).

        Back to ``queued`` for the next attempt, unpublished and with its earlier results
        forgotten; after MAX_ATTEMPTS attempts it fails as ``worker-lost``. Returns
        ``"requeued"`` or ``"failed"``; raises InvalidTransition when the job is no longer
        stranded (it moved on, or its heartbeat came back).
        """
        stranded = stranded_since(stale_before) & models.Q(attempt=self.attempt)
        if self.attempt >= max_attempts:
            code, message = worker_lost(self.attempt)
            self._move(self.State.FAILED, stranded, failure_code=code, failure_message=message,
                       finished_at=timezone.now())
            return "failed"
        CompileBatch.objects.filter(job=self).delete()
        self._move(self.State.QUEUED, stranded, attempt=self.attempt + 1, published_at=None,
                   heartbeat_at=None, progress_done=0, progress_total=0, progress_phase="",
                   compile_started_at=None, compile_batches=0, compile_status="", summary={},
                   artifacts=[])
        return "requeued"

    def keep_compile_results(self, compile_status: str, summary: JobSummary) -> bool:
        """A canceled job keeps the units compiled before the cancel; False when the job is
        not canceled (in this attempt)."""
        summary = {**self.summary, **summary}
        kept = bool(Job.objects.filter(pk=self.pk, state=self.State.CANCELED,
                                       attempt=self.attempt).update(
            compile_status=compile_status[:300], summary=summary))
        if kept:
            self.compile_status, self.summary = compile_status[:300], summary
        return kept

    def mark_done(self, compile_status: str, summary: JobSummary) -> None:
        self._move(self.State.DONE, compile_status=compile_status,
                   summary={**self.summary, **summary}, finished_at=timezone.now())

    def mark_failed(self, code: str, message: str, attempt: int | None = None) -> None:
        """Fail the job (only in ATTEMPT, when given)."""
        # What the compile check was doing no longer holds ("waiting for a ROCm runner").
        self._move(self.State.FAILED, _attempt_is(attempt), failure_code=code,
                   failure_message=message, finished_at=timezone.now(), compile_status="")

    def cancel(self) -> None:
        """Stop the job; units compiled before it are kept (``keep_compile_results``)."""
        self._move(self.State.CANCELED, finished_at=timezone.now(), compile_status="")


#: Compile checks split into batches: they wait for the batches' messages in the broker.
SPLIT = models.Q(state=Job.State.COMPILING, compile_started_at__isnull=False,
                 compile_batches__gt=0)
#: A worker works on these jobs (and writes their heartbeat).
RUNNING = models.Q(state__in=(Job.State.UNPACKING, Job.State.TRANSLATING)) | models.Q(
    state=Job.State.COMPILING, compile_started_at__isnull=False, compile_batches=0)
#: These jobs wait for a message: a translation (or a download) or a compile check.
AWAITING = models.Q(state=Job.State.QUEUED) | models.Q(
    state=Job.State.COMPILING, compile_started_at__isnull=True)


def stranded_since(stale_before) -> models.Q:
    """Running jobs without a heartbeat since STALE_BEFORE (a datetime)."""
    return RUNNING & (models.Q(heartbeat_at__lt=stale_before)
                      | models.Q(heartbeat_at__isnull=True, updated_at__lt=stale_before))
