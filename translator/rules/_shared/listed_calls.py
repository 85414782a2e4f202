"""Calls listed in ``data/call_signatures.tsv`` rewritten to their HIP form: R102 for the
HIP runtime's rows, R301 for the ROC and MIOpen libraries' rows.

``rewrite_listed_calls(unit, libraries, code)`` finds the calls of every name the table
lists for one of LIBRARIES and rewrites those whose argument count matches a row of the
name's target library (``translator.analysis.call_rewrites.rewrite_call``). A call of
``cuOccupancyMaxPotentialBlockSize`` that passes a callback HIP has no argument for is
reported and left.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from translator.analysis.call_rewrites import calls_of, rewrite_call
from translator.data.names import resolve
from translator.data.signatures import signatures
from translator.diagnostics import Diagnostic
from translator.rules.base import Finding
from translator.unit import Unit

__all__ = ["rewrite_listed_calls"]

#: Calls whose dropped argument must be null: {name: (argument index, what it is)}.
_DROPPED_NULL = {
    "cuOccupancyMaxPotentialBlockSize": (3, "CUoccupancyB2DSize callback"),
    "cuOccupancyMaxPotentialBlockSizeWithFlags": (3, "CUoccupancyB2DSize callback"),
}
_NULL = frozenset({"0", "NULL", "nullptr", "0L", "(CUoccupancyB2DSize)0",
                   "(CUoccupancyB2DSize)NULL", "(CUoccupancyB2DSize)nullptr"})


def rewrite_listed_calls(unit: Unit, libraries: frozenset[str], code: str) -> Iterator[Finding]:
    """Rewrite calls with a call_signatures.tsv row for one of LIBRARIES (R102, R301)."""
    rows = signatures()
    for name, call in calls_of(unit, _names_for(libraries)):
        dropped = _DROPPED_NULL.get(name)
        if dropped is not None and len(call.arguments) > dropped[0] and "".join(
                call.arguments[dropped[0]].text.split()) not in _NULL:
            yield Diagnostic(code, f"{name}: HIP has no {dropped[1]} argument; this call "
                             "passes one, so it is left as is (compute the dynamic shared "
                             "memory size for the block size and pass it instead)",
                             offset=call.name_start)
            continue
        entry = unit.names.get(name)
        if entry is None:
            continue
        target = resolve(entry, unit.options)
        for row in rows[name]:
            if row.library != target.library or row.library not in libraries:
                continue
            if row.arguments is not None and row.arguments != len(call.arguments):
                continue
            new_name = row.target or target.name
            if new_name:
                yield from rewrite_call(unit, call, entry, new_name, row.template, code)
            break


@functools.cache
def _names_for(libraries: frozenset[str]) -> frozenset[str]:
    return frozenset(name for name, found in signatures().items()
                     if any(row.library in libraries for row in found))

