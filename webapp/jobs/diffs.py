"""Split a job's patch into per-file diffs and highlight them with pygments."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from django.utils.safestring import SafeString, mark_safe
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import DiffLexer

_FILE_START = re.compile(r"^--- a/(?P<old>.*)\n\+\+\+ b/(?P<new>.*)\n", re.M)


@dataclass(frozen=True)
class FileDiff:
    path: str
    text: str
    added: int
    removed: int

    @property
    def html(self) -> SafeString:
        return highlight_diff(self.text)


def split_patch(patch: str) -> list[FileDiff]:
    """One FileDiff per ``--- a/…`` / ``+++ b/…`` header, in patch order."""
    starts = list(_FILE_START.finditer(patch))
    diffs = []
    for index, match in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(patch)
        text = patch[match.start():end]
        body = text.splitlines()[2:]
        diffs.append(FileDiff(
            path=match.group("new"),
            text=text,
            added=sum(1 for line in body if line.startswith("+")),
            removed=sum(1 for line in body if line.startswith("-")),
        ))
    return diffs


def highlight_diff(text: str) -> SafeString:
    # pygments escapes the text it formats, so its HTML is safe to mark as such.
    return mark_safe(highlight(text, DiffLexer(), _formatter()))  # noqa: S308


@cache
def _formatter() -> HtmlFormatter:
    return HtmlFormatter(cssclass="highlight")


@cache
def diff_css() -> str:
    return _formatter().get_style_defs(".highlight")
