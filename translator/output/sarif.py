"""Findings as SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format).

``to_sarif(report)`` turns the report JSON into one SARIF log with one run: the rules
that produced findings (code, name, summary, category, documentation text) and one
result per finding, located by tree-relative URI, line and column (Unicode code points,
as rocport counts columns). Suppressed findings carry an ``inSource`` suppression.
The tests validate the output against the published 2.1.0 schema.
"""

from __future__ import annotations

from translator.output.report_json import Report
from translator.rules import RULES_BY_CODE

__all__ = ["to_sarif", "SARIF_SCHEMA_URI"]

SARIF_SCHEMA_URI = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
_LEVELS = {"error": "error", "warning": "warning", "note": "note"}
_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")


def _uri(path: str) -> str:
    """A relative URI reference for a tree path (percent-encoded UTF-8)."""
    return "".join(chr(b) if b in _UNRESERVED else f"%{b:02X}"
                   for b in path.encode("utf-8", "surrogateescape"))


def _rule(code: str) -> dict:
    rule = RULES_BY_CODE.get(code)
    if rule is None:  # a code this version does not know (an older report's)
        return {"id": code, "name": code.lower(), "shortDescription": {"text": code},
                "properties": {"category": ""}}
    sections = rule.sections
    return {
        "id": code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": sections.get("What it does") or sections.get("What it finds")
                            or sections.get("What it means") or rule.summary},
        "help": {"text": (rule.doc or rule.summary).strip()},
        "properties": {"category": rule.category},
    }


def to_sarif(report: Report) -> dict:
    """A SARIF 2.1.0 log (a dict, ready for ``json.dump``) of REPORT's findings."""
    findings = report.get("findings", [])
    codes = sorted({f["code"] for f in findings})
    index = {code: position for position, code in enumerate(codes)}
    results = []
    for finding in findings:
        result = {
            "ruleId": finding["code"],
            "ruleIndex": index[finding["code"]],
            "level": _LEVELS.get(finding["severity"], "warning"),
            "message": {"text": finding["message"]},
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": {"uri": _uri(finding["path"]), "uriBaseId": "SRCROOT"},
                    "region": {"startLine": max(1, finding["line"]),
                               "startColumn": max(1, finding["column"])},
                }
            }],
            "properties": {"category": finding["category"]},
        }
        if finding.get("suppressed"):
            result["suppressions"] = [{"kind": "inSource"}]
        results.append(result)
    return {
        "$schema": SARIF_SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "rocport",
                "version": report.get("rocport_version", ""),
                "rules": [_rule(code) for code in codes],
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }
