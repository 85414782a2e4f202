"""Findings of a report JSON as SARIF 2.1.0, for code-scanning tools.

First version (written for the service's ``findings.sarif`` artifact): one run, one
result per finding that is not suppressed, rules taken from the registry. The tree
owner may deepen it (fixes, suppressed results, CUDA-side locations).
"""

from __future__ import annotations

from translator.rules import ENGINE_CODES, RULES_BY_CODE

__all__ = ["build_sarif", "SARIF_SCHEMA"]

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVELS = {"error": "error", "warning": "warning", "note": "note", "info": "note"}


def build_sarif(report: dict) -> dict:
    """A SARIF log (a dict) for REPORT's findings; paths stay relative to the tree root."""
    findings = [f for f in report.get("findings", []) if not f.get("suppressed")]
    codes = sorted({f["code"] for f in findings})
    rules = [_rule(code) for code in codes]
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "rocport", "rules": rules}},
                "results": [_result(f, codes.index(f["code"])) for f in findings],
            }
        ],
    }


def _rule(code: str) -> dict:
    if code in RULES_BY_CODE:
        rule = RULES_BY_CODE[code]
        name, summary = rule.name, rule.summary
    else:
        name, _, summary = ENGINE_CODES.get(code, (code, "", code))
    return {"id": code, "name": name, "shortDescription": {"text": summary}}


def _result(finding: dict, rule_index: int) -> dict:
    region = {"startLine": max(int(finding.get("line") or 1), 1)}
    if finding.get("column"):
        region["startColumn"] = int(finding["column"])
    return {
        "ruleId": finding["code"],
        "ruleIndex": rule_index,
        "level": _LEVELS.get(str(finding.get("severity", "warning")), "warning"),
        "message": {"text": finding.get("message", "")},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": finding.get("path") or ""},
                    "region": region,
                }
            }
        ],
    }
