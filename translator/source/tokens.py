"""Lossless lexer for CUDA C++: ``untokenize(tokenize(s)) == s`` for every string.

Token kinds:

- ``space``: blanks and line splices (backslash-newline), never a newline on its own;
- ``newline``: ``\\n`` or ``\\r\\n`` (ends a preprocessor directive);
- ``comment``: ``// ...`` (with spliced continuations) or ``/* ... */``;
- ``string``: ordinary and raw string literals with any encoding prefix;
- ``char``: character literals;
- ``header``: ``<name>`` right after ``#include``/``#include_next``/``#import``;
- ``number``: pp-numbers, so suffixes, exponents and digit separators stay one token;
- ``ident``: identifiers and keywords;
- ``punct``: operators; ``<<<`` and ``>>>`` are single tokens (a launch rule decides
  whether a ``>>>`` closes a template or a launch).

Unterminated literals and comments run to the end of their line (or of the input for
block comments) instead of failing, so any byte string decoded with
``surrogateescape`` can be tokenized.

``TOKEN_PATTERN`` is the specification. ``lex`` is its compiled form (``_lexer.c``, built
at install, about twenty times faster: a file's tokens were a third of a translation),
or ``lex_with_pattern`` where no C compiler built it; both give the same tokens.
"""

from __future__ import annotations

import bisect
import operator
import re
import sys
from collections import defaultdict
from collections.abc import Collection, Iterable, Iterator
from itertools import accumulate
from typing import AnyStr

__all__ = [
    "Token", "tokenize", "tokenize_code", "untokenize", "code_tokens", "line_starts",
    "next_token", "lex", "lex_with_pattern", "indexes_in", "token_positions", "token_starts",
    "CODE_KINDS", "TOKEN_PATTERN", "run_of_all_but", "LINE_COMMENT_RUN", "STRING_RUN",
    "CHARACTER_RUN", "words_with_prefixes", "contained", "BRACKET_PAIRS", "NESTING",
    "NESTING_CLOSERS",
]


def run_of_all_but(excluded: str) -> str:
    """A pattern for a run (possibly empty) of characters other than EXCLUDED (Latin-1
    characters). Written as a class of ranges within Latin-1, with the rarer characters
    beyond it taken one at a time: the regular-expression engine tests such a class
    about twice as fast as a negated set (``[^/"']``) and compiles it quickly (a range up
    to U+10FFFF takes milliseconds). These runs cover most of every text."""
    ranges = []
    low = 0
    for code in sorted(map(ord, set(excluded))):
        if code > low:
            ranges.append(f"\\x{low:02x}-\\x{code - 1:02x}")
        low = code + 1
    ranges.append(f"\\x{low:02x}-\\xff")
    latin = "[" + "".join(ranges) + "]"
    return f"{latin}*(?:[^\\x00-\\xff]{latin}*)*"


# Runs inside a // comment, a string and a character literal (up to a special character).
LINE_COMMENT_RUN = run_of_all_but("\n\\")
STRING_RUN = run_of_all_but("\n\\\"")
CHARACTER_RUN = run_of_all_but("\n\\'")
_PREFIX = r"(?:u8|u|U|L)?"
# Comments and literals are matched as runs of ordinary characters between the special
# ones (a backslash, a star), not character by character: several times faster.
_LAYOUT = rf"""
     (?P<space>(?:[ \t\f\v]|\r(?!\n)|\\\r?\n)+)
    |(?P<newline>\r?\n)
    |(?P<comment>//{LINE_COMMENT_RUN}(?:\\(?:\r?\n)?{LINE_COMMENT_RUN})*
                |/\*[^*]*(?:\*(?!/)[^*]*)*(?:\*/|\Z))
"""
_CODE = rf"""
     (?P<string>{_PREFIX}R"(?P<delim>[^ ()\\\t\n"]{{0,16}})\([\s\S]*?(?:\)(?P=delim)"|\Z)
               |{_PREFIX}"{STRING_RUN}(?:\\[\s\S]{STRING_RUN})*(?:"|(?=\n)|\Z))
    |(?P<char>{_PREFIX}'{CHARACTER_RUN}(?:\\[\s\S]{CHARACTER_RUN})*(?:'|(?=\n)|\Z))
    |(?P<ident>(?:[^\W\d]|\$)(?:\w|\$)*)
    |(?P<number>\.?\d(?:[eEpP][+-]|'(?=\w)|[\w.])*)
    |(?P<punct><<<|>>>|<<=|>>=|->\*|\.\.\.|::|->|\+\+|--|<<|>>|&&|\|\||\#\#
              |[-+*/%&|^!=<>]=|[\s\S])
"""
TOKEN_PATTERN = _PATTERN = re.compile(f"{_LAYOUT}|{_CODE}", re.VERBOSE)
# One code token after the layout before it, which the regular-expression engine skips
# itself (layout is about half of a file's tokens); empty at the end of the text. The
# alternatives are tried in TOKEN_PATTERN's order, and a code alternative matches any
# character, so the code tokens are exactly TOKEN_PATTERN's.
_CODE_PATTERN = re.compile(
    "(?:" + re.sub(r"\(\?P<\w+>", "(?:", _LAYOUT) + ")*(?:"
    + _CODE + r"|\Z)", re.VERBOSE)
