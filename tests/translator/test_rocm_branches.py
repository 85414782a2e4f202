"""A PyTorch extension's ROCm branches (``#ifdef USE_ROCM``) written for build-time hipify:
their CUDA spellings are translated, the report names the switch, and the compile check
defines it, so the migrated unit compiles on the rocm-6.4 runner."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.runners import RUNNERS_DIR, needs_rocm_64
from tests.translator.compile.conftest import needs_bubblewrap
from translator.compile.check import CompileOptions, compile_check, report_context
from translator.options import Options
from translator.output.report import build_report
from translator.tree.migrate import migrate_tree

CASE = Path(__file__).parent / "cases" / "R004" / "rocm_branches_in_cuda_spelling.cu"
SETUP = ("from torch.utils.cpp_extension import BuildExtension, CUDAExtension\n"
         "from setuptools import setup\n"
         "setup(name='rowsum', ext_modules=[CUDAExtension('rowsum', ['csrc/rowsum.cu'])],\n"
         "      cmdclass={'build_ext': BuildExtension})\n")


def _migrated(tmp_path: Path) -> tuple[Path, dict]:
    source = tmp_path / "extension"
    (source / "csrc").mkdir(parents=True)
    shutil.copy(CASE, source / "csrc" / "rowsum.cu")
    (source / "setup.py").write_text(SETUP)
    tree = migrate_tree(source, tmp_path / "hip", Options(use_clang=False), jobs=1)
    return tmp_path / "hip", build_report(tree)


def test_the_report_names_the_rocm_switch(tmp_path):
    _, report = _migrated(tmp_path)
    assert report["hip_build"]["switches"] == ["USE_ROCM"]


def test_the_switch_reaches_the_compile_check():
    context = report_context({"hip_build": {"switches": ["USE_ROCM"]}})
    assert context["defines"] == ("USE_ROCM",)


@needs_rocm_64
@needs_bubblewrap
def test_the_rocm_branches_compile_with_the_switch_defined(tmp_path):
    folder, report = _migrated(tmp_path)
    options = CompileOptions(runner="rocm-6.4", runners_dir=str(RUNNERS_DIR),
                             offload_archs=("gfx942",), jobs=1, resource_usage=False)
    outcome = compile_check(folder, options, **report_context(report))
    [unit] = [entry for entry in outcome["compile"] if entry["path"] == "csrc/rowsum.cu"]
    assert unit["ok"], unit.get("output", "")[-3000:]
    # without the switch, the CUDA alternatives (left as written) are compiled, and fail
    bare = compile_check(folder, options, **{**report_context(report), "defines": ()})
    [unit] = [entry for entry in bare["compile"] if entry["path"] == "csrc/rowsum.cu"]
    assert not unit["ok"]
