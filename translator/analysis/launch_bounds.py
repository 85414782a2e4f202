"""Values of ``__launch_bounds__`` arguments, however they are spelled (not a rule).

``bounds(facts)`` gives one ``Bounds`` per value the arguments take: written directly,
through a macro (``#define BOUNDS __launch_bounds__(256, 2)``, or a function-like
``#define LAUNCH_BOUNDS(t, b) __launch_bounds__(t, b)``), folded with the file's macros
and constants (``__launch_bounds__(WARPS * 32)``), and for a kernel template whose
bounds use its template parameters, once per instantiation the file spells
(``k<128, 4><<<...>>>``, ``&k<128, 4>``); without one, the values stay None and
``dependent`` names the parameters.
"""

from __future__ import annotations

from dataclasses import dataclass

from translator.analysis.expressions import angle_items, arguments, closing, fold
from translator.analysis.hazard import scan
from translator.analysis.launch_values import span_value

__all__ = ["Bounds", "bounds"]


@dataclass(frozen=True)
class Bounds:
    threads: int | None
    blocks: int | None  # None also when there is no second argument
    has_blocks: bool
    threads_offset: int  # where to report each argument
    blocks_offset: int
    instance: str = ""  # "k<128, 4>" for a template instantiation
    dependent: tuple[str, ...] = ()  # template parameters the unknown values depend on


def bounds(facts) -> list[Bounds]:
    found: list[Bounds] = []
    code = facts.code
    macro_uses = _macro_bounds(facts)
    names = ("__launch_bounds__", *macro_uses)
    for index, token in scan(facts, names):
        if token.text == "__launch_bounds__":
            if index + 1 >= len(code) or code[index + 1].text != "(":
                continue
            spans = arguments(code, index + 1)
            if not spans:
                continue
            texts = [code[first:last] for first, last in spans]
            offsets = [code[first].start if last > first else token.start
                       for first, last in spans]
            known = [span_value(facts, span, token.start) for span in spans[:2]]
            if known[0] is not None and (len(known) == 1 or known[1] is not None):
                found.append(Bounds(known[0], known[1] if len(known) > 1 else None,
                                    len(known) > 1, offsets[0], offsets[-1]))
                continue
        else:
            parameters, body = macro_uses[token.text]
            if parameters is None:
                texts, offsets = body, [token.start] * len(body)
            else:
                if index + 1 >= len(code) or code[index + 1].text != "(":
                    continue
                spans = arguments(code, index + 1)
                given = {name: code[first:last] for name, (first, last)
                         in zip(parameters, spans, strict=False)}
                texts = [_substituted(tokens, given) for tokens in body]
                offsets = [token.start] * len(body)
        if texts and texts[0]:
            found.extend(_values(facts, index, texts, offsets))
    return found


def _values(facts, index: int, texts, offsets) -> list[Bounds]:
    has_blocks = len(texts) > 1
    blocks_offset = offsets[1] if has_blocks else offsets[0]
    threads = fold(texts[0], facts.macros)
    blocks = fold(texts[1], facts.macros) if has_blocks else None
    if threads is not None and (blocks is not None or not has_blocks):
        return [Bounds(threads, blocks, has_blocks, offsets[0], blocks_offset)]
    name, parameters = _template_of(facts, index)
    words = {t.text for part in texts[:2] for t in part}
    dependent = tuple(p for p in parameters if p in words)
    if not dependent:
        return [Bounds(threads, blocks, has_blocks, offsets[0], blocks_offset)]
    instances = _instances(facts, name, len(parameters))
    if not instances:
        return [Bounds(threads, blocks, has_blocks, offsets[0], blocks_offset,
                       dependent=dependent)]
    found = []
    for label, given in instances:
        names = {**facts.macros, **dict(zip(parameters, given, strict=False))}
        found.append(Bounds(fold(texts[0], names),
                            fold(texts[1], names) if has_blocks else None, has_blocks,
                            offsets[0], blocks_offset, instance=label))
    return found


def _macro_bounds(facts) -> dict[str, tuple[tuple[str, ...] | None, list]]:
    """Macros whose body is ``__launch_bounds__(...)``: name -> (parameters or None,
    token lists of the bounds' arguments)."""
    found = {}
    for directive in facts.unit.directives:
        tokens = directive.tokens
        if directive.keyword != "define" or len(tokens) < 4 or tokens[0].kind != "ident":
            continue
        texts = [t.text for t in tokens]
        if "__launch_bounds__" not in texts:
            continue
        parameters = None
        body = 1
        if texts[1] == "(" and tokens[1].start == tokens[0].end:
            end = texts.index(")", 1)
            parameters = tuple(t for t in texts[2:end] if t != ",")
            body = end + 1
        at = texts.index("__launch_bounds__", body)
        if at + 1 < len(tokens) and texts[at + 1] == "(":
            spans = arguments(tokens, at + 1)
            found[tokens[0].text] = (parameters, [tokens[a:b] for a, b in spans])
    return found


def _substituted(tokens, given) -> list:
    out = []
    for token in tokens:
        out.extend(given.get(token.text, [token]))
    return out


def _template_of(facts, index: int) -> tuple[str, tuple[str, ...]]:
    """(function name, template parameter names) of the declaration at code INDEX."""
    code = facts.code
    start = index
    while start > 0 and code[start - 1].text not in (";", "}", "{"):
        start -= 1
    parameters: list[str] = []
    if code[start].text == "template" and start + 1 < index and code[start + 1].text == "<":
        depth, position, last_name = 0, start + 1, ""
        while position < index:
            text = code[position].text
            if text == "<":
                depth += 1
            elif text == ">":
                depth -= 1
            if depth == 1 and text == "," or depth == 0:
                if last_name:
                    parameters.append(last_name)
                last_name = ""
                if depth == 0:
                    break
            elif depth == 1 and code[position].kind == "ident" and not _after_default(
                    code, start + 2, position):
                last_name = text
            position += 1
    name = ""
    position = index + 1
    if position < len(code) and code[position].text == "(":
        position = closing(code, position) + 1
    while position < len(code) and code[position].text not in ("(", ";", "{"):
        if code[position].kind == "ident":
            name = code[position].text
        position += 1
    return name, tuple(parameters)


def _after_default(code, first: int, position: int) -> bool:
    """True when a ``=`` of the current template parameter precedes POSITION."""
    for back in range(position - 1, first - 1, -1):
        if code[back].text == ",":
            return False
        if code[back].text == "=":
            return True
    return False


def _instances(facts, name: str, count: int) -> list[tuple[str, list]]:
    """Template arguments spelled for NAME in the file (``name<128, 4>``), once each."""
    code = facts.code
    seen, found = set(), []
    for index in facts.occurrences((name,)) if name else ():
        if index + 1 >= len(code) or code[index + 1].text != "<":
            continue
        spans, position = angle_items(code, index + 1)
        if len(spans) != count or position >= len(code) or code[position].text != ">":
            continue  # also name<Inner<T>>: the last argument is a type
        label = f"{name}<{facts.text(index + 2, position)}>"
        if label not in seen:
            seen.add(label)
            found.append((label, [code[a:b] for a, b in spans]))
    return found
