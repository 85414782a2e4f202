"""Facts that hazard rules share: functions and where they run, constants, thread
indices, pointer origins and kernel launches.

``facts_of(unit)`` (the unit's ``Facts``, a fact of the unit) answers from tokens first
and asks clang (``translator.analysis.clang``) when tokens cannot answer: the type of a
variable whose type is not a built-in one (typedefs, structs, templates), the size of
``__shared__`` data of
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
import operator
import os
import re
from collections.abc import Callable, Iterable, KeysView, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from translator.analysis.clang import Function, Node, ParseResult
from translator.analysis.dataflow import Origin, pointer_origins
from translator.analysis.expressions import CodeTokens, arguments, closing, fold, within
from translator.analysis.functions import (
    MEMBER_ACCESS,
    Declaration,
    TemplateScope,
    template_scopes,
    token_declarations,
    token_functions,
    token_origins,
)
from translator.analysis.header_constants import (
    code_constants,
    header_constants,
    macro_definitions,
)
from translator.analysis.parsed import parse_attempted, parsed_of
from translator.lazy_facts import LazyFacts
from translator.options import Options
from translator.source.tokens import Token, token_positions, tokenize_code
from translator.unit import API_PREFIXES, Unit

__all__ = ["Facts", "facts_of", "Declaration", "Launch", "wave_size", "lds_limit",
           "THREAD_SOURCES", "last_between"]

#: Identifiers whose value depends on the thread's position in its block or warp.
THREAD_SOURCES = frozenset({"threadIdx", "thread_rank", "__lane_id", "laneid", "__laneid"})
#: Variable names that by convention hold a lane or warp index.
LANE_NAME = re.compile(r"(?i)^(lane|warp|wid|tid|thread_?id|tx|ltid|lid)")
_CAST_WORDS = frozenset({"void", "const", "char", "reinterpret_cast", "static_cast",
                         "const_cast"})
#: Words of a constant expression: macros and constants (UPPER_CASE, kName), sizeof, types.
_CONSTANT_WORD = re.compile(r"^([A-Z][A-Z0-9_]*|k[A-Z]\w*|sizeof|alignof|struct|[A-Z]\w*_t|"
                            r"unsigned|signed|int|long|short|char|float|double|size_t|[A-Z]\w*)$")
#: Words between a declaration's type and its name (``const T *__restrict__ p``).
_DECLARATOR_WORDS = frozenset({"*", "&", "&&", "const", "volatile", "__restrict__", "__restrict"})
#: Types clang spells as the type they stand for: deduced ones.
_DEDUCED = frozenset({"auto", "decltype", "__typeof__", "typeof", "__auto_type"})
#: Attributes between a declaration's type and its name (``T __align__(8) x``).
_ATTRIBUTE_WORDS = frozenset({"__attribute__", "__align__", "alignas", "__declspec"})
#: A key to bisect tokens by offset (no list of every token's start).
_START = operator.attrgetter("start")
#: A word spelled like a macro: a type made by one is spelled by clang as its expansion.
_MACRO_WORD = re.compile(r"[A-Z][A-Z0-9_]+$")  # not T, a template parameter
#: Macros that tell HIP/ROCm/AMD builds apart (``__HIP_PLATFORM_AMD__``, ``USE_ROCM``...).
_PLATFORM = re.compile(r"_*(HIP|ROCM|AMDGCN|AMD)\w*$|\w*_(HIP|ROCM|HIPBLAS|AMD)\w*$")
_PLATFORM_PARTS = ("HIP", "ROCM", "AMD")  # what every word _PLATFORM matches holds
@dataclass(frozen=True, slots=True)
class Launch:
    """``kernel<<<config>>>(arguments)``; spans are (first, past-last) code-token indexes."""

    kernel: str
    index: int  # code index of the kernel name
    config: tuple[tuple[int, int], ...]
    arguments: tuple[tuple[int, int], ...]


def wave_size(options: Options) -> int:
    """The widest wavefront among the target GPUs (64 on CDNA gfx9, 32 on RDNA)."""
    sizes = [32 if re.match(r"gfx1\d", arch) else 64 for arch in options.offload_archs]
    return max(sizes or [64])


#: LDS (shared memory) per workgroup, in bytes, for the gfx targets rocport knows.
LDS_BYTES = {"gfx950": 160 * 1024}


def lds_limit(options: Options) -> tuple[int, str]:
    """The smallest LDS size among the targets and the target that has it."""
    archs = options.offload_archs or ("gfx942",)
    return min((LDS_BYTES.get(arch, 64 * 1024), arch) for arch in archs)


def facts_of(unit: Unit) -> Facts:
    """UNIT's facts for hazard rules, built once (a fact of the unit)."""
    return unit.fact(Facts)


