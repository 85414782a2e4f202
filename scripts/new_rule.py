"""Scaffold a new rule: its module, its line in the registry and two golden cases.

    .venv/bin/python scripts/new_rule.py W123 warp-vote-width --category warp-size \\
        --summary "a vote result stored in 32 bits"

writes, and prints the paths of,

- ``translator/rules/warp_vote_width.py``: the docstring sections of the rule's kind
  (``DOC_SECTIONS``), a ``check`` that finds a placeholder identifier declared in the
  module's data (a W rule reports it, an R rule renames it) and ``RULE = Rule(...)``;
- ``translator/rules/__init__.py``: the module imported in alphabetical place, its RULE
  at the end of ``RULES``;
- ``tests/translator/cases/W123/``: a case where the rule fires and a ``noop_`` case.

The rule is complete and its tests pass from the start; then replace the placeholder
with the real construct in the check, the docstring and the cases (docs/contributing.md).

It refuses, with exit status 2 and nothing written, a code that is not ``[RW]###``, a
code or a name already taken, a name that is not kebab-case and an unknown category.
``--root`` names the repository to write in (default: the one holding this script).
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import keyword
import os
import re
import sys
import tempfile
import textwrap
from pathlib import Path
from string import Template

ROOT = Path(__file__).resolve().parent.parent
REGISTRY = Path("translator/rules/__init__.py")
CASES = Path("tests/translator/cases")
_IMPORT_BLOCK = re.compile(r"^from translator\.rules import \(\n(?P<names>(?:    \w+,\n)+)\)\n",
                           re.M)
_RULES_TUPLE = re.compile(r"^RULES: tuple\[Rule, \.\.\.\] = \(\n(?P<body>(?:.*\n)*?)\)\n", re.M)
_CODE = re.compile(r"[RW]\d{3}")
_NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


class Refusal(Exception):
    """What the user asked for cannot be written; nothing was."""


@dataclasses.dataclass(frozen=True)
class Registry:
    """What the repository at ROOT has already: read from its own translator package."""

    codes: frozenset[str]
    names: frozenset[str]
    categories: tuple[str, ...]
    rule_fields: frozenset[str]


def read_registry(root: Path) -> Registry:
    sys.path.insert(0, str(root))
    try:
        rules = importlib.import_module("translator.rules")
    except Exception as error:  # noqa: BLE001 - any error of a tree being edited
        raise Refusal(f"cannot import the registry of {root}: {error!r}") from error
    finally:
        sys.path.remove(str(root))
    where = Path(rules.__file__ or "").resolve()
    if not where.is_relative_to(root.resolve()):
        raise Refusal(f"imported the registry from {where}, not from {root}")
    return Registry(
        codes=frozenset(rule.code for rule in rules.CODES),
        names=frozenset(rule.name for rule in rules.CODES),
        categories=tuple(rules.CATEGORIES),
        rule_fields=frozenset(field.name for field in dataclasses.fields(rules.Rule)),
    )


def default_category(code: str) -> str:
    """Build files for the 5xx codes, an API the port must change for the others."""
    return "build-system" if code[1] == "5" else "unsupported-api"


# --- the module ---------------------------------------------------------------------

_WARNING = Template('''\
"""$doc_summary

What it finds
-------------
A placeholder: the identifiers of ``_NAMES`` in code. ``scripts/new_rule.py`` gave this
rule something to find until its check finds the construct it is named after.

Why it matters on AMD
---------------------
It does not: the placeholder is no CUDA construct. A rule that finds it is complete
(registered, documented, with a firing case and a silent case) and finds nothing in
real code.

Example
-------
```
int scaled(int value) {
  return 2 * $placeholder(value);
}
```

Suggested fix
-------------
None: the finding marks where the placeholder is.

Limits
------
Only the whole identifier in code: the placeholder in a comment, in a string or as a
part of a longer name is not found.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.analysis.hazard import finding
from translator.rules.base import Finding, Rule

#: The identifiers the check finds in code.
_NAMES = ("$placeholder",)
_MESSAGE = $message_at_0
_HELP = "see the Suggested fix of $code (rocport rules)"


def check(unit) -> Iterator[Finding]:
    if not unit.mentions_any(_NAMES):
        return
    for name in _NAMES:
        for offset in unit.whole_identifiers(name):
            yield finding("$code", f"{name}: {_MESSAGE}", offset, _HELP)


