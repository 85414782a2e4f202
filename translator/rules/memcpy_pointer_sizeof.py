"""Finds ``sizeof`` of a pointer variable in copy, set and allocation sizes.

What it finds
-------------
``sizeof(p)`` or ``sizeof p`` inside the byte count of ``cudaMemcpy*``,
``cudaMemset*`` or the ``cudaMalloc`` family, where ``p`` is a pointer variable (not an
array, not ``*p``, not ``p[0]``).

Why it matters on AMD
---------------------
``sizeof`` of a pointer is 8, whatever it points to: ``n * sizeof(d_a)`` is right by
accident for ``double`` and wrong for every other type; ``sizeof(h_a)`` for a heap
array is 8 bytes, not the array. The port inherits the wrong size and the wrong
results.

Example
-------
```
cudaMemcpy(d_a, h_a, n * sizeof(d_a), cudaMemcpyHostToDevice);  // float *d_a
```

Suggested fix
-------------
Take the size of the element: ``sizeof(d_a)`` -> ``sizeof(*d_a)``; the fix is offered
when the ``sizeof`` is multiplied by a count.

Limits
------
Pointer types that clang could not resolve (unknown typedefs in a file that does not
parse) are recognised only for the common built-in element types.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.expressions import SIZES as _SIZES
from translator.analysis.facts import facts_of
from translator.analysis.hazard import finding
from translator.analysis.memory_calls import SIZE_CALLS, size_calls
from translator.diagnostics import Fix
from translator.rules.base import Finding, Rule

_TYPE_WORDS = frozenset(_SIZES) | {"void", "signed", "struct", "class", "typename"}


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("sizeof"):
        return
    facts = facts_of(unit)
    code = facts.code
    for token, spans in size_calls(facts):
        first, last = spans[SIZE_CALLS[token.text][0]]
        for position in facts.indexes_within("sizeof", first, last - 1):
            parenthesized = code[position + 1].text == "("
            name_at = position + 2 if parenthesized else position + 1
            if name_at >= last or code[name_at].kind != "ident":
                continue
            after = code[name_at + 1].text if name_at + 1 < len(code) else ""
            if parenthesized and after != ")" or not parenthesized and after in ("[", ".", "->"):
                continue
            if code[name_at].text in _TYPE_WORDS or code[name_at].text in facts.type_names:
                continue
            declaration = facts.declaration(code[name_at].text, token.start)
            if declaration is None or not declaration.pointer:
                continue
            multiplied = (code[position - 1].text == "*" if position > first else False) or (
                parenthesized and name_at + 2 < last and code[name_at + 2].text == "*")
            name = code[name_at]
            fixes = (Fix(name.start, name.end, f"*{name.text}", "size of one element"),) \
                if multiplied else ()
            yield finding("W105", f"sizeof({name.text}) in the size of {token.text} is the "
                          "size of a pointer (8 bytes), not of the data", code[position].start,
                          f"use sizeof(*{name.text}) times the element count", fixes)


RULE = Rule(
    code="W105",
    name="memcpy-pointer-sizeof",
    summary="sizeof of a pointer variable used as a copy or allocation size",
    check=check,
    category="memcpy-size",
    doc=__doc__,
    silent_in_platform_branches=True,
    safe_fixes=True,
    mentions=("sizeof",),
)
