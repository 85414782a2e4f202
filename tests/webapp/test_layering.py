"""The web app never imports the workers: it sends tasks by name and reads the runners'
status itself, so the workers may import the web app's models without a cycle."""

import ast
from pathlib import Path

WEBAPP = Path(__file__).resolve().parents[2] / "webapp"


def imported_modules(source: str):
    """Modules SOURCE imports: import statements anywhere (inside functions too) and
    ``import_module("...")`` calls with a literal name."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
        elif isinstance(node, ast.Call) and _called_name(node) == "import_module" and \
                node.args and isinstance(node.args[0], ast.Constant):
            yield str(node.args[0].value)


def _called_name(call: ast.Call) -> str:
    return getattr(call.func, "attr", None) or getattr(call.func, "id", "")


def test_finds_a_lazy_import_of_the_workers():
    source = ("def send():\n    from workers import tasks\n    import workers.celery\n"
              "    importlib.import_module('workers.runners')\n")
    assert list(imported_modules(source)) == ["workers", "workers.celery", "workers.runners"]


def test_webapp_imports_nothing_from_workers():
    offenders = [
        f"{path.relative_to(WEBAPP)}: {name}"
        for path in sorted(WEBAPP.rglob("*.py"))
        for name in imported_modules(path.read_text())
        if name.split(".")[0] == "workers"
    ]
    assert offenders == []
