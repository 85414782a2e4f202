"""Renames CUDA API identifiers to their HIP (or ROC/MIOpen) counterparts.

What it does
------------
Every identifier in code that the CUDA->HIP table knows (runtime, driver, complex,
cuBLAS, cuRAND, cuSPARSE, cuSOLVER, cuFFT, cuDNN, CUB, RTC and device functions and
types) is replaced by its counterpart chosen by the options (``--roc``, ``--miopen``,
``--experimental``, ``--amap``, ``--hip-version``). Names that cannot be translated are
left as they are and reported with the reason, and so are identifiers that look like
CUDA API names (``cuda*``, ``cu*``, ``CU_*``, ``CUBLAS_*``...) but are in no table,
unless the file itself defines them (a ``CUDA_CHECK`` macro, a ``cudaStatus`` variable).

Why
---
HIP mirrors the CUDA APIs under other names; a port is mostly these renames.

Example (CUDA)
--------------
```
cudaStream_t stream;
cudaStreamCreate(&stream);
cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &a, A, m, B, k, &b, C, m);
```

Output (HIP)
------------
```
hipStream_t stream;
hipStreamCreate(&stream);
hipblasSgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &a, A, m, B, k, &b, C, m);
```

Limits
------
Unknown names qualified by a namespace or class (``thrust::cuda_cub::``) are not
reported. Whole identifiers only: names inside comments and string literals (except with
``--hipify-compat``, which renames table names inside string literals as
hipify-clang does), member names after
``.`` or ``->`` and identifiers that merely contain a CUDA name are left alone. Names
spelled by token pasting in macros (``cuda ## Malloc``) are not seen. Table names whose
HIP name is the same (``atomicAdd``, ``sinf``) are neither edited nor counted, and
unsupported device functions with such plain names (``umin``, ``saturate``, ``mul24``,
which files often define themselves) are not reported. A file's own declarations are
recognised by their shape (``TYPE name =``, ``#define name``); in a tree migration so are
those of every file of the project (``project_names``), so an unknown name declared only
in a header outside the tree is reported. Arithmetic with a directed rounding mode
(``__fadd_rd``, ``__dmul_ru``, ``__fmaf_rz``) is reported with what to use instead: HIP 5.2
declares it only under ``OCML_BASIC_ROUNDED_OPERATIONS`` and then fails to link; the
``_rn`` forms keep their names (HIP has them), and the half-precision ``__hadd_rn``-style
forms become ``__hadd``. Unknown names in ``#if``/``#ifdef`` tests are
build switches and are not reported. The include guards of CUDA headers that helpers test
(``#ifdef CUBLAS_API_H_``, ``__CUDA_RUNTIME_H__``, ``__cuda_cuda_h__``) become the
documented version macro of the HIP or ROC header that replaces the CUDA one
(``hipblasVersionMajor``, ``HIP_VERSION``), not AMD's own include guards. A variable
or member declared with an API name (``int cudaMalloc;``) is the user's and keeps its
name. Caffe2's names
(``cuda_stream``, ``CUDAContext``) are renamed only in files that mention Caffe2 (its
headers or namespace): other libraries use the same words (``rmm::cuda_stream``).
"""

from __future__ import annotations

import functools
import operator
import re
from typing import NamedTuple

from translator.analysis.api_names import (
    KEYWORDS,
    UNKNOWN,
    declared_in_file,
    depends_on_context,
    in_context,
)
from translator.data.names import ApiName, load_names, resolve, resolve_name
from translator.diagnostics import Diagnostic, Usage
from translator.edits import Edit
from translator.options import Options
from translator.rules.base import Findings, Rule
from translator.source.scopes import scope_of, starts_statement
from translator.source.syntax import is_member_name
from translator.unit import API_PREFIXES, Spans, Unit

#: Identifiers with these prefixes are looked up (table names and unknown CUDA names).
PREFIXES = API_PREFIXES
_CONDITIONALS = frozenset({"if", "elif", "ifdef", "ifndef"})


