"""Finds kernels whose static shared memory exceeds the LDS of the target GPUs.

What it finds
-------------
Kernels (``__global__`` functions) whose ``__shared__`` variables add up to more than
the LDS available per workgroup on the smallest ``--offload-arch`` target: 64 KiB on
gfx90a and gfx942 (the default), 160 KiB on gfx950. Array extents are folded from
the file's constants and, in a tree, from those of the tree headers it includes; clang
sizes what tokens cannot (types and constants from other headers) when it is on.

Why it matters on AMD
---------------------
A workgroup cannot use more LDS than the compute unit has; such a kernel fails to
compile or to launch on AMD GPUs. NVIDIA GPUs with 100-228 KiB of shared memory per
block hide the problem.

Example
-------
```
__global__ void k() {
    __shared__ float tile[128][160];  // 80 KiB
}
```

Suggested fix
-------------
Use smaller tiles, keep part of the data in registers or global memory, or target
gfx950 only (160 KiB). No automatic fix.

Limits
------
The finding points at a declaration that alone exceeds the limit, else at the kernel
(also when clang had to size the variables). Variables whose type or extent depends on
template arguments (the kernel's parameters, or an alias of the kernel made from them:
``typedef cub::BlockReduce<T, 256> Reduce;``) count 0, as clang counts them; the file is
not parsed for them. Shared variables declared in
device functions called by the kernel are not added;
without clang, element types other than built-in ones are not sized.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.expressions import SIZES as _SIZES
from translator.analysis.expressions import closing, fold
from translator.analysis.facts import facts_of, lds_limit
from translator.analysis.hazard import finding
from translator.rules.base import Finding, Rule


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("__shared__"):
        return
    facts = facts_of(unit)
    limit, arch = lds_limit(unit.options)
    for function in facts.functions:
        if function.target != "global":
            continue
        counted = _token_bytes(facts, function, limit)
        if counted is not None:
            total, offset = counted
        else:  # a type or extent only clang can size
            total, offset = _clang_bytes(facts, function), function.start
        if total > limit:
            yield finding("W202", f"kernel {function.name} declares {_kib(total)} of static "
                          f"shared memory; {arch} has {_kib(limit)} of LDS per workgroup"
                          + ("" if limit >= 160 * 1024 else " (gfx950 has 160 KiB)"),
                          offset, "reduce the tile sizes or split the kernel")


def _kib(size: int) -> str:
    return f"{size / 1024:g} KiB"


def _clang_bytes(facts, function) -> int:
    node = function.node
    if node is None:
        parsed = facts.parse()
        same = [f for f in (parsed.functions if parsed else ())
                if f.start <= function.body_start < f.end]
        if not same:
            return 0
        node = same[-1].node
    total = 0
    for variable in node.descendants("VAR_DECL"):
        if not variable.is_shared:
            continue
        if variable.is_invalid_declaration:  # a type clang could not resolve
            facts.typed_at(variable.start)
            continue
        total += variable.type_size or 0
    return total


def _token_bytes(facts, function, limit: int) -> tuple[int, int] | None:
    """Bytes of the kernel's ``__shared__`` arrays of built-in types, and the offset of
    the first declaration that alone exceeds LIMIT (where a port must cut; the kernel
    when only the sum does); None when some variable needs clang (another type, an
    extent tokens cannot fold)."""
    code = facts.code
    first, last = facts.body_span(function)
    total, offset = 0, function.start
    dependent = False  # a variable sized by template arguments
    for index in facts.indexes_within("__shared__", first, last):
        end = index + 1  # the declaration's ';'
        while end < last and code[end].text != ";":
            end += 1
        if facts.mentions_dependent_name(index + 1, end):
            # clang cannot size it either (a dependent type): it counts 0 there
            dependent = True
            continue
        position = _past_alignment(code, index + 1, last)
        size = _SIZES.get(code[position].text) if position < last else None
        if size is None:
            return None
        position = _past_alignment(code, position + 1, last) - 1  # int alignas(8) x[4]
        if position + 2 >= last or code[position + 2].text != "[":
            total += size
            if size > limit and offset == function.start:
                offset = code[index].start
            continue
        position += 2
        while position < last and code[position].text == "[":
            end = position + 1
            while end < last and code[end].text != "]":
                end += 1
            extent = fold(code[position + 1:end], facts.macros)
            if extent is None and end > position + 1:  # a header's constant, perhaps
                extent = facts.header_value(position + 1, end)
            if extent is None and end == position + 1:
                size = 0  # extern __shared__ T x[]: dynamic, sized at launch
                break
            if extent is None:
                return None
            size *= extent
            position = end + 1
        total += size
        if size > limit and offset == function.start:
            offset = code[index].start
    # as clang would answer: the kernel, not a declaration
    return total, function.start if dependent else offset


#: Words before the element type that do not change its size.
_BEFORE_TYPE = frozenset({"volatile", "const", "static", "unsigned", "signed"})
#: Alignment attributes (``__align__(16)``, ``alignas(8)``, ``__attribute__((aligned(128)))``):
#: they move a variable, not resize it.
_ALIGNMENTS = frozenset({"__align__", "alignas", "__attribute__", "__attribute"})


def _past_alignment(code, position: int, last: int) -> int:
    """The index of the first token from POSITION that is neither an alignment attribute
    nor one of _BEFORE_TYPE."""
    while position < last:
        if code[position].text in _BEFORE_TYPE:
            position += 1
        elif (code[position].text in _ALIGNMENTS and position + 1 < last
              and code[position + 1].text == "("):
            position = closing(code, position + 1) + 1
        else:
            break
    return position


RULE = Rule(
    code="W202",
    name="static-shared-memory-limit",
    summary="Static shared memory of a kernel above the LDS of the target GPUs (64 KiB)",
    check=check,
    category="shared-memory-limit",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("__shared__",),
)
