"""Golden cases whose first line names ``rocm-6.4`` (``// check: nvcc rocm-6.4``): their
expected HIP output compiles for gfx942 on the rocm-6.4 runner (HIP 6.4 and its
libraries), as test_compile_cases.py compiles the ``hipcc`` cases with this machine's
HIP. These are the cases of names the table maps because HIP 6.4 declares them
(tests/translator/test_table_against_runner.py). About 5 s per case, two at a time.
"""

from __future__ import annotations

import pytest

from tests.runners import RUNNERS_DIR, needs_rocm_64
from tests.translator.cases import all_cases
from tests.translator.compile.conftest import needs_bubblewrap
from tests.translator.test_compile_cases import _checked_by
from translator.compile.check import CompileOptions, compile_check

RUNNER = "rocm-6.4"
CASES = [case for case in all_cases() if RUNNER in _checked_by(case)]

pytestmark = [needs_rocm_64, needs_bubblewrap]


@pytest.fixture(scope="module")
def compiled(tmp_path_factory) -> dict[str, dict]:
    """{case id: its compile entry}, every case's expected output compiled on the runner."""
    tree = tmp_path_factory.mktemp("runner-cases")
    files = {}
    for case in CASES:
        name = f"{case.code}_{case.name}.hip"
        (tree / name).write_bytes(case.expected.read_bytes())
        files[name] = case.id
    outcome = compile_check(tree, CompileOptions(
        runner=RUNNER, runners_dir=str(RUNNERS_DIR), offload_archs=("gfx942",), jobs=2,
        resource_usage=False))
    return {files[entry["path"]]: entry for entry in outcome["compile"]}


def test_cases_are_marked_for_the_runner():
    assert {"R101/blas_ilp64", "R101/fft_xt", "R102/bfloat16_pairs"} <= {c.id for c in CASES}


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_expected_output_compiles_on_the_runner(case, compiled):
    entry = compiled[case.id]
    assert entry["ok"], entry.get("output", "")[-3000:]
