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

from translator import Options
from translator.jobs.confinement import ConfinementFailed
from translator.jobs.confinement import translate_snippet as translate_confined
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
