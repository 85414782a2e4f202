"""Code a project already wrote for HIP, which no rewrite rule may touch.

Many projects build for ROCm through their own macros. rocport leaves three kinds of
code as the project wrote it (the engine drops every edit, name use and rewrite finding
inside them; ``R004`` says why where it matters):

- **HIP groups**: an ``#if``/``#ifdef``/``#ifndef`` group any of whose conditions tests
  a HIP or ROCm macro (``__HIP_PLATFORM_AMD__``, ``__HIPCC__``, ``USE_ROCM``,
  ``FOO_USE_HIP``..., plus the macros the project's build defines only for its HIP
  build, ``Options.tree.hip_macros``). Its HIP branch is the project's port; its CUDA
  alternative is what that port replaces, so translating it would make a second HIP path.
  The branch an AMD build takes is not protected: code written for PyTorch's build-time
  hipify (``#ifdef USE_ROCM`` around ``cudaStream_t``) still spells CUDA names there,
  which hipcc needs translated.
- **Definitions of CUDA names**: the name that ``#define``, ``using NAME =``,
  ``typedef ... NAME;``, ``namespace NAME =`` or a function definition (with a body, at
  file scope) defines is the project's own (``#define cudaMalloc hipMalloc``, ``namespace cub =
  hipcub;``): its uses are renamed, the definition keeps its name (except
  ``#define __CUDACC__``, which names the compiler: it becomes ``#define __HIPCC__`` as the
  file's tests of it do). A definition written
  in CUDA's own terms (``typedef struct CUstream_st *cudaStream_t;``, a copy of a CUDA
  declaration) is CUDA's and is translated. A reverse shim line (``#define hipMalloc
  cudaMalloc``) is kept whole.
- **Blocks kept off on HIP**: a version or feature gate whose block uses names HIP lacks
  at the target version (``R003`` decides, ``translator.analysis.gates.kept_off_blocks``).

The first two are found here; ``translator.analysis.protected_code`` gathers all three.

Limits: conditions are read from their tokens (a HIP macro reached only through another
macro is not seen); definitions are recognised by their shape, as R101 recognises them.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from translator.source.preprocessor import PREDEFINED, evaluate
from translator.source.scan import Directive
from translator.source.tokens import directive_matches
from translator.unit import Unit

__all__ = ["HIP_MACRO", "HipGroup", "Branch", "is_hip_macro", "hip_groups", "build_switches",
           "defined_names", "mentions_cuda", "at_file_scope"]

#: Macros that only a HIP/ROCm build defines (compiler, HIP headers or the usual build
#: switches). ``__HIP_PLATFORM_NVIDIA__`` is HIP too: code for HIP on NVIDIA GPUs.
HIP_MACRO = re.compile(
    r"__HIP_PLATFORM_\w+__|__HIPCC__|__HIPCC_RTC__|__HIP__|__HIP_DEVICE_COMPILE__"
    r"|__HIP_ROCclr__|USE_ROCM|USE_HIP|\w+_USE_(?:HIP|ROCM)"
)
_CONDITIONS = frozenset({"if", "ifdef", "ifndef", "elif", "elifdef", "elifndef"})
_OPENING = frozenset({"if", "ifdef", "ifndef"})
_NVIDIA_PLATFORM = frozenset({"__HIP_PLATFORM_NVIDIA__", "__HIP_PLATFORM_NVCC__"})


def is_hip_macro(name: str, extra: tuple[str, ...] = ()) -> bool:
    return name in extra or HIP_MACRO.fullmatch(name) is not None


#: HIP macros that the compiler or the HIP headers define: not a project's build switch.
_COMPILER_DEFINED = re.compile(
    r"__HIP_PLATFORM_\w+__|__HIPCC__|__HIPCC_RTC__|__HIP__|__HIP_DEVICE_COMPILE__|__HIP_ROCclr__")


def build_switches(unit: Unit) -> list[str]:
    """The HIP macros UNIT's HIP groups test that a build defines, not the compiler
    (``USE_ROCM``, ``FOO_USE_HIP``, ``Options.tree.hip_macros``), group by group: the
    switches the project's ROCm build must define."""
    found: dict[str, None] = {}
    for group in hip_groups(unit):
        for name in group.macros:
            if not _COMPILER_DEFINED.fullmatch(name):
                found.setdefault(name)
    return list(found)


