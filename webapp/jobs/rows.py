"""One file's review rows as HTML (``diffs.review_rows`` makes them): the code lines, and
under a CUDA line its notes, each with its rule, help, suggested fix, review (resolved or
dismissed, with the form that changes it) and links to the previous and next note.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from webapp.jobs.diffs import Note, Page, Row
from webapp.jobs.marks import DISMISS_REASONS

#: The page of a file shown whole.
WHOLE = Page()

def note_link(file_link: str, page: Page, number: int) -> str:
    """The link to note NUMBER of the file at FILE_LINK, on the page it is on."""
    on = page.note_pages.get(number, page.number)
    return f"{file_link}&page={on}" if page.count > 1 else file_link


@dataclass(frozen=True)
class ReviewForm:
    """Where a finding's review is posted (``url``) and the request's CSRF token."""

    url: str
    csrf_token: str


def note_html(note: Note, total: int, file_link: str = "", page: Page = WHOLE,
              form: ReviewForm | None = None) -> SafeString:
    """One note as HTML: severity, rule link, message, help, suggested fix, its review
    (with the form that changes it, given FORM), next/previous."""
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
    if note.review:
        parts.append(format_html(' <span class="review-state review-{}">{} by {}{}</span>',
                                 note.review["state"], note.review["state"], note.review["by"],
                                 f": {note.review['reason']}" if note.review["reason"] else ""))
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
                                 note_link(file_link, page, note.number - 1), note.number - 1))
    if note.number < total:
        steps.append(format_html('<a href="{}#finding-{}" data-step="next">next note</a>',
                                 note_link(file_link, page, note.number + 1), note.number + 1))
    if steps:
        parts.append(format_html('<span class="steps">{}</span>',
                                 mark_safe(" · ".join(steps))))  # noqa: S308
    if form is not None and note.kind == "finding":
        parts.append(_review_form(note, form, f"{note_link(file_link, page, note.number)}"
                                              f"#finding-{note.number}"))
    return mark_safe("".join(parts))  # noqa: S308 (each part is escaped)


def _review_form(note: Note, form: ReviewForm, back: str) -> SafeString:
    """Resolve or dismiss the finding (with a reason), or reopen it; keyboard: d opens it."""
    hidden = format_html(
        '<input type="hidden" name="csrfmiddlewaretoken" value="{}">'
        '<input type="hidden" name="fingerprint" value="{}">'
        '<input type="hidden" name="code" value="{}">'
        '<input type="hidden" name="next" value="{}">', form.csrf_token, note.fingerprint,
        note.code, back)
    if note.review:
        return format_html('<form method="post" action="{}" class="finding-review">{}'
                           '<button type="submit" name="state" value="">Reopen</button></form>',
                           form.url, hidden)
    reasons = format_html_join("", '<option>{}</option>', ((r,) for r in DISMISS_REASONS))
    return format_html(
        '<details class="review-box"><summary>Resolve or dismiss</summary>'
        '<form method="post" action="{}" class="finding-review">{}'
        '<label>Reason <select name="reason">{}</select></label> '
        '<label>Details <input name="details" maxlength="400" size="24"></label> '
        '<button type="submit" name="state" value="resolved">Resolve</button> '
        '<button type="submit" name="state" value="dismissed">Dismiss</button>'
        '</form></details>', form.url, hidden, reasons)


def rows_html(rows: list[Row], *, split: bool, link: str, total_notes: int,
              page: Page = WHOLE, form: ReviewForm | None = None) -> SafeString:
    """The table body of ROWS (on PAGE); LINK is the file's URL (query string) for line
    links."""
    here = f"{link}&page={page.number}" if page.count > 1 else link
    columns = 4  # unified: numbers, numbers, mark, code; split: number, code, number, code
    out = []
    marks = {"delete": "−", "insert": "+", "replace": "±", "equal": " "}
    for row in rows:
        if row.kind == "fold":
            out.append(format_html(
                '<tr class="fold"><td colspan="{}"><a href="{}&amp;context=all#L{}">'
                '⋯ {} unchanged line{} (show all)</a></td></tr>', columns, here,
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
                '<tr class="note-row"><td colspan="{}"><div class="note note-{} sev-{}{}" '
                'id="finding-{}" tabindex="-1">{}</div></td></tr>', columns, note.kind,
                note.severity.replace(" ", "-"),
                f" reviewed review-{note.review['state']}" if note.review else "", note.number,
                note_html(note, total_notes, link, page, form)))
    return mark_safe("".join(out))  # noqa: S308 (every row is format_html's)


def _number(line: int | None, prefix: str, link: str) -> SafeString:
    if line is None:
        return mark_safe('<td class="num"></td>')
    target = f"{link}&line={line}" if prefix == "L" else link  # the line stays unfolded
    return format_html('<td class="num" id="{}{}"><a href="{}#{}{}">{}</a></td>',
                       prefix, line, target, prefix, line, line)
