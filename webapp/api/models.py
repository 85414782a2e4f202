"""The API token of a user: only its digest and a short prefix are stored (see tokens.py)."""

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