def check(unit: Unit) -> Findings:
    source = unit.source
    usages: list[Usage] = []
    edits: list[Edit] = []
    diagnostics: list[Diagnostic] = []
    add_usage, add_edit = usages.append, edits.append
    # What a name means is decided once per file; decisions that do not depend on the
    # file are kept from file to file.
    common = _common_decisions(unit.options.name_resolution) if unit.names is load_names() else {}
    for name, offsets in _occurrences(unit):
        if name in common:
            decision = common[name]
        else:
            decision, independent = _decide(unit, name)
            if independent and len(common) < _COMMON_LIMIT:
                common[name] = decision
        if decision is None:
            continue
        # Unpacked once per name: the loop below runs for every occurrence.
        entry, reason, api, kind, converted, target_name, special = decision
        renamed = converted and target_name != name
        length = len(name)
        # Declarations of the name as a variable (``cublasStatus_t cublasStatus;``): the
        # variable keeps its name, and so do the uses it hides the API name from.
        declared = [start for start in offsets
                    if source[start + length : start + length + 1] in _MAYBE_DECLARED
                    and _maybe_declared(source, start + length)
                    and _declares(source, start, start + length)]
        hidden = _hidden_by(unit, declared) if declared else ()
        for start in offsets:
            if hidden and any(first <= start < last for first, last in hidden):
                continue
            before = source[start - 1] if start else "\n"
            if before == "." or before == ">" and source[start - 2] == "-" or (
                    before in " \t" and start > 1 and source[start - 2] in " \t.>"
                    and is_member_name(source, start)):
                continue
            end = start + length
            if special:  # unknown, preprocessor or untranslated names: the rare cases
                if not _is_api_use(unit, entry, start, end):
                    continue
                add_usage(_new(Usage, (name, api, kind, start, converted, target_name, reason,
                                       "R101")))
                if renamed:
                    add_edit(_new(Edit, (start, end, target_name, "R101", True)))
                if not converted:
                    diagnostics.append(
                        Diagnostic("R101", f"{name} not translated: {reason}", offset=start))
                continue
            if declared and start in declared:
                continue
            add_usage(_new(Usage, (name, api, kind, start, True, target_name, "", "R101")))
            if renamed:
                add_edit(_new(Edit, (start, end, target_name, "R101", True)))
    # In the order of the text (names were taken one after the other).
    usages.sort(key=_OFFSET)
    edits.sort(key=_START)
    diagnostics.sort(key=_OFFSET)
    if unit.options.hipify_compat:
        edits += _string_renames(unit)
    return Findings(usages, edits, diagnostics)


def _string_renames(unit: Unit) -> list[Edit]:
    """Renames inside plain string literals as hipify-clang makes them (only with
    --hipify-compat): from each ``cu`` on, the text up to the next blank (at least four
    characters on) is looked up whole, and the search goes on after that blank. So
    ``"cudaMalloc failed"`` and ``"cudaFree"`` are renamed, ``"cudaFree, done"`` is not
    (the piece is ``cudaFree,``) and ``"my cudaMalloc x"`` or ``"xcudaMalloc y"`` are."""
    edits = []
    table = unit.names.identifiers
    for token in unit.tokens:
        text = token.text
        if token.kind != "string" or text[:1] != '"' or len(text) < 2 or text[-1] != '"':
            continue
        inner = text[1:-1]
        begin = inner.find("cu")
        while begin >= 0:
            end = inner.find(" ", begin + 4)
            piece = inner[begin:] if end < 0 else inner[begin:end]
            entry = table.get(piece)
            if entry is not None and not entry.is_include:
                target = in_context(entry, resolve(entry, unit.options), unit)
                if target.name and target.name != piece:
                    start = token.start + 1 + begin
                    edits.append(Edit(start, start + len(piece), target.name, "R101"))
            if end < 0:
                break
            begin = inner.find("cu", end + 1)
    return edits


_OFFSET = operator.attrgetter("offset")  # of a Usage or a Diagnostic
_START = operator.attrgetter("start")  # of an Edit
# tuple.__new__ builds the NamedTuples (Usage, Edit) without their Python-level
# constructor: this loop runs for every API name of a file.
_new = tuple.__new__
_MAYBE_DECLARED = frozenset(" \t;=,[)")
_UNKNOWN_REASON = "not in the CUDA->HIP table and not defined in this file"


