"""Run a command with a wall-clock limit and a cap on captured output; on timeout kill
it and every process it started, and return only when they are all gone.

Used by translator/sandbox/bubblewrap.py for every sandboxed run. The command runs in its own
session (process group); output is stdout and stderr interleaved, and what exceeds the
cap is read and counted but not kept, so a chatty command never blocks on a full pipe.
A ``watch`` callback sees every line as it comes (and ``None`` once a second while the
command is quiet); when it answers False the command is killed (a canceled job). Any
exception on the way (a task's soft time limit) kills the command too.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Run", "supervise"]


@dataclass(frozen=True)
class Run:
    """What a command did. ``output`` is stdout and stderr interleaved."""

    returncode: int
    output: str
    truncated: bool = False
    timed_out: bool = False
    seconds: float = 0.0
    stopped: bool = False  # killed because WATCH said so


def supervise(command: list[str], environment: dict[str, str], cwd, wall_seconds: float,
              output_bytes: int, watch: Callable[[str | None], bool] | None = None,
              pass_fds: tuple[int, ...] = ()) -> Run:
    """Run COMMAND, keep at most OUTPUT_BYTES of output, kill it all after WALL_SECONDS
    or when WATCH answers False. PASS_FDS stay open in COMMAND (all others are closed)."""
    started = time.monotonic()
    deadline = started + wall_seconds
    try:
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            env=environment, cwd=cwd, start_new_session=True, close_fds=True,
            pass_fds=pass_fds,
        )
    except OSError as error:
        return Run(127, f"cannot start {command[0]}: {error.strerror}")
    kept = bytearray()
    seen = 0
    timed_out = stopped = False
    lines = _Lines(watch) if watch is not None else None
    output = process.stdout
    assert output is not None  # stdout=PIPE
    try:
        with selectors.DefaultSelector() as selector:
            selector.register(output, selectors.EVENT_READ)
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    timed_out = True
                    break
                if not selector.select(timeout=min(remaining, 1.0)):
                    if lines is not None and not lines.idle():
                        stopped = True
                        break
                    continue
                chunk = os.read(output.fileno(), 65536)
                if not chunk:
                    break
                if lines is not None and not lines.feed(chunk):
                    stopped = True
                    break
                seen += len(chunk)
                room = output_bytes - len(kept)
                if room > 0:
                    kept += chunk[:room]
    except BaseException:
        _kill_tree(process)
        output.close()
        raise
    if timed_out or stopped:
        _kill_tree(process)
    else:
        try:
            process.wait(timeout=max(deadline - time.monotonic(), 0.1))
        except subprocess.TimeoutExpired:
            timed_out = True
            _kill_tree(process)
    output.close()
    text = kept.decode("utf-8", "replace")
    if seen > len(kept):
        text += f"\n[rocport: output truncated, {seen - len(kept)} more bytes not kept]\n"
    return Run(process.returncode, text, seen > len(kept), timed_out,
               round(time.monotonic() - started, 3), stopped)


class _Lines:
    """Cuts output into lines for a watch callback (a line is capped at 1 MiB)."""

    def __init__(self, watch: Callable[[str | None], bool]) -> None:
        self.watch, self.pending = watch, b""

    def feed(self, chunk: bytes) -> bool:
        *complete, self.pending = (self.pending + chunk).split(b"\n")
        self.pending = self.pending[-(1 << 20):]
        return all(self.watch(line.decode("utf-8", "replace")) is not False
                   for line in complete)

    def idle(self) -> bool:
        return self.watch(None) is not False


def _kill_tree(process: subprocess.Popen) -> None:
    """Kill the command's process group and wait until every process in it is gone.

    The sandboxed processes live in their own session and PID namespace; killing the
    outer bubblewrap makes the kernel kill its PID-1 child (``--die-with-parent``), and
    with it the whole namespace. We wait for those descendants to disappear as well.
    """
    descendants = _descendants(process.pid)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    deadline = time.monotonic() + 10
    for pid in descendants:
        while _alive(pid) and time.monotonic() < deadline:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                break
            time.sleep(0.01)


def _descendants(pid: int) -> list[int]:
    found, pending = [], [pid]
    while pending:
        current = pending.pop()
        for task in Path(f"/proc/{current}/task").glob("*"):
            try:
                children = (task / "children").read_text().split()
            except OSError:
                continue
            for child in children:
                found.append(int(child))
                pending.append(int(child))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"
