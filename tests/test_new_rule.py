"""scripts/new_rule.py writes a new rule's module, registry line and cases, and the copy of
the repository it wrote in imports the rule, runs its cases and loads them; a refusal
exits 2 and writes nothing. Every run is on a copy of translator/ and the cases."""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tools import require

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "new_rule.py"

#: Run in the copy: what the registry, the rule and the case runner say of CODE.
INSPECT = """
import json, sys
import translator
from tests.translator.cases import all_cases, format_diagnostic
from translator.rules import RULES, RULES_BY_CODE
from translator.source.file_kinds import language_of
from translator.source.tokens import tokenize, untokenize
from translator.tree.migrate import translate_file

code = sys.argv[1]
rule = RULES_BY_CODE[code]
cases = {}
for case in all_cases():
    if case.code != code:
        continue
    def run(text):
        return translate_file(text, case.options, case.path, language_of(case.path, text[:200]))
    source = case.input.read_bytes()
    result = run(source)
    expected = case.expected.read_bytes()
    text = source.decode()
    cases[case.name] = {
        "output_as_expected": result.encode() == expected,
        "diagnostics": [format_diagnostic(d) for d in result.diagnostics if not d.suppressed],
        "expected_diagnostics": case.diag.read_text().splitlines() if case.diag.exists()
                                else None,
        "edits": len(result.edits),
        "round_trip": untokenize(tokenize(text)) == text,
        "stable": run(expected).encode() == expected,
    }
print(json.dumps({
    "translator": translator.__file__,
    "codes": [r.code for r in RULES],
    "module": rule.check.__module__,
    "kind": rule.kind,
    "summary": rule.summary,
    "category": rule.category,
    "silent_in_platform_branches": rule.silent_in_platform_branches,
    "missing_sections": [s for s in rule.required_sections if not rule.sections.get(s)],
    "mentions": getattr(rule, "mentions", None),
    "cases": cases,
}))
"""


#: The case folders copied: the loader needs none, the refusals look at these two.
COPIED_CASES = ("W101", "R101")


def _copy_repository(target: Path) -> Path:
    """The parts of the repository the script and the case loader need (the compiled
    __pycache__ too: their sources keep their times, so they stay valid and fast)."""
    shutil.copytree(ROOT / "translator", target / "translator")
    for code in COPIED_CASES:
        shutil.copytree(ROOT / "tests/translator/cases" / code,
                        target / "tests/translator/cases" / code)
    for name in ("tests/__init__.py", "tests/translator/__init__.py",
                 "tests/translator/cases.py", "pyproject.toml"):
        shutil.copy2(ROOT / name, target / name)
    return target


def _snapshot(root: Path) -> dict[str, str]:
    """Every file but the compiled ones, with a digest of its content."""
    return {path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(root.rglob("*"))
            if path.is_file() and "__pycache__" not in path.parts}


def _scaffold(root: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), "--root", str(root), *arguments],
                          capture_output=True, text=True, check=False, timeout=60)


def _inspect(root: Path, code: str) -> dict:
    home = root.parent / "home"  # clang's stubs, if a rule asks, are kept in the copy's
    home.mkdir(exist_ok=True)
    run = subprocess.run([sys.executable, "-c", INSPECT, code], cwd=root,
                         env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin",
                              "HOME": str(home)},
                         capture_output=True, text=True, check=False, timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


@pytest.fixture
def script(monkeypatch):
    """scripts/new_rule.py as a module (its dataclasses want it in sys.modules)."""
    spec = importlib.util.spec_from_file_location("new_rule", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "new_rule", module)
    spec.loader.exec_module(module)
    return module


def _rule_has_mentions() -> bool:
    from translator.rules.base import Rule

    return "mentions" in {field.name for field in dataclasses.fields(Rule)}


@pytest.fixture
def repository(tmp_path):
    return _copy_repository(tmp_path / "repo")


@pytest.fixture(scope="module")
def untouched(tmp_path_factory):
    """One copy for the refusals, which must leave it as it was."""
    root = _copy_repository(tmp_path_factory.mktemp("refusals") / "repo")
    return root, _snapshot(root)


