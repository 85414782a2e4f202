"""Small syntactic views built from a few tokens: calls, their arguments, member names.

These lex only the part of the text they look at (``tokens.next_token``), so rules can
inspect the calls of a handful of names in a large file in time proportional to those
calls. They are token heuristics: a ``<`` opens template arguments only when what
follows up to the matching ``>`` looks like a list of types or constants.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from translator.source.tokens import CODE_KINDS, TOKEN_PATTERN, next_token

__all__ = [
    "Argument", "Call", "ClosedCalls", "call_at", "closed_calls", "is_member_name",
    "render_arguments", "skip_blanks",
]

_OPENERS = {"(": ")", "[": "]", "{": "}"}
_CLOSERS = frozenset(")]}")
_TEMPLATE_WORDS = frozenset({"::", ",", "*", "&", "<", ">", ">>", "const", "unsigned", "signed"})
_PLACEHOLDER = re.compile(r"\$(\d+)(\.\.\.)?")


@dataclass(frozen=True)
class Argument:
    """One argument: its span without surrounding blanks and comments, and its text."""

    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Call:
    """``name ( arguments )``: offsets of the name, the parentheses and each argument."""

    name_start: int
    name_end: int
    open: int  # offset of "("
    close: int  # offset of ")"
    arguments: tuple[Argument, ...]

    def argument_span(self) -> tuple[int, int]:
        """From the first argument's start to the last one's end (inside of "()" if none)."""
        if not self.arguments:
            return self.open + 1, self.close
        return self.arguments[0].start, self.arguments[-1].end

    def separator(self, source: str, index: int) -> str:
        """The text between argument INDEX-1 and argument INDEX (comma and layout)."""
        return source[self.arguments[index - 1].end : self.arguments[index].start]


def skip_blanks(source: str, position: int, limit: int | None = None) -> int:
    """The first offset at or after POSITION that is not a blank, newline or comment."""
    limit = len(source) if limit is None else limit
    while position < limit:
        char = source[position]
        if char in " \t\r\n\f\v":
            position += 1
        elif char == "\\" and source.startswith(("\\\n", "\\\r\n"), position):
            position += 2 if source[position + 1] == "\n" else 3
        elif char == "/" and source.startswith(("//", "/*"), position):
            position = next_token(source, position).end
        else:
            break
    return position


def is_member_name(source: str, start: int) -> bool:
    """True after ``.`` or ``->`` on the same line (a member that shares a CUDA name).

    Only blanks are skipped, not line breaks: a ``.`` that ends the previous line is far
    more often the end of a comment sentence than a member access split over lines.
    """
    index = start - 1
    while index >= 0 and source[index] in " \t":
        index -= 1
    return index >= 0 and (
        source[index] == "." or (source[index] == ">" and index > 0 and source[index - 1] == "-")
    )


# One pass over the argument tokens with a branch per kind of token: split up, it would
# cost a call per token on the hottest path of the token rules.
def call_at(  # noqa: C901
    source: str, name_start: int, name_end: int, closed: ClosedCalls | None = None
) -> Call | None:
    """The call whose callee name spans NAME_START..NAME_END, or None if no ``(`` follows.

    Arguments are split at commas outside parentheses, brackets, braces and
    template-looking angle brackets. Unbalanced text gives None.

    CLOSED, when given, tells the ``(`` that close: a call whose arguments run long is
    looked up there before it is lexed further (and, once it was needed, every call is),
    so that the unclosed calls of a file are not each lexed to its end.
    """
    open_paren = skip_blanks(source, name_end)
    if open_paren >= len(source) or source[open_paren] != "(":
        return None
    simple = _SIMPLE_CALL.match(source, open_paren)
    if simple is not None:
        return _simple_call(source, name_start, name_end, simple)
    stack: list[str] = []
    arguments: list[Argument] = []
    first = last = -1  # start of the argument's first token, end of its last one
    last_kind = ""
    position = open_paren + 1
    length = len(source)
    limit = length if closed is None else open_paren + (0 if closed.known else _LOOK_AHEAD)
    while position < length:
        # Lex from POSITION to the end in one pass; restart only after a template skip.
        for match in TOKEN_PATTERN.finditer(source, position):
            if match.start() >= limit:
                if closed is not None and open_paren not in closed:
                    return None
                limit = length
            kind = match.lastgroup
            if kind not in CODE_KINDS:
                continue
            text = match.group()
            start = match.start()
            if not stack and (text == "," or text == ")"):
                if first >= 0:
                    arguments.append(Argument(first, last, source[first:last]))
                elif text == "," or arguments:
                    arguments.append(Argument(start, start, ""))
                if text == ")":
                    return Call(name_start, name_end, open_paren, start, tuple(arguments))
                first = last = -1
                continue
            if text in _OPENERS:
                stack.append(_OPENERS[text])
            elif text in _CLOSERS:
                if not stack or stack.pop() != text:
                    return None
            elif text == "<" and last_kind == "ident":
                close = _template_close(source, match.end())
                if close is not None:
                    last, last_kind, position = close, "punct", close
                    break  # continue lexing after the template arguments
            elif text == ";" and not stack:
                return None
            if first < 0:
                first = start
            last, last_kind = match.end(), kind
        else:
            return None
    return None


#: Characters of arguments that call_at lexes before it asks whether the call closes.
_LOOK_AHEAD = 256
_BRACKET_OR_SEMICOLON = re.compile(r"[()\[\]{};]")
_CLOSER_OF = {")": "(", "]": "[", "}": "{"}


class ClosedCalls:
    """The ``(`` in the code of a text that ``call_at`` finds closed, found when first
    asked (``offset in closed``)."""

    __slots__ = ("_source", "_regions", "_offsets")

    def __init__(self, source: str, regions) -> None:
        self._source = source
        self._regions = regions  # translator.source.scan.Regions of SOURCE
        self._offsets: set[int] | None = None

    @property
    def known(self) -> bool:
        return self._offsets is not None

    def __contains__(self, offset: int) -> bool:
        if self._offsets is None:
            mask = self._regions.mask if self._regions.starts else None
            self._offsets = closed_calls(self._source, None if mask is None else mask.__getitem__)
        return offset in self._offsets


def closed_calls(source: str, in_region: Callable[[int], bool] | None = None) -> set[int]:
    """Offsets of the ``(`` in code that ``call_at`` finds closed: every bracket, brace
    and parenthesis inside closes in order, and no ``;`` stands directly inside. One pass
    over the brackets of SOURCE; IN_REGION(offset) tells comments and literals apart."""
    closed: set[int] = set()
    stack: list[list] = []  # [offset, character, a ";" stood directly inside]
    for match in _BRACKET_OR_SEMICOLON.finditer(source):
        offset = match.start()
        if in_region is not None and in_region(offset):
            continue
        char = match.group()
        if char in "([{":
            stack.append([offset, char, False])
        elif char == ";":
            if stack and stack[-1][1] == "(":
                stack[-1][2] = True
        elif stack and stack[-1][1] == _CLOSER_OF[char]:
            opener, kind, broken = stack.pop()
            if kind == "(" and not broken:
                closed.add(opener)
        else:
            stack.clear()  # a stray closer: no call open before it closes
    return closed


# Argument lists that lexing would not change: no literals, comments, line splices,
# brackets, braces, "<" or ";", and parentheses nested at most three deep. For these the
# arguments are the text between top-level commas without surrounding blanks.
_PLAIN = r"[^()\"'/\\<\[\]{};]"
_SIMPLE_CALL = re.compile(
    rf"\((?:{_PLAIN}|\((?:{_PLAIN}|\((?:{_PLAIN}|\({_PLAIN}*\))*\))*\))*\)"
)
_ARGUMENT = re.compile(r"(?:[^,()]|\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))*")
#: What the lexer skips between tokens here: blanks and newlines.
_BLANKS = " \t\f\v\r\n"


def _simple_call(source: str, name_start: int, name_end: int, simple: re.Match) -> Call:
    """The call of ``call_at`` for a match of _SIMPLE_CALL, without lexing it."""
    open_paren, close = simple.start(), simple.end() - 1
    arguments: list[Argument] = []
    position = open_paren + 1
    while True:
        # _ARGUMENT matches the empty string too, so it always matches
        piece_end = _ARGUMENT.match(source, position, close).end()  # type: ignore[union-attr]
        piece = source[position:piece_end]
        text = piece.strip(_BLANKS)
        if text:
            first = position + len(piece) - len(piece.lstrip(_BLANKS))
            arguments.append(Argument(first, first + len(text), text))
        elif piece_end < close or arguments:  # an empty argument, at its "," or ")"
            arguments.append(Argument(piece_end, piece_end, ""))
        if piece_end >= close:
            return Call(name_start, name_end, open_paren, close, tuple(arguments))
        position = piece_end + 1


def _template_close(source: str, position: int) -> int | None:
    """End offset of template arguments opened just before POSITION, or None."""
    depth = 1
    while position < len(source):
        token = next_token(source, position)
        position = token.end
        if token.kind not in CODE_KINDS:
            continue
        text = token.text
        if text == "<":
            depth += 1
        elif text in (">", ">>", ">>>"):
            depth -= len(text)
            if depth <= 0:
                return position if depth == 0 else None
        elif token.kind not in ("ident", "number") and text not in _TEMPLATE_WORDS:
            return None
    return None


def render_arguments(
    template: str, call: Call, source: str, translate: Callable[[str], str] = str
) -> str | None:
    """The argument list TEMPLATE (``$N``, ``$N...``, literals) filled from CALL.

    The result replaces ``source[slice(*call.argument_span())]``.
    Argument texts pass through TRANSLATE (e.g. the table renames). Kept layout: the
    separator before output argument i is the call's own separator i when it has one.
    Newlines of the original list that would be lost are kept before the closing
    parenthesis, so the line structure does not change. None when the template refers
    to an argument the call does not have.
    """
    texts = [translate(argument.text) for argument in call.arguments]
    items: list[str] = []
    for item in _split_template(template):
        rest = _REST.fullmatch(item)
        if rest:  # every argument from N on, each an item of its own (keeps layout)
            items.extend(texts[int(rest.group(1)) :])
            continue
        missing = False

        def fill(match: re.Match[str]) -> str:
            nonlocal missing
            index = int(match.group(1))
            if match.group(2):
                return ", ".join(texts[index:])
            if index >= len(texts):
                missing = True
                return ""
            return texts[index]

        text = _PLACEHOLDER.sub(fill, item)
        if missing:
            return None
        items.append(text)
    originals = [call.separator(source, index) for index in range(1, len(call.arguments))]
    separators = [originals[i] if i < len(originals) else ", " for i in range(len(items) - 1)]
    # Line breaks of separators no longer used move to the last plain separators, so the
    # call keeps its number of lines.
    lost = [sep for sep in originals[len(separators) :] if "\n" in sep]
    for index in range(len(separators) - 1, -1, -1):
        if not lost:
            break
        if "\n" not in separators[index]:
            separators[index] = lost.pop()
    rendered = items[0] if items else ""
    for separator, text in zip(separators, items[1:], strict=True):
        rendered += separator + text
    original = source[slice(*call.argument_span())]
    newlines_short = original.count("\n") - rendered.count("\n")
    return rendered + "\n" * newlines_short if newlines_short > 0 else rendered


_REST = re.compile(r"\$(\d+)\.\.\.")


@functools.lru_cache(maxsize=1024)
def _split_template(template: str) -> tuple[str, ...]:
    """Split an argument template at top-level commas (templates come from a table: cached)."""
    items: list[str] = []
    depth = 0
    current = ""
    for char in template:
        if char in "(<[{":
            depth += 1
        elif char in ")>]}":
            depth -= 1
        if char == "," and depth == 0:
            items.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip() or items:
        items.append(current.strip())
    return tuple(items)
