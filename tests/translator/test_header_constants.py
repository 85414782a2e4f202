"""Constants of the tree headers a file includes, read without clang
(translator/analysis/header_constants.py): what they answer, and what they leave to clang."""

from __future__ import annotations

from pathlib import Path

from tests.tools import require_libclang
from translator import Options
from translator.analysis.facts import facts_of
from translator.analysis.header_constants import header_constants
from translator.tree.migrate import migrate_tree

CONFIG = """#pragma once
#ifndef THREADS
#define THREADS 96
#endif
#define ROWS (THREADS / 32)
namespace proj { constexpr int kLanes = 32; }
constexpr int kWidth = 16;
template <int kWidth> struct Tile { static constexpr int kCells = kWidth * 2; };
#ifdef WIDE
#define WARP 64
#else
#define WARP 32
#endif
#define SAME 8
"""
COMMON = """#pragma once
#include "config.h"
#include <vector>
#define SAME 8
"""
KERNEL = """#include "proj/common.h"
__global__ void fill(float *out) { out[threadIdx.x] = 0.0f; }
void run(float *out) { fill<<<1, THREADS>>>(out); }
"""


def _tree(root: Path, kernel: str = KERNEL) -> Path:
    (root / "include" / "proj").mkdir(parents=True)
    (root / "src").mkdir()
    (root / "include" / "proj" / "config.h").write_text(CONFIG)
    (root / "include" / "proj" / "common.h").write_text(COMMON)
    (root / "src" / "fill.cu").write_text(kernel)
    (root / "CMakeLists.txt").write_text(
        "project(p LANGUAGES CXX CUDA)\ninclude_directories(include)\n"
        "add_library(p src/fill.cu)\n")
    return root


def test_headers_are_read_through_their_includes(tmp_path):
    """The file's include, found in an include folder, and that header's own include,
    found next to it; a name defined alike twice is kept, one defined two ways in the
    branches of an #if is not (which branch holds is clang's question), nor is a
    class template's member made from its parameters (kCells)."""
    root = _tree(tmp_path)
    found = header_constants(KERNEL, str(root / "src"), [str(root / "include")], facts_of)
    assert {name: " ".join(t.text for t in body) for name, body in found.items()} == {
        "THREADS": "96", "ROWS": "( THREADS / 32 )", "kLanes": "32", "kWidth": "16",
        "SAME": "8"}
    assert header_constants(KERNEL, str(root / "src"), [], facts_of) == {}  # not found: nothing


def test_includes_that_climb_out_are_not_followed(tmp_path):
    root = _tree(tmp_path)
    climbing = '#include "../include/proj/config.h"\n'
    assert header_constants(climbing, str(root / "src"), [str(root / "include")], facts_of) == {}
    absolute = f'#include "{root}/include/proj/config.h"\n'
    assert header_constants(absolute, str(root / "src"), [], facts_of) == {}


def _fill(tmp_path: Path, kernel: str = KERNEL, **options) -> object:
    tree = migrate_tree(_tree(tmp_path / "src"), tmp_path / "out", Options(**options), jobs=1)
    return next(f for f in tree.files if f.path == "src/fill.cu").result


def test_a_launch_sized_by_a_header_constant_needs_no_parse(tmp_path):
    """``fill<<<1, THREADS>>>`` with THREADS 96 in a header: W201 reports the block of
    96 threads, from the header, and the file is not parsed."""
    result = _fill(tmp_path)
    assert result.analysis == ""
    assert ["block of 96 threads" in d.message for d in result.diagnostics
            if d.code == "W201"] == [True]


def test_names_the_file_or_the_options_define_are_left_to_clang(tmp_path):
    """A name the file declares itself (a parameter named like the header's kLanes),
    or that the options define (``-DTHREADS=128``), is not the header's: clang is
    asked (and finds no constant, or 128: no W201)."""
    require_libclang()
    shadowed = KERNEL.replace("void run(float *out) { fill<<<1, THREADS>>>",
                              "void run(float *out, int kLanes) { fill<<<1, kLanes>>>")
    tree = migrate_tree(_tree(tmp_path / "a", shadowed), tmp_path / "a-out", Options(), jobs=1)
    result = next(f for f in tree.files if f.path == "src/fill.cu").result
    assert result.analysis == "types"
    assert not [d for d in result.diagnostics if d.code == "W201"]

    result = _fill(tmp_path / "b", defines=("THREADS=128",))
    assert result.analysis == "types"
    assert not [d for d in result.diagnostics if d.code == "W201"]
