"""Rewriting calls whose target form takes other arguments (``data/call_signatures.tsv``).

A rule finds a call of a CUDA name (``calls_of``), picks the new callee and an argument
template (``$N``, ``$N...`` and literal text, see the data file), and ``rewrite_call``
turns that into the smallest edits: the callee, and the part of the argument list that
changes. Edits are firm, so the plain renames (fallback edits) inside a rewritten part
give way; the rewritten text carries the table's renames itself (``translate_names``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.api_names import translate_names
from translator.data.names import ApiName
from translator.diagnostics import Diagnostic, Usage
from translator.edits import Edit
from translator.source.syntax import Call, ClosedCalls, call_at, is_member_name, render_arguments
from translator.unit import API_PREFIXES, Unit

__all__ = ["rewrite_call", "calls_of", "closed_calls", "declared_variable"]

_CAST = re.compile(r"reinterpret_cast<(const void\*|void\*\*)>\(\$(\d+)\)")
_ALREADY_VOID = re.compile(
    r"^(?:reinterpret_cast\s*<|static_cast\s*<|\(\s*(?:const\s+)?void\s*\*\s*(?:\*\s*)?\))"
)


def calls_of(unit: Unit, names: frozenset[str] | set[str]) -> Iterator[tuple[str, Call]]:
    """(name, call) for every call in code of one of NAMES (not member calls). NAMES are
    a rule's or a table's (``Unit.mentions`` keeps those it was asked in this process)."""
    source = unit.source
    found = sorted((start, name) for name in names
                   if name.startswith(API_PREFIXES) or unit.mentions(name)  # else a search each
                   for start in unit.whole_identifiers(name))
    for start, name in found:
        if is_member_name(source, start):
            continue
        call = call_at(source, start, start + len(name), closed_calls(unit))
        if call is not None:
            yield name, call


def closed_calls(unit: Unit) -> ClosedCalls:
    """The calls of UNIT that close, for ``call_at`` (one per unit: found at most once)."""
    return unit.fact(_closed_calls)


def _closed_calls(unit: Unit) -> ClosedCalls:
    return ClosedCalls(unit.source, unit.regions)


def declared_variable(unit: Unit, name: str) -> bool | None:
    """How the file declares the variable NAME: True as a device variable (``__device__``,
    ``__constant__``, ``__managed__``), False as another variable, None when it does not
    declare a variable of that name (a function, or a name from elsewhere)."""
    return unit.fact(_declared_variable, name)


def _declared_variable(unit: Unit, name: str) -> bool | None:
    source = unit.source
    found: bool | None = None
    for start in unit.whole_identifiers(name):
        if not _VARIABLE_AFTER.match(source, start + len(name)):
            continue
        statement = max(source.rfind(";", 0, start), source.rfind("{", 0, start),
                        source.rfind("}", 0, start), source.rfind("(", 0, start),
                        source.rfind(",", 0, start), start - 200)
        before = source[statement + 1 : start]
        if not _TYPE_BEFORE.search(before):
            continue
        head = source[max(source.rfind(";", 0, start), source.rfind("}", 0, start),
                          start - 200) + 1 : start]
        device = _DEVICE_QUALIFIER.search(head) is not None
        found = device or bool(found)
    return found


_VARIABLE_AFTER = re.compile(r"\s*[;=,)\[]")
_TYPE_BEFORE = re.compile(
    r"(?:^|[^\w$])(?!(?:return|case|goto|throw|new|delete|sizeof|else|do)\b)"
    r"[A-Za-z_][\w:<>]*\s*[*&]*\s*(?:const\s*[*&]*\s*)?$"
)
_DEVICE_QUALIFIER = re.compile(r"__(?:device|constant|managed)__")


def rewrite_call(
    unit: Unit, call: Call, entry: ApiName | None, new_name: str, template: str | None,
    code: str,
) -> Iterator[Edit | Diagnostic | Usage]:
    """Edits turning CALL into ``new_name(template)`` (TEMPLATE None keeps the arguments)."""
    source = unit.source
    name = source[call.name_start : call.name_end]
    if template is not None:
        rendered = render_arguments(
            _keep_existing_casts(template, call, unit), call, source,
            lambda text: translate_names(text, unit),
        )
        if rendered is None:
            yield Diagnostic(code, f"{name} call has {len(call.arguments)} arguments; "
                             f"{new_name} needs more; left as is", offset=call.name_start)
            return
        start, end = call.argument_span()
        yield from _difference(source, start, end, rendered, code)
    api, kind = (entry.api, entry.kind) if entry else ("runtime", "function")
    yield Usage(name, api, kind, call.name_start, True, new_name, "", code)
    if new_name != name:
        yield Edit(call.name_start, call.name_end, new_name, code)


def _keep_existing_casts(template: str, call: Call, unit: Unit) -> str:
    """Do not wrap an argument in reinterpret_cast<const void*> when it already is cast,
    or is a variable of the file (a pointer already, not a kernel). A variable that holds
    a kernel (``auto k = kernel<32>;``, ``void (*k)(int)``) is cast: C++ converts no
    function pointer to ``const void*`` implicitly. Likewise no reinterpret_cast<void**>
    for an argument already cast or already ``void**`` (``&p`` of a ``void *p``)."""
    def keep(match: re.Match[str]) -> str:
        index = int(match.group(2))
        if index < len(call.arguments):
            text = call.arguments[index].text
            if _ALREADY_VOID.match(text):
                return f"${index}"
            if match.group(1) == "void**":
                if _void_pointer_pointer(unit, text):
                    return f"${index}"
            elif (_IDENTIFIER.fullmatch(text)
                    and declared_variable(unit, text) is not None
                    and not _holds_function(unit, text)):
                return f"${index}"
        return match.group()

    return _CAST.sub(keep, template)


def _void_pointer_pointer(unit: Unit, text: str) -> bool:
    """True for ``&p`` where the file declares ``void *p``, or ``pp`` declared ``void **pp``."""
    address = _ADDRESS_OF.fullmatch(text)
    name, stars = (address.group(1), 1) if address else (text, 2)
    if not _IDENTIFIER.fullmatch(name):
        return False
    return name in unit.fact(_void_pointers)[stars - 1]


def _void_pointers(unit: Unit) -> tuple[set[str], set[str]]:
    """The names the file declares as ``void *`` and as ``void **`` (one regex pass: a
    search per name would walk every occurrence of a short name like ``p``)."""
    source = unit.source
    found: tuple[set[str], set[str]] = (set(), set())
    for match in _VOID_POINTER.finditer(source):
        before = source[match.start() - 1 : match.start()]
        if not (before.isalnum() or before in ("_", "$")):
            found[0 if match.group(1) is None else 1].add(match.group(2))
    return found


def _holds_function(unit: Unit, name: str) -> bool:
    """True when the file declares NAME with ``auto`` or as a function pointer, the forms a
    variable holding a kernel takes (a data pointer is spelled with its type). Looks only
    around the places NAME occurs: a whole-file search for ``(`` or ``auto`` is slow."""
    source = unit.source
    for start in unit.whole_identifiers(name):
        before = source[max(0, start - 80) : start]
        end = start + len(name)
        if (_AUTO_BEFORE.search(before) and _ASSIGNED_AFTER.match(source, end)) or (
                _POINTER_BEFORE.search(before) and _CLOSED_AFTER.match(source, end)):
            return True
    return False


_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_ADDRESS_OF = re.compile(r"&\s*([A-Za-z_]\w*)")
#: A name declared ``void *`` (group 1 empty) or ``void **``; the literal comes first so
#: that the regex engine skips ahead to it (a leading lookbehind would try every position).
_VOID_POINTER = re.compile(r"void\s*\*\s*(\*\s*)?([A-Za-z_]\w*)\s*[;=,)\[]")
_AUTO_BEFORE = re.compile(r"\bauto\s*[*&]?\s*(?:const\s+)?$")
_POINTER_BEFORE = re.compile(r"\(\s*\*\s*(?:const\s+)?$")
_ASSIGNED_AFTER = re.compile(r"\s*=")
_CLOSED_AFTER = re.compile(r"\s*\)")


def _common_prefix(one: str, other: str, limit: int) -> int:
    """Length of the common prefix of ONE and OTHER, at most LIMIT (by halving: string
    comparisons run in C, a loop over characters would not)."""
    low, high = 0, limit
    while low < high:
        middle = (low + high + 1) // 2
        if one[low:middle] == other[low:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _difference(source: str, start: int, end: int, text: str, code: str) -> Iterator[Edit]:
    """The one edit that turns source[start:end] into TEXT, trimmed of common ends."""
    original = source[start:end]
    if original == text:
        return
    limit = min(len(original), len(text))
    prefix = _common_prefix(original, text, limit)
    suffix = _common_prefix(original[::-1], text[::-1], limit - prefix)
    # Keep whole identifiers: never cut a name in two, so renames inside stay consistent.
    while prefix > 0 and (original[prefix - 1].isalnum() or original[prefix - 1] == "_"):
        prefix -= 1
    while suffix > 0 and (original[len(original) - suffix].isalnum()
                          or original[len(original) - suffix] == "_"):
        suffix -= 1
    yield Edit(start + prefix, end - suffix, text[prefix : len(text) - suffix], code)

