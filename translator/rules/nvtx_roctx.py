"""R542 nvtx-roctx: NVTX profiler annotations become ROCm's roctx ones.

What it does
------------
Includes of the NVTX C header (``nvToolsExt.h``, ``nvtx3/nvToolsExt.h``) become
``#include <roctracer/roctx.h>`` (a header with an include guard, so the alternatives of
an ``#if`` may each include it); includes of its CUDA resource-naming
companions (``nvToolsExtCuda.h``, ``nvToolsExtCudaRt.h``) are dropped. The calls with a
roctx counterpart are renamed: ``nvtxMarkA`` → ``roctxMarkA``, ``nvtxRangePushA`` →
``roctxRangePushA``, ``nvtxRangePop`` → ``roctxRangePop``, ``nvtxRangeStartA`` →
``roctxRangeStartA``, ``nvtxRangeEnd`` → ``roctxRangeStop``, ``nvtxRangeId_t`` →
``roctx_range_id_t`` (and the unsuffixed ``nvtxMark``, ``nvtxRangePush``,
``nvtxRangeStart`` macros). Every other NVTX name in code (``nvtxRangePushEx``,
``nvtxEventAttributes_t``, domains, ``NVTX_VERSION``, the C++ ``nvtx3::`` API) is
reported as not translated, like an unsupported CUDA name.

Why
---
ROCm has no NVTX; its annotation library is roctx (in roctracer, linked as ``roctx64``,
which R514 already puts on link lines for ``-lnvToolsExt``). The basic markers and
ranges take the same arguments and return the same kinds of values, so a rename keeps
the profile's ranges. Left alone, ``nvToolsExt.h`` is not found on a ROCm machine.

Example (CUDA)
--------------
```
#include <nvtx3/nvToolsExt.h>
nvtxRangePushA("solve");
nvtxRangePop();
```

Output (HIP)
------------
```
#include <roctracer/roctx.h>
roctxRangePushA("solve");
roctxRangePop();
```

A tree that ships NVTX itself (``nvtx3/nvToolsExt.h``, ``nvToolsExt.h``: a vendored copy,
whose calls do nothing without a profiler on ROCm too) keeps its NVTX as written, the
library's own declarations and every call; one note, on its header, says so.

Limits
------
Wide-character (``W``) forms, event attributes (colours, payloads), domains, resource
naming and the C++ API have no roctx counterpart: they are reported, not rewritten
(unless the file or project declares them itself). The renamed names are renamed
everywhere, the file's own stand-ins too (``#define nvtxRangePop()`` in the branch built
without NVTX), so that both branches stay consistent; a name the file also uses as a
member (``timer.nvtxMarkA``) is taken for the project's own and left alone everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.api_names import declared_in_file
from translator.diagnostics import Diagnostic, Severity, Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.syntax import is_member_name

ROCTX_HEADER = "roctracer/roctx.h"
#: NVTX headers whose declarations roctx.h offers (as far as roctx goes).
_C_HEADERS = frozenset(("nvToolsExt.h", "nvtx3/nvToolsExt.h"))
#: NVTX headers that name CUDA resources; roctx has nothing of the kind.
_DROPPED_HEADERS = frozenset((
    "nvToolsExtCuda.h", "nvToolsExtCudaRt.h", "nvtx3/nvToolsExtCuda.h", "nvtx3/nvToolsExtCudaRt.h",
))
#: NVTX name -> (roctx name, kind).
NAMES = {
    "nvtxMarkA": ("roctxMarkA", "function"),
    "nvtxMark": ("roctxMark", "function"),
    "nvtxRangePushA": ("roctxRangePushA", "function"),
    "nvtxRangePush": ("roctxRangePush", "function"),
    "nvtxRangePop": ("roctxRangePop", "function"),
    "nvtxRangeStartA": ("roctxRangeStartA", "function"),
    "nvtxRangeStart": ("roctxRangeStart", "function"),
    "nvtxRangeEnd": ("roctxRangeStop", "function"),
    "nvtxRangeId_t": ("roctx_range_id_t", "type"),
}
#: Identifiers of the NVTX API: nvtxX..., nvtx3 (the C++ namespace), NVTX_X... and NVTX3_X...
_NVTX_NAME = re.compile(r"nvtx(?:[A-Z]\w*|3)|NVTX3?_[A-Z]\w*")
_SCOPE_AFTER = re.compile(r"\s*::")
_NVTX_HEADER = re.compile(r"nvToolsExt|nvtx3/")
_REASON = "roctx has no counterpart"
_CPP_REASON = "the NVTX C++ API (nvtx3::) has no roctx counterpart"


def check(unit) -> Iterator[Finding]:
    # The names come from the unit's scan of API-looking identifiers in code (nv/NV
    # prefixes), the headers from its includes: no extra pass over the text.
    names = sorted(
        (start, name) for name, offsets in unit.api_offsets.items()
        if name.startswith(("nvtx", "NVTX")) and _NVTX_NAME.fullmatch(name) for start in offsets
    )
    headers = [d for d in unit.includes if d.tokens and _NVTX_HEADER.search(d.tokens[0].text)]
    own = dict(unit.options.tree.own_libraries).get("nvtx")
    if own is not None:
        if unit.path == own and unit.language == "c++":
            yield Diagnostic(
                "R542", "this project ships its own NVTX: its headers, declarations and calls "
                "are left as the library wrote them (not renamed to roctx)", offset=0,
                severity=Severity.NOTE)
        return
    if not names and not headers or unit.language != "c++":
        return
    yield from _includes(headers)
    source = unit.source
    members = {name for start, name in names if is_member_name(source, start)}
    for start, name in names:
        if name == "nvtx3" and not _SCOPE_AFTER.match(source, start + len(name)):
            continue  # the folder of an include, not the C++ namespace
        if name in members:
            continue  # a member of the file's own (obj.nvtxMarkA), declaration included
        if name in NAMES:
            # Renamed even where the file defines the name itself: a project's stand-ins
            # (#define nvtxRangePop() in the branch without NVTX) must follow the calls.
            target, kind = NAMES[name]
            yield Edit(start, start + len(name), target)
            yield Usage(name, "nvtx", kind, start, True, target)
        elif name not in unit.options.tree.project_names and not declared_in_file(unit, name):
            kind = "namespace" if name == "nvtx3" else "macro" if name[0] == "N" else "function"
            reason = _CPP_REASON if name == "nvtx3" else _REASON
            yield Usage(name, "nvtx", kind, start, False, reason=reason)
            yield Diagnostic("R542", f"{name} not translated: {reason}", offset=start)


def _includes(headers) -> Iterator[Finding]:
    for directive in headers:
        header = directive.tokens[0]
        name = header.text[1:-1]
        if name in _C_HEADERS:
            yield Edit(header.start, header.end, f"<{ROCTX_HEADER}>")
            yield Usage(name, "nvtx", "header", header.start, True, ROCTX_HEADER)
        elif name in _DROPPED_HEADERS:
            yield Edit(directive.start, header.end, "")
            yield Usage(name, "nvtx", "header", header.start, True, "")
        elif name.startswith(("nvtx3/", "nvToolsExt")):
            yield Usage(name, "nvtx", "header", header.start, False, reason=_REASON)
            yield Diagnostic("R542", f"#include <{name}> left as is: {_REASON}",
                             offset=header.start)


RULE = Rule("R542", "nvtx-roctx", "NVTX annotations become roctx ones (roctracer/roctx.h)",
            check, "build-system", __doc__)
