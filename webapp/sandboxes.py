"""The sandbox that translations of user input run in, configured from settings.

Used by the translate task (a whole tree) and by ``/api/translate/`` (one file); both
run ``translator.jobs.confinement`` inside bubblewrap, with only what they are given visible.
"""

from __future__ import annotations

import os

from django.conf import settings

from translator.jobs.confinement import Confinement


def translation_confinement(*, wall_seconds: float, memory_bytes: int) -> Confinement:
    """A Confinement with the given limits and the clang files the settings name."""
    extra = [settings.CLANG_RESOURCE_DIR or ""]
    if settings.LIBCLANG_PATH:
        extra.append(os.path.dirname(os.path.realpath(settings.LIBCLANG_PATH)))
    return Confinement.create(wall_seconds=wall_seconds, memory_bytes=memory_bytes,
                              sandboxed=not settings.TRANSLATE_ALLOW_UNSANDBOXED,
                              extra_readonly=tuple(path for path in extra if path),
                              stubs_folder=settings.CLANG_STUBS_DIR)
