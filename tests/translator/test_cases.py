"""Walks tests/translator/cases: expected output, diagnostics, and the case properties."""

import pytest

from tests.translator.cases import Case, all_cases, format_diagnostic
from translator.source.file_kinds import language_of
from translator.source.tokens import tokenize, untokenize
from translator.tree.migrate import translate_file

CASES = all_cases()


def _translate(case: Case, text: bytes):
    return translate_file(text, case.options, case.path, language_of(case.path, text[:200]))


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case_output(case: Case, request):
    result = _translate(case, case.input.read_bytes())
    if request.config.getoption("--update-cases"):
        case.expected.write_bytes(result.encode())
    assert result.encode().decode("utf-8", "replace") == case.expected.read_text(
        encoding="utf-8", errors="replace"
    )


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case_diagnostics(case: Case, request):
    result = _translate(case, case.input.read_bytes())
    lines = [format_diagnostic(d) for d in result.diagnostics if not d.suppressed]
    if request.config.getoption("--update-cases") and (case.diag.exists() or lines):
        case.diag.write_text("".join(f"{line}\n" for line in lines))
    if case.diag.exists():
        assert lines == case.diag.read_text().splitlines()
    else:
        assert [line for line in lines if f" {case.code} " in line] == []


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case_tokens_round_trip(case: Case):
    text = case.input.read_bytes().decode("utf-8", "surrogateescape")
    assert untokenize(tokenize(text)) == text


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case_expected_output_is_stable(case: Case):
    """Translating the expected output again changes nothing."""
    expected = case.expected.read_bytes()
    assert _translate(case, expected).encode() == expected
