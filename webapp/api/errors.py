"""One error shape for every API answer: ``{"error": {"code": ..., "message": ...}}``.

``code`` is stable and kebab-case (DRF's own codes with dashes: ``invalid``,
``not-authenticated``, ``authentication-failed``, ``permission-denied``, ``not-found``,
``throttled``, ...; ours: ``too-large``, ``not-ready``, ``job-ended``, ``timeout``,
``translation-crashed``); ``message`` is for people. Validation errors add ``fields``,
the serializer's messages per field.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from django.template.defaultfilters import filesizeformat
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too-large"
    default_detail = "the request is too large"

    @classmethod
    def over(cls, what: str, limit: int) -> PayloadTooLarge:
        return cls(f"{what} is larger than the limit of {filesizeformat(limit)}")


class Conflict(exceptions.APIException):
    """The job is not in a state that allows the request (not ready yet, already ended)."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "conflict"


class Unavailable(exceptions.APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "unavailable"


def error_response(code: str, message: str, status_code: int, **extra) -> Response:
    return Response({"error": {"code": code, "message": message, **extra}}, status=status_code)


def exception_handler(exc, context):
    """DRF's handler (status, headers such as WWW-Authenticate), our body shape."""
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or None)
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None  # not an API error: Django answers 500 and logs the traceback
    if isinstance(exc, exceptions.ValidationError):
        body = {"code": "invalid", "message": _first_message(exc.detail),
                "fields": exc.detail if isinstance(exc.detail, dict) else {}}
    else:
        body = {"code": str(exc.get_codes()).replace("_", "-"), "message": _message(exc)}
    response.data = {"error": body}
    return response


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
