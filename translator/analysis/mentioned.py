"""The texts the analysis helpers test with ``Unit.mentions`` before they look closer.

Rules declare their own texts (``Rule.mentions``); these are the helpers' that several
rules call (the ``#if`` tests of ``__CUDA_ARCH__``, HIP guards, lane masks, ...). The
engine looks for them in every file, with those of the rules it runs, in one pass.
tests/translator/test_mentions.py checks that every literal text asked is declared.
"""

from __future__ import annotations

__all__ = ["SHARED_MENTIONS"]

SHARED_MENTIONS: tuple[str, ...] = (
    "__CUDA_ARCH__",  # arch_tests.py, hazard.py
    "HIP", "ROCM",  # hip_guards.py
    "cusparse", "cublas",  # api_names.py
    "<<<",  # includes.py, braced_launches.py
    "define", "_sync",  # lane_masks.py, qualifiers.py
)
