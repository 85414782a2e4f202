"""Rewrites ``kernel<<<grid, block, shmem, stream>>>(args)`` launches to ``hipLaunchKernelGGL``.

What it does
------------
Only with ``--hip-kernel-execution-syntax`` (hipcc compiles ``<<<>>>`` as it is, so by
default launches are kept, as hipify-clang does, but for one thing: a braced list as a
launch argument, ``k<<<grid, {16, 16, 1}>>>``, which nvcc accepts and clang rejects
("expected expression"), gets the type it initialises: ``dim3{16, 16, 1}``). Each launch becomes
``hipLaunchKernelGGL(kernel, dim3(grid), dim3(block), shmem, stream, args...)``: grid and
block are wrapped in ``dim3(...)`` unless already written ``dim3(...)``, a missing
shared-memory size or stream becomes ``0``, and a kernel named with template arguments
is wrapped in ``HIP_KERNEL_NAME(...)`` so that their commas survive the macro (with
``--hipify-compat`` so is a kernel template whose arguments are deduced, as hipify-clang
wraps every template instantiation; a plain kernel never is). As in
hipify-clang's output, the configuration is rebuilt on one line (blanks, line breaks and
comments inside ``<<<...>>>`` and around the argument list are not kept), while the
kernel name and the arguments keep their text, line breaks inside the argument list
included; launches inside macro definitions are rewritten too.

Why
---
hipify's HIP launch form, which some teams prefer for its explicit stream and shared
memory arguments and which older HIP toolchains required.

Example (CUDA)
--------------
```
saxpy<<<blocks, 256>>>(n, 2.0f, x, y);
transpose<float, 32><<<grid, block, 0, s>>>(
    out, in);
```

Output (HIP)
------------
```
hipLaunchKernelGGL(saxpy, dim3(blocks), dim3(256), 0, 0, n, 2.0f, x, y);
hipLaunchKernelGGL(HIP_KERNEL_NAME(transpose<float, 32>), dim3(grid), dim3(block), 0, s, out, in);
```

Limits
------
The end of the launch configuration is found with tokens (the first ``>>>`` outside
parentheses that is followed by ``(``); when tokens cannot find it, clang's parse of the
file decides, and a launch neither can read is reported and left as it is. Comments
inside the launch brackets and before the first or after the last argument are dropped.
A braced launch argument inside a ``#define`` body keeps its braces (without the HIP
syntax option).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from translator.analysis.braced_launches import LAUNCH_TYPE, braced_launch_arguments
from translator.analysis.call_rewrites import closed_calls
from translator.analysis.parsed import parsed_of
from translator.diagnostics import Diagnostic
from translator.edits import Edit
from translator.rules.base import Finding, Rule
from translator.source.syntax import Argument, call_at, skip_blanks
from translator.source.tokens import lex, token_starts
from translator.unit import Unit

_LAUNCH = re.compile("<<<")
_OPEN = {"(": ")", "[": "]", "{": "}"}
_CLOSERS = frozenset(_OPEN.values())


def check(unit: Unit) -> Iterator[Finding]:
    if not unit.mentions("<<<"):
        return
    if not unit.options.hip_kernel_execution_syntax:
        for brace in braced_launch_arguments(unit):  # clang wants an expression there
            yield Edit(brace, brace, LAUNCH_TYPE, "R201")
        return
    source = unit.source
    view = _LaunchTokens(source)
    for match in unit.regions.code_matches(_LAUNCH):
        kernel_start = _kernel_start(source, match.start())
        config = _configuration(source, view, match.start())
        config = config or _configuration_from_clang(unit, match)
        if kernel_start is None or config is None:
            yield Diagnostic("R201", "kernel launch not understood; left as is",
                             offset=match.start())
            continue
        arguments, close = config
        yield from _launch_edits(unit, kernel_start, match.start(), arguments, close)


def _launch_edits(
    unit: Unit, kernel_start: int, chevrons: int, config: list[Argument], close: int
) -> Iterator[Finding]:
    """Edits around the kernel name, the configuration and the arguments, which keep
    their own text (so that other rules may still rename inside them)."""
    source = unit.source
    kernel_end = _trim_end(source, kernel_start, chevrons)
    kernel = source[kernel_start:kernel_end]
    call = call_at(source, close - 3, close, closed_calls(unit))
    if call is None or len(config) not in (2, 3, 4):
        yield Diagnostic("R201", "kernel launch not understood; left as is", offset=chevrons)
        return
    # hipify-clang (--hipify-compat) names every template instantiation through the
    # macro, deduced arguments included; a plain kernel never.
    template = "<" in kernel or (unit.options.hipify_compat
                                 and _name_of(kernel) in _template_kernels(unit))
    wrap = [i < 2 and not config[i].text.startswith("dim3(") for i in range(len(config))]
    opening = "hipLaunchKernelGGL(" + ("HIP_KERNEL_NAME(" if template else "")
    yield Edit(kernel_start, kernel_start, opening, "R201")
    yield Edit(kernel_end, config[0].start,
               (")" if template else "") + ", " + ("dim3(" if wrap[0] else ""), "R201")
    for index in range(1, len(config)):
        yield Edit(config[index - 1].end, config[index].start,
                   (")" if wrap[index - 1] else "") + ", " + ("dim3(" if wrap[index] else ""),
                   "R201")
    ending = (")" if wrap[-1] else "") + ", 0" * (4 - len(config))
    arguments = [argument for argument in call.arguments if argument.text]
    if arguments:
        yield Edit(config[-1].end, arguments[0].start, ending + ", ", "R201")
        if arguments[-1].end < call.close:
            yield Edit(arguments[-1].end, call.close, "", "R201")
    else:
        yield Edit(config[-1].end, call.close, ending, "R201")


_TEMPLATE = re.compile(r"(?<![\w$])template(?![\w$])")
_WORD = re.compile(r"[A-Za-z_][\w$]*")


def _name_of(kernel: str) -> str:
    """The unqualified name of a launched kernel expression (``ns::k`` gives ``k``)."""
    words = _WORD.findall(kernel.split("<", 1)[0])
    return words[-1] if words else ""


def _template_kernels(unit: Unit) -> frozenset[str]:
    """Names of the ``__global__`` function templates the file declares (tokens: the
    name before the first ``(`` after ``template <...>`` in a declaration that says
    ``__global__``; found once per unit)."""
    return unit.fact(_find_template_kernels)


def _find_template_kernels(unit: Unit) -> frozenset[str]:
    source = unit.source
    names = set()
    for match in unit.regions.code_matches(_TEMPLATE):
        end = source.find("(", match.end())
        while end >= 0 and source[_trim_end(source, 0, end) - len("__launch_bounds__"):
                                  _trim_end(source, 0, end)] == "__launch_bounds__":
            close = source.find(")", end)
            end = source.find("(", close) if close >= 0 else -1
        if end < 0:
            continue
        head = source[match.end():end]
        if "__global__" in head and ";" not in head and "{" not in head:
            words = _WORD.findall(head)
            if words:
                names.add(words[-1])
    return frozenset(names)


def _trim_end(source: str, start: int, end: int) -> int:
    while end > start and source[end - 1] in " \t\r\n\\":
        end -= 1
    return end


def _kernel_start(source: str, chevrons: int) -> int | None:
    """Start of the kernel expression that ends before the ``<<<`` at CHEVRONS."""
    position = _trim_end(source, 0, chevrons)
    while True:
        if position == 0:
            return None
        char = source[position - 1]
        if char == ">":
            opening = _matching_back(source, position - 1, "<", ">")
            if opening is None:
                return None
            position = opening
        elif char == ")":
            return _matching_back(source, position - 1, "(", ")")
        word_end = position
        while position > 0 and (source[position - 1].isalnum() or source[position - 1] in "_$"):
            position -= 1
        if position == word_end:
            return None
        before = _trim_end(source, 0, position)
        if source[before - 2 : before] == "::":
            position = _trim_end(source, 0, before - 2)
            previous = source[position - 1] if position else ""
            if not (previous.isalnum() or previous in ("_", ">")) or not previous:
                return before - 2  # a global qualifier: ::kernel
            continue
        return position


def _matching_back(source: str, close: int, opener: str, closer: str) -> int | None:
    """Offset of the OPENER matching the CLOSER at CLOSE, scanning backwards."""
    depth = 0
    index = close
    while index >= 0:
        char = source[index]
        if char == closer:
            depth += 1
        elif char == opener:
            depth -= 1
            if depth == 0:
                return index
        elif char in ";{}":
            return None
        index -= 1
    return None


class _LaunchTokens:
    """The code tokens of a file as a configuration scan reads them (directives too, no
    header names merged), with each bracket's closer found once for the whole file: a
    scan steps over a bracketed group at once instead of through it, so that launches
    whose brackets never close (``k<<<a, {`` repeated) cost no scan to the end each."""

    def __init__(self, source: str) -> None:
        self.tokens = lex(source, code_only=True)
        self.starts = token_starts(self.tokens)
        #: For each opening bracket, the index of its closer; -1 where the text ends first
        #: or another closer comes first (at any depth inside), as a scan would fail.
        self.closers = [-1] * len(self.tokens)
        openers: list[int] = []
        for index, token in enumerate(self.tokens):
            text = token.text
            if text in _OPEN:
                openers.append(index)
            elif text in _CLOSERS:
                if openers and _OPEN[self.tokens[openers[-1]].text] == text:
                    self.closers[openers.pop()] = index
                else:
                    openers.clear()  # every bracket still open meets a wrong closer

    def index_at(self, offset: int) -> int | None:
        index = bisect.bisect_left(self.starts, offset)
        return index if index < len(self.starts) and self.starts[index] == offset else None


def _configuration(
    source: str, view: _LaunchTokens, chevrons: int
) -> tuple[list[Argument], int] | None:
    """The launch configuration after the ``<<<`` at CHEVRONS: its arguments and the end
    of ``>>>``; None when tokens cannot read it. Another ``<<<`` outside brackets ends
    the scan: it starts a launch of its own, which no configuration holds (and scans
    from each ``<<<`` of a run to the same far ``>>>`` would be quadratic)."""
    index = view.index_at(chevrons)
    if index is None:
        return None  # not where the tokens have one (inside another token)
    tokens, closers = view.tokens, view.closers
    arguments: list[Argument] = []
    first: int | None = None  # start of the argument's first token
    last = 0  # end of its last token
    index += 1
    while index < len(tokens):
        token = tokens[index]
        text = token.text
        if text == "<<<":
            return None
        if text == ">>>":
            run_end = token.end
            while run_end < len(source) and source[run_end] == ">":
                run_end += 1
            after = skip_blanks(source, run_end)
            if source[after : after + 1] == "(" and first is not None:
                end = run_end - 3 if run_end - 3 > token.start else last
                candidate = [*arguments, Argument(first, end, source[first:end])]
                if len(candidate) >= 2:
                    return candidate, run_end
            # Otherwise the >>> closes template arguments inside the configuration.
        elif text == ",":
            if first is None:
                return None
            arguments.append(Argument(first, last, source[first:last]))
            first = None
            index += 1
            continue
        elif text in _CLOSERS or text == ";":
            return None
        if first is None:
            first = token.start
        if text in _OPEN:
            index = closers[index]
            if index < 0:
                return None
        last = tokens[index].end
        index += 1
    return None


def _configuration_from_clang(
    unit: Unit, match: re.Match[str]
) -> tuple[list[Argument], int] | None:
    """Ask clang where the launch configuration that starts at MATCH ends."""
    if parsed_of(unit) is None:
        return None
    node = unit.fact(_configuration_calls).get(match.start())
    if node is None:
        return None
    arguments = [
        Argument(child.start, child.end, unit.source[child.start : child.end])
        for child in list(node.children())[1:]
        if child.end > child.start
    ]
    return arguments, node.end


def _configuration_calls(unit: Unit) -> dict:
    """clang's ``__cudaPushCallConfiguration`` calls by start offset (one walk of the
    tree, not one per launch that tokens cannot read)."""
    calls: dict = {}
    parsed = parsed_of(unit)
    assert parsed is not None  # asked only for a file clang parsed
    for node in parsed.root.walk():
        if node.kind == "CALL_EXPR" and node.spelling == "__cudaPushCallConfiguration":
            calls.setdefault(node.start, node)
    return calls


RULE = Rule(
    code="R201",
    name="triple-chevron-launch",
    summary="Rewrite triple-chevron kernel launches to hipLaunchKernelGGL (HIP syntax option)",
    check=check,
    category="unsupported-api",
    doc=__doc__,
    mentions=("<<<",),
)
