"""Facts that hazard rules share: functions and where they run, constants, thread
indices, pointer origins and kernel launches.

``Facts(unit)`` (reached as ``unit.facts``) answers from tokens first and asks clang
(``translator.clang``) when tokens cannot answer: the type of a variable whose type is
not a built-in one (typedefs, structs, templates), the size of ``__shared__`` data of
such types. Parsing costs far more than all token rules together (system headers), so
a file is parsed only when a rule needs one of those answers; once it is parsed, its
functions and pointer origins are merged in too. Every warning rule therefore also runs
on files clang cannot parse and on machines without libclang. The token answers are
deliberately simple: they never look into comments or string literals, expand only
object-like macros defined in the same file, and follow data flow only inside one
function, in source order.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import cached_property

from translator.clang import Function
from translator.dataflow import ALLOCATORS, HOST_ALLOCATORS, Origin, pointer_origins
from translator.expressions import SIZES as _SIZES
from translator.expressions import arguments, closing, fold
from translator.tokens import Token

__all__ = ["Facts", "Declaration", "Launch", "wave_size", "lds_limit", "THREAD_SOURCES"]

#: Identifiers whose value depends on the thread's position in its block or warp.
THREAD_SOURCES = frozenset({"threadIdx", "thread_rank", "__lane_id", "laneid", "__laneid"})
#: Variable names that by convention hold a lane or warp index.
LANE_NAME = re.compile(r"(?i)^(lane|warp|wid|tid|thread_?id|tx|ltid|lid)")
#: Macros that tell HIP/ROCm/AMD builds apart (``__HIP_PLATFORM_AMD__``, ``USE_ROCM``...).
_PLATFORM = re.compile(r"_*(HIP|ROCM|AMDGCN|AMD)\w*$|\w*_(HIP|ROCM|HIPBLAS|AMD)\w*$")
_DECLARATOR = frozenset({"*", "&", "const", "__restrict__", "__restrict", "volatile"})
_QUALIFIERS = frozenset({"const", "static", "extern", "volatile", "__shared__", "__device__",
                         "__constant__", "__managed__", "register", "unsigned", "signed",
                         "constexpr", "inline"})
_STARTS = frozenset({";", "{", "}", "(", ",", "const", "static", "extern", "volatile",
                     "__shared__", "__device__", "__constant__", "__managed__", "struct",
                     "class", "typename", "register"})
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


@dataclass(frozen=True, slots=True)
class Launch:
    """``kernel<<<config>>>(arguments)``; spans are (first, past-last) code-token indexes."""

    kernel: str
    index: int  # code index of the kernel name
    config: tuple[tuple[int, int], ...]
    arguments: tuple[tuple[int, int], ...]


def wave_size(options) -> int:
    """The widest wavefront among the target GPUs (64 on CDNA gfx9, 32 on RDNA)."""
    sizes = [32 if re.match(r"gfx1\d", arch) else 64 for arch in options.offload_archs]
    return max(sizes or [64])


#: LDS (shared memory) per workgroup, in bytes, for the gfx targets rocport knows.
LDS_BYTES = {"gfx950": 160 * 1024}


def lds_limit(options) -> tuple[int, str]:
    """The smallest LDS size among the targets and the target that has it."""
    archs = options.offload_archs or ("gfx942",)
    return min((LDS_BYTES.get(arch, 64 * 1024), arch) for arch in archs)


class Facts:
    """Per-file facts for hazard rules, computed lazily and once."""

    def __init__(self, unit) -> None:
        self.unit = unit

    # ---- clang ---------------------------------------------------------------
    @property
    def parsed_already(self):
        """clang's result if some rule already paid for the parse, else None."""
        if not self.unit.options.use_clang:
            return None
        return self.unit.__dict__.get("parsed")

    def parse(self):
        """clang's result, parsing now if needed (None without clang or when switched off)."""
        return self.unit.parsed if self.unit.options.use_clang else None

    # ---- tokens -------------------------------------------------------------
    @cached_property
    def code(self) -> list[Token]:
        """Code tokens outside preprocessor directives."""
        spans = [(d.start, d.end) for d in self.unit.directives]
        if not spans:
            return list(self.unit.code)
        starts = [s for s, _ in spans]
        kept = []
        for token in self.unit.code:
            at = bisect.bisect_right(starts, token.start) - 1
            if at < 0 or token.start >= spans[at][1]:
                kept.append(token)
        return kept

    @cached_property
    def starts(self) -> list[int]:
        return [token.start for token in self.code]

    def index_at(self, offset: int) -> int:
        """Index of the first code token starting at or after OFFSET."""
        return bisect.bisect_left(self.starts, offset)

    @cached_property
    def macros(self) -> dict[str, list[Token]]:
        """Object-like macros defined in the file, and ``const``/``constexpr`` integers."""
        found: dict[str, list[Token]] = {}
        for directive in self.unit.directives:
            body = directive.tokens
            if directive.keyword == "define" and body and body[0].kind == "ident":
                if len(body) > 1 and body[1].text == "(" and body[1].start == body[0].end:
                    continue  # function-like
                found[body[0].text] = body[1:]
        code = self.code
        for index, token in enumerate(code):
            if token.text in ("constexpr", "const") and index + 4 < len(code):
                position = index + 1
                while position < len(code) and code[position].kind == "ident" and \
                        code[position + 1].kind == "ident":
                    position += 1
                if code[position + 1].text == "=" and code[position].kind == "ident":
                    end = position + 2
                    while end < len(code) and code[end].text not in (";", ","):
                        end += 1
                    found.setdefault(code[position].text, code[position + 2:end])
        return found

    def fold_span(self, first: int, last: int) -> int | None:
        return fold(self.code[first:last], self.macros)

    def text(self, first: int, last: int) -> str:
        if last <= first:
            return ""
        return self.unit.source[self.code[first].start:self.code[last - 1].end]

    # ---- preprocessor ----------------------------------------------------------
    @cached_property
    def platform_branches(self) -> list[tuple[int, int]]:
        """Spans of ``#if``...``#endif`` groups that test for HIP, ROCm or AMD: code the
        author already wrote per platform, which hazard rules leave alone."""
        spans, stack = [], []
        for directive in self.unit.directives:
            keyword = directive.keyword
            mentions = any(_PLATFORM.match(t.text) for t in directive.tokens)
            if keyword in ("if", "ifdef", "ifndef"):
                stack.append([directive.start, mentions])
            elif keyword in ("elif", "elifdef", "elifndef") and stack:
                stack[-1][1] = stack[-1][1] or mentions
            elif keyword == "endif" and stack:
                start, aware = stack.pop()
                if aware:
                    spans.append((start, directive.end))
        return sorted(spans)

    def in_platform_branch(self, offset: int) -> bool:
        return any(start <= offset < end for start, end in self.platform_branches)

    # ---- functions -----------------------------------------------------------
    @cached_property
    def functions(self) -> list[Function]:
        """Function definitions from tokens, and clang's when the file was parsed."""
        parsed = self.parsed_already
        found = list(parsed.functions) if parsed is not None else []
        for function in self._token_functions():
            if not any(f.start <= function.body_start < f.end for f in found):
                found.append(function)
        return sorted(found, key=lambda f: f.start)

    def function_at(self, offset: int) -> Function | None:
        """The innermost function whose body contains OFFSET."""
        functions, reach = self.functions, self._function_reach
        position = bisect.bisect_right(self._function_starts, offset) - 1
        while position >= 0 and reach[position] > offset:
            function = functions[position]
            if function.body_start <= offset < function.end:
                return function
            position -= 1
        return None

    @cached_property
    def _function_starts(self) -> list[int]:
        return [function.start for function in self.functions]

    @cached_property
    def _function_reach(self) -> list[int]:
        """For each function (by start), the largest end among it and those before it."""
        reach, largest = [], -1
        for function in self.functions:
            largest = max(largest, function.end)
            reach.append(largest)
        return reach

    def on_device(self, offset: int) -> bool:
        function = self.function_at(offset)
        return function is not None and function.on_device

    def _token_functions(self) -> list[Function]:
        code, found = self.code, []
        kinds = {"__global__": "global", "__device__": "device", "__host__": "host"}
        for name, body in self.macros.items():
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
                    name = words[words.index("(") - 1] if "(" in words else ""
                    last = code[end].end if end < len(code) else len(self.unit.source)
                    found.append(Function(name, header[0].start, last, token.start, target))
                    stack.append("block")
                else:
                    stack.append("block")
                header_start = index + 1
        return found

    # ---- data flow ------------------------------------------------------------
    def body_span(self, function: Function) -> tuple[int, int]:
        """Code-token index range of a function's body."""
        return self.index_at(function.body_start), self.index_at(function.end)

    def thread_names(self, function: Function) -> frozenset[str]:
        """Variables of FUNCTION whose value derives from the thread index, and
        parameters or variables whose names say they hold a lane or warp index."""
        code = self.code
        first, last = self.body_span(function)
        names = set()
        for index in range(first, last):
            token = code[index]
            if token.kind == "ident" and LANE_NAME.match(token.text):
                names.add(token.text)
            if token.text != "=" or code[index - 1].kind != "ident":
                continue
            end = index + 1
            depth = 0
            while end < last and not (depth == 0 and code[end].text in (";", ",")):
                depth += code[end].text in "([{"
                depth -= code[end].text in ")]}"
                if depth < 0:
                    break
                end += 1
            words = {code[i].text for i in range(index + 1, end)}
            if words & THREAD_SOURCES or words & names:
                names.add(code[index - 1].text)
        for start, end in self._parameter_spans(function):
            for index in range(start, end):
                if code[index].kind == "ident" and LANE_NAME.match(code[index].text):
                    names.add(code[index].text)
        return frozenset(names)

    def _parameter_spans(self, function: Function):
        code = self.code
        first = self.index_at(function.start)
        body = self.index_at(function.body_start)
        for index in range(first, body):
            if code[index].text == "(":
                return [(index + 1, closing(code, index))]
        return []

    def origins(self, function: Function) -> list[Origin]:
        """Where pointer variables of FUNCTION got their memory, in source order: what
        clang's data flow found (when parsed) together with what the tokens show."""
        cache = self.__dict__.setdefault("_origins", {})
        if function not in cache:
            cache[function] = self._merged_origins(function)
        return cache[function]

    def _merged_origins(self, function: Function) -> list[Origin]:
        found = self._token_origins(function)
        if function.node is not None:
            seen = {(o.name, o.kind) for o in found}
            found += [o for o in pointer_origins(function.node)
                      if (o.name, o.kind) not in seen]
        return sorted(found, key=lambda o: o.offset)

    def _token_origins(self, function: Function) -> list[Origin]:
        code = self.code
        first, last = self.body_span(function)
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

    @cached_property
    def global_origins(self) -> dict[str, Origin]:
        """File-scope ``__managed__`` variables (kind ``managed``)."""
        code = self.code
        found = {}
        for index, token in enumerate(code):
            if token.text == "__managed__":
                end = index
                while end < len(code) and code[end].text not in (";", "=", "[", "{"):
                    end += 1
                if end < len(code) and code[end - 1].kind == "ident":
                    found[code[end - 1].text] = Origin(code[end - 1].text, "managed", token.start)
        return found

    def origin_of(self, name: str, offset: int) -> Origin | None:
        """The latest origin of variable NAME before OFFSET in its function, or a global's."""
        function = self.function_at(offset)
        if function is not None:
            for origin in reversed(self.origins(function)):
                if origin.name == name and origin.offset < offset:
                    return origin
        return self.global_origins.get(name)

    # ---- declarations ---------------------------------------------------------
    @cached_property
    def declarations(self) -> list[Declaration]:
        """Variables and parameters whose type tokens can size (built-in types)."""
        return sorted(self._token_declarations(), key=lambda d: d.start)

    @cached_property
    def clang_declarations(self) -> list[Declaration]:
        """Every variable and parameter of the file, typed by clang (parses the file)."""
        parsed = self.parse()
        if parsed is None:
            return []
        return sorted((
            Declaration(node.spelling, node.start, node.type_spelling, node.type_size,
                        node.is_pointer, node.pointee_size, node.pointee_spelling)
            for node in parsed.root.walk() if node.kind in ("VAR_DECL", "PARM_DECL")),
            key=lambda d: d.start)

    def declaration(self, name: str, offset: int) -> Declaration | None:
        """The declaration of NAME visible at OFFSET (the latest one before it); asks
        clang when the tokens show none with a known type."""
        found = _latest(self.declarations, name, offset)
        if found is None or found.size is None or found.pointer and not found.pointee_size:
            found = _latest(self.clang_declarations, name, offset) or found
        return found

    def _token_declarations(self) -> list[Declaration]:
        """``T *a, b[4]``, parameters and ``std::vector<T> v`` with T a built-in type;
        ``S *p`` for any type S when the declaration start is unambiguous."""
        code, found = self.code, []
        for index in range(1, len(code) - 1):
            token = code[index]
            following = code[index + 1].text
            if token.kind != "ident" or following not in ("=", ";", ",", ")", "[", "(", "{"):
                continue
            if code[index - 1].text == ">" and following in ("(", ";", "{"):
                found.extend(self._vector_declaration(index))
                continue
            if following in ("(", "{"):
                continue
            position, stars = index - 1, 0
            while position > 0 and code[position].text in _DECLARATOR:
                stars += code[position].text == "*"
                position -= 1
            base = code[position]
            if base.text == "," and following != ")":
                base = self._declaration_base(position)
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

    def _declaration_base(self, comma: int):
        """The type of a later declarator in ``T a, *b``: T at the statement start."""
        code = self.code
        start = comma
        while start > 0 and code[start - 1].text not in (";", "{", "}", "(", ")"):
            start -= 1
        while start < comma and code[start].text in _QUALIFIERS:
            start += 1
        base = code[start]
        return base if base.text in _SIZES and start + 1 < comma else None

    def _vector_declaration(self, index: int) -> list[Declaration]:
        code = self.code
        if index < 4 or code[index - 4].text != "vector" or code[index - 3].text != "<":
            return []
        element = code[index - 2].text
        if element not in _SIZES:
            return []
        return [Declaration(code[index].text, code[index - 4].start, f"std::vector<{element}>",
                            None, False, _SIZES[element], element)]

    # ---- launches ----------------------------------------------------------------
    @cached_property
    def launches(self) -> list[Launch]:
        code = self.code
        found = []
        for index, token in enumerate(code):
            if token.text != "<<<" or index == 0:
                continue
            end = closing(code, index)
            name_index = index - 1
            if code[name_index].text == ">":  # kernel<T><<<...>>>
                depth = 0
                while name_index > 0:
                    depth += {">": 1, "<": -1}.get(code[name_index].text, 0)
                    name_index -= 1
                    if depth == 0:
                        break
            if end + 1 < len(code) and code[end + 1].text == "(":
                found.append(Launch(code[name_index].text, name_index,
                                    tuple(arguments(code, index)),
                                    tuple(arguments(code, end + 1))))
        return found


def _latest(declarations: list[Declaration], name: str, offset: int) -> Declaration | None:
    best = None
    for declaration in declarations:
        if declaration.start > offset:
            break
        if declaration.name == name:
            best = declaration
    return best


def _is_function_header(words: list[str]) -> bool:
    """``... name ( parameters ) qualifiers`` without a control keyword or ``=``."""
    if "(" not in words or ")" not in words:
        return False
    first = words.index("(")
    if first == 0 or words[first - 1] in _NOT_FUNCTIONS or "=" in words[:first]:
        return False
    if words[0] in _NOT_FUNCTIONS or words[-1] in ("=", "]"):
        return False
    return not any(w in ("if", "for", "while", "switch") for w in words[:first])
