"""System checks: say loudly at start when the translator's toolchain is incomplete.

``manage.py`` commands run them, and the Celery worker runs them when it starts
(``workers/celery.py``), so a misconfigured worker does not degrade quietly.
"""

import os

from django.conf import settings
from django.core.checks import Tags, Warning, register

from translator.analysis.clang import ClangUnavailable, find_resource_dir, libclang_version


@register(Tags.compatibility)
def check_libclang(app_configs=None, **kwargs):
    """libclang must load (LIBCLANG_PATH, else the pip wheel) and find resource headers."""
    problems = []
    try:
        libclang_version(settings.LIBCLANG_PATH)
    except ClangUnavailable as error:
        problems.append(Warning(
            f"libclang is unavailable: {error}",
            hint="install the Python package libclang, or set LIBCLANG_PATH to libclang.so; "
                 "until then translations run token-only rules and report E001 on every file",
            id="rocport.W001",
        ))
        return problems
    try:
        find_resource_dir(settings.CLANG_RESOURCE_DIR)
    except ClangUnavailable as error:
        problems.append(Warning(
            str(error),
            hint="apt-get install libclang-common-15-dev (the pip libclang wheel has no "
                 "resource headers), or set CLANG_RESOURCE_DIR; until then translations run "
                 "token-only rules and report E001 on every file",
            id="rocport.W002",
        ))
    return problems


@register(Tags.security)
def check_translation_sandbox(app_configs=None, **kwargs):
    """Translations of user input need bubblewrap (unless the development setting says no)."""
    if settings.TRANSLATE_ALLOW_UNSANDBOXED:
        return [Warning("translations run WITHOUT their sandbox (TRANSLATE_ALLOW_UNSANDBOXED)",
                        hint="development only: hostile sources could read this host's files",
                        id="rocport.W003")]
    bubblewrap = "/usr/bin/bwrap"
    if not os.access(bubblewrap, os.X_OK):
        return [Warning(f"bubblewrap is not installed at {bubblewrap}: every job and every "
                        "/api/translate/ call will fail with sandbox-unavailable",
                        hint="apt-get install bubblewrap", id="rocport.W004")]
    return []