def test_writes_a_warning_rule_that_is_registered_and_has_passing_cases(repository):
    before = _snapshot(repository)
    run = _scaffold(repository, "W987", "warp-vote-width", "--category", "warp-size",
                    "--summary", 'a "vote" result kept in 32 bits')
    assert run.returncode == 0, run.stderr
    after = _snapshot(repository)
    changed = sorted(path for path in after if before.get(path) != after[path])
    assert sorted(before) == sorted(path for path in after if path in before)
    assert changed == [
        "tests/translator/cases/W987/noop_warp_vote_width.cu",
        "tests/translator/cases/W987/noop_warp_vote_width.hip",
        "tests/translator/cases/W987/warp_vote_width.cu",
        "tests/translator/cases/W987/warp_vote_width.diag",
        "tests/translator/cases/W987/warp_vote_width.hip",
        "translator/rules/__init__.py",
        "translator/rules/warp_vote_width.py",
    ]
    assert sorted(run.stdout.split()) == sorted(str(repository / path) for path in changed)

    found = _inspect(repository, "W987")
    assert Path(found["translator"]).is_relative_to(repository)
    assert found["codes"][-1] == "W987"
    assert (found["module"], found["kind"]) == ("translator.rules.warp_vote_width", "warning")
    assert (found["summary"], found["category"]) == ('a "vote" result kept in 32 bits',
                                                     "warp-size")
    assert found["silent_in_platform_branches"] is True
    assert found["missing_sections"] == []
    if _rule_has_mentions():
        assert found["mentions"] == ["warp_vote_width_placeholder"]
    cases = found["cases"]
    assert sorted(cases) == ["noop_warp_vote_width", "warp_vote_width"]
    firing, silent = cases["warp_vote_width"], cases["noop_warp_vote_width"]
    assert firing["diagnostics"] == firing["expected_diagnostics"]
    assert [line.split()[:2] for line in firing["diagnostics"]] == [["1:5", "W987"],
                                                                    ["4:14", "W987"]]
    assert (silent["diagnostics"], silent["expected_diagnostics"]) == ([], None)
    for case in (firing, silent):
        assert (case["output_as_expected"], case["round_trip"], case["stable"]) == (True,) * 3
        assert case["edits"] == 0


def test_writes_a_rewrite_rule_whose_case_is_rewritten(repository):
    run = _scaffold(repository, "R987", "cuda-vote-width")
    assert run.returncode == 0, run.stderr
    found = _inspect(repository, "R987")
    assert found["codes"][-1] == "R987"
    assert (found["kind"], found["category"]) == ("rewrite", "unsupported-api")
    assert found["summary"] == "cuda vote width"
    assert found["missing_sections"] == []
    firing, silent = found["cases"]["cuda_vote_width"], found["cases"]["noop_cuda_vote_width"]
    assert (firing["edits"], silent["edits"]) == (2, 0)
    for case in (firing, silent):
        assert (case["output_as_expected"], case["round_trip"], case["stable"]) == (True,) * 3
        assert (case["diagnostics"], case["expected_diagnostics"]) == ([], None)
    folder = repository / "tests/translator/cases/R987"
    assert "cuda_vote_width_placeholder_hip(value)" in (folder / "cuda_vote_width.hip").read_text()
    assert (folder / "noop_cuda_vote_width.cu").read_text() == \
        (folder / "noop_cuda_vote_width.hip").read_text()


def test_the_registry_line_goes_in_alphabetical_place_and_last_in_rules(repository):
    original = (repository / "translator/rules/__init__.py").read_text()
    assert _scaffold(repository, "W988", "lane-mask-width").returncode == 0
    written = (repository / "translator/rules/__init__.py").read_text()
    lines = written.splitlines()
    at = lines.index("    lane_mask_width,")
    assert lines[at - 1].strip(" ,") < "lane_mask_width" < lines[at + 1].strip(" ,")
    assert lines[at - 1].startswith("    ")
    assert lines[at + 1].startswith("    ")
    closing = lines.index(")", lines.index("RULES: tuple[Rule, ...] = ("))
    assert lines[closing - 1] == "    lane_mask_width.RULE,"
    removed = [line for line in lines if line not in ("    lane_mask_width,",
                                                      "    lane_mask_width.RULE,")]
    assert removed == original.splitlines()


