"""Keeps the HIP headers that replace CUDA headers out of ``extern "C" { ... }`` blocks.

What it does
------------
An ``#include`` of a CUDA header that the table translates (``cuda_runtime.h``,
``cuda_fp16.h``, ``curand_kernel.h``...) inside an ``extern "C" {`` block, the
``#ifdef __cplusplus`` kind included, is wrapped in ``extern "C++" {`` and ``}`` lines,
so that the HIP header it becomes is read with C++ linkage again. When the block is
opened under ``#ifdef __cplusplus`` (a header shared with C code), the new lines are
under ``#ifdef __cplusplus`` too. The block itself and the C linkage of the project's own
declarations are kept.

Why
---
CUDA's headers declare their C API and their C++ overloads in ways that survive C
linkage. HIP's headers are C++ throughout: they include the C++ standard library and
define templates, and hipcc stops with "templates must have C++ linkage" (checked with
HIP 5.2). A linkage specification nested in another is allowed and the inner one wins.

Example (CUDA)
--------------
```
extern "C" {
#include <cuda_runtime.h>
int solver_step(float *state, int n);
}
```

Output (HIP)
------------
```
extern "C" {
extern "C++" {
#include <hip/hip_runtime.h>
}
int solver_step(float *state, int n);
}
```

Limits
------
Only the file's own ``#include`` lines of headers the table knows are wrapped: a project
header included inside the block that itself includes CUDA headers is not (wrap that
include by hand, or move it before the block). The block is found with tokens: its
``extern "C" {`` and closing brace must be in code (a macro such as ``BEGIN_C_DECLS``
that spells them is not seen). Includes in a block whose braces are unbalanced across
``#if`` branches are matched as the braces are written.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from translator.analysis.facts import facts_of
from translator.data.names import resolve_header
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.unit import Unit

#: The keyword comes before the lookbehind that makes it a whole word, so the regex
#: engine scans for its letters fast (a leading lookbehind was 40 times slower).
_EXTERN_C = re.compile(r'extern(?<![\w$]extern)\s*"C"\s*\{')
_CPLUSPLUS_TEST = re.compile(r"#[ \t]*if(?:def[ \t]+__cplusplus|[ \t(!]+defined[ \t(]*__cplusplus)"
                             r"[ \t)]*\r?\n[ \t]*$")
_OPEN, _CLOSE = 'extern "C++" {\n', "\n}"
_GUARDED_OPEN = '#ifdef __cplusplus\nextern "C++" {\n#endif\n'
_GUARDED_CLOSE = "\n#ifdef __cplusplus\n}\n#endif"


def check(unit: Unit) -> Iterator[Finding]:
    source = unit.source
    if 'extern' not in source or not unit.includes:
        return
    blocks = _c_blocks(unit)
    if not blocks:
        return
    for directive in unit.includes:
        block = next((block for block in blocks if block[0] < directive.start < block[1]),
                     None)
        if not directive.tokens or block is None:
            continue
        header = directive.tokens[0].text[1:-1]
        resolved = resolve_header(header, unit.options)
        if resolved is None or resolved[1].name is None:
            continue
        line_start = source.rfind("\n", 0, directive.start) + 1
        line_end = _line_end(source, directive.start)
        guarded = block[2]
        yield Edit(line_start, line_start, _GUARDED_OPEN if guarded else _OPEN, "R005")
        yield Edit(line_end, line_end, _GUARDED_CLOSE if guarded else _CLOSE, "R005")


def _c_blocks(unit: Unit) -> list[tuple[int, int, bool]]:
    """(start, end, opened under ``#ifdef __cplusplus``) of every ``extern "C" { ... }``
    block, found on code tokens."""
    source = unit.source
    matches = unit.regions.code_matches(_EXTERN_C)
    starts = [match.end() for match in matches]
    if not starts:
        return []
    facts = facts_of(unit)  # its code tokens leave out the directives'
    tokens = [facts.code[index]
              for index in sorted(facts.indexes_of("{") + facts.indexes_of("}"))]
    offsets = [token.start for token in tokens]
    blocks = []
    for match, start in zip(matches, starts, strict=True):
        position = bisect.bisect_left(offsets, start)
        guarded = _CPLUSPLUS_TEST.search(source, max(0, match.start() - 80),
                                         match.start()) is not None
        depth = 1
        for token in tokens[position:]:
            depth += 1 if token.text == "{" else -1
            if depth == 0:
                blocks.append((start, token.start, guarded))
                break
    return blocks


def _line_end(source: str, start: int) -> int:
    """End of the line at START (continuation lines included), before its newline."""
    end = source.find("\n", start)
    while end > 0 and source[end - 1] == "\\":
        end = source.find("\n", end + 1)
    if end < 0:
        return len(source)
    return end - 1 if source[end - 1] == "\r" else end


RULE = Rule(
    code="R005",
    name="extern-c-cuda-include",
    summary='CUDA headers included inside extern "C" blocks: their HIP headers get C++ '
            "linkage back",
    check=check,
    category="unsupported-api",
    doc=__doc__,
)
