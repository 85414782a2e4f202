"""The engine's own codes (E###): what the engine, not a rule, reports.

Each is a ``Rule`` without a check, so the registry, the report, SARIF and the rule
pages look every code up in one place. The engine emits them in
``translator/engine.py`` and ``translator/tree/build_files.py``; E101 comes from the
compile check (``translator/compile/report.py``).
"""

from __future__ import annotations

from translator.diagnostics import Severity
from translator.rules.base import Rule

__all__ = ["ENGINE_CODES"]

_PARSE_ERROR = """\
What it means
-------------
clang reported errors in the file (a missing header, code clang does not accept), or
could not run at all (libclang unavailable). An error spoils clang's answers in the
function that holds it only: the message says how many functions that is and names the
headers that were not found (read as empty) once; there, and everywhere when clang did
not run, the rules that need types saw only tokens. The token rules ran as usual, so
the output is still translated.

What to do
----------
Give clang what the build gives the compiler: include folders (``-I``), macros
(``-D``) or a compilation database (``-p BUILD``). The message quotes clang's first
error.
"""

_CONFLICTING_EDITS = """\
What it means
-------------
Two rules wanted to change the same text. The rule that comes first in the registry
(``translator/rules/__init__.py``) kept its edit; the other edit was dropped.

What to do
----------
Check the line by hand. A conflict is a bug in rocport's rules: please report it with
the line that caused it.
"""

_RULE_FAILURE = """\
What it means
-------------
A rule raised an error on this file. Its findings for this file are missing; the
other rules ran and their edits were applied.

What to do
----------
Review the file by hand for what the named rule converts or reports, and report the
failure with the file (or a small piece of it) that caused it.
"""

_UNDECODABLE_TEXT = """\
What it means
-------------
The file is not valid UTF-8. rocport read it byte for byte and wrote the bytes it did
not understand back unchanged.

What to do
----------
Usually nothing: the output keeps the original bytes. If the file is meant to be
text, convert it to UTF-8 and translate it again.
"""

_COMPILER_LDS_USAGE = """\
What it means
-------------
The compile check ran ``hipcc`` on the translated code, and the compiler reported a
kernel whose shared memory (LDS) per block is over the limit, or large enough to fill
a compute unit so that only one block fits on it.

What to do
----------
Reduce the shared memory per block, or split the tile: MI300 (gfx942) has 64 KiB of
LDS per compute unit.
"""

#: Codes the engine itself emits, in code order.
ENGINE_CODES: tuple[Rule, ...] = (
    Rule("E001", "parse-error", "clang could not parse the file; token rules still ran",
         None, "parse-error", _PARSE_ERROR, Severity.NOTE),
    Rule("E002", "conflicting-edits", "two rules edited the same text; the first won",
         None, "parse-error", _CONFLICTING_EDITS),
    Rule("E003", "rule-failure", "a rule failed on this file; its findings are missing",
         None, "parse-error", _RULE_FAILURE, Severity.ERROR),
    Rule("E004", "undecodable-text", "the file is not valid UTF-8; bytes were kept", None,
         "parse-error", _UNDECODABLE_TEXT),
    Rule("E101", "compiler-lds-usage",
         "hipcc reports a kernel's LDS per block over the limit or filling a compute unit",
         None, "shared-memory-limit", _COMPILER_LDS_USAGE),
)
