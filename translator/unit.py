"""Unit: one file as the rules see it (text, tokens, options and, on demand, clang's AST)."""

from __future__ import annotations

import bisect
import re
from functools import cached_property

from translator import clang
from translator.names import NameTable, load_names
from translator.options import Options
from translator.tokens import CODE_KINDS, Token, line_starts, tokenize

__all__ = ["Unit", "Directive", "find_directives", "HEADER_SUFFIXES", "SOURCE_SUFFIXES"]

HEADER_SUFFIXES = (".cuh", ".h", ".hpp", ".hh", ".hxx", ".inl", ".inc")
SOURCE_SUFFIXES = (".cu", ".cpp", ".cc", ".cxx", ".c", ".hip")

# Finds identifiers outside comments, literals and include header names, without
# building every token: the rename path needs only identifiers, and this is ~3x faster.
_IDENTIFIER_SCAN = re.compile(
    r"""(?m)(?P<skip>//(?:[^\n\\]|\\\r?\n|\\(?!\r?\n))*|/\*[\s\S]*?(?:\*/|\Z)
    |(?:u8|u|U|L)?R"(?P<delim>[^ ()\\\t\n"]{0,16})\([\s\S]*?(?:\)(?P=delim)"|\Z)
    |(?:u8|u|U|L)?"(?:[^"\\\n]|\\[\s\S])*(?:"|(?=\n)|\Z)
    |(?:u8|u|U|L)?'(?:[^'\\\n]|\\[\s\S])*(?:'|(?=\n)|\Z)
    |\.?\d(?:[eEpP][+-]|'(?=\w)|[\w.])*
    |^[ \t]*\#[ \t]*(?:include_next|include|import)[ \t]*<[^>\n]*>)
    |(?P<ident>(?:[^\W\d]|\$)(?:\w|\$)*)""",
    re.VERBOSE,
)


class Unit:
    """What every rule receives. Expensive views are computed once, when first asked."""

    def __init__(
        self, source: str, options: Options | None = None, path: str = "",
        names: NameTable | None = None,
    ) -> None:
        self.source = source
        self.options = options or Options()
        self.path = path
        self.names = names or load_names()
        self.clang_error = ""  # why semantic analysis is unavailable, when it is

    @cached_property
    def tokens(self) -> list[Token]:
        return tokenize(self.source)

    @cached_property
    def code(self) -> list[Token]:
        """Tokens without blanks, newlines and comments."""
        return [t for t in self.tokens if t.kind in CODE_KINDS]

    @cached_property
    def identifiers(self) -> list[Token]:
        """Identifier tokens in code (not in comments, literals or header names)."""
        if "tokens" in self.__dict__:
            return [t for t in self.tokens if t.kind == "ident"]
        return [
            Token("ident", m.group("ident"), m.start())
            for m in _IDENTIFIER_SCAN.finditer(self.source)
            if m.lastgroup == "ident"
        ]

    @cached_property
    def directives(self) -> list[Directive]:
        return find_directives(self.tokens, len(self.source))

    @cached_property
    def line_starts(self) -> list[int]:
        return line_starts(self.source)

    def location(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of a character offset."""
        line = bisect.bisect_right(self.line_starts, offset)
        return line, offset - self.line_starts[line - 1] + 1

    @property
    def suffix(self) -> str:
        dot = self.path.rfind(".")
        return self.path[dot:].lower() if dot > self.path.rfind("/") else ""

    @property
    def is_header(self) -> bool:
        return self.suffix in HEADER_SUFFIXES

    @cached_property
    def parsed(self) -> clang.ParseResult | None:
        """clang's view of the file, or None (with ``clang_error`` set) when unavailable."""
        if not self.options.use_clang:
            self.clang_error = "semantic analysis switched off"
            return None
        try:
            return clang.parse(
                self.source,
                self.path or "input.cu",
                include_dirs=self.options.include_dirs,
                defines=self.options.defines,
                extra_args=self.options.clang_args,
                resource_dir=self.options.clang_resource_dir,
            )
        except clang.ClangUnavailable as error:
            self.clang_error = str(error)
            return None


    @cached_property
    def facts(self):
        """Shared facts for hazard rules (``translator.analysis.Facts``), built once."""
        from translator.analysis import Facts

        return Facts(self)


class Directive:
    """A preprocessor directive: ``#`` at the start of a line up to the end of the line."""

    __slots__ = ("keyword", "start", "end", "tokens")

    def __init__(self, keyword: str, start: int, end: int, tokens: list[Token]) -> None:
        self.keyword = keyword  # "include", "define", "if", ... ("" for a null directive)
        self.start = start  # offset of "#"
        self.end = end  # offset of the newline that ends it (or of the end of the text)
        self.tokens = tokens  # code tokens after the keyword

    def __repr__(self) -> str:
        return f"Directive({self.keyword!r}, {self.start}..{self.end})"


def find_directives(tokens: list[Token], source_length: int) -> list[Directive]:
    """All directives in TOKENS, in order; spliced lines belong to their directive."""
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
