"""One file's review, as HTML rows: a unified or side-by-side diff (CUDA left, HIP right)
highlighted by pygments, with findings, names without a HIP counterpart and hipcc's
diagnostics shown under the CUDA line they are about.

The input is the file's review data (``translator.output.review``), never the patch. Lines far
from any change or note are folded into one row; ``context="all"`` shows every line.
Row anchors: ``L<n>`` for CUDA line n, ``H<n>`` for HIP line n, ``finding-<k>`` for the
k-th note of the file (in line order), so a line and a finding can be linked to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from pygments.lexer import Lexer
from pygments.lexers import CppLexer, CudaLexer, TextLexer, get_lexer_for_filename
from pygments.token import STANDARD_TYPES
from pygments.util import ClassNotFound

from translator.output.line_maps import decode as decode_line_map
from translator.output.patches import line_opcodes

#: Lines of unchanged text kept around a change or a note.
CONTEXT = 3
#: Longer files are shown up to here (the downloads have all of them).
MAX_SHOWN_LINES = 20_000
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


@dataclass
class Row:
    kind: str  # equal, delete, insert, replace, fold
    old: int | None = None
    new: int | None = None
    old_html: SafeString | str = ""
    new_html: SafeString | str = ""
    folded: int = 0
    notes: list[Note] = field(default_factory=list)


def file_notes(data: dict, compile_diagnostics: list[dict]) -> list[Note]:
    """Every note of a file in line order, numbered from 1."""
    notes = [Note(f["line"], "finding", f["severity"], f["message"], f["code"],
                  f.get("name", ""), f.get("help", ""), f.get("fixes", []),
                  f.get("suppressed", False)) for f in data.get("findings", [])]
    notes += [Note(u["line"], "unsupported", "warning",
                   f"{u['name']} has no HIP counterpart and was left as it is"
                   + (f": {u['reason']}" if u.get("reason") else ""), name=u["name"])
              for u in data.get("unsupported", [])]
    seen = set()
    for diagnostic in compile_diagnostics:
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


def review_rows(data: dict, notes: list[Note], *, split: bool, context: str = "",
                keep_line: int | None = None) -> list[Row]:
    """The rows of the diff of DATA (review data), NOTES under their CUDA lines."""
    original = _lines(data.get("original"))[:MAX_SHOWN_LINES]
    output = _lines(data.get("output"))[:MAX_SHOWN_LINES]
    old_html = highlight_lines("\n".join(original), _lexer(data["path"], cuda=True))
    new_html = highlight_lines("\n".join(output), _lexer(data["output_path"], cuda=False))
    line_map = decode_line_map(data.get("runs") or [])[:len(output)]
    rows = _diff_rows(original, output, split, line_map)
    by_line: dict[int, list[Note]] = {}
    for note in notes:
        by_line.setdefault(min(max(note.line, 1), max(len(original), 1)), []).append(note)
    for row in rows:
        if row.old is not None:
            row.old_html = old_html[row.old - 1]
            row.notes = by_line.pop(row.old, [])  # under its CUDA line
        if row.new is not None:
            row.new_html = new_html[row.new - 1]
    leftover = [note for line in sorted(by_line) for note in by_line[line]]
    if leftover:  # lines past the shown part (or no text at all): under the last row
        rows = rows or [Row("equal")]
        rows[-1].notes.extend(leftover)
    if context == "all":
        return rows
    return _fold(rows, keep_line)


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


def note_html(note: Note, total: int, file_link: str = "") -> SafeString:
    """One note as HTML: severity, rule link, message, help, suggested fix, next/previous."""
    parts = [format_html('<span class="sev sev-{}">{}</span> ',
                         note.severity.replace(" ", "-"),
                         "hipcc " + note.severity if note.kind == "compile" else note.severity)]
    if note.code:
        parts.append(format_html('<a class="rule" href="{}">{}</a> ',
                                 reverse("rules:detail", args=[note.code]),
                                 f"{note.code} {note.name}".strip()))
    parts.append(format_html('<span class="message">{}</span>', note.message))
    if note.suppressed:
        parts.append(mark_safe(' <em>(suppressed)</em>'))
    if note.help:
        parts.append(format_html('<div class="help">{}</div>', note.help))
    for fix in note.fixes:
        parts.append(format_html(
            '<div class="fix">Suggested fix{}: <code class="old">{}</code> → '
            '<code class="new">{}</code></div>',
            f" ({fix['description']})" if fix.get("description") else "",
            fix.get("old", ""), fix.get("new", "")))
    steps = []
    if note.number > 1:
        steps.append(format_html('<a href="{}#finding-{}" data-step="prev">previous</a>',
                                 file_link, note.number - 1))
    if note.number < total:
        steps.append(format_html('<a href="{}#finding-{}" data-step="next">next note</a>',
                                 file_link, note.number + 1))
    if steps:
        parts.append(format_html('<span class="steps">{}</span>',
                                 mark_safe(" · ".join(steps))))  # noqa: S308
    return mark_safe("".join(parts))  # noqa: S308 (each part is escaped)


def rows_html(rows: list[Row], *, split: bool, link: str, total_notes: int) -> SafeString:
    """The table body of ROWS; LINK is the file's URL (query string) for line links."""
    columns = 4  # unified: numbers, numbers, mark, code; split: number, code, number, code
    out = []
    marks = {"delete": "−", "insert": "+", "replace": "±", "equal": " "}
    for row in rows:
        if row.kind == "fold":
            out.append(format_html(
                '<tr class="fold"><td colspan="{}"><a href="{}&amp;context=all#L{}">'
                '⋯ {} unchanged line{} (show all)</a></td></tr>', columns, link,
                row.old or 1, row.folded, "" if row.folded == 1 else "s"))
            continue
        old = _number(row.old, "L", link)
        new = _number(row.new, "H", link)
        if split:
            old_kind = "del" if row.kind in ("delete", "replace") else "ctx"
            new_kind = "ins" if row.kind in ("insert", "replace") else "ctx"
            if row.old is None:
                old_kind = "empty"
            if row.new is None:
                new_kind = "empty"
            out.append(format_html(
                '<tr class="row-{}">{}<td class="code {}">{}</td>{}<td class="code {}">{}</td>'
                '</tr>', row.kind, old, old_kind, row.old_html, new, new_kind, row.new_html))
        else:
            kind = {"delete": "del", "insert": "ins"}.get(row.kind, "ctx")
            html = row.old_html if row.kind == "delete" else (
                row.new_html if row.new is not None else row.old_html)
            out.append(format_html(
                '<tr class="row-{}">{}{}<td class="mark" aria-hidden="true">{}</td>'
                '<td class="code {}">{}</td></tr>', row.kind, old, new,
                marks.get(row.kind, " "), kind, html))
        for note in row.notes:
            out.append(format_html(
                '<tr class="note-row"><td colspan="{}"><div class="note note-{} sev-{}" '
                'id="finding-{}" tabindex="-1">{}</div></td></tr>', columns, note.kind,
                note.severity.replace(" ", "-"), note.number,
                note_html(note, total_notes, link)))
    return mark_safe("".join(out))  # noqa: S308 (every row is format_html's)


def _number(line: int | None, prefix: str, link: str) -> SafeString:
    if line is None:
        return mark_safe('<td class="num"></td>')
    target = f"{link}&line={line}" if prefix == "L" else link  # the line stays unfolded
    return format_html('<td class="num" id="{}{}"><a href="{}#{}{}">{}</a></td>',
                       prefix, line, target, prefix, line, line)
