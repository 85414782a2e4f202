"""Finds spin locks that every thread of a warp takes for itself.

What it finds
-------------
In device code, a ``while`` or ``do ... while`` loop whose condition acquires a lock:
``atomicCAS(lock, C1, C2)`` or ``atomicExch(lock, C)`` with constant values (literals,
constants, macros), as in ``while (atomicCAS(&lock, 0, 1) != 0);`` or
``while (atomicExch(&flag, 1)) {}``, unless the loop runs for one elected thread only:
inside an ``if`` whose condition compares a thread or lane index
(``if (threadIdx.x == 0)``, ``if (lane == leader)``), or in a device function whose
calls in the file are all made that way.

Why it matters on AMD
---------------------
Such a lock works on NVIDIA GPUs since Volta because of independent thread scheduling:
the lane that won the lock may run ahead to its critical section and release it while
the other lanes of its warp spin. The lanes of an AMD wavefront share one program
counter. When two lanes of one wavefront contend, the wavefront keeps executing the
loop for the losers, the winner never reaches its release, and the kernel livelocks.

Example
-------
```
while (atomicCAS(&slot->lock, 0, 1) != 0) {
}
slot->value += v;
atomicExch(&slot->lock, 0);
```

Suggested fix
-------------
Do the critical section inside the loop, by the lane that won
(``bool done = false; while (!done) { if (atomicCAS(&lock, 0, 1) == 0) { ...;
atomicExch(&lock, 0); done = true; } }``), elect one lane per wavefront to take the
lock (``__ballot``/``__ffs``, ``lane == 0``), or replace the lock with atomics. No
automatic fix.

Loops that take the lock in their body and leave it held are found too (``do { old =
atomicCAS(&lock, 0, 1); } while (old != 0);``, ``for (;;) { if (atomicExch(&lock, 1) ==
0) break; }``): the body must not release the lock, and the lock must be the same on
every pass (a ``for`` over ``i`` that claims ``&flags[i]`` allocates slots).

Limits
------
Only loops that call ``atomicCAS``/``atomicExch`` (and their ``_block`` and ``_system``
forms) are read; a compare-and-swap retry loop with values computed
in the loop (lock-free updates) is not reported, and neither are locks built on
``cuda::atomic`` or taken through a helper whose callers are in other files.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from translator.analysis.expressions import arguments, closing, within
from translator.analysis.facts import THREAD_SOURCES, facts_of
from translator.analysis.hazard import finding, scan
from translator.rules.base import Finding, Rule

_ACQUIRE = {"atomicCAS": 3, "atomicCAS_block": 3, "atomicCAS_system": 3,
            "atomicExch": 2, "atomicExch_block": 2, "atomicExch_system": 2}
_CONSTANT = re.compile(r"^([A-Z][A-Z0-9_]*|k[A-Z]\w*|true|false|\d\w*)$")
_HELP = ("take the lock in one elected lane per wavefront, or do the critical section "
         "inside the loop in the lane that acquired the lock")


def check(unit) -> Iterator[Finding]:
    if not unit.mentions("atomicCAS") and not unit.mentions("atomicExch"):
        return
    facts = facts_of(unit)
    code = facts.code
    for index, token in scan(facts, ("while",)):
        if index + 1 >= len(code) or code[index + 1].text != "(":
            continue
        function = facts.function_at(token.start)
        if function is None or not function.on_device:
            continue
        end = closing(code, index + 1)
        call = _acquisition(facts, index + 2, end)
        if call is None or _elected(facts, function, index):
            continue
        if function.target != "global" and _callers_elected(facts, function):
            continue
        yield _finding(code, call)
    for index, call in _acquiring_bodies(facts):
        function = facts.function_at(code[index].start)
        if function is None or not function.on_device or _elected(facts, function, index):
            continue
        if function.target != "global" and _callers_elected(facts, function):
            continue
        yield _finding(code, call)


def _finding(code, call: int) -> Finding:
    name = code[call].text
    return finding(
        "W422",
        f"spin lock: every thread loops on {name} until it holds the lock; lanes of one "
        "64-lane wavefront that contend livelock on AMD GPUs (no independent thread "
        "scheduling: the holder cannot reach its release)",
        code[call].start, _HELP)


def _acquiring_bodies(facts) -> Iterator[tuple[int, int]]:
    """(loop keyword index, acquisition index) of the loops that take a lock in their body
    and leave it held: ``do { old = atomicCAS(l, 0, 1); } while (old != 0);``, ``for (;;)
    { if (atomicExch(l, 1) == 0) break; }``, ``while (!held) held = atomicCAS(...) == 0;``.
    The body must not release the lock (a try-lock does its critical section there), and
    the lock must be the same on every pass (``&flags[i]`` of a ``for`` over ``i`` claims
    slots, it does not spin)."""
    code = facts.code
    for index in facts.occurrences(("while", "for", "do")):
        keyword = code[index].text
        if keyword == "do":
            first = index + 1
        else:
            if index + 1 >= len(code) or code[index + 1].text != "(":
                continue
            header_end = closing(code, index + 1)
            if keyword == "while" and _acquisition(facts, index + 2, header_end) is not None:
                continue  # the condition takes it: reported above
            if keyword == "while" and code[index - 1].text == "}":
                opener = _opener(code, index - 1, "{", "}")
                if opener > 0 and code[opener - 1].text == "do":
                    continue  # the end of a do loop: read from its "do"
            first = header_end + 1
        if first >= len(code):
            continue
        if code[first].text == "{":
            last = closing(code, first)
        else:
            last = first
            while last < len(code) and code[last].text != ";":
                last += 1
        call = _acquisition(facts, first, last)
        if call is None:
            continue
        lock = arguments(code, call + 1)[0]
        if _released(facts, lock, call, first, last):
            continue
        varying = {code[i].text for i in range(*lock) if code[i].kind == "ident"}
        header = (index + 2, first - 1) if keyword == "for" else (first, first)
        if _assigned(code, varying, *header) or _assigned(code, varying, first, last):
            continue
        yield index, call


def _released(facts, lock: tuple[int, int], call: int, first: int, last: int) -> bool:
    """True when code FIRST..LAST releases the lock spelled by LOCK (another atomicExch
    or atomicCAS of it, or a store to it) besides the acquisition at CALL."""
    code = facts.code
    spelled = [t.text for t in code[lock[0]:lock[1]]]
    bare = [t for t in spelled if t not in ("&", "(", ")")]
    for position in range(first, last):
        if position == call:
            continue
        text = code[position].text
        if text in _ACQUIRE and position + 1 < last and code[position + 1].text == "(":
            spans = arguments(code, position + 1)
            if spans and [t.text for t in code[spans[0][0]:spans[0][1]]] == spelled:
                return True
        if text == "=" and bare and [t.text for t in code[position - len(bare):position]] == bare:
            return True
    return False


def _assigned(code, names: set[str], first: int, last: int) -> bool:
    """True when one of NAMES is assigned, incremented or decremented in FIRST..LAST."""
    for position in range(first, last):
        token = code[position]
        if token.text not in names:
            continue
        after = code[position + 1].text if position + 1 < len(code) else ""
        before = code[position - 1].text if position else ""
        if after in ("=", "+=", "-=", "++", "--") or before in ("++", "--"):
            return True
    return False


def _acquisition(facts, first: int, last: int) -> int | None:
    """Index of an atomicCAS/atomicExch call with constant values in code FIRST..LAST."""
    code = facts.code
    for position in within(facts.occurrences(_ACQUIRE), first, last):
        count = _ACQUIRE[code[position].text]
        if position + 1 >= last or code[position + 1].text != "(":
            continue
        spans = arguments(code, position + 1)
        if len(spans) == count and all(_constant(facts, span) for span in spans[1:]):
            return position
    return None


def _constant(facts, span: tuple[int, int]) -> bool:
    first, last = span
    if facts.fold_span(first, last) is not None:
        return True
    return last - first == 1 and bool(_CONSTANT.match(facts.code[first].text))


def _elected(facts, function, index: int) -> bool:
    """True when the statement at code INDEX runs under an ``if`` (its own, or one of an
    enclosing block) whose condition tests a thread or lane index."""
    code = facts.code
    first = facts.body_span(function)[0]
    names = facts.thread_names(function) | THREAD_SOURCES
    statement = index
    if code[index - 1].text == "}":  # do { ... } while (...)
        opener = _opener(code, index - 1, "{", "}")
        if opener > first and code[opener - 1].text == "do":
            statement = opener - 1
    if _under_thread_test(code, statement - 1, first, names):
        return True
    depth = 0
    for position in range(statement - 1, first, -1):
        text = code[position].text
        if text == "}":
            depth += 1
        elif text == "{":
            if depth:
                depth -= 1
            elif _under_thread_test(code, position - 1, first, names):
                return True
    return False


def _under_thread_test(code, before: int, first: int, names) -> bool:
    """True when code BEFORE closes ``if (condition)`` on a thread or lane index."""
    if before <= first or code[before].text != ")":
        return False
    opener = _opener(code, before, "(", ")")
    return opener > first and code[opener - 1].text == "if" and _tests_thread(
        code, opener + 1, before, names)


def _opener(code, closer: int, opening: str, closing_text: str) -> int:
    depth = 0
    for position in range(closer, -1, -1):
        text = code[position].text
        depth += text == closing_text
        depth -= text == opening
        if depth == 0:
            return position
    return -1


def _tests_thread(code, first: int, last: int, names) -> bool:
    words = {code[i].text for i in range(first, last)}
    return bool(words & {"==", "!"}) and bool(words & names)


def _callers_elected(facts, function) -> bool:
    """True when FUNCTION is called in the file and every call runs for one thread."""
    code = facts.code
    calls = [i for i in facts.occurrences((function.name,))
             if i + 1 < len(code) and code[i + 1].text == "("
             and not function.start <= code[i].start < function.body_start]
    if not calls:
        return False
    for call in calls:
        caller = facts.function_at(code[call].start)
        if caller is None or caller is function or not _elected(facts, caller, call):
            return False
    return True


RULE = Rule(
    code="W422",
    name="per-thread-spin-lock",
    summary="Spin lock taken by every thread of a warp (needs independent thread scheduling)",
    check=check,
    category="warp-synchronous",
    doc=__doc__,
    silent_in_platform_branches=True,
    mentions=("atomicCAS", "atomicExch"),
)
