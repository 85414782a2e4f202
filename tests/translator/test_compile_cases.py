"""Real compilers on the golden cases.

A case whose input starts with ``// check: nvcc hipcc`` (either word alone, or none) is
valid CUDA that ``nvcc -c`` accepts, and its expected HIP output compiles with ``hipcc``
(HIP_PLATFORM=amd, gfx90a). Cases without ``nvcc`` need headers this machine's CUDA lacks
(cuBLAS, cuRAND, cuSPARSE, cuSOLVER, cuFFT, cuDNN, NVRTC); cases without ``hipcc`` need
HIP libraries it lacks (hipBLAS, hipFFT, hipSOLVER, hipCUB, MIOpen) or HIP newer than its
5.2. Files compile two at a time; the whole module takes about a minute.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.tools import require
from tests.translator.cases import Case, all_cases

NVCC = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc"
                                if os.path.exists("/usr/local/cuda/bin/nvcc") else None)
HIPCC = shutil.which("hipcc")
TIMEOUT = 300


def _checked_by(case: Case) -> set[str]:
    first = case.input.read_text(encoding="utf-8", errors="replace").split("\n", 1)[0]
    if not first.startswith("// check:"):
        return set()
    return set(first[len("// check:") :].split())


NVCC_CASES = [c for c in all_cases() if "nvcc" in _checked_by(c)]
HIPCC_CASES = [c for c in all_cases() if "hipcc" in _checked_by(c)]


def _compile_all(commands: dict[str, list[str]], env: dict[str, str]) -> dict[str, str]:
    """Run each command (two at a time); return {case id: "" if it compiled, else output}."""
    def run(item):
        case_id, command = item
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT,
                                  env=env, check=False)
        except subprocess.TimeoutExpired:
            return case_id, "timed out"
        return case_id, "" if done.returncode == 0 else done.stdout + done.stderr

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(pool.map(run, commands.items()))


@pytest.fixture(scope="module")
def nvcc_results():
    require(NVCC, "nvcc")
    with tempfile.TemporaryDirectory() as folder:
        commands = {
            case.id: [NVCC, "-c", "-w", "-std=c++17", str(case.input), "-o",
                      str(Path(folder) / f"{index}.o")]
            for index, case in enumerate(NVCC_CASES)
        }
        yield _compile_all(commands, dict(os.environ))


@pytest.fixture(scope="module")
def hipcc_results():
    require(HIPCC, "hipcc")
    env = dict(os.environ, HIP_PLATFORM="amd")
    with tempfile.TemporaryDirectory() as folder:
        commands = {
            case.id: [HIPCC, "--offload-arch=gfx90a", "-c", "-w", "-std=c++17",
                      str(case.expected), "-o", str(Path(folder) / f"{index}.o")]
            for index, case in enumerate(HIPCC_CASES)
        }
        yield _compile_all(commands, env)


@pytest.mark.parametrize("case", NVCC_CASES, ids=[c.id for c in NVCC_CASES])
def test_cuda_input_compiles_with_nvcc(case: Case, nvcc_results):
    assert nvcc_results[case.id] == ""


@pytest.mark.parametrize("case", HIPCC_CASES, ids=[c.id for c in HIPCC_CASES])
def test_hip_output_compiles_with_hipcc(case: Case, hipcc_results):
    assert hipcc_results[case.id] == ""


def test_compiler_checks_cover_every_kind_of_case():
    """Enough cases are compiled to mean something (a marker typo would silently drop them)."""
    assert len(NVCC_CASES) >= 20
    assert len(HIPCC_CASES) >= 20
