"""The rule registry: unique codes, documented rules, a case folder per code."""

from pathlib import Path

import pytest

from translator.rules import CATEGORIES, ENGINE_CODES, RULES

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
    assert folder.is_dir() and any(p.suffix in (".cu", ".cuh") or p.is_dir()
                                   for p in folder.iterdir())


@pytest.mark.parametrize("rule", RULES, ids=[r.code for r in RULES])
def test_rule_category_is_known(rule):
    assert rule.category in CATEGORIES


def test_every_case_folder_belongs_to_a_code():
    known = {rule.code for rule in RULES + ENGINE_CODES}
    assert sorted(p.name for p in CASES.iterdir() if p.is_dir() and p.name not in known) == []
