"""Where device code is found: qualifier macros (in the file and in the project's other
headers), class-template members, device lambdas and #if alternatives with uneven braces."""

from __future__ import annotations

from tests.tools import require_libclang
from translator import Options, translate
from translator.analysis.facts import facts_of
from translator.analysis.parsed import parsed_of
from translator.analysis.qualifiers import device_macros
from translator.options import TreeFacts
from translator.tree.migrate import migrate_tree
from translator.unit import Unit

HEADER = b"""#pragma once
#ifdef __CUDACC__
#define HD __host__ __device__
#define DEV __device__
#else
#define HD
#define DEV
#endif
#define DEV_INLINE DEV __forceinline__
"""
SOURCE = b"""#include "platform.h"
DEV_INLINE int lane_of(int tid) { return tid % 32; }
HD inline int host_too(int tid) { return tid % 32; }
int host_only(int tid) { return tid % 32; }
"""


def _targets(text: str, options: Options | None = None) -> dict[str, str]:
    unit = Unit(text, (options or Options()).with_changes(use_clang=False), "a.cu")
    return {f.name: f.target for f in facts_of(unit).functions}


def test_finds_device_macros_through_chains_and_alternatives():
    assert device_macros([("platform.h", HEADER), ("main.cu", SOURCE)]) == (
        "DEV=device", "DEV_INLINE=device", "HD=host-device")


def test_project_macros_mark_device_code_in_other_files():
    options = Options(tree=TreeFacts(device_macros=("DEV_INLINE=device", "HD=host-device")))
    assert _targets(SOURCE.decode(), options) == {
        "lane_of": "device", "host_too": "host-device", "host_only": "host"}


def test_tree_migration_reports_warp_size_in_macro_qualified_functions(tmp_path):
    source, out = tmp_path / "src", tmp_path / "out"
    source.mkdir()
    (source / "platform.h").write_bytes(HEADER)
    (source / "main.cu").write_bytes(SOURCE)
    tree = migrate_tree(source, out, Options(use_clang=False), jobs=1)
    main = next(f for f in tree.files if f.path == "main.cu")
    lines = sorted(d.line for d in main.result.diagnostics if d.code == "W401")
    assert lines == [2, 3]


def test_finds_members_of_class_templates():
    text = ("template <typename T, int N = sizeof(T)>\nstruct Box {\n"
            "  __device__ T get(int i) const { return i; }\n};\n")
    assert _targets(text) == {"get": "device"}


def test_finds_device_lambdas_spelled_with_a_macro():
    text = ("#define LAMBDA __device__\nvoid run(float *d) {\n"
            "  auto f = [=] LAMBDA (int i) { d[i] = 0; };\n}\n")
    assert _targets(text) == {"run": "host", "<lambda>": "device"}


def test_counts_braces_in_one_alternative():
    text = ("#ifdef WIDE\n__global__ void k(float *a, int n) {\n#else\n"
            "__global__ void k(float *a) {\n#endif\n  a[0] = 0;\n}\n"
            "int host(int tid) { return tid % 32; }\n")
    assert _targets(text) == {"k": "global", "host": "host"}
    assert [d.code for d in translate(text, Options(), "a.cu").diagnostics
            if d.code.startswith("W4")] == []


def test_one_warp_blocks_are_named_in_the_warp_size_finding():
    text = ("__global__ void k(float *a) {\n  int lane = threadIdx.x % 32;\n  a[lane] = 0;\n}\n"
            "void run(float *a) { k<<<4, 32>>>(a); }\n")
    found = [d for d in translate(text, Options(), "a.cu").diagnostics if d.code == "W401"]
    assert "launched with blocks of 32 threads (line 5)" in found[0].help


def test_tokens_find_the_functions_clang_finds():
    """The functions rules see do not depend on whether a rule had the file parsed: a
    constructor whose initializer list has braces (``b_{v}``) has its body found, and an
    operator is named as clang names it (``operator+=``)."""
    text = """struct Softmax {
  template <typename P>
  __device__ Softmax(P p, int tidx)
      : tidx_(tidx),
        scale_{p.scale},
        base_{p.base} {
    int warp = tidx / 32;
    warp_ = warp;
  }
  int tidx_, warp_;
  float scale_, base_;
};
__device__ inline void operator+=(float2 &a, const float2 &b) { a.x += b.x; }
__device__ void add(float2 &sum, float2 term) { sum += term; }
"""
    by_tokens = _targets(text)
    assert by_tokens == {"Softmax": "device", "operator+=": "device", "add": "device"}
    require_libclang()
    unit = Unit(text, Options(), "a.cu")
    assert parsed_of(unit) is not None
    assert {f.name: f.target for f in facts_of(unit).functions} == by_tokens
    token_only = Unit(text, Options(use_clang=False), "a.cu")
    assert [(f.start, f.body_start, f.end) for f in facts_of(unit).functions] == [
        (f.start, f.body_start, f.end) for f in facts_of(token_only).functions]
    codes = [d.code for d in translate(text, Options(), "a.cu").diagnostics]
    assert (codes.count("W401"), codes.count("W470")) == (1, 1)


def test_functions_after_extern_c_through_macros_and_with_operator_names():
    """Found by tokens as clang names them: a kernel declared extern "C" on its line, a
    project's function-like macro between the return type and the name, operators and
    destructors."""
    text = ('extern "C" __global__ void scale(float *x) { x[0] *= 2.0f; }\n'
            "#define KERNEL_BOUNDS(threads, blocks) __launch_bounds__(threads, blocks)\n"
            "__global__ void KERNEL_BOUNDS(256, 1) gelu_rows(float *x) { x[0] = 0; }\n"
            "struct Grid {\n"
            "  __device__ float operator[](int i) const { return i; }\n"
            "  __device__ float operator()(int i, int j) const { return i + j; }\n"
            "  __host__ __device__ ~Grid() { }\n"
            "  __device__ Grid &operator+=(const Grid &other) { return *this; }\n"
            "};\n"
            'extern "C" {\nvoid plain(void) { }\n}\n')
    assert _targets(text) == {
        "scale": "global", "gelu_rows": "global", "operator[]": "device",
        "operator()": "device", "~Grid": "host-device", "operator+=": "device",
        "plain": "host"}
