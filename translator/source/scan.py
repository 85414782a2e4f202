"""Fast views of a source text for the token path, without building every token.

``Regions`` finds the parts of a text that are not code (comments, string and character
literals, ``#include <...>`` header names) in one pass: the regular expression _REGIONS
says what it finds, and its compiled form (``_lexer.regions``, beside the lexer) finds
it. Identifier searches then keep only hits that lie in code.
``find_directives`` locates preprocessor directives by line and lexes only them.

The lexical rules are those of ``translator.source.tokens`` (a property test checks that both
agree); the one simplification is that a ``#include <...>`` header name is recognised
wherever ``#`` appears, not only at the start of a line.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from translator.source.tokens import (
    CHARACTER_RUN,
    LINE_COMMENT_RUN,
    STRING_RUN,
    Token,
    lex,
    run_of_all_but,
)

__all__ = ["Regions", "find_directives", "find_includes", "Directive", "IDENTIFIER"]

IDENTIFIER = re.compile(r"(?:[^\W\d]|\$)(?:\w|\$)*")


_ORDINARY_RUN = run_of_all_but("/\"'#")

# Each match is a run of ordinary characters followed by either a non-code region
# (group "region"), a lone special character that starts none (division, a digit
# separator, a "#" that is not an include) or the end of the text (without which the
# run after the last special character would be backtracked, quadratically). Block
# comments are matched star by star, not lazily: much faster on long comments.
_REGIONS = re.compile(
    rf"""{_ORDINARY_RUN}(?:(?P<region>
     //{LINE_COMMENT_RUN}(?:\\(?:\r\n|[\s\S]){LINE_COMMENT_RUN})*
    |/\*[^*]*(?:\*(?!/)[^*]*)*(?:\*/|\Z)
    |(?:(?<=R)(?<![\w$]R)|(?<=[uUL]R)(?<![\w$][uUL]R)|(?<=u8R)(?<![\w$]u8R))
        "(?P<delim>[^ ()\\\t\n"]{{0,16}})\([\s\S]*?(?:\)(?P=delim)"|\Z)
    |"{STRING_RUN}(?:\\[\s\S]{STRING_RUN})*(?:"|(?=\n)|\Z)
    |(?:(?<![\w$])|(?<=[uUL])(?<![\w$][uUL])|(?<=u8)(?<![\w$]u8))
        '{CHARACTER_RUN}(?:\\[\s\S]{CHARACTER_RUN})*(?:'|(?=\n)|\Z)
    |\#[ \t]*(?:include_next|include|import)[ \t]*(?P<header><[^>\n]*>)
    )|[/"'\#]|\Z)""",
    re.VERBOSE,
)
# Group numbers, not names: the loop over regions is hot.
_REGION, _HEADER = _REGIONS.groupindex["region"], _REGIONS.groupindex["header"]
_LINE_HASH = re.compile(r"(?P<hash>#)")


def regions_with_pattern(source: str) -> tuple[list[int], list[int]]:
    """The starts and ends of the regions of SOURCE that _REGIONS finds: the
    specification of the compiled ``_lexer.regions``, which gives the same spans."""
    starts: list[int] = []
    ends: list[int] = []
    if not any(c in source for c in "/\"'#"):
        return starts, ends
    for match in _REGIONS.finditer(source):
        start, end = match.span(_REGION)
        if start < 0:
            continue
        if match.start(_HEADER) >= 0:
            start = match.start(_HEADER)  # the directive itself is code
        starts.append(start)
        ends.append(end)
    return starts, ends


# The compiled scan where the C compiler built the lexer at install, the pattern where not.
def region_mask_in_python(length: int, starts: list[int], ends: list[int]) -> bytearray:
    """One byte per character of a LENGTH-character text and one past its end: 1 inside
    the regions STARTS..ENDS, 0 elsewhere (the compiled ``_lexer.region_mask`` gives
    the same bytes, about twenty times faster: a file has thousands of regions)."""
    mask = bytearray(length + 1)
    for start, end in zip(starts, ends, strict=True):
        mask[start:end] = b"\x01" * (end - start)
    return mask


