"""Keep clang inside the tree: blank the includes that would open files outside it.

libclang opens whatever an ``#include`` names. The sandbox (translator/jobs/confinement.py)
is what really keeps a hostile file from reading the host; this is the second fence, so
that even an unsandboxed parse never reads, quotes or probes a file outside the tree.
In the text given to clang (never in the output), these become spaces:

- ``#include``, ``#include_next`` and ``#import`` of an absolute name, of a quoted name
  that climbs above the tree (``"../../x.h"`` from ``src/a.cu`` climbs one level too
  far), of an angled name with ``..`` in it, and of a name built by a macro;
- every ``#embed`` (clang 15 does not know it; later ones would read the file);
- ``__has_include``/``__has_include_next`` of such a name, which would tell whether a
  host file exists (replaced by ``0``).

Offsets and line breaks are kept, so clang's positions still match the original text.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable

from translator.source.scan import Directive

__all__ = ["fence_includes", "leaves_tree"]

_INCLUDES = frozenset({"include", "include_next", "import"})
_HEADER_NAME = re.compile(r'\s*(?:"(?P<quoted>[^"\n]*)"|<(?P<angled>[^>\n]*)>)\s*(?://.*|/\*.*)?\Z',
                          re.S)
_HAS_INCLUDE = re.compile(
    r'__has_include(?:_next)?\s*\(\s*(?:"(?P<quoted>[^"\n]*)"|<(?P<angled>[^>\n]*)>|(?P<other>[^)]*))\s*\)'
)


def leaves_tree(name: str, quoted: bool, including_path: str) -> bool:
    """True when the header NAME, included from INCLUDING_PATH (relative to the tree
    root), could name a file outside the tree."""
    if not name or name.startswith(("/", "\\")) or "\\" in name or re.match(r"[A-Za-z]:", name):
        return True
    if not quoted:
        return ".." in name.split("/")
    folder = posixpath.dirname(including_path) if not posixpath.isabs(including_path) else ""
    joined = posixpath.normpath(posixpath.join(folder, name))
    return joined == ".." or joined.startswith("../")


def fence_includes(source: str, directives: Iterable[Directive], path: str) -> str:
    """SOURCE with the includes that could leave the tree blanked (see the module doc)."""
    pieces: list[str] = []
    done = 0
    for directive in directives:
        if directive.keyword in _INCLUDES or directive.keyword == "embed":
            text = source[directive.start:directive.end]
            if directive.keyword == "embed" or _unsafe_include(text, directive.keyword, path):
                pieces += [source[done:directive.start], _blank(text)]
                done = directive.end
        elif directive.keyword in ("if", "elif") and "__has_include" in source[
                directive.start:directive.end]:
            text = source[directive.start:directive.end]
            fenced = _HAS_INCLUDE.sub(lambda match: _has_include(match, path), text)
            if fenced != text:
                pieces += [source[done:directive.start], fenced]
                done = directive.end
    if not pieces:
        return source
    pieces.append(source[done:])
    return "".join(pieces)


def _unsafe_include(text: str, keyword: str, path: str) -> bool:
    operand = re.sub(r"\\\r?\n", "", text)
    operand = operand[operand.index(keyword) + len(keyword):]
    match = _HEADER_NAME.match(operand)
    if match is None:  # built by a macro: we cannot tell where it leads
        return True
    quoted = match["quoted"] is not None
    return leaves_tree(match["quoted"] if quoted else match["angled"], quoted, path)


def _has_include(match: re.Match, path: str) -> str:
    quoted = match["quoted"] is not None
    if match["other"] is None and not leaves_tree(
            match["quoted"] if quoted else match["angled"], quoted, path):
        return match[0]
    return "0" + _blank(match[0][1:])


def _blank(text: str) -> str:
    """Spaces for TEXT, keeping its line breaks and line splices (backslash-newline)."""
    return re.sub(r"\\\r?\n|\n|[^\n]", lambda m: m[0] if m[0].endswith("\n") else " ", text)