@dataclass(frozen=True)
class Branch:
    """One branch of a group: its directive and body, and whether a HIP build and a CUDA
    build take it (None when rocport cannot tell)."""

    directive: Directive
    body_start: int
    body_end: int
    on_hip: bool | None
    on_cuda: bool | None


@dataclass(frozen=True)
class HipGroup:
    """An outermost ``#if`` ... ``#endif`` group whose conditions test a HIP macro."""

    start: int
    end: int
    branches: tuple[Branch, ...]
    macros: tuple[str, ...]  # the HIP macros its conditions test


def hip_groups(unit: Unit) -> list[HipGroup]:
    """UNIT's HIP groups, outermost only, in order (computed once per unit)."""
    return unit.fact(_hip_groups)


def _hip_groups(unit: Unit) -> list[HipGroup]:
    source = unit.source
    extra = unit.options.tree.hip_macros
    if (not unit.mentions("HIP") and not unit.mentions("ROCM")
            and not any(m in source for m in extra)):
        return []
    groups: list[HipGroup] = []
    # frame: [directives of the chain, HIP macros mentioned]
    stack: list[list] = []
    for directive in unit.conditionals:
        keyword = directive.keyword
        if keyword in _OPENING:
            stack.append([[directive], set()])
        elif not stack:
            continue
        else:
            stack[-1][0].append(directive)
        if keyword in _CONDITIONS:
            stack[-1][1].update(t.text for t in directive.tokens
                                if t.kind == "ident" and is_hip_macro(t.text, extra))
        if keyword == "endif":
            chain, macros = stack.pop()
            if macros and not any(m for frame in stack for m in frame[1]):
                groups.append(_group(chain, macros, len(source)))
    groups.sort(key=lambda group: group.start)
    outermost: list[HipGroup] = []
    for group in groups:
        if not outermost or group.start >= outermost[-1].end:
            outermost.append(group)
    return outermost


def _group(chain: list[Directive], macros: set[str], length: int) -> HipGroup:
    # The host pass of a HIP build: branches for the device pass alone are HIP code too.
    hip_world = {**{m: ("1",) for m in macros
                    if m not in _NVIDIA_PLATFORM and m != "__HIP_DEVICE_COMPILE__"},
                 "__HIPCC__": ("1",), "__HIP__": ("1",), "__HIP_PLATFORM_AMD__": ("1",)}
    cuda_world = {name: (value,) for name, value in PREDEFINED.items()}
    branches = []
    state = {"hip": "open", "cuda": "open"}
    for index, directive in enumerate(chain[:-1]):
        following = chain[index + 1]
        on_hip = _taken(directive, hip_world, state, "hip")
        on_cuda = _taken(directive, cuda_world, state, "cuda")
        branches.append(Branch(directive, directive.end, following.start, on_hip, on_cuda))
    end = chain[-1].end
    return HipGroup(chain[0].start, min(end, length), tuple(branches), tuple(sorted(macros)))


def _taken(directive: Directive, macros: dict, state: dict, world: str) -> bool | None:
    """Whether the branch of DIRECTIVE is taken in WORLD, given the earlier branches
    (STATE[WORLD]: "open", "taken" once one was, "unknown" after an undecidable one)."""
    if state[world] == "taken":
        return False
    keyword = directive.keyword
    tokens = directive.tokens
    if keyword == "else":
        value: bool | None = True
    elif keyword in ("ifdef", "elifdef", "ifndef", "elifndef"):
        value = bool(tokens) and tokens[0].text in macros
        value = not value if keyword.endswith("ndef") else value
    else:
        result = evaluate([t.text for t in tokens], macros)
        value = None if result is None else result != 0
    if state[world] == "unknown":
        return None if value is not False else False
    if value is None:
        state[world] = "unknown"
    elif value:
        state[world] = "taken"
    return value