def test_the_generated_code_passes_ruff_even_with_long_names(repository):
    require(importlib.util.find_spec("ruff"), "ruff")
    written = []
    for code in ("W989", "R989"):
        name = f"{code.lower()}-a-rather-long-name-for-a-cuda-construct-in-a-kernel"
        run = _scaffold(repository, code, name, "--summary", "word " * 30)
        assert run.returncode == 0, run.stderr
        written.append(f"translator/rules/{name.replace('-', '_')}.py")
    run = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", *written,
         "translator/rules/__init__.py"],
        cwd=repository, capture_output=True, text=True, check=False, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("has_mentions", [True, False])
def test_mentions_are_declared_only_when_rule_has_the_field(script, has_mentions):
    for code in ("W987", "R987"):
        text = script.module_text(code, "vote-width", "a vote", "warp-size", has_mentions)
        compile(text, "vote_width.py", "exec")
        assert ("mentions=" in text) is has_mentions


@pytest.mark.parametrize(("arguments", "message"), [
    (["W12", "warp-vote-width"], "malformed code 'W12'"),
    (["E123", "warp-vote-width"], "malformed code 'E123'"),
    (["w123", "warp-vote-width"], "malformed code 'w123'"),
    (["W1234", "warp-vote-width"], "malformed code 'W1234'"),
    (["W101", "warp-vote-width"], "code W101 is taken"),
    (["E001", "warp-vote-width"], "malformed code 'E001'"),
    (["R101", "warp-vote-width"], "code R101 is taken"),
    (["W987", "managed-allocation"], "name managed-allocation is taken"),
    (["W987", "engine-codes"], "name engine-codes is taken"),
    (["W987", "Warp-Vote"], "malformed name 'Warp-Vote'"),
    (["W987", "warp_vote"], "malformed name 'warp_vote'"),
    (["W987", "warp--vote"], "malformed name 'warp--vote'"),
    (["W987", "--", "-warp"], "malformed name '-warp'"),
    (["W987", "warp-"], "malformed name 'warp-'"),
    (["W987", "2-warp"], "malformed name '2-warp'"),
    (["W987", "import"], "Python keyword"),
    (["W987", "warp-vote-width", "--category", "warp"], "unknown category 'warp'"),
    (["W987", "warp-vote-width", "--summary", " "], "one line"),
])
def test_refuses_and_writes_nothing(untouched, arguments, message):
    root, before = untouched
    run = _scaffold(root, *arguments)
    assert run.returncode == 2
    assert message in run.stderr
    assert run.stdout == ""
    assert _snapshot(root) == before


def test_refuses_a_code_whose_case_folder_exists(untouched):
    root, before = untouched
    (root / "tests/translator/cases/W987").mkdir()
    try:
        run = _scaffold(root, "W987", "warp-vote-width")
        assert (run.returncode, run.stdout) == (2, "")
        assert "code W987 is taken" in run.stderr
        assert _snapshot(root) == before
    finally:
        (root / "tests/translator/cases/W987").rmdir()


def test_refuses_a_registered_code_without_a_case_folder(untouched, tmp_path):
    root, _ = untouched
    folder = root / "tests/translator/cases/W101"
    shutil.move(folder, tmp_path / "W101")
    try:
        before = _snapshot(root)
        run = _scaffold(root, "W101", "warp-vote-width")
        assert (run.returncode, run.stdout) == (2, "")
        assert "code W101 is taken" in run.stderr
        assert _snapshot(root) == before
    finally:
        shutil.move(tmp_path / "W101", folder)


def test_the_tests_leave_the_real_tree_alone():
    """The runs above wrote in copies: no case folder of theirs is in the real tree."""
    assert not any((ROOT / "tests/translator/cases" / code).exists()
                   for code in ("W987", "W988", "W989", "R987", "R989"))
    assert not (ROOT / "translator/rules/warp_vote_width.py").exists()
