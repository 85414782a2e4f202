"""Hazard findings in the report JSON: original position, category, help, fixes, and
suppressed findings counted."""

from translator.output.report import build_report
from translator.tree.migrate import migrate_tree

KERNEL = """#include <cuda_runtime.h>
__device__ float sum(float v) {
  v += __shfl_down_sync(0xffffffff, v, 1);
  v += __shfl_down_sync(0xffffffff, v, 2);  // rocport: ignore[W410]
  return v;
}
"""


def test_report_carries_hazard_findings_and_counts_suppressed_ones(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "k.cu").write_text(KERNEL)
    report = build_report(migrate_tree(tmp_path / "src", tmp_path / "out"))
    masks = [f for f in report["findings"] if f["code"] == "W410"]
    assert [(f["line"], f["column"], f["category"], f["suppressed"]) for f in masks] == [
        (3, 25, "lane-mask", False), (4, 25, "lane-mask", True)]
    # R401 widens the mask in the output, so the finding is a note and needs no fix.
    assert masks[0]["help"]
    assert masks[0]["severity"] == "note"
    assert masks[0]["fixes"] == []
    assert report["stats"]["findings"]["suppressed"] == 1
    assert "1 suppressed" in report["summary"]
