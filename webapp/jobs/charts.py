"""Small charts drawn on the server as SVG: readable without JavaScript, allowed by the
Content-Security-Policy (no script, no inline style: colours come from ``site.css`` by
class), and read out by screen readers from their ``aria-label``.
"""

from __future__ import annotations

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

_WIDTH, _LABEL, _VALUE, _ROW = 300, 100, 84, 20


def bar_chart(label: str, bars: list[tuple[str, float, str, str]],
              scale: float | None = None) -> SafeString:
    """Horizontal bars: each (name, value, css class, text shown after the bar).

    SCALE is the value of a full bar (default: the largest value)."""
    if not bars:
        return format_html('<p class="chart-empty">{}: none</p>', label)
    scale = scale or max(value for _, value, _, _ in bars) or 1
    room = _WIDTH - _LABEL - _VALUE
    rows = []
    for index, (name, value, css, text) in enumerate(bars):
        y = index * _ROW
        shown = name if len(name) <= 16 else name[:15] + "…"
        width = max(round(room * value / scale, 1), 1 if value else 0)
        rows.append((y + 14, shown, _LABEL, y + 3, width, css, _LABEL + width + 4, y + 14, text,
                     f"{name}: {text}"))
    body = format_html_join("", (
        '<g><title>{9}</title><text x="0" y="{0}" class="chart-label">{1}</text>'
        '<rect x="{2}" y="{3}" width="{4}" height="14" rx="2" class="bar {5}"/>'
        '<text x="{6}" y="{7}" class="chart-value">{8}</text></g>'), rows)
    spoken = f"{label}: " + "; ".join(f"{name} {text}" for name, _, _, text in bars)
    return format_html('<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}">'
                       '{}</svg>', _WIDTH, len(bars) * _ROW, spoken, body)


def stacked_bar(label: str, parts: list[tuple[str, int, str]]) -> SafeString:
    """One bar split in PARTS (name, count, css class), with a legend below."""
    total = sum(count for _, count, _ in parts) or 1
    x, segments = 0.0, []
    for name, count, css in parts:
        width = _WIDTH * count / total
        if count:
            segments.append((round(x, 1), round(width, 1), css, f"{name}: {count}"))
        x += width
    bar = format_html_join("", '<rect x="{}" y="0" width="{}" height="18" class="bar {}">'
                           '<title>{}</title></rect>', segments)
    legend = format_html_join("", '<li><span class="swatch {}"></span>{} <strong>{}</strong>'
                              '</li>', ((css, name, count) for name, count, css in parts))
    spoken = f"{label}: " + ", ".join(f"{count} {name}" for name, count, _ in parts)
    return format_html('<svg class="chart stacked" viewBox="0 0 {} 18" role="img" '
                       'aria-label="{}">{}</svg><ul class="legend">{}</ul>',
                       _WIDTH, spoken, bar, legend)


def summary_charts(figures: dict) -> dict[str, SafeString]:
    """The job page's charts from ``webapp.jobs.overview.summary_figures``."""
    readiness = stacked_bar("Files", [
        ("translated as-is", figures["ready"], "good"),
        ("with findings", figures["findings_only"], "warn"),
        ("compile errors", figures["compile_errors"], "bad"),
        ("copied or other", figures["files"] - figures["ready"] - figures["findings_only"]
         - figures["compile_errors"], "muted"),
    ])
    categories = bar_chart("Findings by category", [
        (name, count, "warn", str(count)) for name, count in figures["categories"]])
    severities = bar_chart("Findings by severity", [
        (name, count, f"sev-{name}", str(count)) for name, count in figures["severities"]])
    families = bar_chart("API coverage by library family", [
        (name, family["coverage"], "good" if family["coverage"] >= 100 else "warn",
         f"{family['coverage']:g}% ({family['converted']}/"
         f"{family['converted'] + family['unsupported']})")
        for name, family in figures["families"]], scale=100)
    compiled = bar_chart("Compile outcomes", [
        ("compiled" if outcome == "ok" else outcome, count,
         "good" if outcome == "ok" else "bad", str(count))
        for outcome, count in figures["compile_statuses"]])
    return {"readiness": readiness, "categories": categories, "severities": severities,
            "families": families, "compiled": compiled}
