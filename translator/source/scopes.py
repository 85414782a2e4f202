"""Where a declaration is visible: C++'s block scopes, read from brackets.

A name declared in a block hides any other entity of that name (a type of the API
table, say) from the declaration to the end of the block; a parameter's scope is the
body of its function; a name declared in a ``for``/``if``/``while``/``switch`` header
lives to the end of that statement. ``Brackets(source, regions)`` pairs the code's
``(``/``)`` and ``{``/``}`` once; ``scope_of`` answers for one declaration.

Limits: brackets are paired as written; a closer without its opener is skipped and
openers left open are dropped (a preprocessor branch with an unbalanced brace), and in
such a file a declaration outside every pair is not taken to reach the end of the file.
``#define`` bodies count as code.
"""

from __future__ import annotations

import bisect
import re

from translator.source.scan import Regions

__all__ = ["Brackets", "scope_of", "starts_statement"]

_BRACKET = re.compile(r"[(){}]")
_CONTROL = re.compile(r"(?:for|if|while|switch)\s*$")
#: Words between a function's parameter list and its body.
_AFTER_PARAMETERS = re.compile(r"(?:\s|const\b|noexcept\b|override\b|final\b|mutable\b"
                               r"|volatile\b|&&|&)*")
#: Words that may precede a declaration's type in its statement.
_SPECIFIERS = re.compile(
    r"(?:(?:const|static|volatile|extern|register|constexpr|inline|thread_local|mutable"
    r"|unsigned|signed|struct|class|enum|union|typename|__device__|__host__|__shared__"
    r"|__constant__|__managed__|__restrict__)\s+)*$")


class Brackets:
    """The code's parentheses and braces, each opener with its closer."""

    def __init__(self, source: str, regions: Regions) -> None:
        self.length = len(source)
        mask = regions.mask if regions.starts else None
        pairs: list[tuple[int, int, str]] = []
        stack: list[tuple[int, str]] = []
        #: False when a bracket had no partner: "no enclosing pair" then proves nothing.
        self.balanced = True
        for match in _BRACKET.finditer(source):
            at = match.start()
            if mask is not None and mask[at]:
                continue
            char = match.group()
            if char in "({":
                stack.append((at, char))
                continue
            opener = "(" if char == ")" else "{"
            depth = len(stack) - 1
            while depth >= 0 and stack[depth][1] != opener:
                depth -= 1
            if depth < 0:
                self.balanced = False  # a closer without opener: skipped
                continue
            if depth != len(stack) - 1:
                self.balanced = False  # the openers above it never close
            opened, kind = stack[depth]
            del stack[depth:]
            pairs.append((opened, at, kind))
        self.balanced = self.balanced and not stack
        pairs.sort()
        self.opens = [pair[0] for pair in pairs]
        self.closes = [pair[1] for pair in pairs]
        self.kinds = [pair[2] for pair in pairs]

    def enclosing(self, offset: int) -> int | None:
        """The index of the innermost pair whose brackets enclose OFFSET, or None."""
        index = bisect.bisect_left(self.opens, offset) - 1
        while index >= 0:
            if self.closes[index] > offset:
                return index
            index -= 1
        return None

    def pair_at(self, opener: int) -> int | None:
        """The index of the pair that opens at OPENER, or None."""
        index = bisect.bisect_left(self.opens, opener)
        if index < len(self.opens) and self.opens[index] == opener:
            return index
        return None


def scope_of(source: str, brackets: Brackets, start: int) -> tuple[int, int]:
    """The span in which the name declared at START is visible (from START on)."""
    index = brackets.enclosing(start)
    if index is None:
        # file scope, as far as balanced brackets tell; else only the declaration itself
        return start, brackets.length if brackets.balanced else start + 1
    close = brackets.closes[index]
    if brackets.kinds[index] == "{":
        return start, close
    opener = brackets.opens[index]
    after = _AFTER_PARAMETERS.match(source, close + 1)
    body = after.end() if after else close + 1
    if source[body : body + 1] == "{":
        inner = brackets.pair_at(body)
        if inner is not None:
            return start, brackets.closes[inner]  # a parameter: the function's body
    if _CONTROL.search(source, max(0, opener - 12), opener):
        end = source.find(";", close)  # for (T x = ...) one statement
        return start, end if end >= 0 else brackets.length
    return start, close  # a prototype's parameter: its list only


def starts_statement(source: str, type_start: int) -> bool:
    """True when the type word at TYPE_START begins a declaration statement: only
    specifiers stand between it and ``;``, ``{``, ``}``, ``(``, ``,``, a ``:`` or the
    start of a line (``x = a * name;`` is an expression, not a declaration)."""
    line = source.rfind("\n", 0, type_start) + 1
    head = source[max(line, type_start - 200):type_start]
    specifiers = _SPECIFIERS.search(head)
    before = head[: specifiers.start()] if specifiers else head
    stripped = before.rstrip()
    return not stripped or stripped[-1] in ";{}(,:"
