"""Finds cooperative-groups headers that HIP does not provide.

What it finds
-------------
``#include <cooperative_groups/memcpy_async.h>``, ``<cooperative_groups/reduce.h>``
and ``<cooperative_groups/scan.h>``.

Why it matters on AMD
---------------------
HIP ships ``hip/hip_cooperative_groups.h`` only; the asynchronous-copy, reduction and
scan extensions have no HIP counterpart, so the include (and the code using it) fails
to compile after the port.

Example
-------
```
#include <cooperative_groups/reduce.h>
```

Suggested fix
-------------
Remove the include and replace the features it brings (see W450). No automatic fix.

Limits
------
Headers included through other headers are reported where they are included.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.hazard import finding
from translator.rules.base import Finding, Rule

_MISSING = ("memcpy_async.h", "reduce.h", "scan.h")


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("cooperative_groups/"):
        return
    for directive in unit.directives:
        if directive.keyword != "include" or not directive.tokens:
            continue
        header = directive.tokens[0].text.strip('<>"')
        if header.startswith("cooperative_groups/") and header.endswith(_MISSING):
            yield finding("W002", f"<{header}> has no HIP counterpart", directive.start,
                          "remove it and replace the features it provides")


RULE = Rule(
    code="W002",
    name="cooperative-groups-header",
    summary="Cooperative-groups extension header that HIP does not provide",
    check=check,
    category="cooperative-groups",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("cooperative_groups/",),
)
