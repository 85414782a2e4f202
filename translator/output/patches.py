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
from collections.abc import Iterator, Sequence
from typing import BinaryIO

from translator.tree.migrate import TreeResult

__all__ = ["file_diff", "tree_patch", "write_tree_patch", "split_lines", "quote_path",
           "line_opcodes", "Opcode"]

#: ``(tag, i1, i2, j1, j2)`` as difflib's ``SequenceMatcher.get_opcodes`` gives them.
Opcode = tuple[str, int, int, int, int]
#: Unchanged lines around each change in a hunk, as ``diff -u`` and git write them.
_CONTEXT = 3

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


def line_opcodes(original: Sequence[str], translated: Sequence[str],
                 line_map: Sequence[int] = ()) -> list[Opcode]:
    """How TRANSLATED's lines differ from ORIGINAL's, as difflib's opcodes.

    LINE_MAP (``Result.line_map``: the original line, from 1, each output line came from)
    pairs lines: an output line equal to the original line it came from is unchanged,
    and only the stretches between such anchors are diffed. A diff of the whole file
    spends quadratic time on the repeated lines (``}``, blank lines) of large files; the
    anchors make it linear. Without a map, or with one of another length, the whole
    files are diffed.
    """
    anchors: list[tuple[int, int]] = []  # (original index, translated index), increasing
    if len(line_map) - len(translated) in (0, 1):  # the text after a last newline too
        before = 0
        for line, (came_from, text) in enumerate(zip(line_map, translated, strict=False)):
            at = came_from - 1
            if before <= at < len(original) and original[at] == text:
                anchors.append((at, line))
                before = at + 1
    # One opcode per run of equal lines, as difflib gives them: an equal opcode (an
    # anchor's, or a stretch's) extends an equal run that ends where it starts.
    merged: list[Opcode] = []
    before, after = 0, 0
    for at, line in [*anchors, (len(original), len(translated))]:
        codes = _stretch_opcodes(original, translated, before, at, after, line)
        if at < len(original):
            codes.append(("equal", at, at + 1, line, line + 1))
        for code in codes:
            if merged and code[0] == "equal" == merged[-1][0]:
                merged[-1] = ("equal", merged[-1][1], code[2], merged[-1][3], code[4])
            else:
                merged.append(code)
        before, after = at + 1, line + 1
    return merged


def _stretch_opcodes(original: Sequence[str], translated: Sequence[str], i1: int, i2: int,
                     j1: int, j2: int) -> list[Opcode]:
    """Opcodes of ORIGINAL[I1:I2] against TRANSLATED[J1:J2], in whole-file indexes."""
    if i1 == i2 and j1 == j2:
        return []
    if i1 == i2 or j1 == j2:
        return [("insert" if i1 == i2 else "delete", i1, i2, j1, j2)]
    if i2 - i1 == 1 == j2 - j1:  # one line rewritten, most changes: what difflib says
        return [("equal" if original[i1] == translated[j1] else "replace", i1, i2, j1, j2)]
    if set(original[i1:i2]).isdisjoint(translated[j1:j2]):
        return [("replace", i1, i2, j1, j2)]  # no line in common: difflib matches none
    matcher = difflib.SequenceMatcher(None, original[i1:i2], translated[j1:j2],
                                      autojunk=False)
    return [(tag, a1 + i1, a2 + i1, b1 + j1, b2 + j1)
            for tag, a1, a2, b1, b2 in matcher.get_opcodes()]


def _hunks(original: str, translated: str, line_map: Sequence[int] = ()) -> str:
    """The unified-diff hunks (``@@`` lines and what follows) of ORIGINAL to TRANSLATED."""
    old, new = split_lines(original), split_lines(translated)
    out = []
    for hunk in _grouped(line_opcodes(old, new, line_map)):
        out.append(f"@@ -{_range(hunk[0][1], hunk[-1][2])} "
                   f"+{_range(hunk[0][3], hunk[-1][4])} @@\n")
        for tag, i1, i2, j1, j2 in hunk:
            if tag == "equal":
                out += [" " + line for line in old[i1:i2]]
                continue
            out += ["-" + line for line in old[i1:i2]]
            out += ["+" + line for line in new[j1:j2]]
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                   for line in out)


def _grouped(codes: list[Opcode]) -> Iterator[list[Opcode]]:
    """The changes of CODES in hunks, each with up to _CONTEXT equal lines around its
    changes; changes closer than twice that share a hunk."""
    hunk: list[Opcode] = []
    for index, (tag, i1, i2, j1, j2) in enumerate(codes):
        if tag != "equal":
            hunk.append((tag, i1, i2, j1, j2))
            continue
        if index > 0:  # the context after the previous change
            lead = min(i2 - i1, _CONTEXT)
            if i2 - i1 <= 2 * _CONTEXT and index < len(codes) - 1:
                hunk.append((tag, i1, i2, j1, j2))  # small enough to join the next change
                continue
            hunk.append((tag, i1, i1 + lead, j1, j1 + lead))
            yield hunk
            hunk = []
        if index < len(codes) - 1:  # the context before the next change
            lead = min(i2 - i1, _CONTEXT)
            hunk = [(tag, i2 - lead, i2, j2 - lead, j2)]
    if any(code[0] != "equal" for code in hunk):
        yield hunk


def _range(start: int, stop: int) -> str:
    """A hunk header's range: its first line (from 1) and its length; an empty range
    names the line before it; the length 1 is left out."""
    length = stop - start
    if length == 1:
        return str(start + 1)
    return f"{start + 1 if length else start},{length}"


def file_diff(original: str, translated: str, old_path: str, new_path: str,
              line_map: Sequence[int] = ()) -> str:
    """A unified diff with git-style ``a/`` and ``b/`` prefixes ('' when equal); LINE_MAP
    as for ``line_opcodes``."""
    if original == translated:
        return ""
    return (f"--- {_file_line_name('a/' + old_path)}\n+++ {_file_line_name('b/' + new_path)}\n"
            + _hunks(original, translated, line_map))


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
            header += file_diff(result.original, result.source, old, new, result.line_map)
        destination.write(header.encode("utf-8", "surrogateescape"))