_CODE_GROUPS = {index: name for name, index in _CODE_PATTERN.groupindex.items()}
_START_OF = operator.attrgetter("start")  # a key to bisect tokens by offset
#: An include directive's header name in angle brackets, from the directive's "#"
#: (``directive_matches`` finds those that begin a line).
_INCLUDE = re.compile(r"#[ \t]*(?:include_next|include|import)[ \t]*(<[^>\n]*>)")

#: Kinds that carry program meaning (everything but layout and comments).
CODE_KINDS = frozenset({"string", "char", "header", "number", "ident", "punct"})


class _PythonToken:
    """One lexeme: its kind, its exact text and its offset in the source (the Token of a
    build without the compiled lexer)."""

    __slots__ = ("kind", "text", "start")

    def __init__(self, kind: str, text: str, start: int) -> None:
        self.kind = kind
        self.text = text
        self.start = start

    @property
    def end(self) -> int:
        return self.start + len(self.text)

    def __repr__(self) -> str:
        return f"Token({self.kind!r}, {self.text!r}, {self.start})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, _PythonToken)
            and (self.kind, self.text, self.start) == (other.kind, other.text, other.start)
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.text, self.start))


def lex_with_pattern(source: str, start: int = 0, end: int = sys.maxsize,
                     code_only: bool = False, line: bool = False,
                     outside: tuple[list[int], list[int]] | None = None) -> list[Token]:
    """The tokens of SOURCE[START:END] (offsets in SOURCE) as TOKEN_PATTERN finds them,
    without merging header names; CODE_ONLY leaves out layout and comments; LINE ends
    the list with the first newline token (kept even with CODE_ONLY); OUTSIDE, the
    (starts, ends) of increasing disjoint spans, leaves out the tokens that start in
    one (not with LINE). The specification of the compiled lexer (``_lexer.lex``), which
    gives the same tokens."""
    if outside is not None:
        if line:
            raise ValueError("lex: OUTSIDE does not go with LINE")
        return _left_out(lex_with_pattern(source, start, end, code_only), outside)
    if line:
        found = []
        for m in _PATTERN.finditer(source, start, end):
            kind = m.lastgroup
            if kind == "newline" or not code_only or kind in CODE_KINDS:
                found.append(Token(kind, m.group(), m.start()))  # type: ignore[arg-type]
            if kind == "newline":
                break
        return found
    if code_only:
        groups = _CODE_GROUPS
        return [Token(groups[i], m.group(i), m.start(i))
                for m in _CODE_PATTERN.finditer(source, start, end) if (i := m.lastindex)]
    # every alternative of _PATTERN is a named group, so lastgroup is never None
    return [Token(m.lastgroup, m.group(), m.start())  # type: ignore[arg-type]
            for m in _PATTERN.finditer(source, start, end)]


def _indexes_in(tokens: list[Token], texts: Collection[str]) -> list[int]:
    return [index for index, token in enumerate(tokens) if token.text in texts]


def _token_positions(tokens: list[Token]) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    by_text: defaultdict[str, list[int]] = defaultdict(list)
    for index, token in enumerate(tokens):
        by_text[token.text].append(index)
    identifiers = {token.text: by_text[token.text] for token in tokens if token.kind == "ident"}
    return dict(by_text), identifiers


