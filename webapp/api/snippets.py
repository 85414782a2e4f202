"""Translate one file for ``/api/translate/``: inside the request, in the sandbox.

Why in the request: one file of at most ``SNIPPET_MAX_BYTES`` translates in well under a
second, so queueing it behind whole-repository jobs would only make people wait. Why in
the sandbox: the file is hostile input that libclang reads (``#include "/etc/shadow"``),
so it is translated by ``translator.jobs.confinement`` in bubblewrap, which sees nothing of
this host but the tools, under a memory limit, and is killed at the deadline; a crash of
libclang is answered token-only, and nothing it does can take the web process down.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from django.conf import settings
from rest_framework.exceptions import Throttled
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from translator import Options
from translator.jobs.confinement import ConfinementFailed
from translator.jobs.confinement import translate_snippet as translate_confined
from webapp.api.errors import Unavailable, refuse_large_body
from webapp.api.serializers import SnippetSerializer, translator_options, with_default_hip_version
from webapp.api.snippet_slots import SlotTaken, client_of, snippet_slot
from webapp.sandboxes import translation_confinement


class SnippetFailed(Exception):
    """No answer: ``code`` is ``timeout``, ``too-much-memory``, ``translation-crashed``
    or ``sandbox-unavailable``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def translate_snippet(source: str, options: Options, path: str, timeout: float) -> dict:
    """Translate SOURCE as the file PATH; the answer of ``/api/translate/`` (see views)."""
    confinement = translation_confinement(wall_seconds=timeout,
                                          memory_bytes=settings.SNIPPET_MEMORY_LIMIT)
    with tempfile.TemporaryDirectory(prefix="rocport-snippet-") as scratch:
        try:
            return translate_confined(source, path, options, Path(scratch), confinement)
        except ConfinementFailed as error:
            if error.code == "time-limit":
                raise SnippetFailed("timeout", f"the translation took longer than "
                                    f"{timeout:g} s") from None
            raise SnippetFailed(error.code, error.message) from None


class SnippetView(APIView):
    """A view that translates a posted file in the request (``/api/translate/`` and its
    compile): anyone may, within the ``snippet`` rate and the snippet slots."""

    permission_classes = [AllowAny]
    parser_classes = [JSONParser]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "snippet"

    def posted(self, request) -> SnippetSerializer:
        """The posted file, validated; 413 from Content-Length before the body is read."""
        refuse_large_body(request, settings.SNIPPET_MAX_BYTES, "the request")
        data = SnippetSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return data

    def translate(self, request, data: SnippetSerializer) -> dict:
        """DATA's file translated with its options, over the same default HIP version as
        a job's (the ROCm runners'); 429 when its client (or the host) has a translation
        running, 503 when the sandbox gave no answer."""
        options = translator_options(with_default_hip_version(data.options()))
        try:
            with snippet_slot(client_of(request)):
                return translate_snippet(data.validated_data["source"], options,
                                         data.validated_data["path"],
                                         settings.SNIPPET_TIME_LIMIT)
        except SlotTaken as error:
            raise Throttled(settings.SNIPPET_TIME_LIMIT, error.message, error.code) from None
        except SnippetFailed as error:
            advice = "; submit the file as a job instead" if error.code == "timeout" else ""
            raise Unavailable(error.message + advice, error.code) from None
