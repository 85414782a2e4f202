"""The machine's runners, for tests that compile on them. ``make test`` builds rocm-6.4
once per machine (scripts/bootstrap.sh) into the user's cache, where CI finds it again;
tests reach it there whatever HOME a test sets."""

from __future__ import annotations

import os
import pwd
from pathlib import Path

from tests.tools import needs
from translator.compile.runners import RunnerUnavailable, find_runner

RUNNERS_DIR = Path(pwd.getpwuid(os.getuid()).pw_dir) / ".cache" / "rocport" / "runners"


def built(name: str) -> bool:
    try:
        find_runner(name, RUNNERS_DIR)
    except RunnerUnavailable:
        return False
    return True


needs_rocm_64 = needs(built("rocm-6.4"), "the rocm-6.4 runner (rocport runner build rocm-6.4)")
