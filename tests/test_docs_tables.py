"""The documentation tables made from the product's data are current (scripts/docs_tables.py)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_generated_docs_tables_are_current():
    run = subprocess.run(
        [sys.executable, "scripts/docs_tables.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr


def test_a_stale_table_is_found(tmp_path):
    # The check reads the files it would write: a copy with one table edited must fail.
    copy = tmp_path / "repo"
    (copy / "docs").mkdir(parents=True)
    (copy / "scripts").mkdir()
    (copy / "scripts/docs_tables.py").write_text((ROOT / "scripts/docs_tables.py").read_text())
    for page in ("rules.md", "api-coverage.md"):
        (copy / "docs" / page).write_text((ROOT / "docs" / page).read_text())
    (copy / "docs/rules.md").write_text("# Rules by category\n\nnothing\n")
    run = subprocess.run(
        [sys.executable, str(copy / "scripts/docs_tables.py"), "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert run.returncode == 1
    assert "docs/rules.md" in run.stderr
    assert "api-coverage" not in run.stderr
