"""Unit: one file as the rules see it: its text, options and views of the text computed
when first asked, and its lazy facts (``translator.lazy_facts``). What analysis learns
of the file (clang's parse, the hazard rules' facts) are facts of the unit that
``translator.analysis`` computes: ``parsed_of(unit)``, ``facts_of(unit)``."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator
from functools import cached_property
from typing import NamedTuple

from translator.data.names import NameTable, load_names
from translator.lazy_facts import LazyFacts
from translator.options import Options
from translator.source.file_kinds import text_language
from translator.source.scan import Directive, Regions, find_branch_keywords, find_includes
from translator.source.scan import find_directives as scan_directives
from translator.source.scopes import Brackets
from translator.source.tokens import (
    CODE_KINDS,
    Token,
    contained,
    line_starts,
    tokenize,
    words_with_prefixes,
)

__all__ = [
    "Unit", "Location", "Directive", "find_directives", "HEADER_SUFFIXES", "SOURCE_SUFFIXES",
    "API_PREFIXES",
]

INCLUDE_KEYWORDS = frozenset({"include", "include_next", "import"})
CONDITIONAL_KEYWORDS = frozenset(
    {"if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif"}
)
HEADER_SUFFIXES = (".cuh", ".h", ".hpp", ".hh", ".hxx", ".inl", ".inc")
SOURCE_SUFFIXES = (".cu", ".cpp", ".cc", ".cxx", ".c", ".hip")
#: Identifiers with these prefixes may be CUDA API names (cudaMalloc, CUBLAS_OP_N,
#: __shfl_sync, nvrtcCreateProgram); ``Unit.api_offsets`` lists them.
API_PREFIXES = ("cu", "CU", "Cu", "__", "nv", "NV")


class Location(NamedTuple):
    """Where a character offset is: 1-based line and column."""

    line: int
    column: int


class Unit(LazyFacts):
    """What every rule receives. Expensive views are computed once, when first asked;
    what is learned of the file on demand is a fact of the unit (``LazyFacts.fact``)."""

    def __init__(
        self, source: str, options: Options | None = None, path: str = "",
        names: NameTable | None = None, stubs: object = None,
        looked_for: tuple[str, ...] = (),
    ) -> None:
        super().__init__()
        self.source = source
        self.options = options or Options()
        self.path = path
        # Where clang's precompiled stubs are, for the parse (``parsed_of``): a
        # translator.analysis.clang.StubCache, which this layer does not name; None:
        # this process's.
        self.stubs = stubs
        self.names = names or load_names()
        # location() counts newlines from the last offset it counted (see there).
        self._uncounted = 2 * len(source)
        self._last_offset, self._last_line = 0, 1
        # The texts the rules to run declared (``Rule.mentions``): ``mentions`` answers
        # them all in one pass over the text, when first asked.
        self.looked_for = looked_for
        self._mentions: dict[str, bool] | None = None

    def mentions(self, text: str) -> bool:
        """True when TEXT occurs anywhere in the source, comments and literals included:
        a rule's first test of whether the file can hold what it looks for. Rules ask
        about seventy such texts of every file, most of them absent; ``text in source``
        each read the whole file that many times (a sixth of a token-only run), while
        the first call here answers every text of ``looked_for`` in one pass. A text not
        declared there is searched on its own (and remembered for this file)."""
        answers = self._mentions
        if answers is None:
            answers = self._mentions = dict(
                zip(self.looked_for, contained(self.source, self.looked_for), strict=True))
        answer = answers.get(text)
        if answer is None:
            answer = answers[text] = text in self.source
        return answer

    def mentions_any(self, texts: Iterable[str]) -> bool:
        """True when one of TEXTS occurs in the source (``mentions``)."""
        return any(self.mentions(text) for text in texts)

    @cached_property
    def tokens(self) -> list[Token]:
        return tokenize(self.source)

    @cached_property
    def regions(self) -> Regions:
        """Where the comments, literals and header names are (for fast code-only scans)."""
        return Regions(self.source)

    @cached_property
    def brackets(self) -> Brackets:
        """The code's parentheses and braces, each with its partner (C++ scopes)."""
        return Brackets(self.source, self.regions)

    @cached_property
    def identifiers(self) -> list[Token]:
        """Identifier tokens in code (not in comments, literals or header names)."""
        if self.computed("tokens"):
            return [t for t in self.tokens if t.kind == "ident"]
        return self.regions.identifiers()

    @cached_property
    def api_offsets(self) -> dict[str, list[int]]:
        """The offsets (increasing) of every whole identifier in code that starts with one
        of API_PREFIXES, by name: one scan for all the rules that look up names."""
        regions = self.regions
        return words_with_prefixes(self.source, API_PREFIXES, regions.starts, regions.ends)

    def whole_identifiers(self, name: str) -> list[int]:
        """Offsets where the identifier NAME occurs in code as a whole identifier."""
        if name.startswith(API_PREFIXES) and self.computed("api_offsets"):
            # the scan of every API name, once a rule made it; a few names asked of a
            # unit that needs no more (the tree's project names) are found faster alone
            return self.api_offsets.get(name, [])
        source = self.source
        find = source.find
        start = find(name)
        if start < 0 or not name:
            return []
        # str.find skips through the text much faster than a regular expression.
        mask = self.regions.mask if self.regions.starts else None
        length = len(name)
        found = []
        while start >= 0:
            end = start + length
            if (start and (source[start - 1].isalnum() or source[start - 1] in "_$")
                    or source[end : end + 1].isalnum() or source[end : end + 1] in ("_", "$")
                    or mask is not None and mask[start]):
                start = find(name, start + 1)
                continue
            found.append(start)
            start = find(name, end)
        return found

    @cached_property
    def directives(self) -> list[Directive]:
        return scan_directives(self.source, self.regions)

    @cached_property
    def includes(self) -> list[Directive]:
        """``#include``/``#include_next``/``#import`` directives naming a header; their
        ``tokens`` hold that header name only (cheaper than ``directives``)."""
        return find_includes(self.source, self.regions)

    @cached_property
    def conditionals(self) -> list[Directive]:
        """``#if``/``#ifdef``/``#ifndef``/``#elif``/``#else``/``#endif`` (and ``#elifdef``)."""
        if self.computed("directives"):
            return [d for d in self.directives if d.keyword in CONDITIONAL_KEYWORDS]
        return scan_directives(self.source, self.regions, CONDITIONAL_KEYWORDS)

    @cached_property
    def branches(self) -> list[Directive]:
        """The conditional directives without their tokens (cheap; for nesting only)."""
        if self.computed("conditionals"):
            return self.conditionals
        return find_branch_keywords(self.source, self.regions)

    @cached_property
    def inactive(self) -> Spans:
        """Spans of preprocessor branches not taken, when the options ask to skip them."""
        if not self.options.skips_excluded_blocks:
            return Spans(())
        from translator.source.preprocessor import inactive_spans

        return Spans(inactive_spans(self))

    @cached_property
    def line_starts(self) -> list[int]:
        return line_starts(self.source)

    def location(self, offset: int) -> Location:
        """The line and column of a character offset."""
        known_offset = self._last_offset
        if (not self.computed("line_starts") and offset >= 0
                and abs(offset - known_offset) <= self._uncounted):
            # Counting the newlines from the previous offset asked (forward or back) is
            # cheaper than listing the start of every line: the engine asks in order, and
            # the starts are listed only once twice the text was counted.
            self._uncounted -= abs(offset - known_offset)
            known_line = self._last_line
            if offset >= known_offset:
                line = known_line + self.source.count("\n", known_offset, offset)
            else:
                line = known_line - self.source.count("\n", offset, known_offset)
            self._last_offset, self._last_line = offset, line
            return Location(line, offset - self.source.rfind("\n", 0, offset))
        line = bisect.bisect_right(self.line_starts, offset)
        return Location(line, offset - self.line_starts[line - 1] + 1)

    @cached_property
    def language(self) -> str:
        """The rule language of the file: ``c++``, ``cmake``, ``make``, ``shell``, ...
        (``translator.source.file_kinds.language_of``), from its path and first line."""
        return text_language(self.path, self.source)

    @property
    def suffix(self) -> str:
        dot = self.path.rfind(".")
        return self.path[dot:].lower() if dot > self.path.rfind("/") else ""

    @property
    def is_header(self) -> bool:
        return self.suffix in HEADER_SUFFIXES

    def release(self) -> None:
        """Drop the facts (clang's parse among them) once the file is translated. Facts
        refer back to the unit, so without this only the cyclic garbage collector frees
        them, and a tree translation kept a dozen parses (tens of MB each) alive at a
        time."""
        self.forget_facts()


