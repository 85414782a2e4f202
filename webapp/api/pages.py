"""HTML pages that belong to the API: the API token page and the playground."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import ensure_csrf_cookie

from webapp import runners
from webapp.api.models import APIToken
from webapp.api.serializers import OptionsSerializer
from webapp.api.tokens import issue_token
from webapp.jobs.forms import UploadForm


class SignedInRequest(HttpRequest):
    """A request ``login_required`` let through: its user is signed in (for the type
    check, as django-stubs advise)."""

    user: User


@never_cache
@login_required
def token_page(request: SignedInRequest) -> HttpResponse:
    """Which token the user has (its prefix); POST creates or replaces it and shows the new
    key, once: only its digest is stored. Never cached, since it may hold a key."""
    key = issue_token(request.user) if request.method == "POST" else None
    token = APIToken.objects.filter(user=request.user).first()
    return render(request, "api/token.html", {"token": token, "key": key})


@ensure_csrf_cookie
def playground(request: HttpRequest) -> HttpResponse:
    """Paste CUDA, pick options, read HIP: the page calls ``/api/translate/`` (no sign-in)."""
    labels = UploadForm.base_fields
    flags = [(name, labels[name].label, labels[name].help_text)
             for name, field in OptionsSerializer().fields.items()
             if field.__class__.__name__ == "BooleanField" and name in labels]
    version, reason = runners.default_hip_version_and_reason()
    return render(request, "api/playground.html", {
        "flags": flags,
        "max_bytes": settings.SNIPPET_MAX_BYTES,
        "hip_version": version,
        "hip_version_reason": reason,
        "compile_seconds": settings.SNIPPET_COMPILE_TIME_LIMIT,
    })
