"""The parameters of a function definition, read from its code tokens: what W110 and
W470 compare between overloads."""

from __future__ import annotations

from translator.analysis.expressions import closing
from translator.source.tokens import Token

__all__ = ["parameter_types"]


def parameter_types(code, first: int, body: int) -> tuple[tuple[str, ...], ...] | None:
    """The parameters' words without their names, from the header's first '('."""
    for index in range(first, body):
        if code[index].text == "(":
            end = closing(code, index)
            break
    else:
        return None
    parameters: list[list[Token]] = []
    current: list[Token] = []
    for token in code[index + 1 : end]:
        if token.text == ",":
            parameters.append(current)
            current = []
        else:
            current.append(token)
    if current:
        parameters.append(current)
    types = []
    for parameter in parameters:
        words = [t.text for t in parameter]
        if len(words) > 1 and parameter[-1].kind == "ident":
            words = words[:-1]  # the parameter's name
        types.append(tuple(words))
    return tuple(types)
