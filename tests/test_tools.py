"""A test that needs what this machine lacks is skipped, and failed on CI (tests/tools.py)."""

from pathlib import Path

import pytest

from tests.tools import require

ROOT = Path(__file__).resolve().parent.parent
TESTS = """
import pytest

from tests.tools import needs, require

@pytest.fixture
def slow_setup():
    pytest.fail("set up a fixture of a test that cannot run")

@needs(False, "a tool no machine has")
def test_marked(slow_setup):
    pass

def test_required():
    require(False, "another tool")

@needs(True, "a tool every machine has")
def test_present():
    require(True, "a tool every machine has")
"""


def test_require_fails_on_ci(monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="missing on CI, .* need: hipcc$"):
        require(None, "hipcc")


def test_require_skips_elsewhere(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="missing here: hipcc"):
        require(None, "hipcc")


@pytest.fixture
def written(pytester, monkeypatch):
    """A pytest run of TESTS, with tests/tools.py loaded as the suite loads it."""
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    pytester.makeconftest('pytest_plugins = ["tests.tools"]\n')
    pytester.makepyfile(TESTS)

    def run():
        return pytester.runpytest_subprocess("-p", "no:django", "-p", "no:cacheprovider", "-ra")

    return run


def test_marked_and_required_tests_fail_on_ci(written, monkeypatch):
    monkeypatch.setenv("CI", "true")
    result = written()
    # The mark decides before the fixtures are set up: a marked test errors in setup.
    result.assert_outcomes(passed=1, failed=1, errors=1)
    result.stdout.fnmatch_lines(["*missing on CI, which must have all * need: a tool no machine*",
                                 "*missing on CI, which must have all * need: another tool*"])


def test_marked_and_required_tests_are_skipped_elsewhere(written, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    result = written()
    result.assert_outcomes(passed=1, skipped=2)
    result.stdout.fnmatch_lines(["SKIPPED*missing here: a tool no machine has"])