def _words_with_prefixes(source: str, prefixes: tuple[str, ...], starts: list[int],
                         ends: list[int]) -> dict[str, list[int]]:
    offsets: defaultdict[str, list[int]] = defaultdict(list)
    for prefix in prefixes:
        pattern = re.compile(rf"{re.escape(prefix)}(?<![\w$]{re.escape(prefix)})[\w$]*")
        for match in pattern.finditer(source):
            start = match.start()
            region = bisect.bisect_right(starts, start) - 1
            if region < 0 or start >= ends[region]:
                offsets[match.group()].append(start)
    return dict(offsets)


def _contained(source: str, needles: tuple[str, ...]) -> list[bool]:
    return [needle in source for needle in needles]


def _token_starts(tokens: list[Token]) -> list[int]:
    return [token.start for token in tokens]


#: The brackets ``bracket_pairs`` pairs, each with its closer.
BRACKET_PAIRS = {"(": ")", "[": "]", "{": "}", "<<<": ">>>"}
#: The brackets that nest argument lists (``<<<`` does not: ``a<<<b`` may be a template).
NESTING = frozenset("([{")
NESTING_CLOSERS = frozenset(")]}")
_OPENER_OF = {close: opening for opening, close in BRACKET_PAIRS.items()}
_BRACKETS = frozenset(BRACKET_PAIRS) | frozenset(_OPENER_OF)


def _bracket_pairs(tokens: list[Token]) -> tuple[dict[int, int], dict[int, int]]:
    closers: dict[int, int] = {}
    nested: dict[int, int] = {}
    open_by_kind: dict[str, list[int]] = {opening: [] for opening in BRACKET_PAIRS}
    open_nesting: list[int] = []
    for position in _indexes_in(tokens, _BRACKETS):
        text = tokens[position].text
        if text in BRACKET_PAIRS:
            open_by_kind[text].append(position)
            if text in NESTING:
                open_nesting.append(position)
        else:
            waiting = open_by_kind[_OPENER_OF[text]]
            if waiting:
                closers[waiting.pop()] = position
            if text in NESTING_CLOSERS and open_nesting:
                nested[open_nesting.pop()] = position
    return closers, nested


# The compiled lexer where the C compiler built it at install (pyproject.toml), about twenty
# times faster; the pattern where not. Both give the same tokens (tests/translator). So do
# the passes over a token list that most files pay for:
#   indexes_in(tokens, texts): the indexes of the tokens whose text is in TEXTS;
#   token_positions(tokens): the indexes of the tokens by text, and of the identifiers
#     alone (the same lists);
#   token_starts(tokens): the start of each token;
#   bracket_pairs(tokens): where each bracket closes, by its kind and by nesting depth;
#   words_with_prefixes(source, prefixes, starts, ends): the offsets of the words (whole
#     runs of [\w$]) that begin with one of PREFIXES outside the regions STARTS..ENDS, by
#     word, prefix after prefix;
#   contained(source, needles): whether each of NEEDLES occurs in SOURCE, in one pass.
try:
    from translator.source._lexer import (
        Token,
        bracket_pairs,
        contained,
        indexes_in,
        lex,
        token_positions,
        token_starts,
        words_with_prefixes,
    )
except ImportError:  # built without a C compiler: the Python forms
    Token, lex = _PythonToken, lex_with_pattern  # type: ignore[misc, assignment]
    indexes_in, token_positions, bracket_pairs = _indexes_in, _token_positions, _bracket_pairs
    token_starts, words_with_prefixes = _token_starts, _words_with_prefixes
    contained = _contained


def tokenize(source: str) -> list[Token]:
    """Split SOURCE into tokens whose texts concatenate back to SOURCE."""
    if not isinstance(source, str):
        raise TypeError("tokenize() takes str; decode bytes with surrogateescape first")
    tokens = lex(source)
    if "#" in source and "<" in source:
        _merge_header_names(source, tokens, list(directive_matches(_INCLUDE, source)))
    return tokens


