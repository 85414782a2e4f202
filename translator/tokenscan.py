"""Token scanners behind ``translator.analysis.Facts``: function definitions and where
they run, variable declarations with built-in types, and pointer origins, read from code
tokens alone (used when clang is not asked, cannot parse, or is not installed)."""

from __future__ import annotations

from dataclasses import dataclass

from translator.clang import Function
from translator.dataflow import ALLOCATORS, HOST_ALLOCATORS, Origin
from translator.expressions import SIZES as _SIZES
from translator.expressions import arguments, closing

__all__ = ["Declaration", "token_functions", "token_declarations", "token_origins"]

_DECLARATOR = frozenset({"*", "&", "const", "__restrict__", "__restrict", "volatile"})
_QUALIFIERS = frozenset({"const", "static", "extern", "volatile", "__shared__", "__device__",
                         "__constant__", "__managed__", "register", "unsigned", "signed",
                         "constexpr", "inline"})
_STARTS = frozenset({";", "{", "}", "(", ",", "const", "static", "extern", "volatile",
                     "__shared__", "__device__", "__constant__", "__managed__", "struct",
                     "class", "typename", "register"})
_ATTRIBUTES = frozenset({"__launch_bounds__", "__attribute__", "__declspec", "alignas",
                         "__align__", "__cluster_dims__", "__maxnreg__"})
_SCOPES = frozenset({"namespace", "struct", "class", "union", "extern"})
_NOT_FUNCTIONS = frozenset({"if", "for", "while", "switch", "catch", "do", "else", "try",
                            "return", "sizeof", "decltype", "alignof", "enum"})



@dataclass(frozen=True, slots=True)
class Declaration:
    """A variable or parameter: its type as written and what is known of its size."""

    name: str
    start: int  # offset of the declaration
    type_text: str  # the type as spelled (clang's spelling, or the tokens before the name)
    size: int | None  # bytes of the variable itself
    pointer: bool
    pointee_size: int | None  # bytes of one element for pointers and arrays
    pointee: str = ""  # element type spelling


def token_functions(facts) -> list[Function]:
    code, found = facts.code, []
    kinds = {"__global__": "global", "__device__": "device", "__host__": "host"}
    for name, body in facts.macros.items():
        words = {t.text for t in body}
        if "__global__" in words:
            kinds[name] = "global"
        elif "__device__" in words:
            kinds.setdefault(name, "device")
    stack: list[str] = []  # "scope" or "block"
    header_start = 0
    for index, token in enumerate(code):
        text = token.text
        if text in (";", "}"):
            if text == "}" and stack:
                stack.pop()
            header_start = index + 1
        elif text == "{":
            header = code[header_start:index]
            words = [t.text for t in header]
            in_scope = all(kind == "scope" for kind in stack)
            if in_scope and words and (words[0] in _SCOPES or "namespace" in words):
                stack.append("scope")
            elif in_scope and _is_function_header(words):
                end = closing(code, index)
                marks = {kinds[w] for w in words if w in kinds}
                target = ("global" if "global" in marks else "host-device"
                          if {"device", "host"} <= marks else "device"
                          if "device" in marks else "host")
                name = _function_name(words)
                last = code[end].end if end < len(code) else len(facts.unit.source)
                found.append(Function(name, header[0].start, last, token.start, target))
                stack.append("block")
            else:
                stack.append("block")
            header_start = index + 1
    return found


