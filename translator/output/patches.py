"""Unified diffs of one file and the git-style patch of a whole migrated tree.

``tree_patch(tree)`` returns bytes that ``git apply`` and ``patch -p1`` apply to the
source tree to reproduce the output tree: changed files as text hunks, renamed files
with ``rename from``/``rename to`` headers (GNU patch 2.7+ understands them), files
without a final newline with ``\\ No newline at end of file``, and non-UTF-8 files with
their original bytes (hunks are made from the surrogate-escaped text and encoded back).

A path with a control character (a newline, a tab), a double quote or a backslash is
written as git writes it (``core.quotePath``): in double quotes with C escapes, as in
``diff --git "a/odd\\nname.cu" "b/odd\\nname.cu"``; ``git apply`` and GNU patch both read it.
Other paths, non-ASCII ones included, are written as they are; a ``---``/``+++`` line
whose path holds a space ends with a tab, as git writes it.

Limits: files with NUL bytes are never changed by a migration (they are copied as
binary), so the patch needs no binary hunks. Entries that are not in the output (skipped
links, unreadable files) are not in the patch either: applying it leaves them as they are.
"""

from __future__ import annotations

import difflib
import io
import re
from typing import BinaryIO

from translator.tree.migrate import TreeResult

__all__ = ["file_diff", "tree_patch", "write_tree_patch", "split_lines", "quote_path"]

_LINE = re.compile(r"[^\n]*\n|[^\n]+\Z")
_NEEDS_QUOTES = re.compile(r'[\x00-\x1f\x7f"\\]')
_ESCAPES = {"\a": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\v": "\\v", "\f": "\\f",
            "\r": "\\r", '"': '\\"', "\\": "\\\\"}


def quote_path(path: str) -> str:
    """PATH as git writes it in a patch: as it is, or quoted with C escapes when it must be."""
    if not _NEEDS_QUOTES.search(path):
        return path
    escaped = "".join(_ESCAPES.get(c) or (f"\\{ord(c):03o}" if c < " " or c == "\x7f" else c)
                      for c in path)
    return f'"{escaped}"'


def split_lines(text: str) -> list[str]:
    """Lines of TEXT with their ``\\n`` (only ``\\n`` ends a line, as for diff and patch)."""
    return _LINE.findall(text)


def _hunks(original: str, translated: str) -> str:
    lines = difflib.unified_diff(split_lines(original), split_lines(translated), n=3)
    out = []
    for index, line in enumerate(lines):
        if index < 2:  # difflib's own ---/+++ lines; callers write their own headers
            continue
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def file_diff(original: str, translated: str, old_path: str, new_path: str) -> str:
    """A unified diff with git-style ``a/`` and ``b/`` prefixes ('' when equal)."""
    if original == translated:
        return ""
    return (f"--- {_file_line_name('a/' + old_path)}\n+++ {_file_line_name('b/' + new_path)}\n"
            + _hunks(original, translated))


def _file_line_name(path: str) -> str:
    """The quoted PATH of a ``---``/``+++`` line, with a tab after it when it holds a space,
    as git writes it: GNU patch then reads the name up to the tab, not the first space."""
    quoted = quote_path(path)
    return quoted + "\t" if " " in quoted else quoted


def tree_patch(tree: TreeResult) -> bytes:
    """The patch that turns the source tree into the output tree (see module limits)."""
    buffer = io.BytesIO()
    write_tree_patch(tree, buffer)
    return buffer.getvalue()


def write_tree_patch(tree: TreeResult, destination: BinaryIO) -> None:
    """Write ``tree_patch(tree)`` to DESTINATION one file at a time."""
    for outcome in sorted(tree.files, key=lambda o: o.path):
        if outcome.status in ("skipped", "error") or outcome.kind in ("folder", "link"):
            continue
        result = outcome.result if outcome.result is not None and outcome.result.changed else None
        renamed = outcome.output_path != outcome.path
        if result is None and not renamed:
            continue
        old, new = outcome.path, outcome.output_path
        header = f"diff --git {quote_path('a/' + old)} {quote_path('b/' + new)}\n"
        if renamed:
            similarity = 100
            if result is not None:
                matcher = difflib.SequenceMatcher(None, split_lines(result.original),
                                                  split_lines(result.source), autojunk=False)
                similarity = min(99, int(matcher.quick_ratio() * 100))
            header += (f"similarity index {similarity}%\nrename from {quote_path(old)}\n"
                       f"rename to {quote_path(new)}\n")
        if result is not None:
            header += file_diff(result.original, result.source, old, new)
        destination.write(header.encode("utf-8", "surrogateescape"))
