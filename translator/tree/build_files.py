"""Build files and other non-C++ files: the runner of the build-system rules.

``translate_build_file(source, options, path)`` runs the build-system rules (R5xx/W5xx)
on a CMake file, a Makefile, a shell script, a Python file, a CI file or a Python
dependency file and returns the same ``Result`` as ``translator.engine.translate``.
The rules that run are those whose ``languages`` include the file's language
(``translator.source.file_kinds.language_of``); the text helpers they share are in
``translator/source/build_text.py``.

Limits: C++ rules (R0xx-R4xx) never run on these files, so a CUDA API name in a
shell script stays as it is.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable

from translator.diagnostics import Usage
from translator.edits import Edit
from translator.engine import Result, _begin, _finish, _run_rule
from translator.options import Options
from translator.rules import RULES

__all__ = ["translate_build_file", "find_modules"]

_FIND_MODULE = re.compile(r"Find(\w+)\.cmake")


def find_modules(paths: Iterable[str]) -> tuple[str, ...]:
    """The packages whose CMake find module (``Find<Name>.cmake``) is among PATHS."""
    return tuple(sorted({match.group(1) for path in paths
                         for match in [_FIND_MODULE.fullmatch(posixpath.basename(path))]
                         if match}))


def translate_build_file(source: str | bytes, options: Options | None = None,
                         path: str = "") -> Result:
    """Run the build-system rules on one non-C++ file. Never raises for bad input."""
    options = options or Options()
    unit, utf8, diagnostics = _begin(source, options, path)
    edits: list[Edit] = []
    usages: list[Usage] = []
    language = unit.language
    for rule in RULES:
        if language in rule.languages and options.rule_enabled(rule.code):
            _run_rule(rule, unit, edits, diagnostics, usages)
    return _finish(unit, utf8, edits, diagnostics, usages)