def _is_api_use(unit: Unit, entry: ApiName | None, start: int, end: int) -> bool:
    """True when the name at START..END is a use of the CUDA API to report or rename: the
    careful path, for unknown names (ENTRY None), preprocessor names and untranslated ones."""
    source = unit.source
    if entry is None:
        if _qualified(source, start):
            return False  # ns::cuda_thing belongs to that namespace, not to the CUDA API
        return not _in_condition(unit, start)  # #ifdef CUDA_DRIVER_API: a build switch
    if _maybe_declared(source, end) and _declares(source, start, end):
        return False
    # R003 gives the tests of preprocessor names their HIP meaning.
    return entry.kind != "preprocessor" or not _in_condition(unit, start)


def _qualified(source: str, start: int) -> bool:
    """True after ``name::`` (a member of a namespace or class, not the global one)."""
    index = start
    while index > 0 and source[index - 1] in " \t":
        index -= 1
    if source[index - 2 : index] != "::":
        return False
    index -= 2
    while index > 0 and source[index - 1] in " \t":
        index -= 1
    return index > 0 and (source[index - 1].isalnum() or source[index - 1] in "_>")


class _Decision(NamedTuple):
    """What a name means in one file (or in every file: ``_common_decisions``)."""

    #: The table's entry, None for an unknown name that looks like a CUDA API name.
    entry: ApiName | None
    #: Why the name is not converted ("" when it is).
    reason: str
    api: str
    kind: str
    converted: bool
    #: The HIP name ("" when not converted).
    target_name: str
    #: The occurrences need the careful path: unknown, untranslated or preprocessor names.
    special: bool


def _decide(unit: Unit, name: str) -> tuple[_Decision | None, bool]:
    """What NAME means in this file (None: skip it), and whether that holds in every
    file (with the same options and name table)."""
    if unit.names is load_names():
        resolved = resolve_name(name, unit.options)  # cached across files
    else:
        entry = unit.names.identifiers.get(name)
        resolved = None if entry is None else (entry, resolve(entry, unit.options))
    if resolved is None:
        if not UNKNOWN.fullmatch(name):
            return None, True
        if name in unit.options.tree.project_names or declared_in_file(unit, name):
            return None, False
        return _Decision(None, _UNKNOWN_REASON, "unknown", "unknown", False, "", True), False
    entry, target = resolved
    if entry.api == "caffe2" and not unit.mentions("caffe2"):
        # Caffe2's names (cuda_stream) are plain words that other libraries use too
        # (rmm::cuda_stream): they are Caffe2's only in a file that uses Caffe2.
        return None, False
    independent = not depends_on_context(entry, target)
    target = in_context(entry, target, unit)
    converted = target.name is not None
    special = not converted or entry.kind == "preprocessor"
    decision = _Decision(entry, target.reason, entry.api, entry.kind, converted,
                         target.name or "", special)
    return decision, independent


_COMMON_LIMIT = 200_000  # names remembered per options (user names with API prefixes too)


@functools.cache
def _common_decisions(resolution: Options) -> dict[str, _Decision | None]:
    """The decisions that hold in every file, under the name resolution options RESOLUTION."""
    return {}


def _occurrences(unit: Unit) -> list[tuple[str, list[int]]]:
    """(name, offsets) of every identifier in code that may concern this rule."""
    found = list(unit.api_offsets.items())
    source = unit.source
    for prefix, names in _other_names(unit.options.name_resolution):
        if not unit.mentions(prefix):  # most are absent: answered with the other texts
            continue
        # str.find skips through a text much faster than a regular expression.
        offsets: dict[str, list[int]] = {}
        start = source.find(prefix)
        while start >= 0:
            end = _WORD_END.match(source, start).end()  # type: ignore[union-attr]  # matches ''
            name = source[start:end]
            if (name in names and unit.regions.in_code(start)
                    and not (start and (source[start - 1].isalnum() or source[start - 1] in "_$"))):
                offsets.setdefault(name, []).append(start)
            start = source.find(prefix, end)
        found += offsets.items()
    return found


_WORD_END = re.compile(r"[\w$]*")


