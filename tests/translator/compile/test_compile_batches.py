"""The compile check in batches (select, merge_outcomes) and stopped by a cancel (its
progress raises Canceled), with the real bubblewrap and hipcc."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

from tests.translator.compile.conftest import (
    needs_bubblewrap,
    needs_hipcc,
    processes_mentioning,
)
from tests.translator.compile.test_compile_check import SLOW
from translator.compile.check import CompileOptions, compile_check, merge_outcomes
from translator.progress import Canceled

pytestmark = [needs_bubblewrap, needs_hipcc]

KERNEL = "#include <hip/hip_runtime.h>\n__global__ void k{n}(float* x) {{ x[0] = {n}; }}\n"


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_a_cancel_kills_the_running_hipcc_and_skips_the_units_left(tmp_path):
    name = f"a_slow_{uuid.uuid4().hex[:12]}.hip"
    tree = _tree(tmp_path / "t", {name: SLOW, **{f"k{n}.hip": KERNEL.format(n=n)
                                                  for n in range(3)}})
    started = time.monotonic()
    options = CompileOptions(offload_archs=("gfx90a",), jobs=1, build_system=False)
    def progress(done: int, total: int) -> None:
        if time.monotonic() - started > 3:
            raise Canceled()

    outcome = compile_check(tree, options, progress=progress)
    statuses = {entry["output_path"]: (entry["status"], entry["message"])
                for entry in outcome["compile"]}
    canceled = ("skipped", "not compiled: the job was canceled")
    assert statuses == {name: canceled, **{f"k{n}.hip": canceled for n in range(3)}}
    assert time.monotonic() - started < 10
    assert processes_mentioning(name) == []


def test_batches_merged_give_the_whole_check(tmp_path):
    tree = _tree(tmp_path / "t", {f"k{n}.hip": KERNEL.format(n=n) for n in range(3)})
    options = CompileOptions(offload_archs=("gfx90a",), jobs=1, build_system=False)
    listed = compile_check(tree, options, select=lambda paths: ())
    assert (listed["compile"], listed["units_found"]) == ([], ["k0.hip", "k1.hip", "k2.hip"])
    batches = [compile_check(tree, options, select=lambda paths, chosen=chosen: chosen)
               for chosen in ([0, 1], [2])]
    merged = merge_outcomes(batches)
    assert [entry["output_path"] for entry in merged["compile"]] == listed["units_found"]
    assert (merged["summary"]["units"], merged["summary"]["ok"]) == (3, 3)
    assert merged["toolchain"] == batches[0]["toolchain"]
