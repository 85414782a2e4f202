"""Turn a rule's docstring section into HTML: fenced code highlighted, ``code`` marked."""

from __future__ import annotations

import re

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import CudaLexer

_FENCE = re.compile(r"```[a-z+]*\n(?P<code>.*?)```", re.S)
_INLINE = re.compile(r"``(.+?)``")
_CODE = r"<code>\1</code>"


def render_section(text: str) -> SafeString:
    pieces, position = [], 0
    for match in _FENCE.finditer(text):
        pieces.append(_prose(text[position:match.start()]))
        pieces.append(highlight(match.group("code"), CudaLexer(), HtmlFormatter()))
        position = match.end()
    pieces.append(_prose(text[position:]))
    # Prose is escaped before markup is added; pygments escapes the code it formats.
    return mark_safe("".join(pieces))  # noqa: S308


def _prose(text: str) -> str:
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    return "".join("<p>" + _INLINE.sub(_CODE, escape(p)) + "</p>" for p in paragraphs)


def code_css() -> str:
    return HtmlFormatter().get_style_defs(".highlight")
