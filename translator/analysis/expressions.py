"""Reading expressions from code tokens: brackets, argument lists, integer literals and
constant folding with the file's own macros and constants."""

from __future__ import annotations

import bisect
import functools
import operator
import re

from translator.source.tokens import (
    BRACKET_PAIRS,
    NESTING,
    NESTING_CLOSERS,
    Token,
    bracket_pairs,
)

__all__ = ["CodeTokens", "closing", "arguments", "within", "integer", "fold", "SIZES"]

_INTEGER = re.compile(r"(?i)^(0x[0-9a-f']+|0b[01']+|0[0-7']*|[1-9][0-9']*)(u|l|ul|lu|ll|ull|llu)?$")
#: Bytes of built-in and common CUDA types, for sizes tokens can compute.
SIZES = {"char": 1, "bool": 1, "short": 2, "int": 4, "unsigned": 4, "float": 4, "long": 8,
          "double": 8, "half": 2, "__half": 2, "size_t": 8, "int8_t": 1, "uint8_t": 1,
          "int16_t": 2, "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int64_t": 8,
          "uint64_t": 8, "float2": 8, "float4": 16, "double2": 16, "int2": 8, "int4": 16}


class CodeTokens(list):
    """Code tokens that know where their brackets close (built in one pass, when first
    asked), so that ``closing`` and ``arguments`` cost the length of their answer rather
    than a scan to the end of the file: on unbalanced text such scans made a file with
    many unclosed brackets quadratic. ``Facts.code`` is one; a plain list works too."""

    __slots__ = ("_closers", "_nested_closers")

    def __init__(self, tokens=()) -> None:
        super().__init__(tokens)
        self._closers: dict[int, int] | None = None
        self._nested_closers: dict[int, int] = {}

    def closer(self, index: int) -> int:
        """``closing(self, index)``: where the bracket of its own kind closes."""
        closers = self._closers if self._closers is not None else self._match()
        return closers.get(index, len(self))

    def nested_closer(self, index: int) -> int:
        """Where the depth of ``(``, ``[`` and ``{`` counted together comes back below
        that of the opener at INDEX (len(self) when it never does)."""
        if self._closers is None:
            self._match()
        return self._nested_closers.get(index, len(self))

    def _match(self) -> dict[int, int]:
        """Pair every bracket once; returns (and keeps) the closers."""
        self._closers, self._nested_closers = bracket_pairs(self)
        return self._closers


def closing(code: list[Token], index: int) -> int:
    """Index of the bracket closing ``code[index]`` (or len(code) when unbalanced)."""
    opening = code[index].text
    close = BRACKET_PAIRS[opening]
    if isinstance(code, CodeTokens):
        return code.closer(index)
    depth = 0
    for position in range(index, len(code)):
        text = code[position].text
        if text == opening:
            depth += 1
        elif text == close:
            depth -= 1
            if depth == 0:
                return position
    return len(code)


def arguments(code: list[Token], index: int) -> list[tuple[int, int]]:
    """Spans of the comma-separated items inside the bracket at ``code[index]``.

    Commas inside nested ``()``, ``[]`` and ``{}`` (counted together, whatever their
    kind) do not split; on unbalanced text, nothing splits after a closing bracket
    that has no opener in the list.
    """
    if not isinstance(code, CodeTokens):
        code = CodeTokens(code)
    end = closing(code, index)
    chevrons = code[index].text == "<<<"
    spans, start = [], index + 1
    position = index + 1
    while position < end:
        text = code[position].text
        if text == ",":
            spans.append((start, position))
            start = position + 1
        elif text in NESTING:
            # Skip the nested brackets: nothing inside them splits.
            position = code.nested_closer(position)
        elif text in NESTING_CLOSERS:
            break  # unbalanced: the depth would drop below the list's own
        elif chevrons and text == "<<<":
            inner = code.closer(position)
            if inner < end:
                position = inner
        position += 1
    if end > start or (spans and end < len(code)):  # an empty last item only when closed
        spans.append((start, end))
    return spans


