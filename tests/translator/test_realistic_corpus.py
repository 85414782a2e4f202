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
