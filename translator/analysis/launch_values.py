"""Values of launch configurations: block sizes and byte counts (not a rule)."""

from __future__ import annotations

from translator.analysis.expressions import arguments
from translator.analysis.hazard import scan

__all__ = ["span_value", "threads", "launch_bounds"]


def launch_bounds(facts):
    """(``__launch_bounds__`` token, spans of its arguments) for each use in code."""
    code = facts.code
    for index, token in scan(facts, ("__launch_bounds__",)):
        if index + 1 < len(code) and code[index + 1].text == "(":
            yield token, arguments(code, index + 1)


def span_value(facts, span: tuple[int, int], offset: int, depth: int = 0) -> int | None:
    """The integer value of a code span, following same-function variables once."""
    code = facts.code
    value = facts.fold_span(*span)
    if value is not None or depth > 2:
        return value
    first, last = span
    if last - first == 1 and code[first].kind == "ident":
        definition = _definition(facts, code[first].text, offset)
        if definition is not None and definition[0] == "=":
            return span_value(facts, definition[1], offset, depth + 1)
    return facts.constant_value(first, last)


def threads(facts, span: tuple[int, int], offset: int) -> int | None:
    """Threads per block of a launch's block argument (an int, ``dim3(...)``, a braced
    list ``{16, 16, 1}`` or a dim3)."""
    code = facts.code
    first, last = span
    if last - first >= 3 and code[first].text == "dim3" and code[first + 1].text in ("(", "{"):
        return _product(facts, arguments(code, first + 1), offset)
    if last - first >= 2 and code[first].text == "{":
        return _product(facts, arguments(code, first), offset)
    if last - first == 1 and code[first].kind == "ident":
        definition = _definition(facts, code[first].text, offset)
        if definition is not None:
            how, inner = definition
            if how == "(":
                return _product(facts, arguments(code, inner[0]), offset)
            return threads(facts, inner, offset)
    return span_value(facts, span, offset)


def _product(facts, spans, offset) -> int | None:
    total = 1
    for span in spans:
        value = span_value(facts, span, offset)
        if value is None:
            return None
        total *= value
    return total


def _definition(facts, name: str, offset: int):
    """('=', value span) or ('(', (open index,)) for the latest definition of NAME."""
    function = facts.function_at(offset)
    if function is None:
        return None
    code = facts.code
    first = facts.body_span(function)[0]
    last = facts.index_at(offset)
    position = facts.latest(name, _defines, first, last)
    if position is None:
        return None
    if code[position + 1].text == "=":
        end = position + 2
        depth = 0
        while end < last and not (depth == 0 and code[end].text in (";", ",")):
            depth += code[end].text in "([{"
            depth -= code[end].text in ")]}"
            end += 1
        return "=", (position + 2, end)
    return "(", (position + 1,)


def _defines(code, index: int) -> bool:
    """True when the name at INDEX is assigned (``b = ...``) or constructed as a dim3
    (``dim3 b(...)``), not read as a member."""
    before = code[index - 1].text if index else ""
    if before in (".", "->") or index + 1 >= len(code):
        return False
    following = code[index + 1].text
    return (following == "=" and index + 2 < len(code) and code[index + 2].text != "="
            or following in ("(", "{") and before == "dim3")
