"""The realistic corpus (tests/realistic/) migrates and compiles with this machine's hipcc.
(Its projects that need libraries this machine lacks, ``RUNNER_ONLY``, are compiled on the
rocm-6.4 runner instead: tests/translator/test_realistic_libraries.py.)

Every translation unit compiles, except those listed in tests/realistic/excluded.tsv with
the reason (a HIP library or HIP release this machine lacks, or a known rocport limit).
The list stays honest both ways: a listed unit that compiles fails the test too, so a fix
removes its line.

The compile check is then held against the projects' own builds: the migrated trees are
built for real with ``cmake --build`` and ``make -k`` using hipcc (tests/realistic/
real_build.py), and every unit must end the same way in both, a failing unit with its
first error at the same file and line; so no error comes from flags rocport derived.
Takes about six minutes on two CPUs (the check and the real builds compile every unit).
"""

from __future__ import annotations

import pytest

from tests.realistic.measure import CORPUS, host_projects, read_excluded
from tests.tools import needs_tools

pytestmark = [
    pytest.mark.realistic,
    needs_tools("hipcc"),
]
SOURCE_SUFFIXES = (".cu", ".cpp")


@pytest.fixture(scope="module")
def measured(tmp_path_factory):
    from tests.realistic.measure import measure

    return measure(tmp_path_factory.mktemp("realistic") / "hip")


def test_every_unit_compiles_unless_excluded(measured):
    excluded = read_excluded()
    failures = measured.failures()
    unexpected = {path: error for path, error in failures.items() if path not in excluded}
    assert unexpected == {}


def test_excluded_units_still_fail(measured):
    compiled = [path for path in read_excluded() if measured.units.get(path, {}).get("ok")]
    assert compiled == [], "these compile now: remove them from tests/realistic/excluded.tsv"


def test_excluded_units_fail_with_the_recorded_class(measured):
    recorded = {path: row.failure_class for path, row in read_excluded().items()}
    classed = {path: (measured.units.get(path, {}).get("failure") or {}).get("class")
               for path in recorded}
    assert classed == recorded


def test_every_cuda_source_is_a_unit(measured):
    sources = {str(path.relative_to(CORPUS)) for project in host_projects()
               for path in (CORPUS / project).rglob("*")
               if path.suffix in SOURCE_SUFFIXES and "cuda" in path.read_text().lower()}
    assert sources - set(measured.units) == set()


def test_project_helpers_are_not_reported_as_unknown(measured):
    defined = set(measured.report["options"]["project_names"])
    reported = {u["name"] for f in measured.report["files"] for u in f["unsupported"]}
    assert {"cudaCheckErrors", "CUDA_CHECK", "checkCudaErrors"} & reported == set()
    assert defined & reported == set()


#: Units the check compiles that the projects' own builds do not compile on this machine.
NOT_BUILT_HERE = {
    # hipBLAS is not installed: dlkernels is built with its own -DDLK_WITH_CUBLAS=OFF.
    "dlkernels/src/matmul_cublas.cu",
    # jit's configure fails: no hiprtc CMake package here (find_package(hiprtc REQUIRED)).
    "jit/nvrtc_saxpy.cpp",
}


@pytest.fixture(scope="module")
def real(measured, tmp_path_factory):
    from tests.realistic.real_build import build_all

    return build_all(measured.output, tmp_path_factory.mktemp("real-build"))


def _outcome(entry: dict) -> tuple[bool, tuple[str, int] | None]:
    """(compiled, (path, line) of the first error as hipcc saw it) of a check unit."""
    error = next((d for d in entry["diagnostics"] if d["severity"] in ("error", "fatal error")),
                 None)
    return entry["ok"], (error["output_path"], error["output_line"]) if error else None


@needs_tools("cmake", "ninja")
def test_unit_outcomes_and_first_errors_are_the_real_builds(measured, real):
    checked = {entry["output_path"]: _outcome(entry) for entry in measured.units.values()
               if entry["output_path"] in real.units}
    built = {path: (real.units[path].ok, real.units[path].first_error) for path in checked}
    assert checked == built


@needs_tools("cmake", "ninja")
def test_every_unit_is_compared_unless_its_build_cannot_run_here(measured, real):
    checked = {entry["output_path"] for entry in measured.units.values()}
    assert checked - set(real.units) == NOT_BUILT_HERE
    assert set(real.problems) == {"jit"}


@needs_tools("cmake", "ninja")
def test_migrated_builds_make_programs(real):
    """The samples' migrated Makefile (gencode loop, -ccbin, host compiler with CUDA paths)
    and the functors project's old-style CMake (FindCUDA, cuda_add_executable) build
    programs, among them a host-only program sharing the CUDA headers."""
    assert (real.root / "samples" / "matrixMul" / "matrixMul").is_file()
    assert (real.root / "samples" / "simpleAtomics" / "simpleAtomicIntrinsics").is_file()
    for program in ("transform", "host_reference", "test_reductions"):
        assert (real.builds / "functors" / program).is_file()
