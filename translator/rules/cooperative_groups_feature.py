"""Finds cooperative-groups features that HIP does not provide.

What it finds
-------------
Uses, qualified with ``cg::``/``cooperative_groups::`` (or after
``using namespace cooperative_groups``), of ``memcpy_async``, ``wait``/``wait_prior``,
``reduce``, ``inclusive_scan``, ``exclusive_scan``, ``this_cluster``,
``cluster_group``, ``invoke_one``, ``invoke_one_broadcast`` and the multi-grid group
(``this_multi_grid``, ``multi_grid_group``).

Why it matters on AMD
---------------------
HIP's cooperative groups cover thread blocks, tiles, coalesced groups and the grid.
Asynchronous copies, collective reductions and scans, and clusters (no AMD hardware
equivalent) are missing, and the multi-grid group is deprecated; code using them does
not compile after the port.

Example
-------
```
int sum = cg::reduce(tile, v, cg::plus<int>());
```

Suggested fix
-------------
Write the reduction or scan with shuffles (or hipCUB's ``WarpReduce``/
``BlockReduce``), replace ``memcpy_async`` with plain loads and a barrier, and
clusters with ordinary blocks. No automatic fix.

Limits
------
Unqualified names are recognised only when the file has ``using namespace
cooperative_groups``; features reached through aliases in other files are not seen.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.facts import facts_of
from translator.analysis.hazard import finding, scan
from translator.rules.base import Finding, Rule

MISSING = frozenset({"memcpy_async", "wait", "wait_prior", "reduce", "inclusive_scan",
                     "exclusive_scan", "this_cluster", "cluster_group", "invoke_one",
                     "invoke_one_broadcast", "this_multi_grid", "multi_grid_group"})
_HELP = "use shuffles or hipCUB for reductions and scans; plain loads for memcpy_async"


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("cooperative_groups"):
        return
    facts = facts_of(unit)
    code = facts.code
    aliases = {"cooperative_groups"}
    using = False
    for index, token in scan(facts, ("namespace", "using")):
        if index + 3 >= len(code):
            continue
        if token.text == "namespace" and code[index + 2].text == "=" and (
                code[index + 3].text == "cooperative_groups"):
            aliases.add(code[index + 1].text)
        if token.text == "using" and code[index + 1].text == "namespace" and (
                code[index + 2].text == "cooperative_groups"):
            using = True
    for index, token in scan(facts, MISSING):
        if token.text not in MISSING or index + 1 >= len(code):
            continue
        qualified = index >= 2 and code[index - 1].text == "::" and code[index - 2].text in aliases
        bare = using and code[index - 1].text not in (".", "->", "::") and code[
            index + 1].text in ("(", "<")
        if qualified or bare:
            yield finding("W450", f"cooperative_groups::{token.text} is not available in HIP",
                          token.start, _HELP)


RULE = Rule(
    code="W450",
    name="cooperative-groups-feature",
    summary="Cooperative-groups feature HIP lacks (reduce, scan, memcpy_async, clusters)",
    check=check,
    category="cooperative-groups",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("cooperative_groups",),
)
