"""translator/ keeps the order its folders promise (docs/architecture.md): a module imports
only from its own layer or the layers below, and ``sandbox/`` (bubblewrap and supervision)
imports nothing of the rest. Imports anywhere count, inside functions and under
``TYPE_CHECKING`` too: a type names a dependency as much as a call does. Rules are
modules side by side, never libraries of each other: what two rules share lives in
``analysis/`` or in ``rules/_shared/``, which no rule owns."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

TRANSLATOR = Path(__file__).resolve().parents[2] / "translator"

#: Layers from the bottom; a module is in the layer of its sub-package (or, at the top of
#: translator/, of its own name).
LAYERS = (
    # lazy_facts: the memo mechanism of Unit and of analysis' Facts; it imports nothing
    # of translator/, so it sits with the other plain values at the bottom.
    ("options", "edits", "diagnostics", "config", "lazy_facts", "progress"),
    ("data", "source"),
    ("unit",),
    ("analysis",),
    ("rules",),
    ("engine",),
    ("tree",),
    ("output",),
    ("compile",),
    ("jobs", "cli", "cli_files", "cli_runners", "__init__", "__main__"),
)
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}
APART = "sandbox"

#: Imports that break the order today, as (importer, imported). This list may only
#: shrink; a new entry fails the test.
KNOWN_UPWARD: set[tuple[str, str]] = set()
#: Rules that import another rule today (importer, imported); may only shrink.
KNOWN_RULE_TO_RULE: set[tuple[str, str]] = set()


def module_name(path: Path) -> str:
    parts = path.relative_to(TRANSLATOR.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def imports(path: Path) -> list[str]:
    """The translator modules PATH imports (``imported_modules``)."""
    return imported_modules(path.read_text(encoding="utf-8"), module_name(path),
                            path.name == "__init__.py")


def imported_modules(source: str, module: str, is_package: bool) -> list[str]:
    """The translator modules that SOURCE (of MODULE) imports, wherever the import stands;
    ``from X import y`` names X.y too when that is a module of its own."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolved against the importer's package
                anchor = module.split(".") if is_package else module.split(".")[:-1]
                base = ".".join(anchor[: len(anchor) - node.level + 1] + ([base] if base else []))
            names = [base] + [f"{base}.{alias.name}" for alias in node.names
                              if _is_module(f"{base}.{alias.name}")]
        else:
            continue
        found += [name for name in names if name.startswith("translator.")]
    return found


def _is_module(name: str) -> bool:
    relative = Path(*name.split(".")[1:])
    return (TRANSLATOR / relative).with_suffix(".py").is_file() or \
        (TRANSLATOR / relative / "__init__.py").is_file()


def product_modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(TRANSLATOR.rglob("*.py")):
        yield module_name(path), path


def upward_imports() -> set[tuple[str, str]]:
    found = set()
    for module, path in product_modules():
        mine = layer_of(module)
        for imported in imports(path):
            theirs = layer_of(imported)
            if theirs == mine:
                continue
            if mine == APART or (theirs != APART and RANK[theirs] > RANK[mine]):
                found.add((module, imported))
    return found


def rule_to_rule_imports() -> set[tuple[str, str]]:
    shared = ("translator.rules.base", "translator.rules._shared", "translator.rules")
    found = set()
    for module, path in product_modules():
        if not module.startswith("translator.rules.") or module == "translator.rules.base":
            continue
        for imported in imports(path):
            if imported.startswith("translator.rules.") and imported != module and \
                    not imported.startswith(shared[1]) and imported != shared[0]:
                found.add((module, imported))
    return found


def test_every_translator_module_has_a_layer():
    assert {layer_of(module) for module, _ in product_modules()} - set(RANK) - {APART} == set()


def test_imports_keep_the_layer_order():
    found = upward_imports()
    assert sorted(found - KNOWN_UPWARD) == []
    assert sorted(KNOWN_UPWARD - found) == [], "fixed: remove them from KNOWN_UPWARD"


def test_no_rule_imports_another_rule():
    found = rule_to_rule_imports()
    assert sorted(found - KNOWN_RULE_TO_RULE) == []
    assert sorted(KNOWN_RULE_TO_RULE - found) == [], "fixed: remove them from the list"


def test_the_checks_see_lazy_and_typing_imports():
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
              "    from translator.unit import Unit\n"
              "def f():\n    from translator.rules import cuda_api_name\n"
              "from ..data import names\n")
    assert sorted(imported_modules(source, "translator.source.probe", False)) == [
        "translator.data", "translator.data.names", "translator.rules",
        "translator.rules.cuda_api_name", "translator.unit"]


#: Groups of modules that import each other today; each may only shrink.
KNOWN_CYCLES: tuple[set[str], ...] = ()


def import_cycles() -> list[set[str]]:
    """The groups of two or more modules that reach each other through imports (the
    strongly connected components of the import graph)."""
    modules = dict(product_modules())
    graph = {module: {name for name in imports(path) if name in modules and name != module}
             for module, path in modules.items()}
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[set[str]] = []

    def visit(module: str) -> None:  # Tarjan's algorithm
        order[module] = low[module] = len(order)
        stack.append(module)
        for imported in graph[module]:
            if imported not in order:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], order[imported])
        if low[module] == order[module]:
            group = set()
            while module not in group:
                group.add(stack.pop())
            if len(group) > 1:
                cycles.append(group)

    for module in graph:
        if module not in order:
            visit(module)
    return cycles


def test_no_import_cycle_grows():
    for cycle in import_cycles():
        assert any(cycle <= known for known in KNOWN_CYCLES), sorted(cycle)


#: The modules every layer may use, which the architecture table does not list.
PLAIN_VALUES = set(LAYERS[0])
ARCHITECTURE = TRANSLATOR.parent / "docs" / "architecture.md"


def documented_imports() -> dict[str, set[str]]:
    """docs/architecture.md's package table: package -> the packages it says it imports."""
    table = {}
    for line in ARCHITECTURE.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`") or cells[0] == "`translator/`":
            continue
        package = cells[0].strip("`").removesuffix("/").removesuffix(".py")
        if package in RANK or package == APART:
            table[package] = {name.removesuffix("/").removesuffix(".py")
                              for name in re.findall(r"`([^`]+)`", cells[2])}
    return table


def actual_imports() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for module, path in product_modules():
        mine = layer_of(module)
        found.setdefault(mine, set()).update(
            layer_of(imported) for imported in imports(path))
    return {layer: names - {layer} - PLAIN_VALUES for layer, names in found.items()}


def test_the_architecture_table_says_what_each_package_imports():
    documented = documented_imports()
    assert {"source", "unit", "analysis", "rules", "engine", "tree", "output", "compile",
            "sandbox", "data", "jobs"} <= set(documented)
    actual = actual_imports()
    assert {package: actual.get(package, set()) for package in documented} == documented
