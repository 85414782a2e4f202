"""clang's parse of a unit: a fact of the unit, paid for when a rule first asks.

``parsed_of(unit)`` parses the file (``translator.analysis.clang.parse``) with the
unit's options, in its tree, through the source file that includes it when it is a
header of a tree (``TreeFacts.includer``), with the stubs the unit was given, and its
braced launch arguments read as ``dim3{...}`` (``translator.analysis.braced_launches``). It is
None when semantic analysis is switched off, libclang is unavailable or the parse went
over its time budget; ``parse_error(unit)`` then says why. ``parse_attempted(unit)``
tells whether a rule asked: a file no rule asked about is never parsed.
"""

from __future__ import annotations

import os
import time

from translator.analysis import clang
from translator.analysis.braced_launches import LAUNCH_TYPE, braced_launch_arguments
from translator.analysis.include_fence import fence_includes
from translator.unit import Unit

__all__ = ["parsed_of", "parse_attempted", "parse_error"]


def parsed_of(unit: Unit) -> clang.ParseResult | None:
    """clang's view of UNIT's file (parsed once), or None when unavailable."""
    return unit.fact(_parse)[0]


def parse_attempted(unit: Unit) -> bool:
    """True when a rule asked for clang's view of UNIT (``parsed_of``) already."""
    return unit.known(_parse)


def parse_error(unit: Unit) -> str:
    """Why clang's view of UNIT is unavailable ('' when it is not, or not asked yet)."""
    return unit.fact(_parse)[1] if unit.known(_parse) else ""


def _parse(unit: Unit) -> tuple[clang.ParseResult | None, str]:
    """(the parse, '') or (None, why not)."""
    options = unit.options
    if not options.use_clang:
        return None, "semantic analysis switched off"
    stubs = unit.stubs
    assert stubs is None or isinstance(stubs, clang.StubCache)  # Unit cannot name the type
    # the process's CPU time, not this thread's: libclang parses on a thread of its
    # own (a large stack), whose time thread_time never saw. A file is translated by
    # one thread at a time in the processes that translate (sandbox, pool, CLI).
    started = time.process_time()
    path = unit.path or "input.cu"
    try:
        parsed = clang.parse(
            fence_includes(unit.source, unit.directives, path),
            path,
            include_dirs=options.include_dirs,
            defines=options.defines,
            extra_args=options.clang_args,
            resource_dir=options.clang_resource_dir,
            directory=options.tree.tree_root,
            context=_includer_context(unit),
            stubs=stubs,
            insert=tuple((offset, LAUNCH_TYPE) for offset in braced_launch_arguments(unit)),
        )
    except clang.ClangUnavailable as error:
        return None, str(error)
    spent, budget = time.process_time() - started, _analysis_budget(unit)
    if budget and spent > budget:
        return None, (f"analysis skipped: over its time budget (clang took {spent:.1f} s "
                      f"of {budget:.1f} s for {len(unit.source) // 1024} KB)")
    return parsed, ""


def _includer_context(unit: Unit) -> tuple[str, str] | tuple[()]:
    """For a header of a tree: (the source file that includes it, that file's text up
    to the end of the include line, its own includes fenced as the header's are), the
    context clang parses the header in (``TreeFacts.includer``); () otherwise."""
    tree = unit.options.tree
    if not tree.includer or not tree.tree_root:
        return ()
    path, length = tree.includer
    try:
        with open(os.path.join(tree.tree_root, path), encoding="utf-8",
                  errors="surrogateescape") as file:
            text = file.read(length)
    except OSError:
        return ()
    prefix = Unit(text, unit.options, path)
    return path, fence_includes(text, prefix.directives, path)


def _analysis_budget(unit: Unit) -> float:
    """CPU seconds the parse of UNIT's file may take (0: no limit)."""
    per_100kb = unit.options.analysis_budget
    return per_100kb * max(1.0, len(unit.source) / 100_000) if per_100kb > 0 else 0.0
