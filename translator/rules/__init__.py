"""The rule registry: every rule, once, in the order the engine runs them.

Order matters: when two rules edit the same text, the earlier rule's edit is kept
(and the engine reports ``E002 conflicting-edits``).
"""

from __future__ import annotations

from translator.rules import (
    cmake_cuda_language,
    cmake_cuda_library,
    cmake_cuda_sources,
    cmake_cuda_variable,
    cmake_find_cuda,
    cuda_api_name,
    cuda_architectures,
    cuda_environment_variable,
    cuda_file_reference,
    cuda_include,
    cuda_library_flag,
    cuda_only_environment_variable,
    cuda_only_python_package,
    cuda_python_package,
    cuda_toolkit_path,
    nccl_header,
    nvcc_arch_flag,
    nvcc_compiler,
    nvcc_only_flag,
    nvcc_option,
)
from translator.rules.base import CATEGORIES, Rule

__all__ = ["RULES", "RULES_BY_CODE", "ENGINE_CODES", "CATEGORIES", "Rule", "category_of"]

RULES: tuple[Rule, ...] = (
    cuda_include.RULE,
    cuda_api_name.RULE,
    # Build system and non-C++ files (R5xx/W5xx); each checks the file's language itself.
    cmake_cuda_language.RULE,
    cuda_architectures.RULE,
    cmake_find_cuda.RULE,
    cmake_cuda_library.RULE,
    cmake_cuda_sources.RULE,
    cmake_cuda_variable.RULE,
    nvcc_compiler.RULE,
    nvcc_arch_flag.RULE,
    nvcc_option.RULE,
    cuda_library_flag.RULE,
    cuda_file_reference.RULE,
    cuda_environment_variable.RULE,
    cuda_python_package.RULE,
    nccl_header.RULE,
    nvcc_only_flag.RULE,
    cuda_toolkit_path.RULE,
    cuda_only_environment_variable.RULE,
    cuda_only_python_package.RULE,
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
