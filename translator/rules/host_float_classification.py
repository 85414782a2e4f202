"""R407 host-float-classification: unqualified isfinite/isnan/isinf... in host code.

What it does
------------
A call of a floating-point classification or comparison function of ``<cmath>``
without ``std::`` (``isfinite``, ``isinf``, ``isnan``, ``isnormal``, ``signbit``,
``fpclassify``, ``isgreater``, ``isgreaterequal``, ``isless``, ``islessequal``,
``islessgreater``, ``isunordered``) in code that runs on the host -- host and
``__host__ __device__`` functions, and macro bodies, which may expand there -- becomes
the ``std::`` call: ``isfinite(x)`` becomes ``std::isfinite(x)``.

Why
---
C++'s ``<cmath>`` declares these in ``std`` only; nvcc's CUDA headers add host and
device overloads in the global namespace, so host code that calls ``isfinite(x)``
compiles with nvcc. HIP's math headers add device overloads only: in a host function
hipcc answers "no matching function for call to 'isfinite'" (float, double and
integer arguments alike), in a ``__host__ __device__`` one "reference to __device__
function 'isnan' in __host__ __device__ function" (both checked on the rocm-6.4
runner). ``std::isfinite`` compiles with both compilers, in host and device code.

Example (CUDA)
--------------
```
#include <cmath>
bool all_finite(const float *v, int n) {
  for (int i = 0; i < n; ++i) if (!isfinite(v[i])) return false;
  return true;
}
```

Output (HIP)
------------
```
#include <cmath>
bool all_finite(const float *v, int n) {
  for (int i = 0; i < n; ++i) if (!std::isfinite(v[i])) return false;
  return true;
}
```

Limits
------
Calls in ``__device__`` and ``__global__`` functions keep their spelling (HIP's device
overloads serve them). Nothing is changed in a file that declares one of these names
itself, says ``using namespace std`` or ``using std::NAME``, or is C (``.c``, or a
header without a sign of C++).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.facts import facts_of
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.unit import Unit

NAMES = ("isfinite", "isinf", "isnan", "isnormal", "signbit", "fpclassify", "isgreater",
         "isgreaterequal", "isless", "islessequal", "islessgreater", "isunordered")
_CALL = re.compile(r"[ \t]*\(")
#: Functions whose code runs on the GPU only: HIP's overloads serve them as they are.
_DEVICE_ONLY = frozenset(("device", "global"))
_USING = re.compile(r"using\s+(?:namespace\s+std\s*;|std\s*::\s*(\w+)\s*;)")
_CPP = re.compile(r"(?<![\w$])(?:std|namespace|template|class|__global__|__device__|__host__"
                  r"|nullptr)(?![\w$])")

#: The texts of the classification functions' names (``isgreater`` for its relatives).
_CLASSIFIERS = ("isfinite", "isinf", "isnan", "isnormal", "signbit", "fpclassify", "isgreater",
                "isless", "isunordered")


def check(unit: Unit) -> Iterator[Finding]:
    if not unit.mentions_any(_CLASSIFIERS):
        return
    if unit.suffix == ".c" or unit.is_header and next(unit.regions.iter_code_matches(_CPP),
                                                      None) is None:
        return
    skipped = _named_by_the_file(unit)
    if skipped is None:
        return  # using namespace std: the unqualified calls find std's functions
    source = unit.source
    for name in NAMES:
        if name in skipped:
            continue
        for start in unit.whole_identifiers(name):
            if not _CALL.match(source, start + len(name)) or _qualified(source, start):
                continue
            function = facts_of(unit).function_at(start)
            if function is not None and function.target in _DEVICE_ONLY:
                continue
            yield Edit(start, start, "std::")


def _named_by_the_file(unit: Unit) -> set[str] | None:
    """The NAMES the file declares or imports itself (left unqualified), or None when it
    says ``using namespace std``."""
    source = unit.source
    named: set[str] = set()
    for match in unit.regions.code_matches(_USING):
        if match.group(1) is None:
            return None
        named.add(match.group(1))
    for name in NAMES:
        for start in unit.whole_identifiers(name):
            if _declared(source, start, name):
                named.add(name)
                break
    return named


_TYPE_BEFORE = re.compile(r"(?:(?<![\w$])(?!(?:return|else|case|throw|co_return|do|not|and|or"
                          r"|sizeof|new|delete)\b)[A-Za-z_][\w$]*(?:\s*(?:\*+|&)\s*|\s+)|>\s*)$")


def _declared(source: str, start: int, name: str) -> bool:
    """True when NAME at START is being declared (a type or ``>`` right before it)."""
    return (_CALL.match(source, start + len(name)) is not None
            and _TYPE_BEFORE.search(source, max(0, start - 40), start) is not None)


def _qualified(source: str, start: int) -> bool:
    """True after ``::``, ``.`` or ``->`` (``std::isfinite``, ``obj.isnan``)."""
    index = start
    while index > 0 and source[index - 1] in " \t":
        index -= 1
    return source[index - 1 : index] == "." or source[index - 2 : index] in ("::", "->")


RULE = Rule("R407", "host-float-classification",
            "Unqualified isfinite/isnan/isinf... in host code become std:: calls (HIP "
            "declares device overloads only)",
            check, "unsupported-api", __doc__, mentions=_CLASSIFIERS)