class Facts(LazyFacts):
    """Per-file facts for hazard rules, computed lazily and once; what they learn per
    function or per name are facts of their own (``LazyFacts``)."""

    def __init__(self, unit: Unit) -> None:
        super().__init__()
        self.unit = unit

    # ---- clang ---------------------------------------------------------------
    @property
    def parsed_already(self) -> ParseResult | None:
        """clang's result if some rule already paid for the parse, else None."""
        unit = self.unit
        if not unit.options.use_clang or not parse_attempted(unit):
            return None
        return parsed_of(unit)

    def parse(self) -> ParseResult | None:
        """clang's result, parsing now if needed (None without clang or when switched off)."""
        return parsed_of(self.unit) if self.unit.options.use_clang else None

    # ---- how far clang saw, function by function ----------------------------------
    #: The first place where a question for clang fell back to tokens because clang's
    #: answer there cannot be trusted (``typed_at``), or None.
    untyped_at: int | None = None

    def typed_at(self, offset: int) -> bool:
        """True when clang's answers at OFFSET can be trusted: no error of the main file
        lies in the function around it (or, outside functions, in its statement). An
        error (a type of a header the tree lacks, an ``#error``) spoils what clang knows
        of that function only: its other functions are analysed with types. Within such
        a function, a value clang computed and a declaration clang did not mark invalid
        are still right; the first place that asked and got neither is remembered
        (``untyped_at``)."""
        spans = self._broken_spans
        if not spans or not any(start <= offset < end for start, end in spans):
            return True  # a few spans at most: one per function with an error
        if self.untyped_at is None:
            self.untyped_at = offset
        return False

    @property
    def _broken_spans(self) -> list[tuple[int, int]]:
        """(start, end) of the function definitions clang reported an error in, and of
        the file-scope statements holding one, sorted by start (none before a parse)."""
        if self.parsed_already is None:
            return []  # found once there is a parse, and kept from then on
        return self.fact(Facts._find_broken_spans)

    def _find_broken_spans(self) -> list[tuple[int, int]]:
        parsed = self.parsed_already
        assert parsed is not None  # asked once the file is parsed
        starts, source = self.unit.line_starts, self.unit.source
        errors = sorted(starts[min(m.line, len(starts)) - 1] + max(m.column - 1, 0)
                        for m in parsed.errors if m.in_main_file)
        if not errors:
            return []
        spans = set()
        functions = parsed.functions
        for offset in errors:
            around = [f for f in functions if f.start <= offset < f.end]
            if around:
                inner = max(around, key=lambda f: f.start)
                spans.add((inner.start, inner.end))
                continue
            index = min(self.index_at(offset), len(self.code) - 1)
            first = index
            while first > 0 and self.code[first - 1].text not in (";", "{", "}"):
                first -= 1
            last = index
            while last < len(self.code) - 1 and self.code[last].text not in (";", "}"):
                last += 1
            if self.code:
                spans.add((min(self.code[first].start, offset),
                           max(self.code[last].end, offset + 1)))
            else:
                spans.add((offset, len(source)))
        return sorted(spans)

    # ---- tokens -------------------------------------------------------------
    @cached_property
    def code(self) -> list[Token]:
        """Code tokens outside preprocessor directives."""
        # the directives' tokens are never built (directives are in order, disjoint)
        directives = self.unit.directives
        outside = ([d.start for d in directives], [d.end for d in directives])
        return CodeTokens(tokenize_code(self.unit.source, outside if directives else None))

    @cached_property
    def type_names(self) -> frozenset[str]:
        """Names the file declares as types (struct/class/union/enum, typedef, using, and
        template parameters declared ``typename``)."""
        # from the keywords' places, not a pass over every token
        code, positions = self.code, self._positions
        names: set[str] = set()
        last = len(code) - 1
        for keyword in ("struct", "class", "union", "enum"):
            names.update(code[index + 1].text for index in positions.get(keyword, ())
                         if index < last and code[index + 1].kind == "ident")
        names.update(code[index + 1].text for index in positions.get("using", ())
                     if index + 2 < len(code) and code[index + 2].text == "=")
        # template <typename T, typename U = int, typename... Ts>
        names.update(code[index + 1].text for index in positions.get("typename", ())
                     if index + 2 < len(code) and code[index + 1].kind == "ident"
                     and code[index + 2].text in (",", ">", "=", ">>"))
        names.update(code[index + 2].text for index in positions.get("typename", ())
                     if index + 3 < len(code) and code[index + 1].text == "..."
                     and code[index + 2].kind == "ident")
        for index in positions.get("typedef", ()):
            if index >= last:
                continue
            end = index
            while end < len(code) and code[end].text != ";":
                end += 1
            if code[end - 1].kind == "ident":
                names.add(code[end - 1].text)
        return frozenset(names)

    @property
    def _positions(self) -> dict[str, list[int]]:
        """The code-token indexes of each identifier."""
        return self._token_positions[1]

    def indexes_within(self, text: str, first: int, last: int) -> list[int]:
        """``indexes_of(TEXT)`` from FIRST to LAST (excluded): those in a function body."""
        return within(self.indexes_of(text), first, last)

    def indexes_within_any(self, texts: Iterable[str], first: int, last: int) -> list[int]:
        """``indexes_within`` of each of TEXTS, together in code order."""
        return sorted(index for text in texts for index in self.indexes_within(text, first, last))

    @cached_property
    def _token_positions(self) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
        # one pass for all texts: rules ask for about twenty-five of them per file
        return token_positions(self.code)

    def occurrences(self, names: Iterable[str]) -> list[int]:
        """Code-token indexes of the identifiers NAMES, in source order."""
        positions = self._positions
        found = [i for name in names for i in positions.get(name, ())]
        return sorted(found)

    def latest(self, name: str, keep: Callable[[list[Token], int], bool], first: int,
               last: int) -> int | None:
        """The last code index between FIRST and LAST (both excluded) where the identifier
        NAME occurs and ``KEEP(code, index)`` holds, or None.

        The indexes where KEEP (a module-level function: it is a key) holds are listed
        once per (KEEP, NAME), so that rules looking back from each of many uses for the
        latest definition of a name cost a search, not a walk back over the function.
        """
        return last_between(self.fact(Facts._kept_places, keep, name), first, last)

    def _kept_places(self, keep: Callable[[list[Token], int], bool], name: str) -> list[int]:
        code = self.code
        return [index for index in self._positions.get(name, ()) if keep(code, index)]

    def contains(self, text: str, first: int, last: int) -> bool:
        """True when a code token with TEXT lies at an index from FIRST to LAST (excluded);
        the indexes of each TEXT asked are listed once."""
        indexes = self.indexes_of(text)
        position = bisect.bisect_left(indexes, first)
        return position < len(indexes) and indexes[position] < last

    def indexes_of(self, text: str) -> list[int]:
        """The code-token indexes where TEXT is, in order, for rules that look for a rare
        operator or keyword instead of at every token."""
        return self._token_positions[0].get(text, [])

    @property
    def identifier_names(self) -> KeysView[str]:
        """The identifiers of the code (``occurrences`` says where they are)."""
        return self._positions.keys()

    def occurrences_matching(self, pattern: re.Pattern[str]) -> list[int]:
        """``occurrences`` of the identifiers that PATTERN finds a match in (listed once
        per pattern: rules ask per function)."""
        return self.fact(Facts._find_occurrences_matching, pattern)

    def _find_occurrences_matching(self, pattern: re.Pattern[str]) -> list[int]:
        return self.occurrences([name for name in self._positions if pattern.search(name)])

    def index_at(self, offset: int) -> int:
        """Index of the first code token starting at or after OFFSET (a file asks a few
        dozen times: a list of every token's start cost more than bisecting by key)."""
        return bisect.bisect_left(self.code, offset, key=_START)

    @cached_property
    def macros(self) -> dict[str, list[Token]]:
        """Object-like macros defined in the file, and ``const``/``constexpr`` integers."""
        found = dict(macro_definitions(self.unit))  # the last #define of a name
        code = self.code
        for name, first, last in code_constants(self):
            found.setdefault(name, code[first:last])
        return found

    @cached_property
    def _macro_names(self) -> frozenset[str]:
        """The names the file's ``#define`` directives define."""
        return frozenset(directive.tokens[0].text for directive in self.unit.directives
                         if directive.keyword == "define" and directive.tokens)

    @cached_property
    def _macro_body_names(self) -> frozenset[str]:
        """Identifiers in the bodies of the file's ``#define`` directives."""
        return frozenset(token.text for directive in self.unit.directives
                         if directive.keyword == "define"
                         for token in directive.tokens[1:] if token.kind == "ident")

    def fold_span(self, first: int, last: int) -> int | None:
        return fold(self.code[first:last], self.macros)

    def constant_value(self, first: int, last: int) -> int | None:
        """clang's value of the constant expression spelled by code tokens FIRST..LAST,
        for spans tokens cannot fold: ``sizeof`` of user types, constants from headers.
        Asks clang only when the span looks constant (no lower-case variable names)."""
        words = [t for t in self.code[first:last] if t.kind == "ident"]
        if not words or not all(_CONSTANT_WORD.match(t.text) for t in words):
            return None
        if self.mentions_dependent_name(first, last):
            return None  # value-dependent: clang has no value for it either, after a parse
        from_headers = self.header_value(first, last)
        if from_headers is not None:
            return from_headers
        parsed = self.parse()
        if parsed is None:
            return None
        start, end = self.code[first].start, self.code[last - 1].end
        for node in self._expressions_at(start):
            if node.end != end:
                continue
            value = node.evaluate()
            if isinstance(value, int):
                return value  # a value clang computed is right, errors elsewhere or not
        self.typed_at(start)  # no value: because of an error around it?
        return None

    def header_value(self, first: int, last: int) -> int | None:
        """The value of code tokens FIRST..LAST folded with the constants of the tree
        headers the file includes (``header_constants``; with clang on only, in a tree):
        clang's value, without a parse."""
        if not self.unit.options.use_clang:
            return None
        names = self._header_constants
        if not names:
            return None
        value = fold(self.code[first:last], {**names, **self.macros})
        return value if isinstance(value, int) else None

    @cached_property
    def _header_constants(self) -> dict[str, list[Token]]:
        """The constants of the tree headers the file includes, but for names the file
        declares or assigns itself and those the options define: clang would see those
        (in a tree migration only: a file alone has no tree to read)."""
        options = self.unit.options
        if not options.tree.tree_root:
            return {}
        main = os.path.join(options.tree.tree_root, self.unit.path)
        found = header_constants(self.unit.source, os.path.dirname(main), options.include_dirs,
                                 facts_of)
        defined = [*options.defines, *(a[2:] for a in options.clang_args if a.startswith("-D"))]
        for definition in defined:
            found.pop(re.split(r"[=(]", definition, maxsplit=1)[0], None)
        code, positions = self.code, self._positions
        return {name: value for name, value in found.items()
                if not any(_declares(code, index) for index in positions.get(name, ()))}

    @cached_property
    def template_scopes(self) -> list[TemplateScope]:
        """The file's ``template <...>`` declarations with named parameters, in code order
        (``translator.analysis.functions.template_scopes``)."""
        return template_scopes(self.code, self.indexes_of)

    def dependent_names_at(self, index: int) -> frozenset[str]:
        """The names whose meaning depends on template arguments at code token INDEX: the
        parameters of every template declaration (class, function, member) that holds
        it, and the aliases and constants declared there from them."""
        names: frozenset[str] = frozenset()
        for scope in self.template_scopes:
            if scope.first > index:
                break
            if index <= scope.last:
                names |= scope.names
        return names

    def mentions_dependent_name(self, first: int, last: int) -> bool:
        """True when code tokens FIRST..LAST name one of ``dependent_names_at`` (not as a
        member: ``Config::kThreads`` is another name), so that their value is known only
        once the template is instantiated."""
        names = self.dependent_names_at(first)
        code = self.code
        return bool(names) and any(
            code[i].text in names and (i == 0 or code[i - 1].text not in MEMBER_ACCESS)
            for i in range(first, last))

    @cached_property
    def _top_declarations(self) -> list[Node]:
        parsed = self.parse()
        assert parsed is not None  # only constant_value asks, once the file is parsed
        return parsed.root.main_file_children()

    def _expressions_at(self, start: int) -> list[Node]:
        """clang's expression nodes of the main file that start at START, outermost first.

        Only the top-level declarations whose extents hold START are searched, and in
        them only the subtrees that hold it (``Node.starting_at``)."""
        found: list[Node] = []
        for top in self._top_declarations:
            if top.start <= start <= top.end:
                found += [node for node in top.starting_at(start)
                          if node.kind.endswith(("_EXPR", "_LITERAL", "_OPERATOR"))]
        return found

    def text(self, first: int, last: int) -> str:
        last = min(last, len(self.code))
        if last <= first:
            return ""
        return self.unit.source[self.code[first].start:self.code[last - 1].end]

    # ---- preprocessor ----------------------------------------------------------
    @cached_property
    def platform_branches(self) -> list[tuple[int, int]]:
        """Spans of ``#if``...``#endif`` groups that test for HIP, ROCm or AMD (code the
        author already wrote per platform) and of ``#if 0`` branches (never compiled);
        hazard rules leave them alone."""
        spans: list[tuple[int, int]] = []
        stack: list[list] = []  # [start, mentions the platform, start of an #if 0 branch]
        find = self.unit.source.find
        for directive in self.unit.directives:
            keyword = directive.keyword
            # each platform word holds one of these: most directives are not lexed here
            mentions = any(find(word, directive.start, directive.end) >= 0
                           for word in _PLATFORM_PARTS) and any(
                _PLATFORM.match(t.text) for t in directive.tokens)
            if keyword in ("if", "ifdef", "ifndef"):
                dead = keyword == "if" and [t.text for t in directive.tokens] in (["0"], ["false"])
                stack.append([directive.start, mentions, directive.start if dead else None])
            elif keyword in ("elif", "elifdef", "elifndef", "else", "endif") and stack:
                group = stack[-1]
                dead_start = group[2]
                if dead_start is not None:  # the end of an "#if 0" branch: never compiled
                    spans.append((dead_start, directive.start))
                    group[2] = None
                group[1] = group[1] or mentions
                if keyword == "endif":
                    start, aware, _ = stack.pop()
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
        semantic = list(parsed.functions) if parsed is not None else []
        tokens = token_functions(self)
        if semantic:
            # A qualifier macro from a header clang did not find leaves clang a host
            # function; the tokens saw the project's macro (translator/analysis/qualifiers.py).
            marked = {f.body_start: f.target for f in tokens if f.on_device}
            semantic = [replace(f, target=marked[f.body_start])
                        if f.target == "host" and f.body_start in marked else f
                        for f in semantic]
        found = semantic + [
            function for function in tokens if function.name == "<lambda>"
            or not any(f.start <= function.body_start < f.end for f in semantic)]
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

    # ---- data flow ------------------------------------------------------------
    def body_span(self, function: Function) -> tuple[int, int]:
        """Code-token index range of a function's body (found once per function: rules
        ask for the functions of each finding)."""
        return self.fact(Facts._find_body_span, function.body_start, function.end)

    def _find_body_span(self, body_start: int, end: int) -> tuple[int, int]:
        return self.index_at(body_start), self.index_at(end)

    def thread_names(self, function: Function) -> frozenset[str]:
        """Variables of FUNCTION whose value derives from the thread index, and
        parameters or variables whose names say they hold a lane or warp index (found
        once per function: several rules ask)."""
        return self.fact(Facts._find_thread_names, function)

    def _find_thread_names(self, function: Function) -> frozenset[str]:
        code = self.code
        first, last = self.body_span(function)
        names = set()
        # the lane-named identifiers and the assignments, in code order: a variable
        # assigned from a name seen before it counts
        marks = sorted(within(self.occurrences_matching(LANE_NAME), first, last)
                       + self.indexes_within("=", first, last))
        for index in marks:
            token = code[index]
            if token.kind == "ident":
                names.add(token.text)
                continue
            if code[index - 1].kind != "ident":
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

    def _parameter_spans(self, function: Function) -> list[tuple[int, int]]:
        code = self.code
        first = self.index_at(function.start)
        body = self.body_span(function)[0]
        for index in range(first, body):
            if code[index].text == "(":
                return [(index + 1, closing(code, index))]
        return []

    def origins(self, function: Function) -> list[Origin]:
        """Where pointer variables of FUNCTION got their memory, in source order: what
        clang's data flow found (when parsed) together with what the tokens show."""
        return self.fact(Facts._merged_origins, function)

    def _merged_origins(self, function: Function) -> list[Origin]:
        found = token_origins(self, function)
        # clang's data flow adds to the tokens' where the function parsed cleanly
        if function.node is not None and not self._broken(function.start):
            seen = {(o.name, o.kind) for o in found}
            found += [o for o in pointer_origins(function.node)
                      if (o.name, o.kind) not in seen]
        return sorted(found, key=lambda o: o.offset)

    @cached_property
    def global_origins(self) -> dict[str, Origin]:
        """File-scope ``__managed__`` variables (kind ``managed``)."""
        code = self.code
        found = {}
        for index in self._positions.get("__managed__", ()):
            end = index
            while end < len(code) and code[end].text not in (";", "=", "[", "{"):
                end += 1
            if end < len(code) and code[end - 1].kind == "ident":
                found[code[end - 1].text] = Origin(code[end - 1].text, "managed",
                                                   code[index].start)
        return found

    def origin_of(self, name: str, offset: int) -> Origin | None:
        """The latest origin of variable NAME before OFFSET in its function, or a global's."""
        function = self.function_at(offset)
        if function is not None:
            offsets, origins = self._origins_by_name(function).get(name, ((), ()))
            position = bisect.bisect_left(offsets, offset) - 1
            if position >= 0:
                return origins[position]
        return self.global_origins.get(name)

    def _origins_by_name(self, function: Function) -> dict[str, tuple[list[int], list[Origin]]]:
        """The origins of FUNCTION by variable name: (offsets, origins), in source order."""
        return self.fact(Facts._group_origins, function)

    def _group_origins(self, function: Function) -> dict[str, tuple[list[int], list[Origin]]]:
        grouped: dict[str, tuple[list[int], list[Origin]]] = {}
        for origin in self.origins(function):
            offsets, origins = grouped.setdefault(origin.name, ([], []))
            offsets.append(origin.offset)
            origins.append(origin)
        return grouped

    # ---- declarations ---------------------------------------------------------
    def _token_declarations_of(self, name: str) -> list[Declaration]:
        """NAME's variables and parameters whose type tokens can size (built-in types),
        by start; read at NAME's places only, once per name."""
        return self.fact(Facts._find_token_declarations, name)

    def _find_token_declarations(self, name: str) -> list[Declaration]:
        return sorted(token_declarations(self, name), key=lambda d: d.start)

    @cached_property
    def clang_declarations(self) -> list[Declaration]:
        """Every variable and parameter of the file, typed by clang (parses the file), but
        those of functions clang could not analyse (``typed_at``)."""
        typed = [_typed(node) for nodes in self._clang_declaration_nodes.values()
                 for node in nodes]
        for declaration in typed:
            if not declaration.valid:
                self.typed_at(declaration.start)
        return sorted((d for d in typed if d.valid), key=lambda d: d.start)

    def _broken(self, offset: int) -> bool:
        """``not typed_at(OFFSET)``, without remembering the place."""
        remembered = self.untyped_at
        broken = not self.typed_at(offset)
        self.untyped_at = remembered
        return broken

    @cached_property
    def _clang_declaration_nodes(self) -> dict[str, list]:
        """clang's variables and parameters by name, in walk order (parses the file)."""
        parsed = self.parse()
        grouped: dict[str, list] = {}
        if parsed is not None:
            for node in parsed.root.walk():
                if node.kind in ("VAR_DECL", "PARM_DECL"):
                    grouped.setdefault(node.spelling, []).append(node)
        return grouped

    def _clang_declarations_of(self, name: str) -> list[Declaration]:
        """clang's declarations of NAME by start; only the names asked are typed (each
        type question is a few calls into libclang).

        clang is asked at each code token spelled NAME, not walked over the whole file
        (a Python callback per node, most of a parsed file's cost). A declaration a
        macro's expansion makes has its name in the macro's body, not in the code: when
        NAME is in a macro body of the file, the whole file is walked as before."""
        return self.fact(Facts._find_clang_declarations, name)

    def _find_clang_declarations(self, name: str) -> list[Declaration]:
        if self.computed("_clang_declaration_nodes") or name in self._macro_body_names:
            nodes = self._clang_declaration_nodes.get(name, [])
        else:
            parsed = self.parse()
            code = self.code
            nodes = [] if parsed is None else parsed.root.declarations_at(
                name, [code[index].start for index in self._positions.get(name, ())])
        return sorted(map(_typed, nodes), key=lambda d: d.start)

    def declaration(self, name: str, offset: int) -> Declaration | None:
        """The declaration of NAME visible at OFFSET (the latest one before it); asks
        clang when the tokens show none with a known type."""
        if name in _NEVER_DECLARED or self._is_api_type(name):
            return None  # clang would find none either, after a parse of the file
        found = _latest(self._token_declarations_of(name), name, offset)
        if found is None or found.size is None or found.pointer and not found.pointee_size:
            latest = _latest(self._clang_declarations_of(name), name, offset)
            if latest is not None and not latest.valid:
                self.typed_at(latest.start)  # clang could not type it: tokens answer
            else:
                found = latest or found
        return found

    def may_declare(self, name: str, types: frozenset[str]) -> bool:
        """False when no place of NAME in the code can declare it with a type clang spells
        as one of TYPES: the word before each place (past ``*``, ``&`` and qualifiers) is
        another type (``float2``, ``dim3``, a struct, a template's instance) or no type.
        clang spells typedefs as written but expands macros and deduces ``auto``, so a
        deduced type (``auto``, ``decltype(...)``), a macro (a name the file defines, an
        upper-case word) and a name in the file's macro bodies count as maybe, and so
        does a later declarator of a list whose type may be one. Rules that only care
        whether a declaration has one of TYPES ask this first: it spares the parse a
        declaration question needs when the tokens cannot type the name."""
        if name in self._macro_body_names:
            return True  # declared by a macro's expansion, perhaps
        code = self.code
        for index in self._positions.get(name, ()):
            position = index - 1
            while position > 0 and code[position].text in _DECLARATOR_WORDS:
                position -= 1
            before = code[position].text
            if self._may_spell(position, types) or before == "::":
                return True
            if before == "[" and code[position - 1].text in ("auto", "&", "&&"):
                return True  # auto [a, b]: a structured binding
            if before == "," and self._list_may_declare(position, types):
                return True
        return False

    def _may_spell(self, index: int, types: frozenset[str]) -> bool:
        """True when the code token at INDEX may end a type clang spells as one of TYPES:
        one of them, a deduced type, a macro, or the ``)`` of ``decltype(...)``, of a
        macro's arguments or of an attribute."""
        code = self.code
        token = code[index]
        if token.text in types or token.text in _DEDUCED:
            return True
        if token.kind == "ident":
            return bool(_MACRO_WORD.match(token.text)) or token.text in self._macro_names
        if token.text != ")":
            return False
        depth = 0
        while index > 0:
            depth += {")": 1, "(": -1}.get(code[index].text, 0)
            if depth == 0:
                break
            index -= 1
        word = code[index - 1]  # before the "(" that the ")" closes
        return word.text in _ATTRIBUTE_WORDS or word.kind == "ident" and self._may_spell(
            index - 1, types)

    def _list_may_declare(self, comma: int, types: frozenset[str]) -> bool:
        """True when the comma at COMMA may separate declarators of a declaration whose
        type clang spells as one of TYPES (``__half2 a, b`` declares b as a __half2): the
        statement before it holds such a type outside parentheses. A comma inside
        parentheses separates arguments or parameters (each with its own type), except
        in the first part of a ``for``."""
        code = self.code
        position, depth, braces, words = comma - 1, 0, 0, []
        while position >= 0:
            text = code[position].text
            if depth == 0 and (text == ";" or text == "{" and braces == 0):
                break
            if text == ")":
                depth += 1
            elif text == "(":
                if depth == 0:
                    if position == 0 or code[position - 1].text != "for":
                        return False
                    break
                depth -= 1
            elif text in ("}", "{"):  # a declarator's braces: __half2 a{x}, b
                braces += 1 if text == "}" else -1
            elif depth == 0 and braces == 0:
                words.append(position)
            position -= 1
        return any(self._may_spell(word, types) for word in words)

    def _is_api_type(self, name: str) -> bool:
        """A CUDA type of the name table (``curandState``, ``__half2``, ``cudaStream_t``):
        ``sizeof(curandState)`` names no variable."""
        entry = self.unit.names.identifiers.get(name)
        return (entry is not None and entry.kind in ("type", "device_type")
                and name.startswith(API_PREFIXES))  # not texture, which may name a variable

    # ---- launches ----------------------------------------------------------------
    @cached_property
    def launches(self) -> list[Launch]:
        """``k<<<grid, block, shared, stream>>>(args)`` and
        ``cudaLaunchKernel(k, grid, block, args, shared, stream)`` (arguments unknown)."""
        code = self.code
        found = []
        for index in self.occurrences(("cudaLaunchKernel",)):
            if index + 1 < len(code) and code[index + 1].text == "(":
                spans = arguments(code, index + 1)
                names = [i for i in range(*spans[0]) if code[i].kind == "ident"
                         and code[i].text not in _CAST_WORDS] if spans else []
                if names and len(spans) >= 3:
                    config = (spans[1], spans[2], *spans[4:5])
                    found.append(Launch(code[names[-1]].text, names[-1], config, ()))
        for index in self.indexes_of("<<<"):
            if index == 0:
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
        return sorted(found, key=lambda launch: launch.index)