def tokenize_code(source: str,
                  outside: tuple[list[int], list[int]] | None = None) -> list[Token]:
    """``[t for t in tokenize(SOURCE) if t.kind in CODE_KINDS]``, without building the
    blank, newline and comment tokens (about half of a file's tokens). OUTSIDE, the
    (starts, ends) of increasing disjoint spans (a file's directives), leaves out the
    tokens that start in one, without building them either."""
    if not isinstance(source, str):
        raise TypeError("tokenize_code() takes str; decode bytes with surrogateescape first")
    tokens = lex(source, code_only=True, outside=outside)
    if "#" in source and "<" in source:
        includes = list(directive_matches(_INCLUDE, source))
        if any("/*" in m.group(1) or "//" in m.group(1) for m in includes):
            # a comment inside <...> decides whether it is a header name: ask the full
            # token list
            code = [t for t in tokenize(source) if t.kind in CODE_KINDS]
            return code if outside is None else _left_out(code, outside)
        _merge_header_names(source, tokens, includes, code_only=True)
    return tokens


def _left_out(tokens: list[Token], outside: tuple[list[int], list[int]]) -> list[Token]:
    """TOKENS without those that start in one of the spans OUTSIDE (starts, ends)."""
    starts, ends = outside
    kept = []
    for token in tokens:
        at = bisect.bisect_right(starts, token.start) - 1
        if at < 0 or token.start >= ends[at]:
            kept.append(token)
    return kept


def next_token(source: str, position: int) -> Token:
    """The token that starts at POSITION (< len(SOURCE)); header names are not merged.

    Lets callers lex a small part of a large text, e.g. one call or one directive.
    """
    match = _PATTERN.match(source, position)
    # _PATTERN matches any character, and every alternative is a named group.
    assert match is not None
    assert match.lastgroup is not None
    return Token(match.lastgroup, match.group(), position)


def _merge_header_names(source: str, tokens: list[Token], includes: list[re.Match[str]],
                        code_only: bool = False) -> None:
    """Turn the tokens of ``<a/b.h>`` after an include directive (INCLUDES: the matches
    of _INCLUDE that begin a line) into one header token.

    CODE_ONLY: TOKENS holds the code tokens only (no comment lies inside any ``<...>``).
    """
    # bisected by key: a list of every token's start cost more than the merging
    start_of = _START_OF
    merges: list[tuple[int, int, Token]] = []  # (first, last + 1, header token), in order
    position = 0
    for match in includes:
        first = bisect.bisect_left(tokens, match.start(1), position, key=start_of)
        last = bisect.bisect_left(tokens, match.end(1), first, key=start_of)
        position = first
        if first >= len(tokens) or tokens[first].start != match.start(1):
            continue  # the "<" lies inside a comment or literal token
        if code_only:
            if tokens[last - 1].end != match.end(1):
                continue  # the ">" does not end a token
        elif last < len(tokens) and tokens[last].start != match.end(1):
            continue
        if any(t.kind in ("comment", "string", "char", "newline") for t in tokens[first:last]):
            continue
        merges.append((first, last, Token("header", match.group(1), match.start(1))))
    if len(merges) == 1:
        first, last, header = merges[0]
        tokens[first:last] = [header]
    elif merges:  # one new list: a splice each moved every token after it (most are)
        merged: list[Token] = []
        position = 0
        for first, last, header in merges:
            merged += tokens[position:first]
            merged.append(header)
            position = last
        merged += tokens[position:]
        tokens[:] = merged


def directive_matches(pattern: re.Pattern[AnyStr], text: AnyStr) -> Iterator[re.Match[AnyStr]]:
    """The matches of PATTERN, which starts with a directive's ``#``, that only blanks
    precede on their line of TEXT: what a multi-line pattern finds with a line start and
    blanks before it, but much faster, from the "#" that the regex engine skips ahead to."""
    newline, blanks = ("\n", " \t") if isinstance(text, str) else (b"\n", b" \t")
    rfind = text.rfind
    for match in pattern.finditer(text):
        start = match.start()
        line = rfind(newline, 0, start) + 1
        if line == start or not text[line:start].strip(blanks):
            yield match


def untokenize(tokens: Iterable[Token]) -> str:
    """Concatenate token texts; the inverse of tokenize()."""
    return "".join(t.text for t in tokens)


def code_tokens(tokens: Iterable[Token]) -> Iterator[Token]:
    """Tokens that matter to the grammar: no blanks, newlines or comments."""
    return (t for t in tokens if t.kind in CODE_KINDS)


def line_starts(source: str) -> list[int]:
    """Offsets where each line begins; use with bisect to turn offsets into lines."""
    # All in C: the lengths of the lines, plus one for each newline, summed up.
    return [0, *accumulate(map((1).__add__, map(len, source.split("\n")[:-1])))]
