"""The API token of a user (only its digest and a short prefix are stored, see tokens.py),
and the playground's compile requests."""

import uuid

from django.conf import settings
from django.db import models


class APIToken(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="api_token")
    digest = models.CharField(max_length=64, unique=True, help_text="SHA-256 of the key, hex")
    prefix = models.CharField(max_length=8, help_text="the key's first characters, to tell "
                              "tokens apart")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.user})"


class SnippetCompile(models.Model):
    """The playground's "compile on a runner": one translated file, compiled by a ROCm
    worker on queue ``rocm-snippets`` (``workers.tasks.compile_snippet``) under
    ``SNIPPET_COMPILE_TIME_LIMIT``; the page polls its row, never Celery."""

    class State(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    client = models.CharField(max_length=80, db_index=True, help_text="who asked (user or "
                              "address, hashed as for the snippet slots)")
    path = models.CharField(max_length=120, help_text="the HIP file's name")
    source = models.TextField(help_text="the HIP text compiled")
    state = models.CharField(max_length=16, choices=State, default=State.QUEUED,
                             db_index=True)
    result = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"compile of {self.path} ({self.state})"
