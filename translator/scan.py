"""Fast views of a source text for the token path, without building every token.

``Regions`` finds the parts of a text that are not code (comments, string and character
literals, ``#include <...>`` header names) in one regular-expression pass that skips runs
of ordinary characters in C. Identifier searches then keep only hits that lie in code.
``find_directives`` locates preprocessor directives by line and lexes only them.

The lexical rules are those of ``translator.tokens`` (a property test checks that both
agree); the one simplification is that a ``#include <...>`` header name is recognised
wherever ``#`` appears, not only at the start of a line.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from translator.tokens import CODE_KINDS, Token, next_token

__all__ = ["Regions", "find_directives", "Directive", "IDENTIFIER"]

IDENTIFIER = re.compile(r"(?:[^\W\d]|\$)(?:\w|\$)*")

# Each match is a run of ordinary characters followed by either a non-code region
# (group "region") or a lone special character that starts none (division, a digit
# separator, a "#" that is not an include).
_REGIONS = re.compile(
    r"""[^/"'\#]*(?:(?P<region>
     //[^\n\\]*(?:\\(?:\r\n|[\s\S])[^\n\\]*)*
    |/\*[\s\S]*?(?:\*/|\Z)
    |(?:(?<=R)(?<![\w$]R)|(?<=[uUL]R)(?<![\w$][uUL]R)|(?<=u8R)(?<![\w$]u8R))
        "(?P<delim>[^ ()\\\t\n"]{0,16})\([\s\S]*?(?:\)(?P=delim)"|\Z)
    |"[^"\\\n]*(?:\\[\s\S][^"\\\n]*)*(?:"|(?=\n)|\Z)
    |(?:(?<![\w$])|(?<=[uUL])(?<![\w$][uUL])|(?<=u8)(?<![\w$]u8))
        '[^'\\\n]*(?:\\[\s\S][^'\\\n]*)*(?:'|(?=\n)|\Z)
    |\#[ \t]*(?:include_next|include|import)[ \t]*(?P<header><[^>\n]*>)
    )|[/"'\#])""",
    re.VERBOSE,
)
_LINE_HASH = re.compile(r"^[ \t\f\v]*(?P<hash>#)", re.MULTILINE)


class Regions:
    """Sorted, disjoint spans of SOURCE that are not code."""

    __slots__ = ("starts", "ends", "source")

    def __init__(self, source: str) -> None:
        self.source = source
        self.starts: list[int] = []
        self.ends: list[int] = []
        if not any(c in source for c in "/\"'#"):
            return
        for match in _REGIONS.finditer(source):
            if match.start("region") < 0:
                continue
            start, end = match.span("region")
            if match.start("header") >= 0:
                start = match.start("header")  # the directive itself is code
            self.starts.append(start)
            self.ends.append(end)

    def in_code(self, offset: int) -> bool:
        """True when OFFSET lies outside every comment, literal and header name."""
        index = bisect.bisect_right(self.starts, offset) - 1
        return index < 0 or offset >= self.ends[index]

    def code_matches(self, pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
        """Matches of PATTERN that start in code, in order (a linear merge walk)."""
        starts, ends = self.starts, self.ends
        count = len(starts)
        index = 0
        for match in pattern.finditer(self.source):
            position = match.start()
            while index < count and ends[index] <= position:
                index += 1
            if index < count and starts[index] <= position:
                continue
            yield match

    def identifiers(self) -> list[Token]:
        return [Token("ident", m.group(), m.start()) for m in self.code_matches(IDENTIFIER)]


class Directive:
    """A preprocessor directive: ``#`` at the start of a line up to the end of the line."""

    __slots__ = ("keyword", "start", "end", "tokens")

    def __init__(self, keyword: str, start: int, end: int, tokens: list[Token]) -> None:
        self.keyword = keyword  # "include", "define", "if", ... ("" for a null directive)
        self.start = start  # offset of "#"
        self.end = end  # offset of the newline that ends it (or of the end of the text)
        self.tokens = tokens  # code tokens after the keyword

    @property
    def text_end(self) -> int:
        """End of the last code token (the directive without trailing blanks)."""
        return self.tokens[-1].end if self.tokens else self.start + 1 + len(self.keyword)

    def __repr__(self) -> str:
        return f"Directive({self.keyword!r}, {self.start}..{self.end})"


def find_directives(
    source: str, regions: Regions | None = None, keywords: frozenset[str] | None = None
) -> list[Directive]:
    """All directives of SOURCE in order (only those with KEYWORDS, when given); spliced
    lines belong to their directive.

    Only lines whose first non-blank character is ``#`` are considered (a directive
    after a comment on the same line is missed); a ``#`` inside a multi-line comment or
    literal, or on a line continued from the previous one, is not a directive.
    """
    if "#" not in source:
        return []
    regions = regions or Regions(source)
    directives: list[Directive] = []
    covered = -1
    pattern = _LINE_HASH if keywords is None else _keyword_pattern(keywords)
    for match in pattern.finditer(source):
        start = match.end("hash") - 1
        if start < covered or not regions.in_code(start) or _continued(source, match.start()):
            continue
        body: list[Token] = []
        position = start + 1
        end = len(source)
        while position < len(source):
            token = next_token(source, position)
            if token.text == "<" and len(body) == 1 and body[0].text in _INCLUDES:
                token = _header_name(source, position) or token
            if token.kind == "newline":
                end = token.start
                break
            if token.kind in CODE_KINDS:
                body.append(token)
            position = token.end
        covered = end
        keyword = body[0].text if body and body[0].kind == "ident" else ""
        directives.append(Directive(keyword, start, end, body[1:] if keyword else body))
    return directives


_INCLUDES = frozenset({"include", "include_next", "import"})


def _keyword_pattern(keywords: frozenset[str]) -> re.Pattern[str]:
    words = "|".join(sorted(map(re.escape, keywords), key=len, reverse=True))
    return re.compile(rf"^[ \t\f\v]*(?P<hash>#)[ \t]*(?:{words})\b", re.MULTILINE)


def _header_name(source: str, position: int) -> Token | None:
    """The ``<name>`` header token at POSITION, if the line closes it."""
    close = source.find(">", position)
    newline = source.find("\n", position)
    if close < 0 or 0 <= newline < close:
        return None
    return Token("header", source[position : close + 1], position)


def _continued(source: str, line_start: int) -> bool:
    """True when the line at LINE_START continues the previous one (backslash-newline)."""
    index = line_start - 1
    if index >= 0 and source[index] == "\n":
        index -= 1
        if index >= 0 and source[index] == "\r":
            index -= 1
        return index >= 0 and source[index] == "\\"
    return False
