"""The GitHub webhook: verify the signature on the raw body, parse, enqueue, answer.

Answers: 404 while GITHUB_WEBHOOK_SECRET is unset; 401 for a missing or wrong
``X-Hub-Signature-256``; 200 ``pong`` for ``ping``; 200 ``ignored`` for other events
and actions; 200 ``duplicate`` for a delivery seen before; 202 ``queued`` with the job
id when a pull request job was created (even while Redis does not answer: the job
waits in the outbox); 400 for a payload rocport cannot read; 500 ``internal-error`` for
anything unexpected, as JSON like every other answer.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import logging
from urllib.parse import parse_qs

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt

from webapp.github.events import HANDLED_ACTIONS, PayloadError, parse_pull_request
from webapp.github.submit import submit_pull_request

logger = logging.getLogger(__name__)


def error(code: str, message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": {"code": code, "message": message}}, status=status)


def signature_valid(secret: str, body: bytes, header: str) -> bool:
    """HMAC-SHA256 of BODY with SECRET, compared in constant time to ``sha256=<hex>``."""
    expected = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode(), header.encode())


def json_errors(view):
    """Answer an unexpected exception with a JSON 500 (GitHub shows it in the delivery);
    the traceback goes to the log."""
    @functools.wraps(view)
    def answer(request: HttpRequest, *args, **kwargs) -> JsonResponse:
        try:
            return view(request, *args, **kwargs)
        except Exception:  # anything at all: the client still gets our error shape
            logger.exception("the GitHub webhook failed")
            return error("internal-error", "rocport failed unexpectedly; the error was logged",
                         500)
    return answer


@csrf_exempt
@json_errors
def webhook(request: HttpRequest) -> JsonResponse:
    if not settings.GITHUB_WEBHOOK_SECRET:
        return error("not-found", "the GitHub webhook is not enabled", 404)
    if request.method != "POST":
        return error("method-not-allowed", "the webhook accepts POST only", 405)
    try:
        body = request.body
    except RequestDataTooBig:
        return error("too-large", "the payload is too large", 413)
    header = request.headers.get("X-Hub-Signature-256", "")
    if not signature_valid(settings.GITHUB_WEBHOOK_SECRET, body, header):
        return error("bad-signature", "X-Hub-Signature-256 is missing or wrong", 401)

    event = request.headers.get("X-GitHub-Event", "")
    if event == "ping":
        return JsonResponse({"status": "pong"})
    if event != "pull_request":
        return JsonResponse({"status": "ignored", "reason": f"event {event!r} is not handled"})
    try:
        payload = _payload(request, body)
    except ValueError:
        return error("invalid", "the payload is not JSON", 400)
    action = payload.get("action") if isinstance(payload, dict) else None
    if action not in HANDLED_ACTIONS:
        return JsonResponse({"status": "ignored", "reason": f"action {action!r} is not handled"})
    try:
        pull_request = parse_pull_request(payload)
    except PayloadError as problem:
        return error("invalid", str(problem), 400)
    job = submit_pull_request(pull_request, request.headers.get("X-GitHub-Delivery"))
    if job is None:
        return JsonResponse({"status": "duplicate"})
    return JsonResponse({"status": "queued", "job": str(job.pk)}, status=202)


def _payload(request: HttpRequest, body: bytes):
    """JSON, sent as application/json or as the ``payload`` field of a form (both allowed)."""
    if request.content_type == "application/x-www-form-urlencoded":
        fields = parse_qs(body.decode("utf-8", "replace"))
        body = (fields.get("payload") or [""])[0].encode()
    return json.loads(body)
