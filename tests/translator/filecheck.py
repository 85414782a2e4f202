"""A small implementation of LLVM FileCheck's matching rules, for hipify-style tests.

``check(check_text, output, prefix="CHECK") -> list[str]`` returns the failures (empty
when every directive holds). Supported directives: ``CHECK:``, ``CHECK-NEXT:``,
``CHECK-SAME:``, ``CHECK-NOT:``, ``CHECK-DAG:``, ``CHECK-EMPTY:`` and ``CHECK-LABEL:``
(treated as ``CHECK:``). Patterns are substrings; ``{{regex}}`` embeds a regular
expression, ``[[NAME:regex]]`` captures a variable and ``[[NAME]]`` uses it.

As FileCheck does by default (no ``--strict-whitespace``), runs of spaces and tabs are
one space in both the output and the patterns, and a pattern's leading and trailing
blanks do not count. A directive is recognised only where the prefix does not continue
a word (``XCHECK:`` is not a directive). Not supported: numeric variables
(``[[#N]]``), ``CHECK-COUNT-n``, ``--implicit-check-not`` and pseudo variables such as
``[[@LINE]]``; a pattern using them is reported as a failure, never silently passed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Directive", "check", "directives"]

_KINDS = ("NEXT", "SAME", "NOT", "DAG", "EMPTY", "LABEL")
_BLANKS = re.compile(r"[ \t]+")
_PIECE = re.compile(r"\{\{(.*?)\}\}|\[\[(.*?)\]\]")


@dataclass(frozen=True)
class Directive:
    kind: str  # "CHECK", "NEXT", "SAME", "NOT", "DAG", "EMPTY"
    pattern: str
    line: int  # 1-based line of the check file


def directives(check_text: str, prefix: str = "CHECK") -> list[Directive]:
    """The directives of CHECK_TEXT in order of appearance."""
    found = re.compile(rf"(?<![\w-]){re.escape(prefix)}(?:-({'|'.join(_KINDS)}))?:")
    result = []
    for number, line in enumerate(check_text.splitlines(), 1):
        match = found.search(line)
        if match is None:
            continue
        kind = match.group(1) or "CHECK"
        if kind == "LABEL":
            kind = "CHECK"
        pattern = _BLANKS.sub(" ", line[match.end():]).strip()
        result.append(Directive(kind, pattern, number))
    return result


def check(check_text: str, output: str, prefix: str = "CHECK") -> list[str]:
    """Run the directives of CHECK_TEXT against OUTPUT; return the failures."""
    steps = directives(check_text, prefix)
    if not steps:
        return [f"no {prefix}: directives found"]
    return _Matcher(_BLANKS.sub(" ", output)).run(steps)


class _Matcher:
    def __init__(self, text: str) -> None:
        self.text = text
        self.variables: dict[str, str] = {}
        self.failures: list[str] = []

    def run(self, steps: list[Directive]) -> list[str]:
        position = 0  # where the next positive match may start
        previous_end = 0  # end of the last positive match (NEXT/SAME/EMPTY count from it)
        pending_not: list[Directive] = []
        index = 0
        while index < len(steps):
            step = steps[index]
            if step.kind == "NOT":
                pending_not.append(step)
                index += 1
                continue
            if step.kind == "DAG":
                group = []
                while index < len(steps) and steps[index].kind == "DAG":
                    group.append(steps[index])
                    index += 1
                spans = self._match_dag(group, position)
                if spans is None:
                    return self.failures
                self._check_not(pending_not, position, min(s for s, _ in spans))
                pending_not = []
                previous_end = position = max(e for _, e in spans)
                continue
            span = self._match_positive(step, position, previous_end)
            if span is None:
                return self.failures
            self._check_not(pending_not, position, span[0])
            pending_not = []
            previous_end = position = span[1]
            index += 1
        self._check_not(pending_not, position, len(self.text))
        return self.failures

    def _match_positive(self, step: Directive, position: int, previous_end: int):
        if step.kind == "EMPTY":
            line_end = self.text.find("\n", previous_end)
            if line_end >= 0 and self.text[line_end + 1 : line_end + 2] == "\n":
                return line_end + 1, line_end + 1
            self._fail(step, "the next line is not empty", previous_end)
            return None
        regex = self._compile(step)
        if regex is None:
            return None
        match = regex.search(self.text, position)
        if match is None:
            self._fail(step, "no match", position)
            return None
        newlines = self.text.count("\n", previous_end, match.start())
        if step.kind == "NEXT" and newlines != 1:
            self._fail(step, f"match is {newlines} line(s) after the previous one, not 1",
                       match.start())
            return None
        if step.kind == "SAME" and newlines != 0:
            self._fail(step, "match is not on the same line as the previous one", match.start())
            return None
        self._capture(regex, match)
        return match.start(), match.end()

    def _match_dag(self, group: list[Directive], position: int):
        spans: list[tuple[int, int]] = []
        for step in group:
            regex = self._compile(step)
            if regex is None:
                return None
            start = position
            while True:
                match = regex.search(self.text, start)
                if match is None:
                    self._fail(step, "no match (CHECK-DAG)", position)
                    return None
                if not any(match.start() < e and s < match.end() for s, e in spans):
                    break
                start = match.start() + 1
            self._capture(regex, match)
            spans.append((match.start(), match.end()))
        return spans

    def _check_not(self, steps: list[Directive], start: int, end: int) -> None:
        for step in steps:
            regex = self._compile(step)
            if regex is None:
                continue
            match = regex.search(self.text, start, end)
            if match is not None:
                self._fail(step, "excluded text found", match.start())

    def _compile(self, step: Directive) -> re.Pattern[str] | None:
        if not step.pattern and step.kind != "NOT":
            self._fail(step, "empty pattern", 0)
            return None
        pieces: list[str] = []
        last = 0
        for piece in _PIECE.finditer(step.pattern):
            pieces.append(re.escape(step.pattern[last : piece.start()]))
            last = piece.end()
            if piece.group(1) is not None:
                pieces.append(f"(?:{piece.group(1)})")
                continue
            name, colon, definition = piece.group(2).partition(":")
            if not re.fullmatch(r"[A-Za-z_]\w*", name):
                self._fail(step, f"unsupported variable [[{piece.group(2)}]]", 0)
                return None
            if colon:
                pieces.append(f"(?P<{name}>{definition})")
            elif name in self.variables:
                pieces.append(re.escape(self.variables[name]))
            else:
                self._fail(step, f"undefined variable {name}", 0)
                return None
        pieces.append(re.escape(step.pattern[last:]))
        try:
            return re.compile("".join(pieces), re.MULTILINE)
        except re.error as error:
            self._fail(step, f"bad regular expression: {error}", 0)
            return None

    def _capture(self, regex: re.Pattern[str], match: re.Match[str]) -> None:
        for name in regex.groupindex:
            self.variables[name] = match.group(name)

    def _fail(self, step: Directive, why: str, offset: int) -> None:
        line = self.text.count("\n", 0, offset) + 1
        context = self.text.splitlines()[line - 1] if self.text else ""
        self.failures.append(
            f"check line {step.line}: CHECK{'' if step.kind == 'CHECK' else '-' + step.kind}: "
            f"{step.pattern!r}: {why} (output line {line}: {context!r})"
        )
