"""HTML pages that belong to the API: the API token page and the playground."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.csrf import ensure_csrf_cookie
from rest_framework.authtoken.models import Token

from webapp.api.serializers import OptionsSerializer


@login_required
def token_page(request: HttpRequest) -> HttpResponse:
    """Show the user's API token; POST creates it, or replaces it (the old one stops working)."""
    if request.method == "POST":
        Token.objects.filter(user=request.user).delete()
        Token.objects.create(user=request.user)
        return redirect("api:token")
    token = Token.objects.filter(user=request.user).first()
    return render(request, "api/token.html", {"token": token})


@ensure_csrf_cookie
def playground(request: HttpRequest) -> HttpResponse:
    """Paste CUDA, pick options, read HIP: the page calls ``/api/translate/`` (no sign-in)."""
    flags = [(name, field.help_text) for name, field in OptionsSerializer().fields.items()
             if field.__class__.__name__ == "BooleanField"]
    return render(request, "api/playground.html", {
        "flags": flags,
        "max_bytes": settings.SNIPPET_MAX_BYTES,
    })
