"""The GitHub webhook: verify the signature on the raw body, store the delivery, hand the
payload to its handler (``handlers``: parse, record, enqueue), answer.

Answers: 404 while GITHUB_WEBHOOK_SECRET is unset; 401 for a missing or wrong
``X-Hub-Signature-256``; 200 ``pong`` for ``ping``; 200 ``ignored`` for other events
and actions; 200 ``duplicate`` for a delivery seen before; 202 ``queued`` with the job
id when a pull request job (or a re-run, or a port request) was created (even while Redis
does not answer: it waits in the outbox); 200 ``recorded`` for installation events; 400
for a payload rocport cannot read; 500 ``internal-error`` for anything unexpected, as
JSON like every other answer.

The delivery (``X-GitHub-Delivery``) is stored first, in the transaction of everything it
causes: a delivery handled before is a duplicate, and one that failed leaves no trace,
so GitHub's redelivery can try again.
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
from django.db import IntegrityError, transaction
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt

from webapp.github.events import APP_ACTIONS, CLOSING_ACTIONS, HANDLED_ACTIONS, PayloadError
from webapp.github.handlers import HANDLERS
from webapp.github.models import Delivery

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
    if event not in HANDLERS:
        return JsonResponse({"status": "ignored", "reason": f"event {event!r} is not handled"})
    try:
        payload = _payload(request, body)
    except (ValueError, RecursionError):  # RecursionError: nested deeper than JSON allows here
        return error("invalid", "the payload is not JSON, or nested too deeply", 400)
    action = payload.get("action") if isinstance(payload, dict) else None
    if action not in APP_ACTIONS.get(event, HANDLED_ACTIONS | CLOSING_ACTIONS):
        return JsonResponse({"status": "ignored", "reason": f"action {action!r} is not handled"})
    delivery = request.headers.get("X-GitHub-Delivery", "")[:64] or None
    try:
        with transaction.atomic():
            if delivery and not _store_delivery(delivery, event, action):
                return JsonResponse({"status": "duplicate"})
            status, answer = HANDLERS[event](event, payload, delivery)
    except PayloadError as problem:
        return error("invalid", str(problem), 400)
    return JsonResponse(answer, status=status)


def _store_delivery(delivery: str, event: str, action: str) -> bool:
    """Record DELIVERY; False when it was recorded before (a redelivery)."""
    if Delivery.objects.filter(pk=delivery).exists():
        return False
    try:
        with transaction.atomic():
            Delivery.objects.create(delivery=delivery, event=event[:64], action=action[:64])
    except IntegrityError:  # the same delivery twice at once
        return False
    return True


def _payload(request: HttpRequest, body: bytes):
    """JSON, sent as application/json or as the ``payload`` field of a form (both allowed)."""
    if request.content_type == "application/x-www-form-urlencoded":
        fields = parse_qs(body.decode("utf-8", "replace"))
        body = (fields.get("payload") or [""])[0].encode()
    return json.loads(body)
