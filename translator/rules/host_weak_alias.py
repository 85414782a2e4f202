"""R006 host-weak-alias: ``#pragma weak alias = target`` of host variables and functions.

What it does
------------
A ``#pragma weak alias = target`` line whose target is a variable the file defines
before it, at file scope (or in an ``extern "C"`` block), with external linkage,
becomes the declaration GCC's pragma stands for, in the host pass only, and a plain
declaration of the alias in the device pass:

    #if defined(__HIP_DEVICE_COMPILE__)
    extern __typeof__(target) alias;
    #else
    extern __typeof__(target) alias __attribute__((weak, alias("target")));
    #endif

Any other ``#pragma weak alias = target`` of host code (a function, whose symbol name
C++ mangles, a variable in a namespace or with internal linkage, a target defined later
or elsewhere) is reported and left as it is. Device functions are W480's.

Why
---
nvcc leaves host code to GCC, which reads ``#pragma weak alias = target`` by the
names' declarations. hipcc compiles both passes with clang: the device pass stops at
"alias must point to a defined variable or function" (no host variable exists there),
and in C++ clang's pragma names the symbol ``alias`` with C linkage, so a file that
also declares ``extern int alias;`` fails with "reference to 'alias' is ambiguous" or
"different language linkage" (each checked on the rocm-6.4 runner). The attribute
form names the symbol itself: a variable in the global namespace has no mangled name.

Example (CUDA)
--------------
```
int default_level = 1;
#pragma weak log_level = default_level
extern int log_level;
```

Output (HIP)
------------
```
int default_level = 1;
#if defined(__HIP_DEVICE_COMPILE__)
extern __typeof__(default_level) log_level;
#else
extern __typeof__(default_level) log_level __attribute__((weak, alias("default_level")));
#endif
extern int log_level;
```

Limits
------
Only the ``name = target`` form (``#pragma weak name`` alone compiles with hipcc). A
function's alias is reported, ``extern "C"`` ones too: the attribute needs the target's
symbol name, which C++ mangles; write ``__attribute__((weak, alias("symbol")))`` in the
host pass or select the implementation with the preprocessor. The target's definition
is found by its shape (``TYPE target =`` or ``TYPE target;`` before the pragma, outside
any function).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.facts import facts_of
from translator.diagnostics import Diagnostic
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.unit import Unit

_PRAGMA = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+weak[ \t]+([A-Za-z_][\w$]*)[ \t]*=[ \t]*"
                     r"([A-Za-z_][\w$]*)[ \t]*$", re.M)
_DEVICE_TARGETS = frozenset({"device", "global", "host-device"})
#: Words of a declaration that give the variable internal linkage in C++ (its symbol is
#: then mangled) or make it no variable definition of its own.
_NOT_EXTERNAL = frozenset({"static", "const", "constexpr", "inline", "thread_local", "typedef",
                           "using", "return", "__device__", "__constant__", "__shared__",
                           "__managed__"})
_EXTERN_C = re.compile(r"extern\s+\"C\"\s*$")


def check(unit: Unit) -> Iterator[Finding]:
    if not unit.mentions("weak"):
        return
    pragmas = [m for m in _PRAGMA.finditer(unit.source) if unit.regions.in_code(m.start())]
    if not pragmas:
        return
    device = {f.name for f in facts_of(unit).functions if f.target in _DEVICE_TARGETS}
    for match in pragmas:
        alias, target = match.groups()
        if alias in device or target in device or _declared_device(unit, alias, target):
            continue  # W480
        definition = _variable_definition(unit, target, match.start())
        if definition:
            yield Edit(match.start(), match.end(), _replacement(alias, target))
        else:
            yield Diagnostic(
                "R006", f"#pragma weak {alias} = {target} left as is: {_why_not(unit, target)}; "
                "hipcc's clang rejects it (no host symbols in the device pass, C linkage of "
                "the alias in C++)", offset=match.start(1))


def _replacement(alias: str, target: str) -> str:
    return (f"#if defined(__HIP_DEVICE_COMPILE__)\n"
            f"extern __typeof__({target}) {alias};\n"
            f"#else\n"
            f"extern __typeof__({target}) {alias} __attribute__((weak, alias(\"{target}\")));\n"
            f"#endif")


def _variable_definition(unit: Unit, target: str, before: int) -> bool:
    """True when UNIT defines TARGET before BEFORE as a variable with external linkage
    outside any function, class or namespace (an ``extern "C"`` block is fine)."""
    source = unit.source
    brackets = unit.brackets
    for start in unit.whole_identifiers(target):
        if start >= before:
            break
        after = re.match(r"\s*(?:\[[^\]\n]*\]\s*)*([=;{])", source[start + len(target):])
        if after is None:
            continue
        line = source.rfind("\n", 0, start) + 1
        head = re.sub(r"^\s*extern\s+\"C\"", "", source[line:start])
        words = re.findall(r"[A-Za-z_][\w$]*|[*&(]", head)
        if not words or words[0] == "extern" or "(" in words or _NOT_EXTERNAL & set(words):
            continue  # a use, a declaration without definition, or internal linkage
        index = brackets.enclosing(start)
        if index is not None and not (brackets.kinds[index] == "{" and _EXTERN_C.search(
                source, max(0, brackets.opens[index] - 20), brackets.opens[index])):
            continue  # inside a function, class or namespace: not the plain symbol
        return True
    return False


def _why_not(unit: Unit, target: str) -> str:
    if re.search(rf"(?<![\w$]){re.escape(target)}\s*\([^;{{]*\)\s*(?:const\s*)?[{{;]",
                 unit.source):
        return (f"{target} is a function, whose symbol C++ mangles (name it in "
                "__attribute__((weak, alias(\"...\"))) by its mangled name)")
    return (f"{target} is not a variable with external linkage defined before it at file "
            "scope in this file")


_DEVICE_QUALIFIER = re.compile(r"(?<![\w$])__(?:device|global)__(?![\w$])")


def _declared_device(unit: Unit, alias: str, target: str) -> bool:
    """True when a line declares ALIAS or TARGET with ``__device__`` or ``__global__``
    before it (``__device__ float target(``)."""
    source = unit.source
    for name in (alias, target):
        for start in unit.whole_identifiers(name):
            if not re.match(r"\s*\(", source[start + len(name):start + len(name) + 80]):
                continue
            line = source.rfind("\n", 0, start) + 1
            head = source[line:start]
            if _DEVICE_QUALIFIER.search(head) and not any(c in head for c in ";{}"):
                return True
    return False


RULE = Rule(
    code="R006",
    name="host-weak-alias",
    summary="#pragma weak aliases of host variables become alias attributes of the host pass",
    check=check,
    category="unsupported-api",
    doc=__doc__,
    mentions=("weak",),
)
