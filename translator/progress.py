"""How long work reports how far it got, and learns whether to go on.

One protocol for every long run (a tree's migration, a sandboxed job, the compile
check): the caller passes ``progress(done, total)``, called as the work advances and,
while there is no news, again with the last numbers at least every few seconds. It
returns nothing; to stop the work it raises ``Canceled``, which the work lets through
(after stopping what it started: a sandbox is killed) to its own caller.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["Canceled", "Progress", "going_on"]

#: ``progress(done, total)``: see the module's docstring.
Progress = Callable[[int, int], None]


class Canceled(Exception):
    """The caller's ``progress`` asked the work to stop."""


def going_on(progress: Progress | None, done: int, total: int) -> bool:
    """Report (DONE, TOTAL) to PROGRESS; False when it asked to stop. For code that must
    stop something itself first (a supervisor's line callback that answers with a bool)."""
    if progress is None:
        return True
    try:
        progress(done, total)
    except Canceled:
        return False
    return True
