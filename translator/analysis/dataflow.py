"""Where pointers were allocated: simple intra-procedural data flow over clang ``Node``s.

Works on the wrapper's ``Node`` only (``translator.analysis.clang`` stays the one importer of
``clang.cindex``). ``pointer_origins(function)`` walks one function body in source order
and records, for each pointer variable, the allocation that last gave it a value.
"""

from __future__ import annotations

from dataclasses import dataclass

from translator.analysis.clang import Node

__all__ = ["Origin", "ALLOCATORS", "HOST_ALLOCATORS", "pointer_origins", "strip"]


@dataclass(frozen=True, slots=True)
class Origin:
    """Where the pointer variable ``name`` got its value at ``offset``.

    ``kind``: ``device`` (cudaMalloc and friends), ``managed`` (cudaMallocManaged),
    ``pinned`` (cudaMallocHost/cudaHostAlloc), ``mapped`` (cudaHostGetDevicePointer),
    ``host`` (malloc, new, a local array); ``unknown`` after any other assignment.
    """

    name: str
    kind: str
    offset: int


#: Allocation calls whose first argument receives a pointer, and the memory they give.
ALLOCATORS = {
    "cudaMalloc": "device", "cudaMallocPitch": "device", "cudaMallocAsync": "device",
    "cudaMallocFromPoolAsync": "device", "cudaMallocManaged": "managed",
    "cudaMallocHost": "pinned", "cudaHostAlloc": "pinned",
    "cudaHostGetDevicePointer": "mapped",
}
#: Calls whose result is host memory.
HOST_ALLOCATORS = frozenset({"malloc", "calloc", "realloc", "aligned_alloc"})
_TRANSPARENT = frozenset({
    "UNEXPOSED_EXPR", "PAREN_EXPR", "CSTYLE_CAST_EXPR", "CXX_STATIC_CAST_EXPR",
    "CXX_REINTERPRET_CAST_EXPR", "CXX_FUNCTIONAL_CAST_EXPR", "CXX_CONST_CAST_EXPR",
})


def strip(node: Node) -> Node:
    """The node under implicit conversions, parentheses and casts."""
    while node.kind in _TRANSPARENT:
        children = [c for c in node.children() if not c.kind.startswith("TYPE_REF")
                    and c.kind != "TEMPLATE_REF" and c.kind != "NAMESPACE_REF"]
        if len(children) != 1:
            break
        node = children[0]
    return node


def pointer_origins(function: Node) -> tuple[Origin, ...]:
    """Where pointer variables of FUNCTION got their values, in source order.

    Simple intra-procedural data flow: ``cudaMalloc(&p, ...)`` and the other ALLOCATORS
    (through ``(void **)`` casts), ``p = malloc(...)``/``new T[...]`` (declarations and
    assignments) and local arrays. Aliases (``q = p``) follow the origin of ``p`` as it
    was at that point. Calls through other functions and loops are not followed.
    """
    origins: list[Origin] = []
    for node in function.walk():
        kind = node.kind
        callee = _callee(node) if kind in ("CALL_EXPR", "UNEXPOSED_EXPR") else ""
        if callee in ALLOCATORS:
            arguments = list(node.children())[1:]
            target = _address_of(arguments[0]) if arguments else None
            if target:
                origins.append(Origin(target, ALLOCATORS[callee], node.start))
        elif kind == "VAR_DECL":
            if node.array_extents and not node.is_shared:
                origins.append(Origin(node.spelling, "host", node.start))
                continue
            value = next((c for c in node.children() if not c.kind.endswith("_REF")), None)
            found = _value_origin(value, origins) if value is not None else None
            if found:
                origins.append(Origin(node.spelling, found, node.start))
        elif kind == "BINARY_OPERATOR":
            children = list(node.children())
            if len(children) == 2 and node.operator == "=":
                left = strip(children[0])
                if left.kind == "DECL_REF_EXPR" and left.is_pointer:
                    found = _value_origin(children[1], origins) or "unknown"
                    origins.append(Origin(left.spelling, found, node.start))
    return tuple(origins)


def _callee(node: Node) -> str:
    """The called name, also for calls clang could not resolve (overloads, templates)."""
    if node.kind == "CALL_EXPR" and node.spelling:
        return node.spelling
    first = next(node.children(), None)
    if first is None:
        return ""
    first = strip(first)
    if first.kind in ("DECL_REF_EXPR", "OVERLOADED_DECL_REF"):
        return first.spelling
    return ""


def _address_of(node: Node) -> str | None:
    node = strip(node)
    if node.kind == "UNARY_OPERATOR" and node.operator == "&":
        inner = strip(next(node.children()))
        if inner.kind == "DECL_REF_EXPR":  # a member (``&s.data``) is not a variable
            return inner.spelling
    return None


def _value_origin(node: Node, known: list[Origin]) -> str | None:
    node = strip(node)
    if node.kind == "CXX_NEW_EXPR":
        return "host"
    if node.kind == "CALL_EXPR" and node.spelling in HOST_ALLOCATORS:
        return "host"
    if node.kind == "DECL_REF_EXPR" and node.is_pointer:
        for origin in reversed(known):
            if origin.name == node.spelling:
                return origin.kind
    return None
