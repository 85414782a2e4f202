"""Helpers for the sandbox and compile-check tests (real bubblewrap, real hipcc)."""

from __future__ import annotations

import os
from pathlib import Path

from tests.tools import needs, needs_tools

BUBBLEWRAP = "/usr/bin/bwrap"
needs_bubblewrap = needs(os.access(BUBBLEWRAP, os.X_OK), f"bubblewrap ({BUBBLEWRAP})")
needs_hipcc = needs_tools("hipcc")


def processes_mentioning(marker: str) -> list[str]:
    """Command lines of the running processes that contain MARKER (a process scan)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if marker in command and state != "Z":
            found.append(f"{entry.name}: {command}")
    return found


def files_containing(folder: Path, needle: bytes) -> list[str]:
    """Every file under FOLDER whose bytes contain NEEDLE."""
    hits = []
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            try:
                if needle in path.read_bytes():
                    hits.append(str(path))
            except OSError:
                continue
    return hits
