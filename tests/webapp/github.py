"""Helpers for webhook tests: stored payloads and their signatures."""

import hashlib
import hmac
import json
from pathlib import Path

PAYLOADS = Path(__file__).resolve().parent / "payloads"
SECRET = "test-webhook-secret"


def payload(name: str) -> dict:
    return json.loads((PAYLOADS / f"{name}.json").read_text())


def signature(body: bytes, secret: str = SECRET) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def deliver(client, event: str, body: dict | bytes, *, secret: str = SECRET,
            delivery: str = "72d3162e-cc78-11e3-81ab-4c9367dc0958", sign: str | None = None):
    """POST BODY to the webhook as GitHub does (JSON, signed with SECRET)."""
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    return client.post("/hooks/github/", data, content_type="application/json",
                       HTTP_X_GITHUB_EVENT=event, HTTP_X_GITHUB_DELIVERY=delivery,
                       HTTP_X_HUB_SIGNATURE_256=signature(data, secret) if sign is None else sign)
