"""The TypedDicts of translator/output/report_json.py name every key build_report writes."""

from __future__ import annotations

from translator.output.report import build_report
from translator.output.report_json import (
    FileEntry,
    Finding,
    FindingFix,
    HipBuildSection,
    Report,
    ReportStatistics,
    UnsupportedName,
)
from translator.tree.migrate import migrate_tree

SOURCE = b"""#include <cuda_runtime.h>
#define WARP_SIZE 32
__global__ void k(float *x) { x[threadIdx.x] = 0; }
__global__ void w(int *o) { int warp_size = 32; o[0] = warp_size; }
int main() { float *d; cudaMalloc(&d, 4); cudaFancyNewThing(d); k<<<1, 32>>>(d); }
"""


def _keys(kind: type) -> set[str]:
    return set(kind.__required_keys__) | set(kind.__optional_keys__)


def _report(tmp_path) -> dict:
    source = tmp_path / "src"
    source.mkdir()
    (source / "main.cu").write_bytes(SOURCE)
    return build_report(migrate_tree(source, tmp_path / "out", jobs=1))


def test_report_has_the_keys_its_type_names(tmp_path):
    report = _report(tmp_path)
    assert set(report) == set(Report.__required_keys__) | {"summary"}
    assert set(report) <= _keys(Report)
    assert set(report["stats"]) == _keys(ReportStatistics)
    assert set(report["hip_build"]) == _keys(HipBuildSection)


def test_file_entries_and_findings_have_the_keys_their_types_name(tmp_path):
    report = _report(tmp_path)
    entry = next(f for f in report["files"] if f["path"] == "main.cu")
    assert set(entry) == _keys(FileEntry)
    assert entry["unsupported"], "the made-up CUDA name is reported"
    assert set(entry["unsupported"][0]) == _keys(UnsupportedName)
    assert report["findings"]
    assert all(set(finding) == _keys(Finding) for finding in report["findings"])
    fixes = [fix for finding in report["findings"] for fix in finding["fixes"]]
    assert fixes, "W001 suggests warpSize"
    assert all(set(fix) == _keys(FindingFix) for fix in fixes)