def defined_names(unit: Unit) -> list[tuple[int, int]]:
    """Spans of CUDA table names that UNIT defines as its own (see the module docs), and
    of whole reverse shim lines (``#define hipMalloc cudaMalloc``)."""
    return unit.fact(_defined_names)


#: Macros that name the CUDA compiler: a file that defines one (``#define __CUDACC__``)
#: gets the HIP compiler's name (``__HIPCC__``), as its tests of the macro do.
_COMPILER_MACROS = frozenset({"__CUDACC__"})
#: A #define and its name, from the "#" (``directive_matches`` finds those that begin a line).
_DEFINE = re.compile(r"#[ \t]*define[ \t]+([A-Za-z_]\w*)")
# Each keyword comes before the lookbehind that makes it a whole word, and each has a
# pattern of its own: a pattern that starts with a lookbehind or an alternation loses the
# regex engine's fast scan for its first letters (30 and 5 times slower).
_ALIASES = tuple(re.compile(keyword + r"(?<![\w$]" + keyword + r")[ \t]+([A-Za-z_]\w*)[ \t]*=(?!=)")
                 for keyword in ("using", "namespace"))
_TYPEDEF = re.compile(r"typedef(?<![\w$]typedef)(?![\w$])")
_IDENT = re.compile(r"[A-Za-z_]\w*")
_CALLABLE = re.compile(r"[ \t]*\(")
_NOT_TYPE = frozenset({"return", "else", "case", "goto", "throw", "new", "delete", "sizeof",
                       "co_return", "co_yield", "do", "operator", "if", "while", "for",
                       "switch", "and", "or", "not", "defined"})
_BRACE = re.compile(r"[{}]")
_POINTER_NAME = re.compile(r"\(\s*(?:[A-Za-z_]\w*\s+)*\*\s*([A-Za-z_]\w*)\s*\)")
_AFTER_PARAMETERS = re.compile(r"(?:\s|const\b|noexcept\b|override\b|final\b)*\{")


def _defined_names(unit: Unit) -> list[tuple[int, int]]:
    source = unit.source
    table = unit.names.identifiers
    regions = unit.regions
    spans: list[tuple[int, int]] = []
    logical_end = 0  # a "#define" on a spliced line of the previous one is no directive
    for match in directive_matches(_DEFINE, source):
        start, end = match.span(1)
        line = source.rfind("\n", 0, match.start()) + 1
        if line < logical_end or not regions.in_code(line):
            continue
        name = match.group(1)
        if name in _COMPILER_MACROS:
            continue  # the file pretends to be nvcc's: its tests of the name are renamed
        body_start = end
        line_end = logical_end = _line_end(source, end)
        body = source[body_start:line_end]
        if name in table:
            if body.startswith("("):  # the parameters belong to the definition
                close = body.find(")")
                end = end + close + 1 if close >= 0 else end
                body = body[close + 1:] if close >= 0 else ""
            if not mentions_cuda(unit, body):
                spans.append((start, end))
        elif _reverse_shim(table, name, body):
            spans.append((line, line_end))
    for match in itertools.chain.from_iterable(alias.finditer(source) for alias in _ALIASES):
        name = match.group(1)
        if name in table and regions.in_code(match.start()):
            statement_end = source.find(";", match.end())
            rest = source[match.end(): statement_end if statement_end >= 0 else len(source)]
            if not mentions_cuda(unit, rest):
                spans.append(match.span(1))
    for match in _TYPEDEF.finditer(source):
        if not regions.in_code(match.start()):
            continue
        named = _typedef_name(source, match.end())
        if named is None:
            continue
        start, end, statement = named
        if source[start:end] in table and not mentions_cuda(
                unit, source[match.end():start] + source[end:statement]):
            spans.append((start, end))
    spans.extend(_function_definitions(unit))
    return sorted(spans)


