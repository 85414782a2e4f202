"""Finds prefetches and advice for managed memory.

What it finds
-------------
Calls of ``cudaMemPrefetchAsync``, ``cudaMemAdvise`` (and their ``_v2`` forms),
``cudaMemRangeGetAttribute(s)`` and ``cudaStreamAttachMemAsync``.

Why it matters on AMD
---------------------
These hints only act when managed memory really migrates, which on AMD needs XNACK
and an HMM-capable kernel. Without them the calls succeed and do nothing (or return
an error), so performance tuned with prefetches on NVIDIA does not carry over, and
advice such as ``cudaMemAdviseSetReadMostly`` has different effects.

Example
-------
```
cudaMemPrefetchAsync(x, bytes, device, stream);
```

Suggested fix
-------------
Check ``hipDeviceAttributeConcurrentManagedAccess`` at run time and keep the hint only
when it is set, or replace managed memory with explicit device allocations and copies.
No automatic fix.

Limits
------
Only direct calls are found; hints issued through wrappers in other files are not.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.facts import facts_of
from translator.analysis.hazard import (
    finding,
    is_call,
    r101_reports,
    scan,
)
from translator.rules.base import Finding, Rule

HINTS = frozenset({"cudaMemPrefetchAsync", "cudaMemPrefetchAsync_v2", "cudaMemAdvise",
                   "cudaMemAdvise_v2", "cudaMemRangeGetAttribute", "cudaMemRangeGetAttributes",
                   "cudaStreamAttachMemAsync"})


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("cudaMem") and not unit.mentions("AttachMem"):
        return
    code = facts_of(unit).code
    for index, token in scan(facts_of(unit), HINTS):
        if is_call(code, index, HINTS) and not r101_reports(unit, token.text):
            yield finding("W102", f"{token.text} acts only when managed memory migrates, which "
                          "on AMD needs XNACK and HMM", token.start,
                          "check hipDeviceAttributeConcurrentManagedAccess before relying on it")


RULE = Rule(
    code="W102",
    name="managed-memory-hint",
    summary="Prefetch or advice for managed memory (needs XNACK/HMM on AMD)",
    check=check,
    category="managed-memory",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("cudaMem", "AttachMem"),
)
