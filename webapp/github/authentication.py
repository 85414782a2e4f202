"""GitHub App authentication: a JWT for the app itself, installation tokens for repositories.

GitHub's scheme: the app signs a short JWT (RS256) with its private key; with it, it asks
``POST /app/installations/{id}/access_tokens`` for a token that acts on the repositories
of one installation for an hour. Here:

- ``app_jwt(app_id, private_key)``: ``iat`` 60 s in the past (clock drift, as GitHub
  advises), ``exp`` 9 minutes ahead (GitHub refuses more than 10), ``iss`` the app id;
  signed by PyJWT with cryptography's RSA;
- ``InstallationAuth(app_id, private_key, installation_id, api_url)``: the ``auth`` of a
  ``GitHubClient``. Tokens are kept per process, per installation, until
  ``RENEW_BEFORE`` seconds before their ``expires_at``; one GitHub refuses (401: revoked,
  or the installation's permissions changed) is dropped and fetched again once.
"""

from __future__ import annotations

import threading
import time
from datetime import datetime

import jwt

from webapp.github.client import GitHubClient, GitHubError

#: A cached installation token is renewed this many seconds before it expires.
RENEW_BEFORE = 300
#: Lifetime of the app's JWT: under GitHub's limit of 10 minutes, with room for drift.
JWT_SECONDS = 540

_tokens: dict[tuple[str, str, int], tuple[str, float]] = {}
_lock = threading.Lock()


def app_jwt(app_id: str, private_key: str, now: float | None = None) -> str:
    """The app's JWT (RS256, PRIVATE_KEY in PEM)."""
    now = int(time.time() if now is None else now)
    claims = {"iat": now - 60, "exp": now + JWT_SECONDS, "iss": str(app_id)}
    return jwt.encode(claims, private_key, algorithm="RS256")


class AppJWTAuth:
    """Authenticates as the app (``/app/...`` endpoints only)."""

    def __init__(self, app_id: str, private_key: str) -> None:
        self.app_id, self.private_key = app_id, private_key

    def header(self) -> str:
        return f"Bearer {app_jwt(self.app_id, self.private_key)}"

    def refused(self) -> bool:
        return False


class InstallationAuth:
    """Authenticates as one installation, with a cached installation access token."""

    def __init__(self, app_id: str, private_key: str, installation_id: int, api_url: str,
                 timeout: float = 30) -> None:
        self.app_id, self.private_key = str(app_id), private_key
        self.installation_id = int(installation_id)
        self.api_url = api_url.rstrip("/")
        self.timeout = timeout

    @property
    def _key(self) -> tuple[str, str, int]:
        return (self.api_url, self.app_id, self.installation_id)

    def header(self) -> str:
        return f"Bearer {self.token()}"

    def refused(self) -> bool:
        with _lock:
            _tokens.pop(self._key, None)
        return True

    def token(self) -> str:
        """The installation token: the cached one, or a new one when it expires soon."""
        with _lock:
            cached = _tokens.get(self._key)
        if cached and cached[1] - RENEW_BEFORE > time.time():
            return cached[0]
        app = GitHubClient(self.api_url, timeout=self.timeout,
                           auth=AppJWTAuth(self.app_id, self.private_key))
        answer = app.post(f"/app/installations/{self.installation_id}/access_tokens", {})
        token, expires = _token_of(answer)
        with _lock:
            _tokens[self._key] = (token, expires)
        return token


def _token_of(answer: object) -> tuple[str, float]:
    if not isinstance(answer, dict) or not isinstance(answer.get("token"), str):
        raise GitHubError("github-refused", "GitHub's installation token answer has no token")
    try:
        expires = datetime.fromisoformat(str(answer.get("expires_at"))).timestamp()
    except ValueError:
        expires = time.time() + 3600  # GitHub's documented lifetime
    return answer["token"], expires


def forget_tokens() -> None:
    """Drop every cached installation token (tests; a changed private key)."""
    with _lock:
        _tokens.clear()
