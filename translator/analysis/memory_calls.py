"""Shared knowledge of the runtime's copy, set and allocation calls (not a rule).

``SIZE_CALLS`` maps a call to the index of its byte-count argument and the indexes of
the pointer arguments whose element type the count should be a multiple of.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.expressions import arguments, closing
from translator.analysis.hazard import is_call, scan
from translator.source.tokens import Token

__all__ = ["SIZE_CALLS", "COPY_KINDS", "call_arguments", "size_calls", "element_size",
           "base_name"]

SIZE_CALLS: dict[str, tuple[int, tuple[int, ...]]] = {
    "cudaMemcpy": (2, (0, 1)), "cudaMemcpyAsync": (2, (0, 1)),
    "cudaMemset": (2, (0,)), "cudaMemsetAsync": (2, (0,)),
    "cudaMemcpyToSymbol": (2, (1,)), "cudaMemcpyFromSymbol": (2, (0,)),
    "cudaMemcpyToSymbolAsync": (2, (1,)), "cudaMemcpyFromSymbolAsync": (2, (0,)),
    "cudaMalloc": (1, (0,)), "cudaMallocManaged": (1, (0,)), "cudaMallocHost": (1, (0,)),
    "cudaHostAlloc": (1, (0,)), "cudaMallocAsync": (1, (0,)),
}
#: Copy kinds and the (destination, source) memory they promise.
COPY_KINDS = {
    "cudaMemcpyHostToDevice": ("device", "host"), "cudaMemcpyDeviceToHost": ("host", "device"),
    "cudaMemcpyDeviceToDevice": ("device", "device"), "cudaMemcpyHostToHost": ("host", "host"),
}
_NAMED_CASTS = frozenset({"reinterpret_cast", "static_cast", "const_cast"})


def call_arguments(code, index: int) -> list[tuple[int, int]]:
    return arguments(code, index + 1)


def size_calls(facts) -> Iterator[tuple[Token, list[tuple[int, int]]]]:
    """(name token, argument spans) of every call of a ``SIZE_CALLS`` function that has
    its size argument, in code order."""
    code = facts.code
    for index, token in scan(facts, SIZE_CALLS):
        if is_call(code, index, SIZE_CALLS):
            spans = call_arguments(code, index)
            if len(spans) > SIZE_CALLS[token.text][0]:
                yield token, spans


def base_name(code, span: tuple[int, int]) -> tuple[str, bool]:
    """(variable, taken by address) of a pointer argument: ``(void**)&p`` -> (p, True).

    Casts are skipped; ``&a[i]`` counts as the pointer ``a`` itself (not its address).
    """
    first, last = span
    address = False
    position = first
    while position < last:
        text = code[position].text
        if text == "(":
            end = closing(code, position)
            position = end + 1 if end + 1 < last else position + 1
        elif text in _NAMED_CASTS:
            while position < last and code[position].text != "(":
                position += 1
            position += 1
        elif text in ("&", "*"):
            address = address or text == "&"
            position += 1
        else:
            break
    if position < last and code[position].kind == "ident":
        if address and position + 1 < last and code[position + 1].text == "[":
            address = False
        return code[position].text, address
    return "", address


def element_size(facts, code, span, offset: int, allocation: bool) -> tuple[int | None, str]:
    """Bytes of one element that the pointer argument SPAN points to, and the type."""
    name, address = base_name(code, span)
    if not name:
        return None, ""
    declaration = facts.declaration(name, offset)
    if declaration is None:
        return None, ""
    if allocation or not address:
        if declaration.pointee_size:
            return declaration.pointee_size, declaration.pointee
        return None, ""
    return declaration.size, declaration.type_text
