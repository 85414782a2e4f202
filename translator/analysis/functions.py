"""Token scanners behind ``translator.analysis.facts.Facts``: function definitions and where
they run, variable declarations with built-in types, and pointer origins, read from code
tokens alone (used when clang is not asked, cannot parse, or is not installed)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass

from translator.analysis.clang import Function
from translator.analysis.dataflow import ALLOCATORS, HOST_ALLOCATORS, Origin
from translator.analysis.expressions import SIZES as _SIZES
from translator.analysis.expressions import angle_items, arguments, closing, within
from translator.analysis.qualifiers import MARKS, qualifier_macros, target_of
from translator.source.tokens import indexes_in

__all__ = ["Declaration", "TemplateScope", "template_scopes", "token_functions",
           "token_declarations", "token_origins"]

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
#: Words that may follow a lambda's introducer in C++ itself.
_LAMBDA_SPECIFIERS = frozenset({"mutable", "constexpr", "consteval", "static", "noexcept"})
#: A name spelled as macros are (``GPU_LAMBDA``, ``C10_HOST_DEVICE``).
_MACRO_NAME = re.compile(r"[A-Z_][A-Z0-9_]*[A-Z][A-Z0-9_]*")
_NAME = re.compile(r"[A-Za-z_]\w*")
_BEFORE_LAMBDA = frozenset({"(", ",", "=", "return", "{", ";", "?", ":", "&&", "||"})
#: What may follow a declared name: ``T a = ...``, ``T a;``, ``T a, b``, ``f(T a)``,
#: ``T a[4]``, ``std::vector<T> v(n)``, ``T a{}``.
_BEFORE_DECLARED = frozenset({"=", ";", ",", ")", "[", "(", "{"})
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
    #: False for a declaration clang marked invalid (its type names what clang could not
    #: resolve, a header the tree lacks): its type and sizes are clang's guesses.
    valid: bool = True


def token_functions(facts) -> list[Function]:
    """Function definitions (class and class-template members and device lambdas too),
    with CUDA qualifiers spelled directly or through macros (translator/analysis/qualifiers.py).
    Braces are counted in one alternative of an ``#if`` group whose alternatives open or
    close braces unevenly (``#if A`` ``void f(int a) {`` ``#else`` ``void f() {``)."""
    kinds = {word: frozenset({mark}) for word, mark in MARKS.items()}
    kinds.update(qualifier_macros(facts.unit))
    tokens = _one_alternative(facts)
    found = []
    stack: list = []  # "scope", "block", or [name, start, body_start, target] of a function
    # Only braces open or close a scope; a header starts after the brace or ";" before it.
    if tokens is facts.code:  # their places are known
        semicolons, brackets = facts.indexes_of(";"), facts.indexes_of("]")
        braces = sorted(facts.indexes_of("{") + facts.indexes_of("}"))
    else:
        semicolons, brackets = indexes_in(tokens, (";",)), indexes_in(tokens, ("]",))
        braces = indexes_in(tokens, ("{", "}"))
    last_brace = -1
    inner = 0  # open braces on the stack that are no "scope": blocks and functions
    for index in braces:
        token = tokens[index]
        if token.text == "}":
            if stack:
                opened = stack.pop()
                inner -= opened != "scope"
                if type(opened) is list:
                    found.append(Function(opened[0], opened[1], token.end, opened[2], opened[3]))
                if opened == "initializer":
                    continue  # the constructor's header goes on after it
            last_brace = index
            continue
        semicolon = bisect.bisect_left(semicolons, index) - 1
        header_start = max(last_brace, semicolons[semicolon] if semicolon >= 0 else -1) + 1
        if inner == 0 and _member_initializer(tokens[header_start:index]):
            stack.append("initializer")  # ": a_(x), b_{y} {": b_'s braces, not the body
            inner += 1
            continue
        last_brace = index
        if inner == 0:
            opened = _scope_or_function(tokens[header_start:index], token.start, kinds)
        elif within(brackets, header_start, index):
            opened = _lambda_or_block(tokens[header_start:index], token.start, kinds)
        else:
            opened = "block"  # in code, only a lambda's "]" makes more than a block
        stack.append(opened)
        inner += opened != "scope"
    end = len(facts.unit.source)
    found.extend(Function(o[0], o[1], end, o[2], o[3]) for o in stack if type(o) is list)
    return found


def _scope_or_function(header: list, body_start: int,
                       kinds: dict[str, frozenset[str]]) -> str | list:
    """What the brace after HEADER (at BODY_START) opens outside any function: "scope"
    (namespace, class...), a function ([name, start, body_start, target]) or "block"."""
    words = [t.text for t in header]
    plain = _without_template(words)
    if plain[:1] == ["extern"] and len(plain) > 2:
        plain = plain[2:] if plain[1].startswith('"') else plain[1:]  # extern "C" void f()
    if plain and (plain[0] in _SCOPES or "namespace" in plain):
        return "scope"
    first = _function_header_open(plain)
    if first < 0:
        return "block"
    marks = {mark for word in kinds.keys() & words for mark in kinds[word]}
    return [_function_name(plain, first), header[0].start, body_start, target_of(marks)]


def _member_initializer(header: list) -> bool:
    """True when the brace after HEADER initializes a member in a constructor's
    initializer list (``S(int v) : a_(v), b_{v}``): a function header, then ``:``, and
    the brace follows a name after ``:`` or ``,``."""
    if len(header) < 3 or header[-1].kind != "ident" or header[-2].text not in (",", ":"):
        return False
    words = _without_template([t.text for t in header])
    if "(" not in words or words[0] in _SCOPES:
        return False
    depth = 0
    for position, word in enumerate(words):
        depth += word in ("(", "[", "{")
        depth -= word in (")", "]", "}")
        if word == ":" and depth == 0:
            return _function_header_open(words[:position]) >= 0
    return False


def _lambda_or_block(header: list, body_start: int,
                     kinds: dict[str, frozenset[str]]) -> str | list:
    """What the brace after HEADER opens inside a function: a device lambda (as in
    ``_scope_or_function``) or "block"."""
    words = [t.text for t in header]
    if not _is_device_lambda(words, kinds):
        return "block"
    start = _lambda_start(words)
    marks = {mark for word in words[start:] if word in kinds for mark in kinds[word]}
    if not marks:  # a qualifier macro of a header the tree does not have
        marks = {"host", "device"}
    return ["<lambda>", header[start].start, body_start, target_of(marks)]


_ANGLE_DEPTH = {"<": 1, ">": -1, ">>": -2}


def _without_template(words: list[str]) -> list[str]:
    """WORDS after leading ``template <...>`` clauses (WORDS itself when there are none)."""
    if not words or words[0] != "template":
        return words
    position = 0
    while position + 1 < len(words) and words[position] == "template" and \
            words[position + 1] == "<":
        depth, position = 0, position + 1
        while position < len(words):
            depth += _ANGLE_DEPTH.get(words[position], 0)
            position += 1
            if depth <= 0:
                break
    return words[position:]


def _lambda_start(words: list[str]) -> int:
    """Index of the ``[`` that opens the last lambda introducer of WORDS, or -1."""
    if "]" not in words:
        return -1
    close = len(words) - 1 - words[::-1].index("]")
    depth = 0
    for position in range(close, -1, -1):
        depth += {"]": 1, "[": -1}.get(words[position], 0)
        if depth == 0:
            before = words[position - 1] if position else "("
            return position if before in _BEFORE_LAMBDA else -1
    return -1


def _is_device_lambda(words: list[str], kinds) -> bool:
    """``[=] __device__ (int i) mutable -> int``: a lambda whose qualifiers mark device
    code (through a macro too)."""
    start = _lambda_start(words)
    if start < 0:
        return False
    close = words.index("]", start)
    if any("device" in kinds.get(word, ()) or "global" in kinds.get(word, ())
           for word in words[close + 1:]):
        return True
    # Only a macro can stand between the introducer and the parameters (``[=] GPU_LAMBDA
    # (int i)``); in CUDA code it spells the execution space, and a macro of a library
    # header the tree does not have (PyTorch's, moderngpu's) is known by no file.
    after = words[close + 1] if close + 1 < len(words) else ""
    return (after not in kinds and after not in _LAMBDA_SPECIFIERS
            and _MACRO_NAME.fullmatch(after) is not None)


def _one_alternative(facts) -> list:
    """Code tokens without those of the later alternatives of ``#if`` groups whose
    alternatives change the brace depth (all code tokens when there are none)."""
    code = facts.code
    conditionals = facts.unit.conditionals
    if not conditionals:
        return code
    braces = [(code[i].start, 1 if code[i].text == "{" else -1)
              for i in sorted(facts.indexes_of("{") + facts.indexes_of("}"))]
    offsets = [offset for offset, _ in braces]
    totals = [0]
    for _, step in braces:
        totals.append(totals[-1] + step)

    def depth_change(start: int, end: int) -> int:
        change = totals[bisect.bisect_left(offsets, end)] - totals[
            bisect.bisect_left(offsets, start)]
        return change - sum(d for s, e, d in skipped if start <= s and e <= end)

    skipped: list[tuple[int, int, int]] = []
    frames: list[list] = []  # per open group: [(keyword, body start, body end, tokens)]
    for directive in conditionals:
        keyword = directive.keyword
        if keyword in ("if", "ifdef", "ifndef"):
            frames.append([[keyword, directive.end, None, directive.tokens]])
            continue
        if not frames:
            continue
        frames[-1][-1][2] = directive.start
        if keyword != "endif":
            frames[-1].append([keyword, directive.end, None, directive.tokens])
            continue
        branches = frames.pop()
        changes = [depth_change(b[1], b[2]) for b in branches]
        if len(branches) < 2 or not any(changes):
            continue
        dead = [b[0] == "if" and [t.text for t in b[3]] in (["0"], ["false"]) for b in branches]
        kept = next((i for i, d in enumerate(dead) if not d), 0)
        skipped.extend((b[1], b[2], change) for i, (b, change) in
                       enumerate(zip(branches, changes, strict=True)) if i != kept)
        skipped.sort()
    if not skipped:
        return code
    merged: list[list[int]] = []
    for start, end, _ in skipped:  # nested spans inside a skipped one
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    starts = [start for start, _ in merged]
    kept_tokens = []
    for token in code:
        at = bisect.bisect_right(starts, token.start) - 1
        if at < 0 or token.start >= merged[at][1]:
            kept_tokens.append(token)
    return kept_tokens


def token_origins(facts, function: Function) -> list[Origin]:
    code = facts.code
    first, last = facts.body_span(function)
    found: list[Origin] = []
    # only where an origin can be: allocator names, "=" and (in host code) "["
    marks = [*within(facts.occurrences(ALLOCATORS), first, last),
             *facts.indexes_within("=", first, last)]
    if function.target == "host":
        marks += facts.indexes_within("[", first, last)
    semicolons, commas = facts.indexes_of(";"), facts.indexes_of(",")
    host_allocations = facts.occurrences((*HOST_ALLOCATORS, "new"))
    for index in sorted(marks):
        token = code[index]
        if token.text in ALLOCATORS and index + 1 < last and code[index + 1].text == "(":
            span = arguments(code, index + 1)[:1]
            # An index, not the words: an unclosed call's first argument runs to the end.
            if span and facts.contains("&", *span[0]) and code[span[0][1] - 1].kind == "ident" \
                    and code[span[0][1] - 2].text not in (".", "->"):  # not a member
                found.append(Origin(code[span[0][1] - 1].text, ALLOCATORS[token.text],
                                    token.start))
        elif token.text == "=" and code[index - 1].kind == "ident" and \
                code[index - 2].text not in (".", "->"):  # a member is not the variable
            # the value runs to the next ";" or ",", or to the end of the body
            end = min(_next_index(semicolons, index, last), _next_index(commas, index, last))
            name = code[index - 1].text
            if _next_index(host_allocations, index, end) < end:
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


def _next_index(indexes: list[int], index: int, last: int) -> int:
    """The first of the increasing INDEXES after INDEX, or LAST when none comes before it."""
    position = bisect.bisect_right(indexes, index)
    return indexes[position] if position < len(indexes) and indexes[position] < last else last


def token_declarations(facts, name: str) -> list[Declaration]:
    """The declarations of NAME: ``T *a, b[4]``, parameters and ``std::vector<T> v`` with
    T a built-in type; ``S *p`` for any type S when the declaration start is
    unambiguous. Read where NAME is, in order."""
    code, found = facts.code, []
    for index in facts.occurrences((name,)):
        if not 0 < index < len(code) - 1 or code[index + 1].text not in _BEFORE_DECLARED:
            continue
        token = code[index]
        following = code[index + 1].text
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
    ``__launch_bounds__(256)``, ``__attribute__((...))`` or a project's own
    (``KERNEL_BOUNDS(256, 1) name(``), and after the ``()`` of ``operator()``."""
    position = 0
    while True:
        try:
            position = words.index("(", position)
        except ValueError:
            return -1
        before = words[position - 1] if position else ""
        if before == "operator" and words[position + 1:position + 2] == [")"]:
            position += 2  # operator() (...): the name's parentheses
            continue
        after = _after_parentheses(words, position)
        if before not in _ATTRIBUTES and not (
                _MACRO_NAME.fullmatch(before) and after + 1 < len(words)
                and _NAME.fullmatch(words[after]) and words[after + 1] == "("):
            return position
        position = after


def _after_parentheses(words: list[str], position: int) -> int:
    """The index after the ``)`` that closes the ``(`` at POSITION."""
    depth = 0
    while position < len(words):
        word = words[position]
        depth += 1 if word == "(" else -1 if word == ")" else 0
        position += 1
        if depth == 0:
            break
    return position


def _function_name(words: list[str], first: int) -> str:
    """The name before the ``(`` at FIRST (``_function_header_open``'s answer), spelled
    as clang spells it: ``operator+=``, ``operator[]``, ``operator()``, ``~Box``."""
    if "operator" in words[max(0, first - 4):first]:
        at = first - 1 - words[first - 1::-1].index("operator")
        spelled = "operator"
        for word in words[at + 1:first]:
            spelled += (" " if word[0].isalpha() or word[0] == "_" else "") + word
        return spelled
    if first > 1 and words[first - 2] == "~":
        return "~" + words[first - 1]
    return words[first - 1]


def _function_header_open(words: list[str]) -> int:
    """For ``... name ( parameters ) qualifiers`` without a control keyword or ``=``, the
    index of the ``(`` opening the parameters; -1 for anything else."""
    first = _parameters_open(words)
    if first <= 0 or ")" not in words[first:]:
        return -1
    if words[first - 1] in _NOT_FUNCTIONS or "=" in words[:first]:
        return -1
    if words[0] in _NOT_FUNCTIONS or words[-1] in ("=", "]"):
        return -1
    return -1 if any(w in ("if", "for", "while", "switch") for w in words[:first]) else first


@dataclass(frozen=True, slots=True)
class TemplateScope:
    """A template declaration: code tokens FIRST (``template``) to LAST (its closing
    ``}`` or ``;``), and the names in it whose meaning depends on its arguments: its
    parameters, and the aliases and constants it declares from them (``using Kernel =
    Kernel_;``, ``typedef cub::BlockReduce<T, 256> Reduce;``, ``constexpr int kRows =
    Traits::kRows;``)."""

    first: int
    last: int
    names: frozenset[str]


#: Words that end a template parameter without naming it: ``typename``, ``int``...
_UNNAMED_ENDS = frozenset({"typename", "class", "int", "unsigned", "signed", "long", "short",
                           "char", "bool", "auto", "size_t", "const"})
#: What makes the name after it a member, not a name of the scope: ``Config::kThreads``.
MEMBER_ACCESS = frozenset({"::", ".", "->"})


def template_scopes(code, indexes_of: Callable[[str], list[int]]) -> list[TemplateScope]:
    """Each ``template <...>`` declaration of CODE with named parameters, in code order.
    ``template <>`` (an explicit specialization) and ``template`` as a disambiguator
    (``x.template f<T>()``) or in an explicit instantiation declare none. INDEXES_OF
    gives the indexes of a text in CODE (``Facts.indexes_of``)."""
    found = []
    for index in indexes_of("template"):
        if index + 1 >= len(code) or code[index + 1].text != "<":
            continue
        names, close = _template_parameter_list(code, index + 1)
        if names:
            found.append((index, _declaration_end(code, close + 1), set(names)))
    if not found:
        return []
    # an alias or constant declared from dependent names is one too, in the innermost
    # template that holds it (read in code order: a declaration comes before its uses)
    holders: list = []  # the templates that hold the declaration, outermost first
    opened = 0
    for index in sorted(indexes_of("using") + indexes_of("typedef") + indexes_of("constexpr")):
        while opened < len(found) and found[opened][0] < index:
            holders.append(found[opened])
            opened += 1
        holders = [scope for scope in holders if index <= scope[1]]
        if not holders:
            continue
        declared = _alias_or_constant(code, index)
        if declared is None:
            continue
        name, value_first, value_last = declared
        dependent = set().union(*(scope[2] for scope in holders))
        if any(code[i].text in dependent and code[i - 1].text not in MEMBER_ACCESS
               for i in range(value_first, value_last)):
            holders[-1][2].add(name)
    return [TemplateScope(first, last, frozenset(names)) for first, last, names in found]


def _alias_or_constant(code, index: int) -> tuple[str, int, int] | None:
    """(name, first and last+1 index of its value) of ``using NAME = value;``,
    ``typedef value NAME;`` or ``constexpr ... NAME = value;`` at INDEX, else None."""
    end = index
    while end < len(code) and code[end].text not in (";", "{", "}"):
        if code[end].text in ("(", "["):
            end = closing(code, end)
        end += 1
    if end >= len(code) or code[end].text != ";":
        return None
    keyword = code[index].text
    if keyword == "typedef":
        name = code[end - 1]
        return (name.text, index + 1, end - 1) if name.kind == "ident" else None
    equals = next((i for i in range(index + 1, end) if code[i].text == "="), None)
    if equals is None or code[equals - 1].kind != "ident":
        return None
    if keyword == "using" and equals != index + 2:
        return None  # using namespace x; using Base::f;
    # constexpr int a = 1, b = T::n;: a's value ends at its comma (not one inside a call's
    # parentheses; one between angle brackets cuts the value short, which costs a parse)
    value_end = equals + 1
    while value_end < end and code[value_end].text != ",":
        if code[value_end].text in ("(", "["):
            value_end = closing(code, value_end)
        value_end += 1
    return code[equals - 1].text, equals + 1, min(value_end, end)


def _template_parameter_list(code, opening: int) -> tuple[frozenset[str], int]:
    """The names declared by the parameter list whose ``<`` is at OPENING, and the index
    of its ``>``. A parameter's name is its last word before a default (``= ...``), when
    that word is not part of the type (``typename``, ``int``, ``std::size_t``)."""
    spans, close = angle_items(code, opening)
    names = set()
    for first, last in spans:
        default = next((i for i in range(first, last) if code[i].text == "="), last)
        if default - first >= 2:
            name, before = code[default - 1], code[default - 2]
            if name.kind == "ident" and name.text not in _UNNAMED_ENDS and before.text != "::":
                names.add(name.text)
    return frozenset(names), close


def _declaration_end(code, start: int) -> int:
    """The last token of the declaration from START: the ``}`` closing its first brace
    outside parentheses (a class or function body), or its ``;`` when that comes first."""
    position = start
    while position < len(code):
        text = code[position].text
        if text == ";":
            return position
        if text == "{":
            return closing(code, position)
        if text in ("(", "["):
            position = closing(code, position) + 1
            continue
        if text == "template" and position + 1 < len(code) and code[position + 1].text == "<":
            close = angle_items(code, position + 1)[1]  # a member template's parameters
            if close < len(code) and code[close].text in (">", ">>"):
                position = close + 1
                continue
        position += 1
    return len(code) - 1
