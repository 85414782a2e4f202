"""The integer constants of the tree headers a file includes, read without clang.

A launch's block size is most often a constant of a project header
(``#define THREADS_PER_BLOCK 512``, ``constexpr int kThreadsPerBlock = 256;``). Tokens
fold it when the file defines it; otherwise only clang knew it, at the price of a parse
of the file and all its headers (most of the parses of real projects). This module reads
the headers instead, as clang would find them: the file's includes, next to it or in the
tree's include folders (``Options.include_dirs``), and theirs in turn.

A name is answered only when every definition of it in those headers is the same: a
header that defines a name in two branches of an ``#if``, two headers that disagree, or
a class template's member made from its parameters (``kRows = N * 2``) leave the
question to clang. A header is read with the facts its own unit has (``code``,
``occurrences``, ``mentions_dependent_name``), which the caller's ``facts_of`` gives:
the facts of a file ask for these constants, so they pass themselves in rather than be
imported here. ``Facts.constant_value`` also leaves to clang the names the
file itself declares or assigns, and those the options define (``-D``).

Headers are read from the tree's folders only: include names that are absolute or
climb with ``..`` are not followed (as the include fence keeps clang from them).
"""

from __future__ import annotations

import os
import re
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from translator.options import Options
from translator.source.tokens import Token, directive_matches
from translator.unit import Unit

__all__ = ["MAX_HEADERS", "MAX_HEADER_BYTES", "code_constants", "find_header",
           "header_constants", "included_headers", "macro_definitions"]

#: An include directive: its angled or quoted name.
_INCLUDED = re.compile(r'#[ \t]*include[ \t]*(?:<([^>\n]+)>|"([^"\n]+)")')
#: How many headers one file's search reads at most, and how much of each (here and
#: in clang.py's search for the headers clang cannot find).
MAX_HEADERS = 256
MAX_HEADER_BYTES = 1 << 20
#: A header's constants: name -> {value spelling: value tokens}, and its includes.
_Definitions = tuple[dict[str, dict[tuple[str, ...], list[Token]]], list[tuple[str, bool]]]
#: Headers whose definitions this process keeps, by (path, mtime, size): a tree's
#: common headers are included by most of its files.
_KEPT = 4096
_kept: OrderedDict[tuple[str, int, int], _Definitions] = OrderedDict()
_HEADER_OPTIONS = Options(use_clang=False)


def find_header(name: str, quoted: bool, here: str, include_dirs: Sequence[str]) -> str | None:
    """Where a compiler finds the header NAME included from a file in the folder HERE:
    a quoted name next to its includer first, then in INCLUDE_DIRS; an angled one there
    last (clang takes it, with an error that says to quote it). None when nowhere."""
    folders = (here, *include_dirs) if quoted else (*include_dirs, here)
    return next((path for path in (os.path.join(folder, name) for folder in folders)
                 if os.path.isfile(path)), None)


def macro_definitions(unit) -> Iterator[tuple[str, list[Token]]]:
    """(name, value tokens) of each object-like ``#define`` of UNIT, in order."""
    for directive in unit.directives:
        body = directive.tokens
        if directive.keyword == "define" and body and body[0].kind == "ident":
            if len(body) > 1 and body[1].text == "(" and body[1].start == body[0].end:
                continue  # function-like
            yield body[0].text, body[1:]


def code_constants(facts) -> Iterator[tuple[str, int, int]]:
    """(name, first, last) of each ``const``/``constexpr`` definition with an initializer
    in the code (``constexpr int kRows = 4``): its value is code tokens FIRST..LAST."""
    code = facts.code
    for index in facts.occurrences(("constexpr", "const")):
        if index + 4 < len(code):
            position = index + 1
            while position < len(code) and code[position].kind == "ident" and \
                    code[position + 1].kind == "ident":
                position += 1
            if code[position + 1].text == "=" and code[position].kind == "ident":
                end = position + 2
                while end < len(code) and code[end].text not in (";", ","):
                    end += 1
                yield code[position].text, position + 2, end


def header_constants(source: str, folder: str, include_dirs: Sequence[str],
                     facts_of: Callable[[Unit], Any]) -> dict[str, list[Token]]:
    """The constants defined alike everywhere in the headers that SOURCE (a file in
    FOLDER) includes, itself or through them: name -> value tokens. FACTS_OF gives a
    header unit's facts (``translator.analysis.facts.facts_of``)."""
    values: dict[str, dict[tuple[str, ...], list[Token]]] = {}
    pending = [(name, quoted, folder) for name, quoted in included_headers(source)]
    seen: set[str] = set()
    while pending and len(seen) < MAX_HEADERS:
        name, quoted, here = pending.pop(0)
        if ".." in name or name.startswith("/"):
            continue  # out of the tree's folders (the include fence blanks such includes)
        path = find_header(name, quoted, here, include_dirs)
        if path is None or path in seen:
            continue
        seen.add(path)
        found = _header_definitions(path, facts_of)
        if found is None:
            continue
        definitions, includes = found
        for constant, bodies in definitions.items():
            values.setdefault(constant, {}).update(bodies)
        pending += [(name, quoted, os.path.dirname(path)) for name, quoted in includes]
    return {constant: body for constant, bodies in values.items()
            if len(bodies) == 1 and (body := next(iter(bodies.values())))}


def included_headers(text: str) -> list[tuple[str, bool]]:
    """(name, quoted) of each include directive of TEXT, in order."""
    return [(angled or quoted, not angled)
            for angled, quoted in (m.groups() for m in directive_matches(_INCLUDED, text))]


def _header_definitions(path: str, facts_of: Callable[[Unit], Any]) -> _Definitions | None:
    """The constants and includes of the header at PATH, read once per process while it
    is unchanged; None when it cannot be read."""
    try:
        status = os.stat(path)
        key = (path, status.st_mtime_ns, status.st_size)
        if key in _kept:
            _kept.move_to_end(key)
            return _kept[key]
        with open(path, encoding="utf-8", errors="replace") as file:
            text = file.read(MAX_HEADER_BYTES)
    except OSError:
        return None
    definitions: dict[str, dict[tuple[str, ...], list[Token]]] = {}
    if "define" in text or "const" in text:
        unit = Unit(text, _HEADER_OPTIONS, path)
        facts = facts_of(unit)
        for name, body in macro_definitions(unit):
            definitions.setdefault(name, {})[tuple(token.text for token in body)] = body
        for name, first, last in code_constants(facts):
            body = facts.code[first:last]
            spelled = tuple(token.text for token in body)
            if facts.mentions_dependent_name(first, last):
                # a member of a class template made from its parameters (kRows = N * 2)
                # has no value of its own: a definition that nothing folds
                spelled, body = ("<template>", *spelled), []
            definitions.setdefault(name, {})[spelled] = body
    found = _kept[key] = (definitions, included_headers(text))
    if len(_kept) > _KEPT:
        _kept.popitem(last=False)
    return found
