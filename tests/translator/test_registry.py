"""The rule registry: unique codes, documented rules, a case folder per code."""

from pathlib import Path

import pytest

from translator.rules import ENGINE_CODES, RULES, Rule

CASES = Path(__file__).resolve().parent / "cases"


def test_codes_are_unique():
    codes = [rule.code for rule in RULES + ENGINE_CODES]
    assert len(codes) == len(set(codes))


def test_names_are_unique_and_kebab_case():
    names = [rule.name for rule in RULES]
    assert len(names) == len(set(names))
    assert all(name == name.lower() and " " not in name and "_" not in name for name in names)


@pytest.mark.parametrize("rule", RULES + ENGINE_CODES, ids=[r.code for r in RULES + ENGINE_CODES])
def test_rule_doc_has_every_section(rule):
    missing = [s for s in rule.required_sections if not rule.sections.get(s)]
    assert missing == []


@pytest.mark.parametrize("rule", RULES, ids=[r.code for r in RULES])
def test_rule_has_cases(rule):
    folder = CASES / rule.code
    assert folder.is_dir()
    assert any(p.suffix in (".cu", ".cuh") or p.is_dir() for p in folder.iterdir())


def test_every_rule_has_a_category():
    """Rule itself refuses unknown categories, but accepts none at all."""
    assert [rule.code for rule in RULES + ENGINE_CODES if not rule.category] == []


def test_a_rule_with_an_unknown_category_is_refused():
    with pytest.raises(ValueError, match="unknown category 'warp'"):
        Rule("R999", "x", "x", lambda unit: (), "warp", "")


def test_every_case_folder_belongs_to_a_code():
    known = {rule.code for rule in RULES + ENGINE_CODES}
    assert sorted(p.name for p in CASES.iterdir() if p.is_dir() and p.name not in known) == []
