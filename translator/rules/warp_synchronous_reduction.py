"""Finds warp-synchronous shared-memory reductions without barriers.

What it finds
-------------
In device code, two or more consecutive updates of a shared (often ``volatile``) array
of the form ``s[t] += s[t + K]`` (also ``s[t] = s[t] + s[t + K]`` and
``fmaxf``/``min``/``max`` forms) with constant offsets K (32, 16, 8, ...) and no
``__syncwarp``/``__syncthreads`` between them: the classic "last warp" unrolled
reduction (``if (tid < 32) { ... }``); and the same reduction as a loop that halves its
offset from 32 or 16 with no barrier in its body.

Why it matters on AMD
---------------------
The code relies on the lanes of a warp running in lock-step and on ``volatile`` to
order their shared-memory traffic. Neither is guaranteed by HIP; on a 64-lane
wavefront the last-warp block also covers 64 threads, so the ``tid < 32`` guard and the
offsets no longer match the hardware, and results differ from run to run.

Example
-------
```
if (tid < 32) {
    volatile float *v = sdata;
    v[tid] += v[tid + 32];
    v[tid] += v[tid + 16];
}
```

Suggested fix
-------------
Reduce within the wavefront with shuffles (``__shfl_down`` over ``warpSize`` lanes) or
put ``__syncthreads()`` (or ``__syncwarp()``) between the steps. No automatic fix.

Limits
------
Only updates of the same array in consecutive statements are recognised; a reduction
spread over a helper function taking a ``volatile`` pointer is recognised by its
statements inside that helper.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.expressions import closing, integer
from translator.analysis.facts import facts_of
from translator.analysis.hazard import finding
from translator.rules.base import Finding, Rule


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("["):
        return
    facts = facts_of(unit)
    code = facts.code
    for function in facts.functions:
        if not function.on_device:
            continue
        first, last = facts.body_span(function)
        run: list[int] = []
        expected = -1  # where the next step must start to continue the run
        # a step's name comes before a "[": only those places are tried
        for bracket in facts.indexes_within("[", first + 1, last + 1):
            position = bracket - 1
            if not _is_step(code, position):
                continue
            if position != expected:
                yield from _report(run, code)
                run = []
            run.append(position)
            expected = position
            while expected < last and code[expected].text != ";":
                expected += 1
            expected += 1
            if expected < last and code[expected].text == "if" and (
                    code[expected + 1].text == "("):  # if (blockSize >= 32) s[t] += ...
                expected = closing(code, expected + 1) + 1
        yield from _report(run, code)
        yield from _loops(facts, code, first, last)


def _loops(facts, code, first: int, last: int) -> Iterator[Finding]:
    """``for (s = 32; s > 0; s >>= 1) x[t] += x[t + s];`` with no barrier in the body."""
    for position in facts.indexes_within("for", first, last - 2):
        if code[position + 1].text != "(":
            continue
        header_end = closing(code, position + 1)
        header = [t.text for t in code[position + 2:header_end]]
        if "=" not in header or ";" not in header:
            continue
        variable = header[header.index("=") - 1]
        start = integer(header[header.index("=") + 1])
        halving = any(word in header for word in ("/=", ">>="))
        if start not in (16, 32) or not halving or header_end + 1 >= last:
            continue
        body_end = (closing(code, header_end + 1) if code[header_end + 1].text == "{"
                    else _statement_end(code, header_end + 1))
        body = code[header_end + 1:body_end + 1]
        words = {t.text for t in body}
        if words & _BARRIERS or not _updates_with(body, variable):
            continue
        yield finding("W420", f"reduction loop from {start} without a barrier relies on "
                      "lock-step warps of 32 lanes", code[position].start,
                      "use wavefront shuffles or put __syncthreads() in the loop")


def _statement_end(code, index: int) -> int:
    while index < len(code) and code[index].text != ";":
        index += 1
    return index


def _updates_with(body, variable: str) -> bool:
    """``x[...] += x[... + variable]`` (or ``= x[..] + x[.. + variable]``) in BODY."""
    texts = [t.text for t in body]
    for index in range(len(texts) - 3):
        if texts[index] == "+" and texts[index + 1] == variable and texts[index + 2] == "]":
            return True
    return False


def _is_step(code, index: int) -> bool:
    """``name [ ... ] op= ... name [ ... + K ]`` starting at INDEX (statement start)."""
    return _step_offset(code, index) is not None


def _step_offset(code, index: int) -> int | None:
    """K of the step at INDEX (``_is_step``), or None."""
    if code[index].kind != "ident" or index + 1 >= len(code) or code[index + 1].text != "[":
        return None
    if index > 0 and code[index - 1].text not in (";", "{", "}", ")", "else"):
        return None
    end = closing(code, index + 1)
    if end + 1 >= len(code) or code[end + 1].text not in ("+=", "=", "*="):
        return None
    name = code[index].text
    position = end + 2
    while position < len(code) and code[position].text != ";":
        if code[position].text == name and position + 1 < len(code) and (
                code[position + 1].text == "["):
            inner = closing(code, position + 1)
            words = [t.text for t in code[position + 2:inner]]
            offset = integer(words[-1]) if words else None
            if "+" in words and offset in (1, 2, 4, 8, 16, 32, 64):
                return offset
        position += 1
    return None


_BARRIERS = frozenset({"__syncthreads", "__syncwarp", "sync", "__threadfence_block",
                       "__syncthreads_count", "__syncthreads_and", "__syncthreads_or"})


def _report(run, code):
    # the steps of a reduction halve their distance; steps at one distance move items
    # (``keys[j] = keys[j + 1]; vals[j] = vals[j + 1];`` of a sort)
    if len(run) >= 2 and len({_step_offset(code, index) for index in run}) >= 2:
        return [finding("W420", f"{len(run)} warp-synchronous updates of {code[run[0]].text}[] "
                        "without a barrier rely on lock-step warps of 32 lanes",
                        code[run[0]].start, "use wavefront shuffles or put __syncthreads() "
                        "between the steps")]
    return []


RULE = Rule(
    code="W420",
    name="warp-synchronous-reduction",
    summary="Unrolled shared-memory reduction relying on lock-step warps, without barriers",
    check=check,
    category="warp-synchronous",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("[",),
)
