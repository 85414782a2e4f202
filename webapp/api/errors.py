"""One error shape for every API answer: ``{"error": {"code": ..., "message": ...}}``.

``code`` is stable and kebab-case (DRF's own codes with dashes: ``invalid``,
``not-authenticated``, ``authentication-failed``, ``permission-denied``, ``not-found``,
``throttled``, ...; ours: ``too-large``, ``not-ready``, ``job-ended``, ``timeout``,
``translation-crashed``, ``insufficient-storage`` (507, a full disk), and
``internal-error`` (500) for any unexpected exception, whose traceback goes to the log);
``message`` is for people. Validation errors add ``fields``, the serializer's messages
per field.

The API never answers HTML: ``server_error`` and ``bad_request`` (the root URLconf's
``handler500`` and ``handler400``) answer JSON under ``/api/`` for errors raised outside
the API views (in a middleware), and Django's pages elsewhere.
"""

from __future__ import annotations

import logging

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from webapp.jobs.uploads import declared_too_large, is_disk_full, too_large_message

logger = logging.getLogger(__name__)

#: Paths answered with JSON errors even when no API view was reached.
API_PREFIX = "/api/"
INTERNAL_ERROR_MESSAGE = "rocport failed unexpectedly; the error was logged"


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too-large"
    default_detail = "the request is too large"

    @classmethod
    def over(cls, what: str, limit: int) -> PayloadTooLarge:
        return cls(too_large_message(what, limit))


def refuse_large_body(request, limit: int, what: str) -> None:
    """Answer 413 from Content-Length alone, before the body is read."""
    if declared_too_large(request, limit):
        raise PayloadTooLarge.over(what, limit)


class Conflict(exceptions.APIException):
    """The job is not in a state that allows the request (not ready yet, already ended)."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "conflict"


class Unavailable(exceptions.APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "unavailable"


class InsufficientStorage(exceptions.APIException):
    status_code = status.HTTP_507_INSUFFICIENT_STORAGE
    default_code = "insufficient-storage"
    default_detail = "the server has no room to store this request now; try again later"


def exception_handler(exc, context):
    """DRF's handler (status, headers such as WWW-Authenticate), our body shape."""
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or None)
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    elif isinstance(exc, RequestDataTooBig):
        exc = PayloadTooLarge(str(exc) or None)
    elif isinstance(exc, SuspiciousOperation):  # e.g. too many form fields
        exc = exceptions.ParseError(str(exc) or None)
    elif is_disk_full(exc):
        # The partial upload is gone already (webapp.jobs.uploads); no job was created.
        logger.error("%s: the disk is full: %s", _view_name(context), exc)
        exc = InsufficientStorage()
    response = drf_exception_handler(exc, context)
    if response is None:  # a bug, or a service that failed: still JSON for the client
        logger.error("%s failed", _view_name(context), exc_info=exc)
        set_rollback()
        return Response({"error": {"code": "internal-error", "message": INTERNAL_ERROR_MESSAGE}},
                        status=status.HTTP_500_INTERNAL_SERVER_ERROR)
    if isinstance(exc, exceptions.ValidationError):
        body = {"code": "invalid", "message": _first_message(exc.detail),
                "fields": exc.detail if isinstance(exc.detail, dict) else {}}
    else:
        body = {"code": str(exc.get_codes()).replace("_", "-"), "message": _message(exc)}
    response.data = {"error": body}
    return response


def _view_name(context) -> str:
    request = context.get("request")
    return f"{request.method} {request.path}" if request is not None else "an API view"


def _message(exc: exceptions.APIException) -> str:
    return str(exc.detail) or str(exc.default_detail)


def _first_message(detail) -> str:
    """The first message of a nested validation error, prefixed with its field name."""
    if isinstance(detail, dict):
        for name, value in detail.items():
            inner = _first_message(value)
            return inner if name == "non_field_errors" else f"{name}: {inner}"
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return str(detail) or "invalid input"


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: JSON under ``/api/``, Django's page elsewhere."""
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"error": {"code": "internal-error",
                                       "message": INTERNAL_ERROR_MESSAGE}}, status=500)
    return defaults.server_error(request)


def bad_request(request: HttpRequest, exception) -> HttpResponse:
    """``handler400`` (e.g. a Host header not in ALLOWED_HOSTS): JSON under ``/api/``."""
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"error": {"code": "bad-request",
                                       "message": "the request could not be understood"}},
                            status=400)
    return defaults.bad_request(request, exception)
