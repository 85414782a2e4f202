"""The answer of ``/api/translate/`` for one file, as plain data.

Computed inside the sandbox (translator/jobs/child.py runs it) and sent
back as JSON: the HIP text, the diff, the findings and the names without a HIP
counterpart, with 1-based lines and columns.
"""

from __future__ import annotations

from translator.analysis.clang import StubCache
from translator.engine import translate
from translator.options import Options
from translator.output.patches import file_diff

__all__ = ["snippet_result"]


def snippet_result(source: str, options: Options, path: str,
                   stubs: StubCache | None = None) -> dict:
    """The translation of SOURCE as the file PATH (STUBS: see ``translate``)."""
    result = translate(source, options, path, stubs=stubs)
    return {
        "path": path,
        "source": result.source,
        "changed": result.changed,
        "replacements": len(result.edits),
        "diff": file_diff(result.original, result.source, path, path, result.line_map),
        "findings": [
            {"code": d.code, "name": d.name, "category": d.category,
             "severity": d.severity.value, "line": d.line, "column": d.column,
             "message": d.message, "help": d.help, "suppressed": d.suppressed}
            for d in result.diagnostics
        ],
        "unsupported": [
            {"name": usage.name, "line": line, "column": column, "reason": usage.reason}
            for usage in result.unsupported
            for line, column in [_position(result.original, usage.offset)]
        ],
    }


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1
