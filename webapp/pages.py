"""Pages of the service as a whole (not of one job): the ROCm runners."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from webapp import runners


@login_required
def runners_page(request: HttpRequest) -> HttpResponse:
    """The ROCm workers online, the toolchains each compiles with, and runner builds."""
    return render(request, "runners.html", {"workers": runners.workers()})
