"""Severity is a string enum: reports, comparisons and printing all see the plain value."""

import json

from translator.diagnostics import Diagnostic, Severity


def test_severity_compares_and_prints_as_its_value():
    assert Severity.ERROR == "error"
    assert Severity("note") is Severity.NOTE
    assert str(Severity.WARNING) == f"{Severity.WARNING}" == "warning"
    assert {Severity.NOTE: 1}["note"] == 1


def test_diagnostic_dict_is_plain_json():
    data = Diagnostic("R101", "renamed", 3, 5, severity=Severity.ERROR).to_dict()
    assert type(data["severity"]) is str
    assert json.loads(json.dumps(data))["severity"] == "error"
    assert json.dumps(Severity.NOTE) == '"note"'