@functools.cache
def _other_names(resolution: Options) -> tuple[tuple[str, frozenset[str]], ...]:
    """The table names without a candidate prefix that RESOLUTION options rename, in groups that
    share six letters (the order in which their occurrences are listed)."""
    groups: dict[str, set[str]] = {}
    for name, entry in load_names().identifiers.items():
        if name.startswith(PREFIXES) or not re.fullmatch(r"[A-Za-z_]\w+", name):
            continue
        if resolve(entry, resolution).name not in (name, None):
            groups.setdefault(name[:6], set()).add(name)
    return tuple((prefix, frozenset(names)) for prefix, names in sorted(groups.items()))


_DECLARATION_END = frozenset(";=,[)")
#: What follows a declared name (``_declares`` checks the rest); a cheap test first.
_maybe_declared = re.compile(r"[ \t]*[;=,\[)]").match
_TYPE_BEFORE = re.compile(rf"(?<![\w$])(?!{KEYWORDS}\b)[A-Za-z_][\w$]*[\s*&]*$")


def _hidden_by(unit: Unit, declarations: list[int]) -> list[tuple[int, int]]:
    """The spans where the variables declared at DECLARATIONS hide the API name: C++'s
    scope of each, from the declaration on (translator/source/scopes.py). Only a
    declaration that begins its statement counts (``x = a * cudaSuccess;`` is no
    declaration, whatever ``_declares`` guessed)."""
    source = unit.source
    brackets = unit.brackets
    spans = []
    for start in declarations:
        type_word = _TYPE_BEFORE.search(source, max(0, start - 64), start)
        if type_word is None or not starts_statement(source, type_word.start()):
            continue
        word = _WORD_AT.match(source, type_word.start())
        if word is not None and word.group() not in _NOT_VARIABLES:
            spans.append(scope_of(source, brackets, start))
    return spans


#: Words before a declared name that make it no variable (an alias, a type, a macro).
_NOT_VARIABLES = frozenset({"using", "typedef", "namespace", "struct", "class", "union",
                            "enum", "typename", "template", "friend", "define", "concept"})


def _declares(source: str, start: int, end: int) -> bool:
    """True when the name at START..END is being declared as a variable or member
    (``int cudaMalloc;``, ``float cudaSuccess = 1``): a user's own name, not the API."""
    after = end
    while after < len(source) and source[after] in " \t":
        after += 1
    if after >= len(source) or source[after] not in _DECLARATION_END:
        return False
    if source[after] == "=" and source[after + 1 : after + 2] == "=":
        return False
    before = start - 1
    while before >= 0 and source[before] in " \t":
        before -= 1
    if before < 0 or not (source[before].isalnum() or source[before] in "_$*&"):
        return False  # after "(", ",", "=", an operator...: a use, not a declaration
    type_word = _TYPE_BEFORE.search(source, max(0, start - 64), start)
    if type_word is None:
        return False
    if source[before] in "*&":
        # "T *name" or "flags & name": a declarator only after what reads as a type
        word = _WORD_AT.match(source, type_word.start())
        return word is not None and _looks_like_type(word.group())
    return True


_WORD_AT = re.compile(r"[A-Za-z_][\w$]*")
_BUILTIN_TYPES = frozenset({"void", "bool", "char", "short", "int", "long", "float", "double",
                            "unsigned", "signed", "auto", "size_t", "const", "volatile",
                            "half", "dim3"})


def _looks_like_type(word: str) -> bool:
    """True for a word that names a type by its look: a built-in type, a ``_t`` name, a
    capitalised name (``Matrix``), or a type of the API table (``cudaStream_t``)."""
    if word in _BUILTIN_TYPES or word.endswith("_t") or word[:1].isupper():
        return True
    entry = load_names().identifiers.get(word)
    return entry is not None and entry.kind in ("type", "device_type")


def _in_condition(unit: Unit, start: int) -> bool:
    """True when START is in the test of an ``#if``, ``#elif``, ``#ifdef`` or ``#ifndef``."""
    return start in unit.fact(_condition_spans)


def _condition_spans(unit: Unit) -> Spans:
    return Spans((d.start, d.end) for d in unit.conditionals if d.keyword in _CONDITIONALS)


RULE = Rule(
    code="R101",
    name="cuda-api-name",
    summary="Rename CUDA API identifiers to HIP/ROC names from the API table",
    check=check,
    category="unsupported-api",
    doc=__doc__,
    mentions=("caffe2",),
)
