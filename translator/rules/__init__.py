"""The rule registry: every rule, once, in the order the engine runs them.

Order matters: when two rules edit the same text, the earlier rule's edit is kept
(and the engine reports ``E002 conflicting-edits``).
"""

from __future__ import annotations

from translator.rules import (
    api_semantics_differ,
    ballot_bit_count_32,
    ballot_result_32_bit,
    block_size_multiple,
    cache_hint_access,
    cmake_cuda_language,
    cmake_cuda_library,
    cmake_cuda_sources,
    cmake_cuda_variable,
    cmake_find_cuda,
    cooperative_groups_feature,
    cooperative_groups_header,
    cuda_api_name,
    cuda_architectures,
    cuda_call_signature,
    cuda_calling_convention,
    cuda_environment_variable,
    cuda_file_reference,
    cuda_include,
    cuda_library_flag,
    cuda_macro_test,
    cuda_only_environment_variable,
    cuda_only_python_package,
    cuda_python_package,
    cuda_symbol_argument,
    cuda_toolkit_flag,
    cuda_toolkit_path,
    deprecated_cuda_api,
    device_pointer_host_deref,
    device_side_launch,
    dynamic_shared_memory_limit,
    fine_grained_float_atomic,
    full_warp_mask,
    grid_sync_launch,
    implicit_cuda_runtime,
    inline_ptx,
    lane_bit_32,
    library_call_signature,
    managed_allocation,
    managed_memory_hint,
    memcpy_direction,
    memcpy_pointer_sizeof,
    memcpy_unscaled_size,
    merged_overloads,
    nccl_header,
    nvcc_arch_flag,
    nvcc_compiler,
    nvcc_only_flag,
    nvcc_option,
    nvtx_roctx,
    per_warp_array,
    static_shared_memory_limit,
    syncwarp_partial_mask,
    texture_reference,
    triple_chevron_launch,
    unguarded_thread_index,
    warp_shuffle_reduction,
    warp_size_arithmetic,
    warp_size_constant,
    warp_sync_intrinsic,
    warp_synchronous_reduction,
    warp_tile_32,
    wmma_api,
)
from translator.rules.base import CATEGORIES, Rule

__all__ = ["RULES", "RULES_BY_CODE", "ENGINE_CODES", "CATEGORIES", "Rule", "category_of"]

RULES: tuple[Rule, ...] = (
    cuda_include.RULE,
    implicit_cuda_runtime.RULE,
    cuda_macro_test.RULE,
    # Call rewrites come before the plain rename (R101), whose edits are fallbacks anyway.
    cuda_call_signature.RULE,
    cuda_symbol_argument.RULE,
    cuda_calling_convention.RULE,
    triple_chevron_launch.RULE,
    library_call_signature.RULE,
    warp_sync_intrinsic.RULE,
    cache_hint_access.RULE,
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
    cuda_toolkit_flag.RULE,
    cuda_environment_variable.RULE,
    cuda_python_package.RULE,
    nccl_header.RULE,
    nvtx_roctx.RULE,
    nvcc_only_flag.RULE,
    cuda_toolkit_path.RULE,
    cuda_only_environment_variable.RULE,
    cuda_only_python_package.RULE,
    # Warnings (W): findings only, never edits; ordered by code.
    warp_size_constant.RULE,
    cooperative_groups_header.RULE,
    managed_allocation.RULE,
    managed_memory_hint.RULE,
    device_pointer_host_deref.RULE,
    memcpy_unscaled_size.RULE,
    memcpy_pointer_sizeof.RULE,
    memcpy_direction.RULE,
    deprecated_cuda_api.RULE,
    api_semantics_differ.RULE,
    texture_reference.RULE,
    merged_overloads.RULE,
    block_size_multiple.RULE,
    static_shared_memory_limit.RULE,
    dynamic_shared_memory_limit.RULE,
    device_side_launch.RULE,
    grid_sync_launch.RULE,
    unguarded_thread_index.RULE,
    warp_size_arithmetic.RULE,
    warp_shuffle_reduction.RULE,
    per_warp_array.RULE,
    warp_tile_32.RULE,
    full_warp_mask.RULE,
    lane_bit_32.RULE,
    ballot_result_32_bit.RULE,
    ballot_bit_count_32.RULE,
    warp_synchronous_reduction.RULE,
    syncwarp_partial_mask.RULE,
    inline_ptx.RULE,
    wmma_api.RULE,
    cooperative_groups_feature.RULE,
    fine_grained_float_atomic.RULE,
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
