"""A tree that is (or vendors) a CUDA-side library keeps that library's headers and API:
translator/tree/own_libraries.py finds them, R541 and R542 leave them, and one note says so."""

from __future__ import annotations

from pathlib import Path

from translator.options import Options
from translator.tree.migrate import migrate_tree
from translator.tree.own_libraries import own_libraries

OPTIONS = Options(use_clang=False)


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content)
    return root


def _notes(tree, code: str) -> list[tuple[str, str]]:
    return [(outcome.path, diagnostic.message) for outcome in tree.files if outcome.result
            for diagnostic in outcome.result.diagnostics if diagnostic.code == code]


def test_a_template_of_the_header_makes_the_library_the_trees_own():
    includes = {"src/a.cc": frozenset({"nccl.h"}), "src/b.cc": frozenset({"nccl.h"})}
    assert own_libraries(["src/nccl.h.in", "src/a.cc", "src/b.cc"], includes) == (
        ("nccl", "src/a.cc"),)  # the template is no C++ file: the first includer says so


def test_a_vendored_header_says_so_itself():
    paths = ["third_party/nvtx3/nvToolsExt.h", "third_party/nvtx3/nvtxDetail/impl.h", "a.cu"]
    assert own_libraries(paths, {"a.cu": frozenset({"nvtx3/nvToolsExt.h"})}) == (
        ("nvtx", "third_party/nvtx3/nvToolsExt.h"),)


def test_a_client_provides_no_library():
    assert own_libraries(["src/a.cu", "include/ncclx.h"], {"src/a.cu": frozenset({"nccl.h"})}) == ()


def test_a_project_that_is_nccl_keeps_including_its_own_header(tmp_path):
    source = _write(tmp_path / "nccl", {
        "src/nccl.h.in": "#include <cuda_runtime.h>\ntypedef int ncclResult_t;\n",
        "src/init.cc": '#include "nccl.h"\nncclResult_t ncclInit() { return 0; }\n',
        "src/enqueue.cc": '#include "nccl.h"\n#include <cuda_runtime.h>\n'
                          "ncclResult_t launch(cudaStream_t s) { return 0; }\n",
        "src/collectives/all_reduce.cu": '#include <nccl.h>\n__global__ void k() {}\n',
    })
    tree = migrate_tree(source, tmp_path / "out", OPTIONS, jobs=1)
    for name in ("src/init.cc", "src/enqueue.cc"):
        assert '#include "nccl.h"' in (tmp_path / "out" / name).read_text()
    assert "#include <nccl.h>" in (tmp_path / "out/src/collectives/all_reduce.cu").read_text()
    assert "hipStream_t" in (tmp_path / "out/src/enqueue.cc").read_text()
    assert [path for path, _ in _notes(tree, "R541")] == ["src/collectives/all_reduce.cu"]


def test_a_client_of_nccl_still_gets_rccl(tmp_path):
    source = _write(tmp_path / "app", {"train.cu": "#include <nccl.h>\nncclComm_t comm;\n"})
    migrate_tree(source, tmp_path / "out", OPTIONS, jobs=1)
    assert "#include <rccl/rccl.h>" in (tmp_path / "out/train.cu").read_text()


def test_a_vendored_nvtx_keeps_its_declarations_and_calls(tmp_path):
    header = ("#pragma once\nstatic inline int nvtxRangePushA(const char *m) { return 0; }\n"
              "static inline int nvtxRangePop(void) { return 0; }\n")
    source = _write(tmp_path / "app", {
        "third_party/nvtx3/nvToolsExt.h": header,
        "src/step.cu": '#include "nvtx3/nvToolsExt.h"\n'
                       'void step() { nvtxRangePushA("step"); nvtxRangePop(); }\n',
        "src/other.cu": 'void other() { nvtxRangePop(); }\n',
    })
    tree = migrate_tree(source, tmp_path / "out", OPTIONS, jobs=1)
    assert (tmp_path / "out/third_party/nvtx3/nvToolsExt.h").read_text() == header
    step = (tmp_path / "out/src/step.cu").read_text()
    assert '#include "nvtx3/nvToolsExt.h"' in step
    assert 'nvtxRangePushA("step")' in step
    assert "roctx" not in (tmp_path / "out/src/other.cu").read_text()
    assert [path for path, _ in _notes(tree, "R542")] == ["third_party/nvtx3/nvToolsExt.h"]
