"""The project's history stays readable: commit subjects of at most 72 characters."""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The last commit before the rule of docs/contributing.md ("Writing commits") began;
# older subjects are left as they were written.
RULE_BEGAN_AFTER = "a60c5a3"
LONGEST_SUBJECT = 72


def git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_commit_subjects_are_short():
    if git("cat-file", "-e", f"{RULE_BEGAN_AFTER}^{{commit}}").returncode:
        pytest.skip("a shallow clone: the commit the rule began after is not here")
    log = git("log", "--format=%h %s", f"{RULE_BEGAN_AFTER}..HEAD")
    assert log.returncode == 0, log.stderr
    too_long = [
        line for line in log.stdout.splitlines() if len(line.split(" ", 1)[1]) > LONGEST_SUBJECT
    ]
    assert not too_long, "subjects longer than 72 characters:\n" + "\n".join(too_long)