#: Names no variable of a file can have: keywords of the built-in types and CUDA's
#: built-in variables (``blockIdx.x`` is not the member of a variable declared here).
_NEVER_DECLARED = frozenset({
    "void", "bool", "char", "short", "int", "long", "float", "double", "signed", "unsigned",
    "auto", "const", "volatile", "this", "nullptr", "true", "false", "sizeof",
    "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize",
})


#: Words before a name that do not make it a declaration's (``return kRows``).
_NOT_TYPES = frozenset({"return", "case", "sizeof", "alignof", "else", "throw", "co_return",
                        "co_yield", "new", "delete", "typename", "template", "operator"})


#: Words before the ``*`` or ``&`` of a declarator that no product or address ends with.
_POINTEE_ENDS = frozenset({"void", "bool", "char", "short", "int", "long", "float", "double",
                           "signed", "unsigned", "auto", "const", "volatile", "*", "&", ">"})


def _declares(code: list[Token], index: int) -> bool:
    """True when the name at code token INDEX may be declared or assigned there:
    ``int kRows``, ``const T *kRows``, ``std::array<int, 2> kRows``, ``kRows = 4``
    (an enumerator, a variable)."""
    following = code[index + 1].text if index + 1 < len(code) else ""
    if following == "=":
        return True
    if index == 0:
        return False
    before = code[index - 1]
    if before.text in ("*", "&", "&&"):  # int *kRows, not width * kRows
        return index > 1 and code[index - 2].text in _POINTEE_ENDS
    return before.text == ">" or before.kind == "ident" and before.text not in _NOT_TYPES


def last_between(indexes: list[int], first: int, last: int) -> int | None:
    """The largest of the increasing INDEXES strictly between FIRST and LAST, or None."""
    position = bisect.bisect_left(indexes, last) - 1
    return indexes[position] if position >= 0 and indexes[position] > first else None


def _typed(node: Node) -> Declaration:
    if node.is_invalid_declaration:
        return Declaration(node.spelling, node.start, node.type_spelling, None, False, None,
                           "", valid=False)
    return Declaration(node.spelling, node.start, node.type_spelling, node.type_size,
                       node.is_pointer, node.pointee_size, node.pointee_spelling)


def _latest(declarations: Sequence[Declaration], name: str, offset: int) -> Declaration | None:
    best = None
    for declaration in declarations:  # the declarations of one name, by start
        if declaration.start > offset:
            break
        if declaration.name == name:
            best = declaration
    return best


