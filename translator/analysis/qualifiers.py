"""Where device code starts when its CUDA qualifiers are spelled through macros.

Library-style CUDA rarely writes ``__host__ __device__`` itself: it defines
``#define HOST_DEVICE __host__ __device__`` (often with an empty alternative for
compilers other than nvcc, ``#else #define HOST_DEVICE #endif``), chains such macros
(``#define DEVICE_INLINE __device__ FORCE_INLINE``) and defines them in a header that
every other file includes. ``qualifier_macros`` reads a file's ``#define``s: a macro
marks what any of its alternative definitions mark, through chains of macros, and the
macros a tree migration found in the project's other files
(``Options.tree.device_macros``, from ``device_macros``) count too.

Limits: a definition is read from its tokens; a macro that builds a qualifier by token
pasting, or takes it from a header outside the project, is not seen.
"""

from __future__ import annotations

from collections.abc import Iterable

from translator.source.scan import Regions, find_directives
from translator.unit import Unit

__all__ = ["MARKS", "qualifier_macros", "target_of", "device_macros", "macro_words",
           "device_macros_of"]

#: The CUDA execution-space qualifiers and what each marks.
MARKS = {"__global__": "global", "__device__": "device", "__host__": "host"}


def target_of(marks: Iterable[str]) -> str:
    """``global``, ``host-device``, ``device`` or ``host`` for a set of marks."""
    marks = set(marks)
    if "global" in marks:
        return "global"
    if "device" in marks:
        return "host-device" if "host" in marks else "device"
    return "host"


def qualifier_macros(unit: Unit) -> dict[str, frozenset[str]]:
    """Macros of UNIT (and of its project) that mark device code: name -> marks."""
    return unit.fact(_unit_macros)


def _unit_macros(unit: Unit) -> dict[str, frozenset[str]]:
    known = {}
    for entry in unit.options.tree.device_macros:
        name, _, target = entry.partition("=")
        known[name] = _marks_of_target(target)
    if not unit.mentions("define"):
        return known
    return _resolved(_definitions(unit.directives), known)


def _marks_of_target(target: str) -> frozenset[str]:
    return frozenset({"global"} if target == "global" else
                     {"host", "device"} if target == "host-device" else {"device"})


def _definitions(directives) -> dict[str, set[str]]:
    """Every macro's words, over all its definitions (function-like ones included)."""
    bodies: dict[str, set[str]] = {}
    for directive in directives:
        if directive.keyword != "define":
            continue
        tokens = directive.tokens
        if tokens and tokens[0].kind == "ident":
            words = bodies.setdefault(tokens[0].text, set())
            words.update(t.text for t in tokens[1:] if t.kind == "ident")
    return bodies


def _resolved(bodies: dict[str, set[str]], known: dict[str, frozenset[str]]
              ) -> dict[str, frozenset[str]]:
    """Marks of every macro whose definitions reach a qualifier, chains followed."""
    marks = dict(known)
    pending = {name: words for name, words in bodies.items() if words}
    changed = True
    while changed:
        changed = False
        for name, words in pending.items():
            found = set(marks.get(name, ()))
            for word in words:
                if word in MARKS:
                    found.add(MARKS[word])
                elif word != name and word in marks:
                    found |= marks[word]
            if found and frozenset(found) != marks.get(name):
                marks[name] = frozenset(found)
                changed = True
    return marks


def device_macros(sources: Iterable[tuple[str, bytes]]) -> tuple[str, ...]:
    """``NAME=target`` for every macro of SOURCES ((path, C/C++ text)) that marks device
    code (``HOST_DEVICE=host-device``), chains across files followed; sorted."""
    return device_macros_of(macro_words(data.decode("utf-8", "replace")) for _, data in sources)


def macro_words(text: str, regions: Regions | None = None) -> dict[str, set[str]]:
    """The identifiers of each macro's definitions in TEXT (a file, whose REGIONS may
    be known already), by macro name."""
    if "define" not in text:
        return {}
    return _definitions(find_directives(text, regions, frozenset({"define"})))


def device_macros_of(files: Iterable[dict[str, set[str]]]) -> tuple[str, ...]:
    """``device_macros`` of the tree whose files' ``macro_words`` are FILES."""
    bodies: dict[str, set[str]] = {}
    for words_by_name in files:
        for name, words in words_by_name.items():
            bodies.setdefault(name, set()).update(words)
    marks = _resolved(bodies, {})
    return tuple(sorted(f"{name}={target_of(found)}" for name, found in marks.items()
                        if found - {"host"}))

