"""Which preprocessor branches are taken (for skipping the excluded ones).

This is the view ``--skip-excluded-preprocessor-conditional-blocks`` needs.

``inactive_spans(unit)`` evaluates the file's ``#if``/``#ifdef``/``#elif``/``#else``
chain the way clang's CUDA host pass would (as hipify-clang sees a file): ``__CUDACC__``
and the CUDA version macros are defined, ``__CUDA_ARCH__`` is not, ``-D`` definitions
apply, and ``#define``/``#undef`` lines of the file (and of headers found in the ``-I``
folders) take effect in order. It returns the spans of the branches not taken.

A condition rocport cannot evaluate (a function-like macro call, an unknown
``__has_include``) counts as taken, and so do its ``#elif``/``#else`` siblings: when in
doubt, code is translated rather than skipped.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from translator.source.scan import Directive, find_directives
from translator.source.tokens import Token, next_token

__all__ = ["inactive_spans", "evaluate", "PREDEFINED"]

#: Macros of clang's CUDA host pass (CUDA 12.6 headers), as name -> replacement text.
PREDEFINED = {
    "__cplusplus": "201703L", "__CUDACC__": "1", "__CUDA__": "1", "__clang__": "1",
    "__GNUC__": "4", "__linux__": "1", "__x86_64__": "1", "__STDC__": "1",
    "CUDA_VERSION": "12060", "CUDART_VERSION": "12060", "__CUDACC_VER_MAJOR__": "12",
    "__CUDACC_VER_MINOR__": "6", "true": "1", "false": "0",
}
_MAX_INCLUDE_DEPTH = 16
_MAX_HEADER_BYTES = 1 << 20
_FUNCTION_LIKE = ("<function-like>",)

Macros = dict[str, tuple[str, ...]]


def inactive_spans(unit) -> list[tuple[int, int]]:
    """Spans of UNIT's source in conditional branches that are not taken."""
    macros: Macros = {name: _texts(value) for name, value in PREDEFINED.items()}
    # So that a translated file keeps the branches of its source: R003 turns CUDA version
    # tests into HIP_VERSION tests.
    macros["HIP_VERSION"] = (str(_hip_version_number(unit.options.hip_version)),)
    for definition in unit.options.defines:
        name, _, value = definition.partition("=")
        macros[name.strip()] = _texts(value if _ else "1")
    finder = _HeaderFinder(unit.options.include_dirs)
    return _walk(unit.directives, len(unit.source), macros, finder, 0)


def _hip_version_number(version: tuple[int, ...] | None) -> int:
    if version is None:
        from translator.data.names import newest_hip_version

        version = newest_hip_version()
    major, minor = (tuple(version) + (0, 0))[:2]
    return major * 10_000_000 + minor * 100_000


@dataclass(slots=True)
class _Frame:
    """One open ``#if`` chain, updated at each of its ``#elif``/``#else``."""

    #: The code around the chain is active.
    parent_active: bool
    #: A branch of the chain so far was taken for sure: the later ones are not.
    taken: bool
    #: The current branch is active.
    branch_active: bool
    #: A condition of the chain could not be evaluated: every sibling counts as taken.
    undecidable: bool
    #: Where the current inactive span began, -1 when none is open.
    inactive_start: int = -1