def token_origins(facts, function: Function) -> list[Origin]:
    code = facts.code
    first, last = facts.body_span(function)
    found = []
    for index in range(first, last):
        token = code[index]
        if token.text in ALLOCATORS and index + 1 < last and code[index + 1].text == "(":
            span = arguments(code, index + 1)[:1]
            words = [code[i].text for i in range(*span[0])] if span else []
            if "&" in words and code[span[0][1] - 1].kind == "ident":
                found.append(Origin(code[span[0][1] - 1].text, ALLOCATORS[token.text],
                                    token.start))
        elif token.text == "=" and code[index - 1].kind == "ident":
            end = index + 1
            while end < last and code[end].text not in (";", ","):
                end += 1
            words = {code[i].text for i in range(index + 1, end)}
            name = code[index - 1].text
            if words & HOST_ALLOCATORS or "new" in words:
                found.append(Origin(name, "host", token.start))
            elif end == index + 2 and code[index + 1].kind == "ident":
                alias = next((o for o in reversed(found) if o.name == code[index + 1].text),
                             None)  # p = q: p now points where q points
                found.append(Origin(name, alias.kind if alias else "unknown", token.start))
            else:
                found.append(Origin(name, "unknown", token.start))
        elif (token.text == "[" and code[index - 1].kind == "ident"
              and code[index - 2].text in _SIZES and function.target == "host"):
            found.append(Origin(code[index - 1].text, "host", token.start))
    return found


def token_declarations(facts) -> list[Declaration]:
    """``T *a, b[4]``, parameters and ``std::vector<T> v`` with T a built-in type;
    ``S *p`` for any type S when the declaration start is unambiguous."""
    code, found = facts.code, []
    for index in range(1, len(code) - 1):
        token = code[index]
        following = code[index + 1].text
        if token.kind != "ident" or following not in ("=", ";", ",", ")", "[", "(", "{"):
            continue
        if code[index - 1].text == ">" and following in ("(", ";", "{"):
            found.extend(_vector_declaration(facts, index))
            continue
        if following in ("(", "{"):
            continue
        position, stars = index - 1, 0
        while position > 0 and code[position].text in _DECLARATOR:
            stars += code[position].text == "*"
            position -= 1
        base = code[position]
        if base.text == "," and following != ")":
            base = _declaration_base(facts, position)
            if base is None:
                continue
        if base.text in _SIZES:
            size = _SIZES[base.text]
            found.append(Declaration(token.text, base.start, base.text,
                                     8 if stars else size, bool(stars),
                                     size if stars else None, base.text))
        elif stars and base.kind == "ident" and code[position - 1].text in _STARTS:
            found.append(Declaration(token.text, base.start, base.text, 8, True, None,
                                     base.text))
    return found

def _declaration_base(facts, comma: int):
    """The type of a later declarator in ``T a, *b``: T at the statement start."""
    code = facts.code
    start = comma
    while start > 0 and code[start - 1].text not in (";", "{", "}", "(", ")"):
        start -= 1
    while start < comma and code[start].text in _QUALIFIERS:
        start += 1
    base = code[start]
    return base if base.text in _SIZES and start + 1 < comma else None

def _vector_declaration(facts, index: int) -> list[Declaration]:
    code = facts.code
    if index < 4 or code[index - 4].text != "vector" or code[index - 3].text != "<":
        return []
    element = code[index - 2].text
    if element not in _SIZES:
        return []
    return [Declaration(code[index].text, code[index - 4].start, f"std::vector<{element}>",
                        None, False, _SIZES[element], element)]


def _parameters_open(words: list[str]) -> int:
    """Index of the ``(`` opening the parameter list, after attribute-like macros such as
    ``__launch_bounds__(256)`` or ``__attribute__((...))``."""
    position = 0
    while position < len(words):
        if words[position] == "(":
            if position == 0 or words[position - 1] not in _ATTRIBUTES:
                return position
            depth = 0
            while position < len(words):  # skip the attribute's parentheses
                depth += {"(": 1, ")": -1}.get(words[position], 0)
                position += 1
                if depth == 0:
                    break
            continue
        position += 1
    return -1


def _function_name(words: list[str]) -> str:
    first = _parameters_open(words)
    return words[first - 1] if first > 0 else ""


def _is_function_header(words: list[str]) -> bool:
    """``... name ( parameters ) qualifiers`` without a control keyword or ``=``."""
    first = _parameters_open(words)
    if first <= 0 or ")" not in words[first:]:
        return False
    if words[first - 1] in _NOT_FUNCTIONS or "=" in words[:first]:
        return False
    if words[0] in _NOT_FUNCTIONS or words[-1] in ("=", "]"):
        return False
    return not any(w in ("if", "for", "while", "switch") for w in words[:first])