RULE = Rule(
    code="$code",
    name="$name",
    summary=_MESSAGE,
    check=check,
    category="$category",
    doc=__doc__,
    silent_in_platform_branches=True,
$extra)
''')

_REWRITE = Template('''\
"""$doc_summary

What it does
------------
Renames a placeholder: the identifiers of ``_NAMES`` in code get ``_hip`` at their end.
``scripts/new_rule.py`` gave this rule something to rewrite until its check rewrites the
construct it is named after.

Why
---
The placeholder is no CUDA construct. A rule that rewrites it is complete (registered,
documented, with a firing case and a silent case) and changes nothing in real code.

Example (CUDA)
--------------
```
int scaled(int value) {
  return 2 * $placeholder(value);
}
```

Output (HIP)
------------
```
int scaled(int value) {
  return 2 * $replacement(value);
}
```

Limits
------
Only the whole identifier in code: the placeholder in a comment, in a string or as a
part of a longer name is left as it is.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.edits import Edit
from translator.rules.base import Finding, Rule

#: The identifiers the check renames in code (to their HIP names: ``_hip`` added).
_NAMES = ("$placeholder",)


def check(unit) -> Iterator[Finding]:
    if not unit.mentions_any(_NAMES):
        return
    for name in _NAMES:
        for offset in unit.whole_identifiers(name):
            yield Edit(offset, offset + len(name), name + "_hip")


RULE = Rule(
    code="$code",
    name="$name",
    summary=$message_at_4,
    check=check,
    category="$category",
    doc=__doc__,
$extra)
''')


def module_text(code: str, name: str, summary: str, category: str, has_mentions: bool) -> str:
    placeholder = placeholder_of(name)
    # The first docstring line is "CODE name: summary.", wrapped; quotes and backslashes
    # escaped so that __doc__ reads as written.
    first = f"{code} {name}: {summary}" + ("" if summary.endswith((".", "!", "?")) else ".")
    first = textwrap.fill(first, width=88, break_long_words=False, break_on_hyphens=False)
    doc_summary = first.replace("\\", "\\\\").replace('"', '\\"')
    template = _WARNING if code[0] == "W" else _REWRITE
    extra = "    mentions=_NAMES,\n" if has_mentions else ""
    return template.substitute(
        code=code, name=name, doc_summary=doc_summary, placeholder=placeholder,
        replacement=placeholder + "_hip", message_at_0=_literal(summary, 0),
        message_at_4=_literal(summary, 4), category=category, extra=extra,
    )


def _literal(text: str, indent: int) -> str:
    """TEXT as a Python string literal, split on spaces within parentheses when long."""
    if indent + len(repr(text)) <= 88:
        return repr(text)
    lines: list[str] = []
    for word in re.findall(r"\S+\s*", text):
        if lines and len(lines[-1]) + len(word) <= 72:
            lines[-1] += word
        else:
            lines.append(word)
    inside = "".join(f"{' ' * (indent + 4)}{line!r}\n" for line in lines)
    return f"(\n{inside}{' ' * indent})"


def placeholder_of(name: str) -> str:
    return name.replace("-", "_") + "_placeholder"


# --- the cases ----------------------------------------------------------------------

def case_files(code: str, name: str, summary: str) -> dict[Path, str]:
    """A case where the rule fires and a noop case, as tests/translator/cases.py reads
    them: the input .cu, the expected .hip and, for a W rule, the expected .diag."""
    placeholder, module = placeholder_of(name), name.replace("-", "_")
    firing = (f"int {placeholder}(int value);\n"
              "\n"
              "int scaled(int value) {\n"
              f"  return 2 * {placeholder}(value);\n"
              "}\n")
    silent = (f"// {placeholder}(value) in a comment is no call\n"
              f'const char *text = "{placeholder}";\n'
              f"int {placeholder}_count(int value);\n")
    folder = CASES / code
    files = {folder / f"{module}.cu": firing, folder / f"noop_{module}.cu": silent,
             folder / f"noop_{module}.hip": silent}
    if code[0] == "W":
        files[folder / f"{module}.hip"] = firing
        files[folder / f"{module}.diag"] = "".join(
            f"{line}:{column} {code} {placeholder}: {summary}\n"
            for line, column in _places(firing, placeholder))
    else:
        files[folder / f"{module}.hip"] = re.sub(rf"\b{placeholder}\b", placeholder + "_hip",
                                                 firing)
    return files


def _places(text: str, word: str) -> list[tuple[int, int]]:
    places = []
    for number, line in enumerate(text.splitlines(), start=1):
        places += [(number, match.start() + 1) for match in re.finditer(rf"\b{word}\b", line)]
    return places


# --- the registry -------------------------------------------------------------------

def registry_text(current: str, module: str) -> str:
    """CURRENT with MODULE imported in alphabetical place and its RULE last in RULES."""
    imports = _IMPORT_BLOCK.search(current)
    rules = _RULES_TUPLE.search(current)
    if imports is None or rules is None:
        raise Refusal(f"{REGISTRY} has no 'from translator.rules import (...)' block or no "
                      "'RULES: tuple[Rule, ...] = (...)': add the rule by hand")
    names = imports.group("names").splitlines(keepends=True)
    if f"    {module},\n" in names:
        raise Refusal(f"{REGISTRY} imports {module} already")
    position = next((i for i, line in enumerate(names) if line.strip(" ,\n") > module),
                    len(names))
    names.insert(position, f"    {module},\n")
    end = rules.end("body")
    text = current[:end] + f"    {module}.RULE,\n" + current[end:]
    return text[: imports.start("names")] + "".join(names) + text[imports.end("names"):]


# --- writing ------------------------------------------------------------------------

def plan(root: Path, code: str, name: str, category: str | None,
         summary: str | None) -> dict[Path, str]:
    """Every file to write, relative to ROOT, with its text; Refusal when one is wrong."""
    if not _CODE.fullmatch(code):
        raise Refusal(f"malformed code {code!r}: R### for a rewrite, W### for a warning")
    if not _NAME.fullmatch(name):
        raise Refusal(f"malformed name {name!r}: kebab-case, e.g. triple-chevron-launch")
    module = name.replace("-", "_")
    if keyword.iskeyword(module):
        raise Refusal(f"name {name!r} would make a module named after a Python keyword")
    if summary is not None:
        summary = summary.strip()
        if not summary or "\n" in summary or "\r" in summary:
            raise Refusal("the summary is one line of text")
    registry = read_registry(root)
    if code in registry.codes or (root / CASES / code).exists():
        raise Refusal(f"code {code} is taken (rocport rules lists the codes in use)")
    module_path = Path("translator/rules") / f"{module}.py"
    if name in registry.names or (root / module_path).exists():
        raise Refusal(f"name {name} is taken")
    category = category or default_category(code)
    if category not in registry.categories:
        raise Refusal(f"unknown category {category!r}: one of {', '.join(registry.categories)}")
    summary = summary or name.replace("-", " ")
    files = {module_path: module_text(code, name, summary, category,
                                      "mentions" in registry.rule_fields)}
    files.update(case_files(code, name, summary))
    files[REGISTRY] = registry_text((root / REGISTRY).read_text(encoding="utf-8"), module)
    compile(files[module_path], str(module_path), "exec")
    compile(files[REGISTRY], str(REGISTRY), "exec")
    return files


def write(root: Path, files: dict[Path, str]) -> None:
    """Create the new files, then replace the registry in one rename; on a failure remove
    what was created, so that the tree is as it was."""
    created: list[Path] = []
    try:
        for relative, text in files.items():
            if relative == REGISTRY:
                continue
            path = root / relative
            if not path.parent.exists():
                path.parent.mkdir(parents=True)
                created.append(path.parent)
            with open(path, "x", encoding="utf-8", newline="\n") as output:
                created.append(path)
                output.write(text)
        registry = root / REGISTRY
        handle, temporary = tempfile.mkstemp(dir=registry.parent, prefix=".__init__.",
                                             suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as output:
                output.write(files[REGISTRY])
            os.chmod(temporary, registry.stat().st_mode & 0o777)
            os.replace(temporary, registry)
        finally:
            if os.path.exists(temporary):
                os.remove(temporary)
    except BaseException:
        for path in reversed(created):
            if path.is_dir():
                path.rmdir()
            else:
                path.unlink()
        raise


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("code", help="R### (rewrite) or W### (warning), not in use")
    parser.add_argument("name", help="kebab-case, naming the CUDA construct")
    parser.add_argument("--category", help="one of CATEGORIES (translator/rules/base.py); "
                        "default build-system for 5xx codes, else unsupported-api")
    parser.add_argument("--summary", help="the line shown by `rocport rules` "
                        "(default: the name in words)")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the repository to write in (default: %(default)s)")
    arguments = parser.parse_args(argv)
    root = arguments.root.resolve()
    try:
        files = plan(root, arguments.code, arguments.name, arguments.category,
                     arguments.summary)
        write(root, files)
    except Refusal as refusal:
        print(f"new_rule.py: {refusal}", file=sys.stderr)
        return 2
    for relative in sorted(files):
        print(root / relative)
    print(f"{arguments.code} {arguments.name} runs last in RULES: move its line where it "
          "belongs (rewrites before R101, warnings by code). Then write its check, "
          "docstring and cases, and run scripts/docs_tables.py.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
