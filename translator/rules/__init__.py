"""The rule registry: every rule, once, in the order the engine runs them.

Order matters: when two rules edit the same text, the earlier rule's edit is kept
(and the engine reports ``E002 conflicting-edits``).
"""

from __future__ import annotations

from translator.rules import cuda_api_name, cuda_include
from translator.rules.base import CATEGORIES, Rule

__all__ = ["RULES", "RULES_BY_CODE", "ENGINE_CODES", "CATEGORIES", "Rule", "category_of"]

RULES: tuple[Rule, ...] = (
    cuda_include.RULE,
    cuda_api_name.RULE,
)

RULES_BY_CODE: dict[str, Rule] = {rule.code: rule for rule in RULES}

#: Codes the engine itself emits: (name, category, summary).
ENGINE_CODES: dict[str, tuple[str, str, str]] = {
    "E001": ("parse-error", "parse-error", "clang could not parse the file; token rules still ran"),
    "E002": ("conflicting-edits", "parse-error", "two rules edited the same text; the first won"),
    "E003": ("rule-failure", "parse-error", "a rule failed on this file; its findings are missing"),
    "E004": ("undecodable-text", "parse-error", "the file is not valid UTF-8; bytes were kept"),
    # From the compile check (translator/compile_report.py), confirmed by hipcc itself.
    "E101": ("compiler-lds-usage", "shared-memory-limit",
             "hipcc reports a kernel's LDS per block over the limit or filling a compute unit"),
}


def category_of(code: str) -> str:
    if code in RULES_BY_CODE:
        return RULES_BY_CODE[code].category
    return ENGINE_CODES.get(code, ("", "", ""))[1]