try:
    from translator.source._lexer import region_mask, regions
except ImportError:
    regions, region_mask = regions_with_pattern, region_mask_in_python


class Regions:
    """Sorted, disjoint spans of SOURCE that are not code, with an O(1) membership map."""

    __slots__ = ("starts", "ends", "source", "_mask")

    def __init__(self, source: str) -> None:
        self.source = source
        self._mask: bytearray | None = None
        self.starts, self.ends = regions(source)

    @property
    def mask(self) -> bytearray:
        """One byte per character of the source: 1 inside a region, 0 in code."""
        if self._mask is None:
            self._mask = region_mask(len(self.source), self.starts, self.ends)
        return self._mask

    def in_code(self, offset: int) -> bool:
        """True when OFFSET lies outside every comment, literal and header name."""
        index = bisect.bisect_right(self.starts, offset) - 1
        return index < 0 or offset >= self.ends[index]

    def code_matches(self, pattern: re.Pattern[str]) -> list[re.Match[str]]:
        """Matches of PATTERN that start in code, in order."""
        if not self.starts:
            return list(pattern.finditer(self.source))
        mask = self.mask
        return [match for match in pattern.finditer(self.source) if not mask[match.start()]]

    def iter_code_matches(self, pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
        """Like code_matches, lazily (for a search that may stop at the first hit)."""
        mask = self.mask if self.starts else None
        for match in pattern.finditer(self.source):
            if mask is None or not mask[match.start()]:
                yield match

    def first_code_match(self, pattern: re.Pattern[str], start: int,
                         end: int) -> re.Match[str] | None:
        """The first match of PATTERN that starts in code from START to END (excluded);
        the text before START still counts for the pattern's lookbehinds."""
        mask = self.mask if self.starts else None
        for match in pattern.finditer(self.source, start):
            if match.start() >= end:
                return None
            if mask is None or not mask[match.start()]:
                return match
        return None

    def identifiers(self) -> list[Token]:
        return [Token("ident", m.group(), m.start()) for m in self.code_matches(IDENTIFIER)]


class Directive:
    """A preprocessor directive: ``#`` at the start of a line up to the end of the line.

    ``tokens`` may be lexed only when first read (``source`` given instead of tokens):
    most readers need only the keyword and the extent.
    """

    __slots__ = ("keyword", "start", "end", "_tokens", "_source", "_code_end")

    def __init__(
        self, keyword: str, start: int, end: int, tokens: list[Token] | None,
        source: str = "", code_end: int = 0,
    ) -> None:
        self.keyword = keyword  # "include", "define", "if", ... ("" for a null directive)
        self.start = start  # offset of "#"
        self.end = end  # offset of the newline that ends it (or of the end of the text)
        self._tokens = tokens
        self._source = source  # when tokens is None: lex SOURCE[start + 1 : code_end]
        self._code_end = code_end

    @property
    def tokens(self) -> list[Token]:
        """Code tokens after the keyword."""
        if self._tokens is None:
            body = _directive_body(self._source,
                                   _plain_tokens(self._source, self.start, self._code_end))
            self._tokens = body[1:] if self.keyword else body
        return self._tokens

    @property
    def text_end(self) -> int:
        """End of the last code token (the directive without trailing blanks)."""
        return self.tokens[-1].end if self.tokens else self.start + 1 + len(self.keyword)

    def __repr__(self) -> str:
        return f"Directive({self.keyword!r}, {self.start}..{self.end})"


def next_branch(conditionals: list[Directive], index: int) -> Directive | None:
    """The ``#elif``/``#else``/``#endif`` that ends the branch opened by
    CONDITIONALS[INDEX] (nested conditionals skipped); None when the file ends first."""
    depth = 0
    for following in conditionals[index + 1 :]:
        if following.keyword in ("if", "ifdef", "ifndef"):
            depth += 1
        elif following.keyword == "endif" and depth:
            depth -= 1
        elif depth == 0:
            return following
    return None


def find_directives(
    source: str, regions: Regions | None = None, keywords: frozenset[str] | None = None,
    mentioning: str = "",
) -> list[Directive]:
    """All directives of SOURCE in order (only those with KEYWORDS, when given, and whose
    line contains the text MENTIONING, when given); spliced lines belong to their directive.

    Only lines whose first non-blank character is ``#`` are considered (a directive
    after a comment on the same line is missed); a ``#`` inside a multi-line comment or
    literal, or on a line continued from the previous one, is not a directive.
    """
    if "#" not in source:
        return []
    regions = regions or Regions(source)
    if keywords is None and not mentioning:
        lines = directive_lines(source, regions.starts, regions.ends)
    else:
        lines = directive_lines_in_python(source, regions.starts, regions.ends, keywords,
                                          mentioning)
    directives: list[Directive] = []
    for start, end, code_end, keyword in lines:
        if keyword is not None:
            # No literal or block comment (at most a // comment, which runs to the end):
            # the directive ends with its (spliced) line, and blanks are all that lexing
            # the code before any comment drops; its tokens are lexed when read.
            directives.append(Directive(keyword, start, end, None, source, code_end))
            continue
        _, body = _lex_directive(source, start)
        body = _directive_body(source, body)
        keyword = body[0].text if body and body[0].kind == "ident" else ""
        directives.append(Directive(keyword, start, end, body[1:] if keyword else body))
    return directives


def directive_lines_in_python(
    source: str, starts: list[int], ends: list[int], keywords: frozenset[str] | None = None,
    mentioning: str = "",
) -> list[tuple[int, int, int, str | None]]:
    """(start, end, code_end, keyword) of each directive of SOURCE (``find_directives``),
    whose regions are STARTS..ENDS: for a directive without literals or block comments,
    its first word (or "") and where its code ends (at a // comment or with the line);
    for the others, the end of their last line, -1 and None (they are lexed). The
    specification of the compiled ``_lexer.directive_lines``, which has no filters."""
    found: list[tuple[int, int, int, str | None]] = []
    covered = -1
    pattern = _LINE_HASH if keywords is None else _keyword_pattern(keywords)
    for match in pattern.finditer(source):
        start = match.start("hash")
        if start < covered:
            continue
        line_start = _line_start(source, start)
        region = bisect.bisect_right(starts, start) - 1
        if (line_start < 0 or region >= 0 and start < ends[region]
                or _continued(source, line_start)):
            continue
        line_end = _logical_line_end(source, start)
        if mentioning and source.find(mentioning, start, line_end) < 0:
            continue
        covered = line_end
        special = _NOT_PLAIN.search(source, start + 1, line_end)
        if special is None or source.startswith("//", special.start()):
            code_end = line_end if special is None else special.start()
            first = _FIRST_WORD.match(source, start + 1, code_end)
            found.append((start, line_end, code_end, "" if first is None else first.group(1)))
            continue
        covered, _ = _lex_directive(source, start)
        found.append((start, covered, -1, None))
    return found


try:
    from translator.source._lexer import directive_lines
except ImportError:  # built without a C compiler: the Python form
    directive_lines = directive_lines_in_python


def _plain_tokens(source: str, start: int, end: int) -> list[Token]:
    """The code tokens after the "#" at START of a directive without comments or literals."""
    return [token for token in lex(source, start + 1, end) if token.kind != "space"]


def _directive_body(source: str, body: list[Token]) -> list[Token]:
    """BODY with the ``<name>`` of an include as one header token."""
    if len(body) > 1 and body[0].text in _INCLUDES and body[1].text == "<":
        header = _header_name(source, body[1].start)
        if header is not None:
            return [body[0], header, *(t for t in body[2:] if t.start >= header.end)]
    return body


#: The keyword of a plain directive: the identifier after blanks and line splices (the
#: lexer's rules for both); no match when the first token is something else.
_FIRST_WORD = re.compile(r"(?:[ \t\f\v]|\r(?!\n)|\\\r?\n)*((?:[^\W\d]|\$)(?:\w|\$)*)")
_INCLUDES = frozenset({"include", "include_next", "import"})
_NOT_PLAIN = re.compile(r"[/\"']")


def _logical_line_end(source: str, position: int) -> int:
    """Where the line at POSITION ends (at its "\n" or "\r\n"), following line splices."""
    while True:
        newline = source.find("\n", position)
        if newline < 0:
            return len(source)
        line_end = newline - 1 if source[newline - 1] == "\r" else newline
        if source[line_end - 1] != "\\":
            return line_end
        position = newline + 1


def _lex_directive(source: str, start: int) -> tuple[int, list[Token]]:
    """(end, code tokens after the "#") of the directive whose "#" is at START."""
    body = lex(source, start + 1, code_only=True, line=True)
    if body and body[-1].kind == "newline":
        return body[-1].start, body[:-1]
    return len(source), body


_INCLUDE_LINE = re.compile(
    r"""(?P<hash>\#)[ \t]*(?P<keyword>include_next|include|import)[ \t]*
        (?P<header><[^>\n]*>|"[^"\n]*")""",
    re.VERBOSE,
)


def find_branch_keywords(source: str, regions: Regions | None = None) -> list[Directive]:
    """The conditional directives (``#if`` ... ``#endif``) of SOURCE without lexing them:
    ``tokens`` is empty and ``end`` is the end of the keyword. For nesting only."""
    if "#" not in source:
        return []
    regions = regions or Regions(source)
    found = []
    for match in _BRANCH_LINE.finditer(source):
        start = match.start("hash")
        line_start = _line_start(source, start)
        if line_start < 0 or not regions.in_code(start) or _continued(source, line_start):
            continue
        found.append(Directive(match.group("keyword"), start, match.end(), []))
    return found


_BRANCH_LINE = re.compile(
    r"(?P<hash>\#)[ \t]*(?P<keyword>ifdef|ifndef|if|elifdef|elifndef|elif|else|endif)(?![\w$])"
)


def find_includes(source: str, regions: Regions | None = None) -> list[Directive]:
    """The ``#include <h>``/``#include "h"`` directives of SOURCE; their ``tokens`` hold
    the header name only (an include spelled with a macro is not listed)."""
    if "include" not in source and "import" not in source:
        return []
    regions = regions or Regions(source)
    in_region = regions.mask if regions.starts else bytes(len(source) + 1)
    found = []
    for match in _INCLUDE_LINE.finditer(source):
        start = match.start()
        if in_region[start]:
            continue
        line_start = _line_start(source, start)
        if line_start < 0 or _continued(source, line_start):
            continue
        header_start, header_end = match.span("header")
        text = match.group("header")
        end = source.find("\n", header_end)
        end = len(source) if end < 0 else end - (source[end - 1] == "\r")
        header = Token("header" if text[0] == "<" else "string", text, header_start)
        found.append(Directive(match.group("keyword"), start, end, [header]))
    return found


def _keyword_pattern(keywords: frozenset[str]) -> re.Pattern[str]:
    words = "|".join(sorted(map(re.escape, keywords), key=len, reverse=True))
    return re.compile(rf"(?P<hash>#)[ \t]*(?:{words})\b")


def _header_name(source: str, position: int) -> Token | None:
    """The ``<name>`` header token at POSITION, if the line closes it."""
    close = source.find(">", position)
    newline = source.find("\n", position)
    if close < 0 or 0 <= newline < close:
        return None
    return Token("header", source[position : close + 1], position)


def _line_start(source: str, hash_offset: int) -> int:
    """Start of the line of the "#" at HASH_OFFSET if only blanks precede it, else -1."""
    if not hash_offset or source[hash_offset - 1] == "\n":
        return hash_offset  # the common case: "#" first on its line
    line_start = source.rfind("\n", 0, hash_offset) + 1
    if source[line_start:hash_offset].strip(" \t\f\v"):
        return -1
    return line_start


def _continued(source: str, line_start: int) -> bool:
    """True when the line at LINE_START continues the previous one (backslash-newline)."""
    index = line_start - 1
    if index >= 0 and source[index] == "\n":
        index -= 1
        if index >= 0 and source[index] == "\r":
            index -= 1
        return index >= 0 and source[index] == "\\"
    return False
