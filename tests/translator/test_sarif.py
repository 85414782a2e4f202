"""SARIF output of a report's findings."""

from translator.sarif import build_sarif


def finding(**overrides):
    base = {"code": "R101", "severity": "warning", "path": "src/a.cu", "line": 3, "column": 5,
            "message": "cudaFoo has no HIP counterpart", "suppressed": False}
    return base | overrides


def test_one_result_per_unsuppressed_finding_with_its_location():
    log = build_sarif({"findings": [finding(), finding(suppressed=True, line=9)]})
    results = log["runs"][0]["results"]
    assert [r["locations"][0]["physicalLocation"]["region"] for r in results] == [
        {"startLine": 3, "startColumn": 5}
    ]
    assert results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "src/a.cu"


def test_lists_each_rule_once_and_points_results_at_it():
    log = build_sarif({"findings": [finding(code="E001"), finding(), finding(line=4)]})
    driver = log["runs"][0]["tool"]["driver"]
    assert [rule["id"] for rule in driver["rules"]] == ["E001", "R101"]
    assert [r["ruleIndex"] for r in log["runs"][0]["results"]] == [0, 1, 1]
    assert driver["rules"][0]["name"] == "parse-error"


def test_empty_report_gives_an_empty_run():
    log = build_sarif({"findings": []})
    assert (log["version"], log["runs"][0]["results"]) == ("2.1.0", [])
