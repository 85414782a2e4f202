"""W521 cuda-only-environment-variable: a CUDA environment variable with no HIP twin.

What it finds
-------------
``CUDA_DEVICE_ORDER``, ``CUDA_CACHE_PATH``, ``CUDA_CACHE_DISABLE``,
``CUDA_CACHE_MAXSIZE``, ``CUDA_MODULE_LOADING``, ``CUDA_DEVICE_MAX_CONNECTIONS``,
``CUDA_MPS_PIPE_DIRECTORY``/``CUDA_MPS_LOG_DIRECTORY`` and ``CUDA_FORCE_PTX_JIT`` in
scripts, Python launchers, CI files and build files.

Why it matters on AMD
---------------------
The HIP runtime ignores them, so the behaviour they asked for (device order, kernel
cache, queue count, MPS) silently disappears.

Example
-------
    export CUDA_DEVICE_MAX_CONNECTIONS=1

Suggested fix
-------------
``CUDA_DEVICE_MAX_CONNECTIONS`` → consider ``GPU_MAX_HW_QUEUES``; ``CUDA_DEVICE_ORDER``
→ ROCm enumerates by PCI bus already; kernel cache variables → remove (ROCm caches code
objects itself); MPS → no counterpart, partition with ``HIP_VISIBLE_DEVICES`` or CU masks.

Limits
------
Only literal names are seen.
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.diagnostics import Diagnostic, Usage
from translator.rules.base import Finding, Rule
from translator.source.build_text import ENVIRONMENT_LANGUAGES, environment_variables

ADVICE = {
    "CUDA_DEVICE_ORDER": "ROCm already enumerates GPUs by PCI bus; remove it",
    "CUDA_CACHE_PATH": "ROCm has no JIT cache setting by this name; remove it",
    "CUDA_CACHE_DISABLE": "ROCm has no JIT cache setting by this name; remove it",
    "CUDA_CACHE_MAXSIZE": "ROCm has no JIT cache setting by this name; remove it",
    "CUDA_MODULE_LOADING": "HIP loads code objects its own way; remove it",
    "CUDA_DEVICE_MAX_CONNECTIONS": "the closest HIP setting is GPU_MAX_HW_QUEUES; check the "
    "intent (often serialising communication kernels)",
    "CUDA_MPS_PIPE_DIRECTORY": "MPS has no ROCm counterpart",
    "CUDA_MPS_LOG_DIRECTORY": "MPS has no ROCm counterpart",
    "CUDA_FORCE_PTX_JIT": "AMD GPUs run no PTX; remove it",
}


def check(unit) -> Iterator[Finding]:
    for offset, name in environment_variables(unit.source, unit.language, tuple(ADVICE)):
        yield Diagnostic("W521", f"{name} has no HIP counterpart: {ADVICE[name]}", offset=offset)
        yield Usage(name, "build-system", "environment", offset, False)


RULE = Rule("W521", "cuda-only-environment-variable",
            "a CUDA environment variable the HIP runtime ignores", check, "build-system", __doc__,
            languages=ENVIRONMENT_LANGUAGES)
