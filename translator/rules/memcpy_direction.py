"""Finds copies whose direction contradicts where the pointers came from.

What it finds
-------------
``cudaMemcpy``/``cudaMemcpyAsync`` with ``cudaMemcpyHostToDevice``,
``cudaMemcpyDeviceToHost``, ``cudaMemcpyDeviceToDevice`` or ``cudaMemcpyHostToHost``
where, in the same function, the destination or source last came from ``cudaMalloc``
(device) or from ``malloc``/``new``/a local array/``cudaMallocHost`` (host) and that
contradicts the kind: e.g. a host-to-device copy into a ``malloc``'d buffer, or
swapped arguments.

Why it matters on AMD
---------------------
NVIDIA's driver often tolerates a wrong kind under unified addressing; HIP checks it
less forgivingly or copies the wrong way, giving invalid-value errors or silent
garbage after the port.

Example
-------
```
float *h = (float *)malloc(bytes), *d;
cudaMalloc(&d, bytes);
cudaMemcpy(h, d, bytes, cudaMemcpyHostToDevice);  // arguments swapped
```

Suggested fix
-------------
Swap the arguments or correct the kind; ``cudaMemcpyDefault`` lets the runtime infer
the direction. No automatic fix.

Limits
------
Only pointers whose allocation is visible in the same function are checked; managed
and mapped memory fit any direction and are never reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.facts import facts_of
from translator.analysis.hazard import finding, is_call, scan
from translator.analysis.memory_calls import COPY_KINDS, base_name, call_arguments
from translator.rules.base import Finding, Rule

_SIDE = {"device": "device", "host": "host", "pinned": "host"}


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("cudaMemcpy"):
        return
    facts = facts_of(unit)
    code = facts.code
    for index, token in scan(facts, ("cudaMemcpy", "cudaMemcpyAsync")):
        if not is_call(code, index, ("cudaMemcpy", "cudaMemcpyAsync")):
            continue
        spans = call_arguments(code, index)
        if len(spans) < 4:
            continue
        kind_words = [code[i].text for i in range(*spans[3])]
        kind = next((w for w in kind_words if w in COPY_KINDS), None)
        if kind is None:
            continue
        for role, span, expected in (("destination", spans[0], COPY_KINDS[kind][0]),
                                     ("source", spans[1], COPY_KINDS[kind][1])):
            name, address = base_name(code, span)
            origin = facts.origin_of(name, token.start) if name and not address else None
            actual = _SIDE.get(origin.kind) if origin else None
            if origin is not None and actual and actual != expected:
                line = unit.location(origin.offset).line
                yield finding("W106", f"{kind} but the {role} {name} is {actual} memory "
                              f"(line {line})", code[spans[3][0]].start,
                              "swap the arguments or fix the copy kind (or use "
                              "cudaMemcpyDefault)")
                break


RULE = Rule(
    code="W106",
    name="memcpy-direction",
    summary="Copy kind contradicts where the destination or source was allocated",
    check=check,
    category="memcpy-size",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("cudaMemcpy",),
)
