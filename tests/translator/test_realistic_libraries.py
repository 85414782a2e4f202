"""The realistic corpus's library project (tests/realistic/corpus/libstack: cuBLAS, cuBLASLt,
cuFFT, cuSOLVER, cuSPARSE, cuRAND, CUB, Thrust, NCCL, cuDNN) migrates for HIP 6.4 and every
translation unit compiles for gfx942 on the rocm-6.4 runner.

The project is migrated with ``--hip-version 6.4 --miopen`` (its cuDNN unit is meant for
MIOpen; without ``--miopen`` cuDNN names are left and reported, ROCm having no hipDNN) and
checked as ``rocport check --runner rocm-6.4`` does: the units and flags come from the
migrated CMake project configured inside the runner, two units at a time (about a minute).
Units listed in tests/realistic/excluded_rocm_6_4.tsv may fail, for the reason given; a
listed unit that compiles fails the test, so a fix removes its line.
"""

from __future__ import annotations

import re

import pytest

from tests.realistic.measure import CORPUS, EXCLUDED_ON_RUNNER, RUNNER_ONLY, read_excluded
from tests.runners import RUNNERS_DIR, needs_rocm_64
from tests.translator.compile.conftest import needs_bubblewrap

RUNNER = "rocm-6.4"
SOURCE_SUFFIXES = (".cu", ".cpp")
#: The HIP library headers the migrated project must include, one per CUDA library used.
LIBRARY_HEADERS = ("hipblas/hipblas.h", "hipblaslt/hipblaslt.h", "hipfft/hipfft.h",
                   "hipfft/hipfftXt.h", "hipsolver/hipsolver.h", "hipsparse/hipsparse.h",
                   "hiprand/hiprand.h", "hiprand/hiprand_kernel.h", "hipcub/hipcub.hpp",
                   "thrust/device_vector.h", "rccl/rccl.h", "miopen/miopen.h")


pytestmark = [pytest.mark.realistic, needs_rocm_64, needs_bubblewrap]


@pytest.fixture(scope="module")
def measured(tmp_path_factory):
    from tests.realistic.measure import measure

    return measure(tmp_path_factory.mktemp("libraries") / "hip", hip_version=(6, 4),
                   projects=RUNNER_ONLY, archs=("gfx942",), miopen=True, runner=RUNNER,
                   runners_dir=RUNNERS_DIR)


def test_every_unit_compiles_on_the_runner_unless_excluded(measured):
    excluded = read_excluded(EXCLUDED_ON_RUNNER)
    assert {path: error for path, error in measured.failures().items()
            if path not in excluded} == {}


def test_excluded_units_still_fail(measured):
    compiled = [path for path in read_excluded(EXCLUDED_ON_RUNNER)
                if measured.units.get(path, {}).get("ok")]
    assert compiled == [], "these compile now: remove them from excluded_rocm_6_4.tsv"


def test_excluded_units_fail_with_the_recorded_class(measured):
    recorded = {path: row.failure_class for path, row in read_excluded(EXCLUDED_ON_RUNNER).items()}
    classed = {path: (measured.units.get(path, {}).get("failure") or {}).get("class")
               for path in recorded}
    assert classed == recorded


def test_every_cuda_source_is_a_unit(measured):
    sources = {str(path.relative_to(CORPUS)) for project in RUNNER_ONLY
               for path in (CORPUS / project).rglob("*")
               if path.suffix in SOURCE_SUFFIXES and "cuda" in path.read_text().lower()}
    assert sources - set(measured.units) == set()


def test_units_take_their_flags_from_the_projects_cmake(measured):
    """The migrated CMake project configures on the runner (its hipBLASLt target, its own
    FindNCCL and FindCUDNN modules finding RCCL and MIOpen) and builds every unit."""
    sources = {path: entry["flags_source"] for path, entry in measured.units.items()}
    assert sources == dict.fromkeys(measured.units, "cmake")


def test_the_migrated_units_use_every_hip_library(measured):
    included = {match for path in measured.output.rglob("*")
                if path.suffix in (".cu", ".cpp", ".h", ".cuh")
                for match in re.findall(r"#include <([^>]+)>", path.read_text())}
    assert set(LIBRARY_HEADERS) - included == set()
