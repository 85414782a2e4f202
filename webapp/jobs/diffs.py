"""One file's review, as HTML rows: a unified or side-by-side diff (CUDA left, HIP right)
highlighted by pygments, with findings, names without a HIP counterpart and hipcc's
diagnostics shown under the CUDA line they are about.

The input is the file's review data (``translator.output.review``), never the patch. Lines far
from any change or note are folded into one row; ``context="all"`` shows every line.
Row anchors: ``L<n>`` for CUDA line n, ``H<n>`` for HIP line n, ``finding-<k>`` for the
k-th note of the file (in line order), so a line and a finding can be linked to.

What one view renders is bounded, whatever the file: a line is shown up to
``MAX_LINE_CHARS`` characters (cut with a mark; the downloads have it whole), and a long
file is shown in pages of at most ``PAGE_LINES`` CUDA lines and ``PAGE_CHARS`` characters,
only the page's lines highlighted. A file of one 5 MB line rendered 122 MB of HTML.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from functools import cache

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from pygments.lexer import Lexer
from pygments.lexers import CppLexer, CudaLexer, TextLexer, get_lexer_for_filename
from pygments.token import STANDARD_TYPES
from pygments.util import ClassNotFound

from translator.output.line_maps import decode as decode_line_map
from translator.output.patches import line_opcodes
from webapp.jobs.marks import attach_reviews
from webapp.jobs.overview import note_matches

#: Lines of unchanged text kept around a change or a note.
CONTEXT = 3
#: Characters of one line shown; the rest is cut and marked.
MAX_LINE_CHARS = 2_000
#: A page of a file's view holds at most this many CUDA lines, and of text.
PAGE_LINES = 5_000
PAGE_CHARS = 512 * 1024
_SHOWN_SEVERITIES = ("fatal error", "error", "warning")


@dataclass
class Note:
    """Something to say about one CUDA line: a finding, a name, a compile diagnostic."""

    line: int
    kind: str  # finding, unsupported, compile
    severity: str
    message: str
    code: str = ""
    name: str = ""
    help: str = ""
    fixes: list[dict] = field(default_factory=list)
    suppressed: bool = False
    number: int = 0  # 1-based position among the file's notes, set by file_notes
    fingerprint: str = ""  # a finding's, for its review (webapp.jobs.marks)
    review: dict | None = None  # {"state", "reason", "by"} of a resolved or dismissed one


@dataclass
class Row:
    kind: str  # equal, delete, insert, replace, fold
    old: int | None = None
    new: int | None = None
    old_html: SafeString | str = ""
    new_html: SafeString | str = ""
    folded: int = 0
    notes: list[Note] = field(default_factory=list)


def file_notes(data: dict, compile_diagnostics: list[dict], chosen: dict | None = None,
               reviews: dict | None = None) -> list[Note]:
    """Every note of a file in line order, numbered from 1: those the filters CHOSEN leave
    (``overview.note_matches``), findings with their REVIEWS (by fingerprint)."""
    chosen = chosen or {}
    findings = [dict(f) for f in data.get("findings", [])]
    attach_reviews(findings, reviews or {})
    notes = [Note(f["line"], "finding", f["severity"], f["message"], f["code"],
                  f.get("name", ""), f.get("help", ""), f.get("fixes", []),
                  f.get("suppressed", False), fingerprint=f["fingerprint"],
                  review=f.get("review"))
             for f in findings if note_matches("finding", f, chosen)]
    if note_matches("unsupported", None, chosen):
        notes += [Note(u["line"], "unsupported", "warning",
                       f"{u['name']} has no HIP counterpart and was left as it is"
                       + (f": {u['reason']}" if u.get("reason") else ""), name=u["name"])
                  for u in data.get("unsupported", [])]
    seen = set()
    for diagnostic in compile_diagnostics if note_matches("compile", None, chosen) else ():
        key = (diagnostic["line"], diagnostic["severity"], diagnostic["message"])
        if diagnostic["severity"] in _SHOWN_SEVERITIES and key not in seen:
            seen.add(key)
            option = f" [{diagnostic['option']}]" if diagnostic.get("option") else ""
            notes.append(Note(diagnostic["line"], "compile", diagnostic["severity"],
                              f"hipcc: {diagnostic['message']}{option}"))
    notes.sort(key=lambda note: (note.line, note.kind != "finding", note.suppressed))
    for number, note in enumerate(notes, start=1):
        note.number = number
    return notes


@dataclass(frozen=True)
class Page:
    """Which part of a long file a view shows: page NUMBER of COUNT (from 1), with the
    CUDA lines FIRST to LAST, and the page each note is on (by its number)."""

    number: int = 1
    count: int = 1
    first: int = 1
    last: int = 0
    note_pages: dict[int, int] = field(default_factory=dict)


def review_rows(data: dict, notes: list[Note], *, split: bool, context: str = "",
                keep_line: int | None = None, page: int | None = None
                ) -> tuple[list[Row], Page]:
    """The rows of one page of the diff of DATA (review data), NOTES under their CUDA
    lines: page PAGE, else the one KEEP_LINE is on, else the first."""
    whole_original, whole_output = _lines(data.get("original")), _lines(data.get("output"))
    line_map = decode_line_map(data.get("runs") or [])[:len(whole_output)]
    rows = _diff_rows(whole_original, whole_output, split, line_map)  # whole lines compared
    original = [line[:MAX_LINE_CHARS] for line in whole_original]
    output = [line[:MAX_LINE_CHARS] for line in whole_output]
    cut = {"old": _cut_lines(whole_original), "new": _cut_lines(whole_output)}
    starts = _page_starts(original)
    line_of_note = {note.number: min(max(note.line, 1), max(len(original), 1))
                    for note in notes}
    wanted = page if page is not None else (
        bisect.bisect_right(starts, keep_line) if keep_line else 1)
    number = min(max(wanted, 1), len(starts))
    first = starts[number - 1]
    last = starts[number] - 1 if number < len(starts) else max(len(original), 1)
    page_rows = _page_rows(rows, first, last)
    shown = Page(number, len(starts), first, last,
                 {k: bisect.bisect_right(starts, line) for k, line in line_of_note.items()})
    old_html = _highlighted(original, page_rows, "old", _lexer(data["path"], cuda=True),
                            cut["old"])
    new_html = _highlighted(output, page_rows, "new", _lexer(data["output_path"], cuda=False),
                            cut["new"])
    by_line: dict[int, list[Note]] = {}
    for note in notes:
        by_line.setdefault(line_of_note[note.number], []).append(note)
    for row in page_rows:
        if row.old is not None:
            row.old_html = old_html[row.old]
            row.notes = by_line.pop(row.old, [])  # under its CUDA line
        if row.new is not None:
            row.new_html = new_html[row.new]
    if number == len(starts):  # notes past the text (or with no text): under the last row
        leftover = [note for line in sorted(by_line) if line > last for note in by_line[line]]
        if leftover:
            page_rows = page_rows or [Row("equal")]
            page_rows[-1].notes.extend(leftover)
    if context == "all":
        return page_rows, shown
    return _fold(page_rows, keep_line), shown


def _page_starts(lines: list[str]) -> list[int]:
    """The first CUDA line (from 1) of each page of LINES."""
    starts, size = [1], 0
    for number, line in enumerate(lines, start=1):
        size += len(line) + 1
        if number > starts[-1] and (number - starts[-1] >= PAGE_LINES or size > PAGE_CHARS):
            starts.append(number)
            size = len(line) + 1
    return starts


def _page_rows(rows: list[Row], first: int, last: int) -> list[Row]:
    """The rows of the page of CUDA lines FIRST to LAST: rows of those lines, and the
    inserted HIP lines that follow them (before the first CUDA line: on the first page)."""
    chosen, on_page = [], first == 1
    for row in rows:
        if row.old is not None:
            on_page = first <= row.old <= last
        if on_page:
            chosen.append(row)
    return chosen


def _highlighted(lines: list[str], rows: list[Row], side: str, lexer: Lexer,
                 cut: dict[int, int]) -> dict[int, SafeString]:
    """{line: HTML} for the lines of SIDE ("old" or "new") that ROWS show, highlighted
    together (so a comment over several lines stays one); CUT marks shortened lines."""
    numbers = [getattr(row, side) for row in rows if getattr(row, side) is not None]
    if not numbers:
        return {}
    low, high = min(numbers), max(numbers)
    html = highlight_lines("\n".join(lines[low - 1:high]), lexer)
    shown = {}
    for offset, text in enumerate(html):
        line = low + offset
        shown[line] = text if line not in cut else format_html(
            '{}<span class="cut" title="the line goes on: the downloads have it whole">'
            '… {} more characters</span>', text, cut[line])
    return shown


def _cut_lines(lines: list[str]) -> dict[int, int]:
    """{line: characters cut} for the LINES longer than MAX_LINE_CHARS."""
    return {number: len(line) - MAX_LINE_CHARS
            for number, line in enumerate(lines, start=1) if len(line) > MAX_LINE_CHARS}


def _lines(text: str | None) -> list[str]:
    if not text:
        return []
    return text.removesuffix("\n").split("\n")


def _diff_rows(original: list[str], output: list[str], split: bool,
               line_map: list[int]) -> list[Row]:
    rows: list[Row] = []
    for tag, i1, i2, j1, j2 in line_opcodes(original, output, line_map):
        if tag == "equal":
            rows += [Row("equal", i1 + k + 1, j1 + k + 1) for k in range(i2 - i1)]
        elif split and tag == "replace":
            olds, news = list(range(i1, i2)), list(range(j1, j2))
            for index in range(max(len(olds), len(news))):
                old = olds[index] + 1 if index < len(olds) else None
                new = news[index] + 1 if index < len(news) else None
                rows.append(Row("replace", old, new))
        else:
            rows += [Row("delete", i + 1, None) for i in range(i1, i2)]
            rows += [Row("insert", None, j + 1) for j in range(j1, j2)]
    return rows


def _fold(rows: list[Row], keep_line: int | None) -> list[Row]:
    """Fold runs of unchanged rows further than CONTEXT from a change or a note."""
    keep = [row.kind != "equal" or bool(row.notes) or (keep_line is not None
                                                       and row.old == keep_line)
            for row in rows]
    if not any(keep):
        return rows  # nothing to point at: the whole (unchanged) file
    near = [False] * len(rows)
    for index, kept in enumerate(keep):
        if kept:
            for other in range(max(0, index - CONTEXT), min(len(rows), index + CONTEXT + 1)):
                near[other] = True
    folded: list[Row] = []
    for index, row in enumerate(rows):
        if near[index]:
            folded.append(row)
        elif folded and folded[-1].kind == "fold":
            folded[-1].folded += 1
        else:
            folded.append(Row("fold", row.old, row.new, folded=1))
    return folded


def highlight_lines(text: str, lexer: Lexer) -> list[SafeString]:
    """TEXT highlighted by LEXER, one HTML string per line (spans never cross lines)."""
    lines: list[list[str]] = [[]]
    for token, value in lexer.get_tokens(text):
        css = _css_class(token)
        for index, piece in enumerate(value.split("\n")):
            if index:
                lines.append([])
            if piece:
                lines[-1].append(f'<span class="{css}">{escape(piece)}</span>' if css
                                 else str(escape(piece)))
    # pygments adds a final newline; the text's own lines are what counts.
    wanted = text.count("\n") + 1 if text else 0
    lines = lines[:wanted] + [[] for _ in range(wanted - len(lines))]
    return [mark_safe("".join(parts)) for parts in lines]  # noqa: S308 (escaped above)


def _css_class(token) -> str:
    while token not in STANDARD_TYPES:
        token = token.parent
    return STANDARD_TYPES[token]


@cache
def _lexer(path: str, cuda: bool) -> Lexer:
    options = {"stripnl": False, "ensurenl": False}
    name = path.rsplit("/", 1)[-1].lower()
    if name.endswith((".cu", ".cuh")) or (cuda and name.endswith((".h", ".hpp", ".hip"))):
        return CudaLexer(**options) if cuda else CppLexer(**options)
    if name.endswith((".hip", ".h", ".hpp", ".cc", ".cpp", ".cxx", ".c", ".inl")):
        return CppLexer(**options)
    try:
        return get_lexer_for_filename(name, **options)
    except ClassNotFound:
        return TextLexer(**options)