def _line_end(source: str, position: int) -> int:
    while True:
        newline = source.find("\n", position)
        if newline < 0:
            return len(source)
        if source[newline - 1 : newline] != "\\" and source[newline - 2 : newline] != "\\\r":
            return newline - (source[newline - 1 : newline] == "\r")
        position = newline + 1


def _reverse_shim(table, name: str, body: str) -> bool:
    """``#define hipMalloc cudaMalloc``: a HIP name defined as its CUDA counterpart."""
    words = body.split()
    if len(words) != 1 or words[0] not in table:
        return False
    entry = table[words[0]]
    return name in (entry.hip, entry.roc)


def _typedef_name(source: str, position: int) -> tuple[int, int, int] | None:
    """(start, end) of the name a typedef at POSITION declares, and the end of the
    statement: the last identifier before its ``;`` outside braces and parentheses
    (``(*name)`` counts: a function pointer type)."""
    depth = 0
    last: tuple[int, int] | None = None
    words = 0
    index = position
    limit = min(len(source), position + 4000)
    while index < limit:
        char = source[index]
        if char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
        elif char == ";" and depth <= 0:
            return (*last, index) if last and words > 1 else None
        elif depth == 0 and (char.isalpha() or char == "_"):
            word = _IDENT.match(source, index)
            assert word is not None  # it starts with a letter or "_"
            last = word.span()
            words += 1
            index = word.end()
            continue
        elif char == "(" and depth == 0:
            inner = _POINTER_NAME.match(source, index, index + 200)
            if inner:
                return inner.start(1), inner.end(1), source.find(";", index)
            depth += 1
        elif char == ")":
            depth -= 1
        index += 1
    return None


def _function_definitions(unit: Unit) -> list[tuple[int, int]]:
    """Spans of table names defined as functions here (a body follows the parameters)."""
    source = unit.source
    table = unit.names.identifiers
    spans = []
    for name, offsets in unit.api_offsets.items():
        if name not in table:
            continue
        for start in offsets:
            end = start + len(name)
            if not _CALLABLE.match(source, end) or not _type_before(source, start):
                continue
            close = _closing_parenthesis(source, source.index("(", end))
            if (close is not None and _AFTER_PARAMETERS.match(source, close + 1)
                    and at_file_scope(unit, start)):
                spans.append((start, end))
    return spans


def at_file_scope(unit: Unit, offset: int) -> bool:
    """True when OFFSET is outside every brace pair: a function defined there stands in
    for the CUDA API itself. One in a namespace or class (``mine::cudaMalloc``) is a
    different function that merely shares the name; it is renamed with its uses."""
    depth = 0
    mask = unit.regions.mask if unit.regions.starts else None
    for match in _BRACE.finditer(unit.source, 0, offset):
        if mask is None or not mask[match.start()]:
            depth += 1 if match.group() == "{" else -1
    return depth <= 0


def _type_before(source: str, start: int) -> bool:
    """True when a type (an identifier that is no keyword, ``*``, ``&`` or ``>``) ends
    right before START: the name is being declared, not called."""
    index = start - 1
    while index >= 0 and source[index] in " \t\r\n":
        index -= 1
    if index < 0:
        return False
    if source[index] in "*&>":
        return True
    if not (source[index].isalnum() or source[index] == "_"):
        return False
    word_start = index
    while word_start > 0 and (source[word_start - 1].isalnum() or source[word_start - 1] == "_"):
        word_start -= 1
    if source[word_start - 1 : word_start] in (".", ">", ":"):
        return False
    return source[word_start : index + 1] not in _NOT_TYPE and not source[word_start].isdigit()


def _closing_parenthesis(source: str, opening: int) -> int | None:
    depth = 0
    for index in range(opening, min(len(source), opening + 2000)):
        char = source[index]
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return index
    return None


def mentions_cuda(unit: Unit, text: str) -> bool:
    """True when TEXT names a CUDA-only spelling from the table (one whose HIP name
    differs): a definition written in CUDA's own terms."""
    table = unit.names.identifiers
    for word in _IDENT.findall(text):
        entry = table.get(word)
        if entry is not None and entry.hip != word:
            return True
    return False