def _walk(directives: Sequence[Directive], length: int, macros: Macros,
          finder: _HeaderFinder, depth: int) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    frames: list[_Frame] = []
    active = True
    for directive in directives:
        keyword = directive.keyword
        if keyword in ("if", "ifdef", "ifndef"):
            value = _condition(directive, macros) if active else False
            branch = active and value is not False
            frames.append(_Frame(active, value is True, branch, value is None))
            _open_span(frames[-1], directive)
            active = branch
        elif keyword in ("elif", "elifdef", "elifndef", "else") and frames:
            frame = frames[-1]
            _close_span(frame, directive, spans)
            if not frame.parent_active or frame.taken:
                branch = False
            elif frame.undecidable:
                branch = True  # earlier condition unknown: keep every sibling
            else:
                value = True if keyword == "else" else _condition(directive, macros)
                branch = value is not False
                frame.taken = value is True
                frame.undecidable = value is None
            frame.branch_active = branch
            _open_span(frame, directive)
            active = branch
        elif keyword == "endif" and frames:
            frame = frames.pop()
            _close_span(frame, directive, spans)
            active = frame.parent_active
        elif not active:
            continue
        elif keyword == "define" and directive.tokens:
            macros[directive.tokens[0].text] = _definition(directive)
        elif keyword == "undef" and directive.tokens:
            macros.pop(directive.tokens[0].text, None)
        elif keyword in ("include", "include_next", "import") and depth < _MAX_INCLUDE_DEPTH:
            header = finder.read(directive)
            if header is not None:
                _walk(find_directives(header), len(header), macros, finder, depth + 1)
    for frame in frames:  # unterminated conditionals run to the end of the text
        if frame.inactive_start >= 0:
            spans.append((frame.inactive_start, length))
    return spans if depth == 0 else []


def _open_span(frame: _Frame, directive: Directive) -> None:
    # Inside an inactive parent the parent's span covers the chain already.
    if frame.parent_active and not frame.branch_active:
        frame.inactive_start = directive.end


def _close_span(frame: _Frame, directive: Directive, spans: list[tuple[int, int]]) -> None:
    if frame.inactive_start >= 0:
        spans.append((frame.inactive_start, directive.start))
        frame.inactive_start = -1


def _definition(directive: Directive) -> tuple[str, ...]:
    name = directive.tokens[0]
    rest = directive.tokens[1:]
    if rest and rest[0].text == "(" and rest[0].start == name.end:
        return _FUNCTION_LIKE
    return tuple(token.text for token in rest)


def _condition(directive: Directive, macros: Macros) -> bool | None:
    tokens = directive.tokens
    if directive.keyword in ("ifdef", "elifdef"):
        return bool(tokens) and tokens[0].text in macros
    if directive.keyword in ("ifndef", "elifndef"):
        return not (bool(tokens) and tokens[0].text in macros)
    value = evaluate([token.text for token in tokens], macros)
    return None if value is None else value != 0


def evaluate(texts: list[str], macros: Macros) -> int | None:
    """The value of a ``#if`` expression (token texts), or None when undecidable."""
    resolved = _resolve_defined(texts, macros)
    if resolved is None:
        return None
    expanded = _expand(resolved, macros, frozenset())
    if expanded is None:
        return None
    return _Parser(expanded).parse()


def _resolve_defined(texts: list[str], macros: Macros) -> list[str] | None:
    out: list[str] = []
    index = 0
    while index < len(texts):
        text = texts[index]
        if text == "defined":
            if index + 1 < len(texts) and texts[index + 1] == "(":
                if index + 3 >= len(texts) or texts[index + 3] != ")":
                    return None
                name, index = texts[index + 2], index + 4
            elif index + 1 < len(texts):
                name, index = texts[index + 1], index + 2
            else:
                return None
            out.append("1" if name in macros else "0")
            continue
        if text in ("__has_include", "__has_include_next", "__has_builtin", "__has_attribute",
                    "__has_feature", "__has_cpp_attribute"):
            return None
        out.append(text)
        index += 1
    return out


def _expand(texts: Sequence[str], macros: Macros, hidden: frozenset[str]) -> list[str] | None:
    out: list[str] = []
    for text in texts:
        if not (text[:1].isalpha() or text[:1] == "_"):
            out.append(text)
            continue
        value = macros.get(text)
        if value is None or text in hidden:
            out.append("0")  # identifiers left after expansion are 0
        elif value is _FUNCTION_LIKE or value == _FUNCTION_LIKE:
            return None
        else:
            replacement = _resolve_defined(list(value), macros)
            if replacement is None:
                return None
            expanded = _expand(replacement, macros, hidden | {text})
            if expanded is None:
                return None
            out.extend(expanded or ["0"])
    return out


class _Operator(NamedTuple):
    #: Higher binds tighter (C's order: ``||`` lowest, ``*`` highest).
    precedence: int
    apply: Callable[[int, int], int]


