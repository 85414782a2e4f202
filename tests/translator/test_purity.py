"""translator/ stays a pure library: no web, queue, network or environment access."""

import ast
from pathlib import Path

TRANSLATOR = Path(__file__).resolve().parents[2] / "translator"
FORBIDDEN_MODULES = {"django", "celery", "redis", "requests", "urllib", "http", "socket",
                     "webapp", "workers", "kombu"}


def _imports(path: Path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module.split(".")[0]


def test_translator_imports_no_service_modules():
    offenders = [
        f"{path.relative_to(TRANSLATOR)}: {name}"
        for path in TRANSLATOR.rglob("*.py")
        for name in _imports(path)
        if name in FORBIDDEN_MODULES
    ]
    assert offenders == []


def test_translator_reads_no_environment_variables():
    offenders = [
        str(path.relative_to(TRANSLATOR))
        for path in TRANSLATOR.rglob("*.py")
        if "os.environ" in path.read_text() or "getenv" in path.read_text()
    ]
    assert offenders == []