def angle_items(code: list[Token], opening: int) -> tuple[list[tuple[int, int]], int]:
    """Spans of the comma-separated items inside the ``<`` at OPENING (template arguments
    or parameters), and the index of its closing ``>`` (or ``>>``, which closes two).
    Commas inside nested ``<>``, ``()`` and ``[]`` do not split, nor does a ``>`` inside
    brackets close. No spans when a ``;`` or a ``{`` comes first: the ``<`` was a
    comparison, or the list is more than tokens can tell."""
    angles, brackets, spans, start = 0, 0, [], opening + 1
    for position in range(opening, len(code)):
        text = code[position].text
        if text in (";", "{"):
            return [], position
        if text in ("(", "["):
            brackets += 1
        elif text in (")", "]"):
            brackets -= 1
        elif brackets == 0 and text in ("<", ">", ">>"):
            angles += {"<": 1, ">": -1, ">>": -2}[text]
            if angles <= 0:
                spans.append((start, position))
                return spans, position
        elif brackets == 0 and angles == 1 and text == ",":
            spans.append((start, position))
            start = position + 1
    return [], len(code)


def within(indexes: list[int], first: int, last: int) -> list[int]:
    """The increasing token INDEXES from FIRST to LAST (excluded): those of a function
    body, say, found without a walk over its tokens."""
    return indexes[bisect.bisect_left(indexes, first):bisect.bisect_left(indexes, last)]


@functools.lru_cache(maxsize=4096)  # rules ask of the same few literals ("32", "0") again and again
def integer(text: str) -> int | None:
    match = _INTEGER.match(text)
    if not match:
        return None
    digits = match.group(1).replace("'", "")
    if digits.lower().startswith("0b"):
        return int(digits[2:], 2)
    if digits.lower().startswith("0x"):
        return int(digits, 16)
    return int(digits, 8) if len(digits) > 1 and digits.startswith("0") else int(digits)


def fold(tokens: list[Token], names: dict[str, list[Token]], depth: int = 0) -> int | None:
    """The integer value of a token expression, or None; NAMES maps macros/constants."""
    parser = _Fold(tokens, names, depth)
    try:
        value = parser.expression(0)
    except (IndexError, ValueError, ZeroDivisionError, TypeError):
        return None
    return value if parser.position == len(tokens) else None


class _Fold:
    _BINARY = {"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6, "<": 7, ">": 7,
               "<=": 7, ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10}

    def __init__(self, tokens, names, depth) -> None:
        self.tokens, self.names, self.depth, self.position = tokens, names, depth, 0

    def expression(self, minimum: int) -> int:
        left = self.unary()
        while self.position < len(self.tokens):
            symbol = self.tokens[self.position].text
            precedence = self._BINARY.get(symbol)
            if precedence is None or precedence < minimum:
                break
            self.position += 1
            right = self.expression(precedence + 1)
            left = _apply(symbol, left, right)
        return left

    def unary(self) -> int:
        token = self.tokens[self.position]
        self.position += 1
        if token.text in ("-", "+", "~", "!"):
            operand = self.tokens[self.position].text.lower()
            value = self.unary()
            # ~ of a 32-bit operand stays 32-bit (~0u); of a 64-bit one (~0ull) 64-bit.
            width = 0xFFFFFFFFFFFFFFFF if "ll" in operand or value > 0xFFFFFFFF else 0xFFFFFFFF
            return {"-": -value, "+": value, "~": ~value & width, "!": int(not value)}[
                token.text]
        if token.text == "(":
            if self.tokens[self.position].text in SIZES or self.tokens[self.position].text in (
                    "unsigned", "size_t", "int"):
                while self.tokens[self.position].text != ")":  # a cast such as (int)
                    self.position += 1
                self.position += 1
                return self.unary()
            value = self.expression(0)
            if self.tokens[self.position].text != ")":
                raise ValueError("unbalanced")
            self.position += 1
            return value
        if token.text == "sizeof" and self.tokens[self.position].text == "(":
            name = self.tokens[self.position + 1].text
            if name in SIZES and self.tokens[self.position + 2].text == ")":
                self.position += 3
                return SIZES[name]
            raise ValueError("sizeof of an unknown type")
        if token.kind == "number":
            number = integer(token.text)
            if number is None:
                raise ValueError("not an integer")
            return number
        if token.kind == "ident" and token.text in self.names and self.depth < 8:
            folded = fold(self.names[token.text], self.names, self.depth + 1)
            if folded is None:
                raise ValueError("unknown name")
            return folded
        raise ValueError(f"cannot fold {token.text!r}")


_OPERATIONS = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "&": operator.and_,
    "|": operator.or_, "^": operator.xor, "<<": operator.lshift, ">>": operator.rshift,
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt,
    "<=": operator.le, ">=": operator.ge, "&&": lambda a, b: a and b,
    "||": lambda a, b: a or b,
}


def _apply(symbol: str, left: int, right: int) -> int:
    if symbol == "/":
        return int(left / right)
    if symbol == "%":
        return left - int(left / right) * right
    return int(_OPERATIONS[symbol](left, right))


