"""Build files and other non-C++ files: the runner of the build-system rules.

``translate_build_file(source, options, path)`` runs the build-system rules (R5xx/W5xx)
on a CMake file, a Makefile, a shell script, a Python file, a CI file or a Python
dependency file and returns the same ``Result`` as ``translator.engine.translate``.
The rules that run are those whose ``languages`` include the file's language
(``translator.tree.file_kinds.language_of``); the text helpers they share are in
``translator/source/build_text.py``.

Limits: C++ rules (R0xx-R4xx) never run on these files, so a CUDA API name in a
shell script stays as it is.
"""

from __future__ import annotations

import re
from dataclasses import replace

from translator.diagnostics import Diagnostic, Usage
from translator.edits import Edit, apply_edits, line_map
from translator.engine import Result, _run_rule, decode
from translator.options import Options
from translator.rules import RULES, RULES_BY_CODE
from translator.source.build_text import unit_language
from translator.unit import Unit

__all__ = ["translate_build_file"]

_SUPPRESSION = re.compile(r"rocport:\s*ignore\[([A-Z0-9_, ]+)\]")


def translate_build_file(source: str | bytes, options: Options | None = None,
                         path: str = "") -> Result:
    """Run the build-system rules on one non-C++ file. Never raises for bad input."""
    if isinstance(source, bytes):
        text, utf8 = decode(source)
    else:
        text, utf8 = source, True
    options = options or Options()
    unit = Unit(text, options, path)
    edits: list[Edit] = []
    diagnostics: list[Diagnostic] = []
    usages: list[Usage] = []
    if not utf8:
        diagnostics.append(Diagnostic("E004", "not valid UTF-8; the bytes were kept as they are",
                                      offset=0))
    language = unit_language(unit)
    for rule in RULES:
        if language in rule.languages and options.rule_enabled(rule.code):
            _run_rule(rule, unit, edits, diagnostics, usages)
    output, applied, rejected = apply_edits(text, edits)
    for edit in rejected:
        diagnostics.append(Diagnostic("E002", f"edit of {edit.code} overlaps another edit and "
                                      f"was dropped (wanted {edit.text!r})", offset=edit.start))
    located = sorted((_locate(unit, d) for d in diagnostics),
                     key=lambda d: (d.line, d.column, d.code))
    return Result(source=output, original=text, path=path, diagnostics=located, usages=usages,
                  edits=applied, line_map=line_map(text, applied, output), utf8=utf8)


def _locate(unit: Unit, diagnostic: Diagnostic) -> Diagnostic:
    offset = max(diagnostic.offset, 0)
    line, column = unit.location(min(offset, len(unit.source)))
    rule = RULES_BY_CODE.get(diagnostic.code)
    name, category = (rule.name, rule.category) if rule else ("", "")
    line_end = unit.source.find("\n", offset)
    line_text = unit.source[unit.line_starts[line - 1]: None if line_end < 0 else line_end]
    suppressed = any(
        diagnostic.code in {c.strip() for c in m.group(1).split(",")} or "ALL" in m.group(1)
        for m in _SUPPRESSION.finditer(line_text)
    )
    return replace(diagnostic, line=line, column=column, offset=offset,
                   path=diagnostic.path or unit.path, name=diagnostic.name or name,
                   category=diagnostic.category or category, suppressed=suppressed)
