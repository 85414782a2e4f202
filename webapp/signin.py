"""The page shown to a locked-out sign-in (django-axes' AXES_LOCKOUT_CALLABLE)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def lockout_response(request: HttpRequest, original_response=None,
                     credentials: dict | None = None) -> HttpResponse:
    """429 with a page that says why and for how long; the user name is not repeated."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(request, "registration/locked_out.html", {
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "lockout_minutes": minutes,
    }, status=429)
