"""The system check says loudly when libclang or its resource headers are missing."""

import os
import subprocess
import sys
from pathlib import Path

from webapp.checks import check_libclang

ROOT = Path(__file__).resolve().parents[2]


def test_complete_toolchain_passes():
    assert check_libclang() == []


def test_missing_libclang_is_reported_at_start(tmp_path):
    env = {**os.environ, "LIBCLANG_PATH": str(tmp_path / "libclang.so"),
           "DJANGO_SETTINGS_MODULE": "tests.settings"}
    completed = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env,
                               capture_output=True, text=True, timeout=120)
    assert "rocport.W001" in completed.stderr
    assert "libclang is unavailable" in completed.stderr
