"""The realistic corpus (tests/realistic/) migrates and compiles with this machine's hipcc.

Every translation unit compiles, except those listed in tests/realistic/excluded.tsv with
the reason (a HIP library or HIP release this machine lacks, or a known rocport limit).
The list stays honest both ways: a listed unit that compiles fails the test too, so a fix
removes its line. Takes about two minutes (units compile two at a time).
"""

from __future__ import annotations

import shutil

import pytest

from tests.realistic.measure import CORPUS, read_excluded

pytestmark = [
    pytest.mark.realistic,
    pytest.mark.skipif(shutil.which("hipcc") is None, reason="hipcc not installed"),
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


def test_every_cuda_source_is_a_unit(measured):
    sources = {str(path.relative_to(CORPUS)) for path in CORPUS.rglob("*")
               if path.suffix in SOURCE_SUFFIXES and "cuda" in path.read_text().lower()}
    assert sources - set(measured.units) == set()


def test_project_helpers_are_not_reported_as_unknown(measured):
    defined = set(measured.report["options"]["project_names"])
    reported = {u["name"] for f in measured.report["files"] for u in f["unsupported"]}
    assert {"cudaCheckErrors", "CUDA_CHECK", "checkCudaErrors"} & reported == set()
    assert defined & reported == set()


def _build(command, cwd, env_extra=None):
    import os
    import subprocess

    env = {**os.environ, "HIP_PLATFORM": "amd", **(env_extra or {})}
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


def test_migrated_makefile_builds(measured, tmp_path):
    """The samples' migrated Makefile (gencode loop, -ccbin, host compiler with CUDA paths)
    builds programs whose units compile here."""
    work = tmp_path / "samples"
    shutil.copytree(measured.output / "samples", work)
    _build(["make", "-j2", "matrixMul/matrixMul", "simpleAtomics/simpleAtomicIntrinsics"], work)
    assert (work / "matrixMul" / "matrixMul").is_file()


@pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake not installed")
def test_migrated_cmake_builds(measured, tmp_path):
    """The functors project's migrated old-style CMake (FindCUDA, cuda_add_executable)
    builds a CUDA program, a host-only program sharing its headers, and the test."""
    build = tmp_path / "build"
    source = measured.output / "functors"
    _build(["cmake", "-S", str(source), "-B", str(build)], source, {"CXX": "hipcc"})
    _build(["cmake", "--build", str(build), "-j2", "--target", "transform", "host_reference",
            "test_reductions"], source)
    assert (build / "host_reference").is_file()