_BINARY: dict[str, _Operator] = {
    "||": _Operator(1, lambda a, b: int(bool(a) or bool(b))),
    "&&": _Operator(2, lambda a, b: int(bool(a) and bool(b))),
    "|": _Operator(3, operator.or_), "^": _Operator(4, operator.xor),
    "&": _Operator(5, operator.and_),
    "==": _Operator(6, lambda a, b: int(a == b)), "!=": _Operator(6, lambda a, b: int(a != b)),
    "<": _Operator(7, lambda a, b: int(a < b)), ">": _Operator(7, lambda a, b: int(a > b)),
    "<=": _Operator(7, lambda a, b: int(a <= b)), ">=": _Operator(7, lambda a, b: int(a >= b)),
    "<<": _Operator(8, lambda a, b: a << b if 0 <= b < 64 else 0),
    ">>": _Operator(8, lambda a, b: a >> b if 0 <= b < 64 else 0),
    "+": _Operator(9, operator.add), "-": _Operator(9, operator.sub),
    "*": _Operator(10, operator.mul), "/": _Operator(10, lambda a, b: int(a / b)),
    "%": _Operator(10, lambda a, b: a - b * int(a / b)),
}


class _Parser:
    """Precedence climbing over integer tokens; None for anything malformed."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.index = 0

    def parse(self) -> int | None:
        try:
            value = self._ternary()
        except (ValueError, ZeroDivisionError, IndexError, RecursionError):
            return None
        return value if self.index == len(self.texts) else None

    def _peek(self) -> str:
        return self.texts[self.index] if self.index < len(self.texts) else ""

    def _take(self) -> str:
        text = self._peek()
        if not text:
            raise ValueError("unexpected end")
        self.index += 1
        return text

    def _ternary(self) -> int:
        condition = self._binary(1)
        if self._peek() != "?":
            return condition
        self._take()
        when_true = self._ternary()
        if self._take() != ":":
            raise ValueError("expected :")
        when_false = self._ternary()
        return when_true if condition else when_false

    def _binary(self, level: int) -> int:
        left = self._unary()
        while self._peek() in _BINARY and _BINARY[self._peek()].precedence >= level:
            binary = _BINARY[self._take()]
            right = self._binary(binary.precedence + 1)
            left = binary.apply(left, right)
        return left

    def _unary(self) -> int:
        text = self._take()
        if text == "(":
            value = self._ternary()
            if self._take() != ")":
                raise ValueError("expected )")
            return value
        if text == "!":
            return int(not self._unary())
        if text == "-":
            return -self._unary()
        if text == "+":
            return self._unary()
        if text == "~":
            return ~self._unary()
        return _integer(text)


def _integer(text: str) -> int:
    if text.startswith(("'", "u'", "U'", "L'", "u8'")):
        body = text[text.index("'") + 1 : -1]
        return ord(body[-1]) if body and not body.startswith("\\") else 0
    digits = text.replace("'", "").rstrip("uUlLzZ")
    if len(digits) > 1 and digits[0] == "0" and digits[1] in "0123456789":
        return int(digits, 8)
    return int(digits, 0)


def _texts(value: str) -> tuple[str, ...]:
    texts = []
    position = 0
    while position < len(value):
        token = next_token(value, position)
        if token.kind not in ("space", "newline", "comment"):
            texts.append(token.text)
        position = token.end
    return tuple(texts)


class _HeaderFinder:
    """Reads headers named by includes from the -I folders (for their macros)."""

    def __init__(self, folders: Sequence[str]) -> None:
        self.folders = [Path(folder) for folder in folders]
        self.seen: set[Path] = set()

    def read(self, directive: Directive) -> str | None:
        if not self.folders or not directive.tokens:
            return None
        first: Token = directive.tokens[0]
        if first.kind not in ("header", "string") or len(first.text) < 2:
            return None
        for folder in self.folders:
            path = folder / first.text[1:-1]
            try:
                if path in self.seen or not path.is_file() \
                        or path.stat().st_size > _MAX_HEADER_BYTES:
                    continue
                self.seen.add(path)
                return path.read_bytes().decode("utf-8", "surrogateescape")
            except OSError:
                continue
        return None
