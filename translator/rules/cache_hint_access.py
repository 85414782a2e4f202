"""Turns the cache-hint loads and stores (``__ldcs``, ``__stcs``, ...) into HIP accesses.

What it does
------------
Calls of CUDA's builtins become plain accesses: ``__ldcs(p)``, ``__ldcg(p)``,
``__ldca(p)``, ``__ldcv(p)`` and ``__ldlu(p)`` become ``*(p)`` (``*p`` for a plain name),
and ``__stcs(p, v)``, ``__stcg(p, v)``, ``__stwb(p, v)`` and ``__stwt(p, v)`` become
``*(p) = v``, with a note that the hint was dropped. The streaming hints (``__ldcs``,
``__ldlu``, ``__stcs``) keep their meaning where HIP can say it: on a pointer to a
scalar (``float``, ``int``, ``unsigned long long``...) they become
``__builtin_nontemporal_load(p)`` and ``__builtin_nontemporal_store(v, p)`` when the
target is HIP 5.2 or newer (the default). A load whose argument names a half type
(``__half``, ``half2``) is left alone: HIP has those overloads. A file's own functions of
these names (``template <class T> T __ldcs(const T *p)``) are not touched, nor are the
calls that go to them.

Why
---
The hints (streaming, cache at L2 only, write-back...) are PTX cache operators. HIP
offers the loads only for ``__half`` and ``__half2`` and none of the stores, so code that
streams ``float4`` or ``int4`` data through them does not compile. The hint only tunes
caching; the plain access has the same meaning. HIP-Clang's nontemporal builtins mark
the access as streaming on AMD GPUs too, but accept only scalars and vector-extension
types, not HIP's ``float4`` structs.

Example (CUDA)
--------------
```
float4 v = __ldcs(reinterpret_cast<const float4 *>(in) + i);
__stcs(out + i, v.x);
```

Output (HIP)
------------
```
float4 v = *(reinterpret_cast<const float4 *>(in) + i);
__builtin_nontemporal_store(v.x, out + i);
```

Limits
------
The pointee type is read from the declaration of the pointer (``p``, ``p + i``,
``&p[i]``); other arguments, vector types and HIP older than 5.2 get the plain access
and the note. Calls through function pointers or with a wrong number of arguments are
left alone; the calls are rewritten around their arguments, so nested calls are
rewritten too. When the file defines a function of the same name for its own types
only, calls whose argument names none of those types are taken for CUDA's builtin.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.api_names import translate_names
from translator.analysis.call_rewrites import calls_of
from translator.analysis.facts import facts_of
from translator.diagnostics import Diagnostic, Severity, Usage
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.unit import Unit

LOADS = frozenset(("__ldcs", "__ldcg", "__ldca", "__ldcv", "__ldlu"))
STORES = frozenset(("__stcs", "__stcg", "__stwb", "__stwt"))
#: The hints that mean "streaming, used once": what a nontemporal access says on AMD.
STREAMING = frozenset(("__ldcs", "__ldlu", "__stcs"))
#: HIP-Clang's __builtin_nontemporal_* compile on scalars with HIP 5.2 (checked); older
#: targets get the plain access.
NONTEMPORAL_SINCE = (5, 2)
HINTS = {"__ldcs": "streaming", "__ldlu": "last-use", "__ldcg": "cache-global",
         "__ldca": "cache-all", "__ldcv": "volatile", "__stcs": "streaming",
         "__stcg": "cache-global", "__stwb": "write-back", "__stwt": "write-through"}
_HALF = re.compile(r"(?<![\w$])(?:__half2?|half2?|__nv_bfloat162?)(?![\w$])")
_NAME = re.compile(r"[A-Za-z_][\w$]*")
_HINTED = re.compile(r"__(?:ld|st)\w+\s*\(")
_BASE = re.compile(r"\s*&?\s*([A-Za-z_]\w*)\s*(?:\[.*\]|[+-].*)?\s*", re.S)
_SCALARS = frozenset((
    "float", "double", "int", "unsigned", "unsigned int", "signed", "signed int", "short",
    "unsigned short", "long", "unsigned long", "long long", "unsigned long long", "char",
    "signed char", "unsigned char", "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t",
    "uint32_t", "int64_t", "uint64_t", "size_t", "long int", "unsigned long int",
    "long long int", "unsigned long long int", "short int", "unsigned short int",
))
_QUALIFIERS = re.compile(r"\b(?:const|volatile|__restrict__|__restrict|restrict)\b|[*&]")
_BINDS_TIGHTER = (".", "->", "[", "(", "++", "--")
_DEFINITION_BEFORE = re.compile(r"(?:[>*&]|::)\s*$")
_WORD_BEFORE = re.compile(r"([A-Za-z_][\w$]*)\s+$")
_NOT_A_TYPE = re.compile(r"return|else|case|throw|co_return|co_yield|do|new|delete|sizeof")


def check(unit: Unit) -> Iterator[Finding]:
    source = unit.source
    if not unit.mentions("__ld") and not unit.mentions("__st"):
        return
    own = _own_functions(unit)
    for name, call in calls_of(unit, LOADS | STORES):
        arguments = call.arguments
        if _defines(source, call):
            continue  # the file's own helper: its definition, not a call
        if name in own and _goes_to_own(unit, own[name], arguments):
            continue
        if name in LOADS and len(arguments) == 1:
            if _HALF.search(arguments[0].text):
                continue
            pointer = arguments[0]
            if name in STREAMING and _scalar_pointee(unit, pointer.text, call.name_start):
                yield Edit(call.name_start, call.name_end, "__builtin_nontemporal_load")
                yield Usage(name, "runtime", "device_func", call.name_start, True,
                            "__builtin_nontemporal_load")
                continue
            wrap = source[call.close + 1 :].lstrip(" \t").startswith(_BINDS_TIGHTER)
            plain = _NAME.fullmatch(pointer.text) is not None
            yield Edit(call.name_start, pointer.start,
                       ("(" if wrap else "") + ("*" if plain else "*("))
            yield Edit(pointer.end, call.close + 1, ("" if plain else ")") + (")" if wrap else ""))
        elif name in STORES and len(arguments) == 2:
            pointer, value = arguments
            if (name in STREAMING and not _HINTED.search(pointer.text)
                    and _scalar_pointee(unit, pointer.text, call.name_start)):
                # The value stays in place (edits inside it survive); the pointer moves.
                yield Edit(call.name_start, value.start, "__builtin_nontemporal_store(")
                yield Edit(value.end, call.close + 1,
                           f", {translate_names(pointer.text, unit)})")
                yield Usage(name, "runtime", "device_func", call.name_start, True,
                            "__builtin_nontemporal_store")
                continue
            plain = _NAME.fullmatch(pointer.text) is not None
            yield Edit(call.name_start, pointer.start, "*" if plain else "*(")
            yield Edit(pointer.end, value.start, " = " if plain else ") = ")
            yield Edit(value.end, call.close + 1, "")
        else:
            continue
        yield Usage(name, "runtime", "device_func", call.name_start, True, "*")
        access = "load" if name in LOADS else "store"
        yield Diagnostic("R402", f"{name}: HIP has no {HINTS[name]} cache hint here; the "
                         f"hint is dropped (a plain {access})", offset=call.name_start,
                         severity=Severity.NOTE)


def _nontemporal(unit: Unit) -> bool:
    version = unit.options.hip_version
    return version is None or version >= NONTEMPORAL_SINCE


def _scalar_pointee(unit: Unit, text: str, offset: int) -> bool:
    """True when TEXT (``p``, ``p + i``, ``&p[i]``) points at a scalar the nontemporal
    builtins take, and the target HIP has them."""
    if not _nontemporal(unit):
        return False
    match = _BASE.fullmatch(text)
    if match is None or (text.lstrip().startswith("&") != ("[" in text)):
        return False
    declaration = facts_of(unit).declaration(match.group(1), offset)
    if declaration is None or not declaration.pointer:
        return False
    pointee = declaration.pointee or re.sub(r"\[.*", "", declaration.type_text)
    return " ".join(_QUALIFIERS.sub(" ", pointee).split()) in _SCALARS


def _defines(source: str, call) -> bool:
    """True when the call-shaped name is being declared (``T __ldcs(const T *p)``): a type
    right before it, or ``*``, ``&`` or ``::`` before it and a body after it (``a * f(x)``
    is a product)."""
    start = call.name_start
    line_start = source.rfind("\n", 0, start) + 1
    before = source[max(line_start, start - 80) : start]
    word = _WORD_BEFORE.search(before)
    if word is not None:
        return not _NOT_A_TYPE.fullmatch(word.group(1))
    return (_DEFINITION_BEFORE.search(before) is not None
            and source[call.close + 1 :].lstrip().startswith("{"))


def _own_functions(unit: Unit) -> dict[str, tuple[bool, frozenset[str]]]:
    """{name: (a template, the words of its first parameters' types)} of the cache-hint
    names that the file defines itself."""
    source = unit.source
    found: dict[str, tuple[bool, set[str]]] = {}
    for name, call in calls_of(unit, LOADS | STORES):
        if not _defines(source, call) or not call.arguments:
            continue
        template, words = found.get(name, (False, set()))
        head = source[max(0, source.rfind(";", 0, call.name_start),
                          source.rfind("}", 0, call.name_start)) : call.name_start]
        template = template or "template" in head
        words |= set(_NAME.findall(_QUALIFIERS.sub(" ", call.arguments[0].text))[:-1])
        found[name] = (template, words)
    return {name: (template, frozenset(words)) for name, (template, words) in found.items()}


def _goes_to_own(unit: Unit, own: tuple[bool, frozenset[str]], arguments) -> bool:
    """True when a call with ARGUMENTS goes to the file's own function: a template takes
    every call, an overload the calls whose pointer names its type."""
    template, words = own
    if template:
        return True
    if not arguments:
        return False
    text = arguments[0].text
    if words & set(_NAME.findall(text)):
        return True
    match = _BASE.fullmatch(text)
    if match is None:
        return False
    declaration = facts_of(unit).declaration(match.group(1), arguments[0].start)
    return declaration is not None and bool(
        words & set(_NAME.findall(declaration.pointee or declaration.type_text)))


RULE = Rule(
    code="R402",
    name="cache-hint-access",
    summary="Cache-hint loads and stores (__ldcs, __stcs...) become plain or nontemporal "
            "accesses",
    check=check,
    category="unsupported-api",
    doc=__doc__,
    mentions=("__ld", "__st"),
)
