"""Parse what hipcc (clang) prints into data: messages with notes, include stacks and
fix-its, and the per-kernel resource-usage remarks.

Expected flags: ``-fno-color-diagnostics -fdiagnostics-parseable-fixits`` (clang prints
fix-its only together with the caret snippets) and
``-Rpass-analysis=kernel-resource-usage`` for resource usage. Lines that match no known
form (source snippets, carets, perl warnings, linker chatter) are ignored here; the
caller keeps the raw output. Both hipcc flavours print clang's formats: the perl script of HIP 5.x
and the hipcc binary of ROCm 6/7 (whose clang may call itself ``AMD clang``).

Limits: one message per line (clang never wraps); duplicates from the host and the
device passes are merged; locations are as clang printed them (no path mapping here). A
source line quoted in a snippet that itself looks like a diagnostic is read as one: it
can only mislead about the unit that contains it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["FixIt", "Message", "KernelUsage", "parse_messages", "parse_resource_usage",
           "normalize_message"]

_LOCATED = re.compile(
    r"^(?P<path>[^:\s][^:]*?):(?P<line>\d+):(?:(?P<column>\d+):)?\s*"
    r"(?P<severity>fatal error|error|warning|note|remark):\s*(?P<message>.*?)"
    r"(?:\s+\[(?P<option>[-\w=,+#.]+)\])?$"
)
_UNLOCATED = re.compile(
    r"^(?:(?P<tool>[\w.+-]*(?:clang|lld|ld|hipcc|llc|opt)[\w.+-]*):\s*)?"
    r"(?P<severity>fatal error|error|warning):\s*(?P<message>.*?)"
    r"(?:\s+\[(?P<option>[-\w=,+#.]+)\])?$"
)
_INCLUDED = re.compile(r"^In file included from (?P<path>.+?):(?P<line>\d+):$|"
                       r"^\s+from (?P<path2>.+?):(?P<line2>\d+)[:,]$")
_FIXIT = re.compile(
    r'^fix-it:"(?P<path>(?:[^"\\]|\\.)*)":\{(?P<l1>\d+):(?P<c1>\d+)-(?P<l2>\d+):(?P<c2>\d+)\}:'
    r'"(?P<text>(?:[^"\\]|\\.)*)"$'
)
_RESOURCE_OPTION = "-Rpass-analysis=kernel-resource-usage"
_KERNEL_START = re.compile(r"^Function Name:\s*(?P<name>\S+)$")
_KERNEL_VALUE = re.compile(
    r"^(?P<key>[A-Za-z][\w ]*?)(?:\s*\[(?P<unit>[^\]]+)\])?:\s*(?P<value>\S+)$"
)
_QUOTED = re.compile(r"'[^']*'")
_NUMBER = re.compile(r"\b\d+\b")


@dataclass
class FixIt:
    path: str
    start: tuple[int, int]  # (line, column), 1-based
    end: tuple[int, int]
    text: str


@dataclass
class Message:
    """One compiler message. ``line`` 0 means clang gave no location."""

    severity: str  # "error", "fatal error", "warning", "note"
    message: str
    path: str = ""
    line: int = 0
    column: int = 0
    option: str = ""
    notes: list[Message] = field(default_factory=list)
    include_stack: list[tuple[str, int]] = field(default_factory=list)
    fixits: list[FixIt] = field(default_factory=list)

    @property
    def is_error(self) -> bool:
        return self.severity in ("error", "fatal error")

    def key(self) -> tuple:
        return (self.path, self.line, self.column, self.severity, self.message)


@dataclass
class KernelUsage:
    """Resource usage of one kernel as the compiler reported it (one offload target)."""

    name: str
    path: str
    line: int
    column: int
    values: dict[str, str] = field(default_factory=dict)

    def number(self, *keys: str) -> int | None:
        for key in keys:
            value = self.values.get(key)
            if value is not None and value.isdigit():
                return int(value)
        return None


def parse_messages(output: str) -> list[Message]:
    """Messages in OUTPUT, notes attached to their message, duplicates merged."""
    messages: list[Message] = []
    seen: set[tuple] = set()
    stack: list[tuple[str, int]] = []
    last_top: Message | None = None
    last_any: Message | None = None
    for raw in output.splitlines():
        line = raw.rstrip()
        included = _INCLUDED.match(line)
        if included:
            path = included.group("path") or included.group("path2")
            number = included.group("line") or included.group("line2")
            stack.append((path, int(number)))
            continue
        fixit = _FIXIT.match(line)
        if fixit:
            if last_any is not None:
                last_any.fixits.append(_fixit(fixit))
            continue
        message = _message(line)
        if message is None:
            continue
        if message.severity == "remark":
            stack = []
            continue
        message.include_stack, stack = stack, []
        if message.severity == "note":
            if last_top is not None:
                last_top.notes.append(message)
                last_any = message
            continue
        if message.key() in seen:
            last_top = last_any = None  # the notes of a duplicate are duplicates too
            continue
        seen.add(message.key())
        messages.append(message)
        last_top = last_any = message
    return messages


def _message(line: str) -> Message | None:
    located = _LOCATED.match(line)
    if located:
        return Message(
            severity=located.group("severity"), message=located.group("message"),
            path=located.group("path"), line=int(located.group("line")),
            column=int(located.group("column") or 0), option=located.group("option") or "",
        )
    unlocated = _UNLOCATED.match(line)
    if unlocated:
        return Message(severity=unlocated.group("severity"), message=unlocated.group("message"),
                       option=unlocated.group("option") or "")
    return None


def _fixit(match: re.Match) -> FixIt:
    def unescape(text: str) -> str:
        return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)),
                      text)

    return FixIt(
        path=unescape(match.group("path")),
        start=(int(match.group("l1")), int(match.group("c1"))),
        end=(int(match.group("l2")), int(match.group("c2"))),
        text=unescape(match.group("text")),
    )


def parse_resource_usage(output: str) -> list[KernelUsage]:
    """Kernels from ``-Rpass-analysis=kernel-resource-usage`` remarks, in output order.

    A kernel compiled for several targets appears once per target.
    """
    kernels: list[KernelUsage] = []
    current: KernelUsage | None = None
    for raw in output.splitlines():
        located = _LOCATED.match(raw.rstrip())
        if not located or located.group("severity") != "remark":
            continue
        if located.group("option") != _RESOURCE_OPTION:
            continue
        text = located.group("message").strip()
        start = _KERNEL_START.match(text)
        if start:
            current = KernelUsage(start.group("name"), located.group("path"),
                                  int(located.group("line")), int(located.group("column") or 0))
            kernels.append(current)
            continue
        value = _KERNEL_VALUE.match(text)
        if value and current is not None:
            current.values[value.group("key").strip()] = value.group("value")
    return kernels


def normalize_message(message: str) -> str:
    """The message with quoted names and numbers blanked, to group similar errors."""
    return _NUMBER.sub("N", _QUOTED.sub("'…'", message))
