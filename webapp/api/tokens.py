"""API tokens, stored as SHA-256 digests: the key itself is shown once and never stored.

A key is 40 random hexadecimal characters (160 bits). The database keeps its SHA-256 and
its first ``PREFIX_LENGTH`` characters, so a user can tell which token they hold; a
leaked database holds nothing that authenticates. Clients send ``Authorization: Token
<key>`` as before (``TokenAuthentication``).
"""

from __future__ import annotations

import hashlib
import secrets

from django.db import transaction
from rest_framework import authentication, exceptions

PREFIX_LENGTH = 8


def digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()


def new_key() -> str:
    return secrets.token_hex(20)


def issue_token(user) -> str:
    """Replace USER's token with a new one; return its key (the only time it is known)."""
    from webapp.api.models import APIToken

    key = new_key()
    with transaction.atomic():
        APIToken.objects.filter(user=user).delete()
        APIToken.objects.create(user=user, digest=digest(key), prefix=key[:PREFIX_LENGTH])
    return key


class TokenAuthentication(authentication.TokenAuthentication):
    """DRF's ``Token`` scheme, looking the key up by its digest."""

    def authenticate_credentials(self, key):
        from webapp.api.models import APIToken

        token = APIToken.objects.select_related("user").filter(digest=digest(key)).first()
        if token is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        return token.user, token
