"""What the sandboxed child and its parent say to each other.

The child (``translator.jobs.child``) prints one JSON object per line, each behind
``MARK``: ``{"file": path}`` before each file, ``{"progress": [done, total]}`` after it,
``{"error": {"code", "message"}}`` for a clear refusal (and exits with
``EXIT_REFUSED``), ``{"done": {...}}`` at the end. Any other line is the child's own
output (a traceback), kept for the operator's log. The parent reads the lines with
``Messages``, which passes progress on in the protocol of ``translator.progress``.
"""

from __future__ import annotations

import json

from translator.progress import Progress, going_on

__all__ = ["MARK", "EXIT_REFUSED", "say", "Messages"]

MARK = "@rocport "
#: The child's exit status after an ``{"error": ...}`` line.
EXIT_REFUSED = 3


def say(**message: object) -> None:
    """Send MESSAGE to the parent (from the child)."""
    print(MARK + json.dumps(message), flush=True)


class Messages:
    """What the child said, read line by line by the parent: the file it was on, its
    refusal, its summary. Progress goes to PROGRESS; a quiet second asks it again with
    the last numbers. ``__call__`` answers the supervisor: False stops the child (PROGRESS
    raised ``Canceled``)."""

    def __init__(self, progress: Progress | None = None) -> None:
        self.progress = progress
        self.last = (0, 0)
        self.file: str | None = None
        self.error: dict | None = None
        self.done: dict | None = None

    def __call__(self, line: str | None) -> bool:
        if line is None:  # a quiet second (one long file): may we go on?
            return going_on(self.progress, *self.last)
        if not line.startswith(MARK):
            return True
        try:
            message = json.loads(line[len(MARK):])
        except ValueError:
            return True
        if not isinstance(message, dict):
            return True
        if "file" in message:
            self.file = str(message["file"])
        elif "progress" in message:
            done, total = message["progress"]
            self.last = (int(done), int(total))
            return going_on(self.progress, *self.last)
        elif "error" in message and isinstance(message["error"], dict):
            self.error = message["error"]
        elif "done" in message and isinstance(message["done"], dict):
            self.done = message["done"]
        return True
