"""What a test needs from the machine: a program, a file, libclang, root.

A test that needs something this machine lacks is skipped, except on CI (``CI=true``, set
by .ci/run), which has all of it: there the test fails and names what is missing, so a
broken CI machine cannot pass by skipping. Every such skip goes through ``missing``:

- ``@needs_tools("cmake", "ninja")``, ``@needs_root`` and ``@needs(present, "what")`` mark
  a test, or a module through ``pytestmark``; PRESENT is looked at when the module is
  imported, and the test is skipped (or failed) before its fixtures are set up.
- ``require(present, "what")`` inside a test or fixture, for what only trying tells, or
  ``missing("what")`` where the trying raised; ``require_libclang()`` for libclang.

A skip that is not about the machine (a file that is not a test) stays a plain
``pytest.skip``. This module is a pytest plugin: tests/conftest.py loads it.
"""

from __future__ import annotations

import os
import shutil
from typing import NoReturn

import pytest


def on_ci() -> bool:
    return os.environ.get("CI") == "true"


def require(present: object, what: str) -> None:
    """Go on when PRESENT is true; otherwise ``missing(what)``."""
    if not present:
        missing(what)


def missing(what: str) -> NoReturn:
    """Skip the running test for want of WHAT, or fail it on CI."""
    if on_ci():
        pytest.fail(f"missing on CI, which must have all that the tests need: {what}",
                    pytrace=False)
    pytest.skip(f"missing here: {what}")


def require_libclang(resource_dir: bool = False) -> None:
    """Go on when libclang loads (and, with RESOURCE_DIR, clang's resource headers are
    found); otherwise ``missing`` with the reason."""
    from translator.analysis import clang

    try:
        if resource_dir:
            clang.find_resource_dir()
        clang.libclang_version()
    except clang.ClangUnavailable as error:  # pragma: no cover - depends on the machine
        missing(f"libclang ({error})")


def needs(present: object, what: str) -> pytest.MarkDecorator:
    """Mark a test that needs WHAT; PRESENT says whether this machine has it."""
    return pytest.mark.needs(present=bool(present), what=what)


def needs_tools(*programs: str) -> pytest.MarkDecorator:
    """Mark a test that runs PROGRAMS, looked up on PATH."""
    absent = [program for program in programs if shutil.which(program) is None]
    return needs(not absent, " and ".join(absent))


#: A test that mounts, switches users or chooses uids.
needs_root = needs(os.geteuid() == 0, "root")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "needs(present, what): skipped without WHAT, failed on CI (tests/tools.py)")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    for mark in item.iter_markers("needs"):
        require(mark.kwargs["present"], mark.kwargs["what"])