class Spans:
    """Sorted, disjoint half-open spans with a fast membership test."""

    __slots__ = ("starts", "ends")

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        ordered = sorted(spans)
        self.starts = [start for start, _ in ordered]
        self.ends = [end for _, end in ordered]

    def __bool__(self) -> bool:
        return bool(self.starts)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return iter(zip(self.starts, self.ends, strict=True))

    def __contains__(self, offset: int) -> bool:
        index = bisect.bisect_right(self.starts, offset) - 1
        return index >= 0 and offset < self.ends[index]


def find_directives(tokens: list[Token], source_length: int) -> list[Directive]:
    """All directives in TOKENS, in order; spliced lines belong to their directive.

    The token-based reference for ``translator.source.scan.find_directives`` (which lexes only
    the directive lines and is what ``Unit.directives`` uses).
    """
    directives: list[Directive] = []
    at_line_start = True
    index = 0
    count = len(tokens)
    while index < count:
        token = tokens[index]
        if token.kind == "newline":
            at_line_start = True
        elif token.kind == "space" or token.kind == "comment" and "\n" not in token.text:
            pass
        elif at_line_start and token.kind == "punct" and token.text == "#":
            start = token.start
            body: list[Token] = []
            index += 1
            while index < count and tokens[index].kind != "newline":
                if tokens[index].kind in CODE_KINDS:
                    body.append(tokens[index])
                index += 1
            end = tokens[index].start if index < count else source_length
            keyword = body[0].text if body and body[0].kind == "ident" else ""
            directives.append(Directive(keyword, start, end, body[1:] if keyword else body))
            continue  # the newline is handled on the next pass
        else:
            at_line_start = False
        index += 1
    return directives
