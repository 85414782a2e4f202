"""The steps of a job's translation task, each with its own time limit and message.

``translate_job`` goes through four steps: *unpacking* and *translating* (one limit,
``TRANSLATE_TIME_LIMIT``: the archive is unpacked, then every file translated), *packing*
(``PACK_TIME_LIMIT``: the HIP tree archives, the patch, the report, SARIF and the review
data, written by the sandbox once the last file is translated) and *storing*
(``STORE_TIME_LIMIT``: copying them into storage). The compile check has its own
(``COMPILE_TIME_LIMIT``, per compile task). A job that runs past a limit fails as
``time-limit`` with a message that names the step and the setting (``overrun_message``),
never with the limit of another step.

The sandbox runs unpacking, translating and packing in one child; ``StepClock`` follows
it through the child's progress messages (the first says the archive is unpacked, the one
with every file done says packing starts; the supervisor asks again every quiet second)
and stops the child when the step it is in has run past its limit. The sandbox's own
wall-clock limit is the sum of the two, a backstop.
"""

from __future__ import annotations

import time

from django.conf import settings

from translator.progress import Canceled
from webapp.jobs.models import Job

#: step -> (what it does, for people; the setting that limits it)
STEPS = {
    "unpacking": ("unpacking the archive", "TRANSLATE_TIME_LIMIT"),
    "translating": ("translating the files", "TRANSLATE_TIME_LIMIT"),
    "packing": ("packing the outputs (HIP tree archives, patch, report, review data)",
                "PACK_TIME_LIMIT"),
    "storing": ("storing the outputs", "STORE_TIME_LIMIT"),
    "compiling": ("the compile check", "COMPILE_TIME_LIMIT"),
}


class StepOverrun(Exception):
    """A step ran past its time limit."""

    def __init__(self, step: str) -> None:
        super().__init__(step)
        self.step = step


def limit_of(step: str) -> int:
    return int(getattr(settings, STEPS[step][1]))


def overrun_message(step: str, detail: str = "") -> str:
    """The failure message of a job whose STEP ran past its limit."""
    what, setting = STEPS[step]
    return (f"{what} took longer than {limit_of(step)} s{detail} (the {setting} setting; "
            "the service's operator can raise it)")


def sandbox_seconds() -> int:
    """The sandboxed child's own wall-clock limit: unpacking, translating and packing."""
    return settings.TRANSLATE_TIME_LIMIT + settings.PACK_TIME_LIMIT


def task_seconds() -> int:
    """The translation task's soft time limit: every step, and a minute of slack."""
    return sandbox_seconds() + settings.STORE_TIME_LIMIT + 60


class StepClock:
    """The sandbox's progress (files done, total; ``translator.progress``): the first call
    (the archive is unpacked) starts ``translating``; progress is written to the job at
    most twice a second; every file done starts ``packing``. Raises Canceled to stop the
    child when the job was canceled (``left``) or the step ran past its limit
    (``overrun``)."""

    def __init__(self, job: Job, interval: float = 0.5, clock=time.monotonic) -> None:
        self.job, self.interval, self.clock = job, interval, clock
        self.step = "unpacking"
        self.started = self.clock()  # unpacking and translating share one limit
        self.last = 0.0
        self.done = self.total = 0
        self.overrun = ""
        self.left = False

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        if self.step == "unpacking":  # the child's first message: the archive is unpacked
            self.job.start_translating(total=total)
            self.step = "translating"
        self.done, self.total = done, total
        if self.step == "translating" and 0 < total <= done:
            self.job.set_progress(done, total)
            if not self.job.set_phase("packing"):
                self._leave()
            self.step, self.started = "packing", now
        elif self.step == "translating" and now - self.last >= self.interval:
            self.last = now
            if not self.job.set_progress(done, total):
                self._leave()
        elif self.step == "packing" and now - self.last >= self.interval:
            self.last = now
            if not self.job.still_translating():
                self._leave()
        if now - self.started > limit_of(self.step):
            self.overrun = self.step
            raise Canceled()

    def _leave(self) -> None:
        """The job is no longer this attempt's to translate (canceled, or moved on)."""
        self.left = True
        raise Canceled()

    def detail(self) -> str:
        """What the step had done when it was stopped, for the failure message."""
        if self.step == "translating" and self.total:
            return f" ({self.done} of {self.total} files were translated)"
        return ""

    def start_storing(self) -> float:
        """Enter the storing step; returns its deadline (a ``clock`` time)."""
        self.step, self.started = "storing", self.clock()
        if not self.job.set_phase("storing"):
            self.left = True
        return self.started + limit_of("storing")
