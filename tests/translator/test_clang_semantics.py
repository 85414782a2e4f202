"""Semantic answers of translator.analysis.clang and pointer origins of its dataflow."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tools import missing
from translator.analysis import clang
from translator.analysis.dataflow import pointer_origins
from translator.analysis.facts import facts_of
from translator.analysis.parsed import parse_error, parsed_of
from translator.options import Options
from translator.unit import Unit

SOURCE = """#include <cuda_runtime.h>
#include <cstdlib>
#define TILE 32
struct Cell { float v[4]; };
__global__ void kernel(float *out) {
  __shared__ float tile[TILE][TILE + 1];
  __shared__ Cell cells[8];
  out[0] = tile[0][0] + cells[0].v[0];
}
__device__ int helper() { return 1; }
__host__ __device__ int both() { return 2; }
int main() {
  float *d, *h = (float *)malloc(64), *m, *alias;
  cudaMalloc((void **)&d, TILE * sizeof(float));
  cudaMallocManaged(&m, 64);
  alias = d;
  h = alias;
  return 0;
}
"""


@pytest.fixture(scope="module")
def parsed():
    try:
        return clang.parse(SOURCE, "semantics.cu")
    except clang.ClangUnavailable as error:  # pragma: no cover - depends on the machine
        missing(f"libclang ({error})")


def _node(parsed, kind, spelling):
    return next(n for n in parsed.root.walk() if n.kind == kind and n.spelling == spelling)


def test_functions_know_where_they_run(parsed):
    assert [(f.name, f.target) for f in parsed.functions] == [
        ("kernel", "global"), ("helper", "device"), ("both", "host-device"), ("main", "host")]


def test_types_sizes_and_extents(parsed):
    tile = _node(parsed, "VAR_DECL", "tile")
    cells = _node(parsed, "VAR_DECL", "cells")
    assert (tile.array_extents, tile.type_size, tile.is_shared) == ((32, 33), 32 * 33 * 4, True)
    assert (cells.type_size, cells.pointee_size) == (8 * 16, 16)
    pointer = _node(parsed, "VAR_DECL", "d")
    assert (pointer.is_pointer, pointer.pointee_size, pointer.pointee_spelling) == (
        True, 4, "float")


def test_constant_folding_through_macros_and_sizeof(parsed):
    size = next(n for n in parsed.root.walk()
                if n.kind == "BINARY_OPERATOR" and n.text == "TILE * sizeof(float)")
    assert (size.operator, size.evaluate()) == ("*", 128)


def test_pointer_origins_follow_allocations_and_aliases(parsed):
    main = next(f for f in parsed.functions if f.name == "main")
    origins = [(o.name, o.kind) for o in pointer_origins(main.node)]
    assert origins == [("h", "host"), ("d", "device"), ("m", "managed"), ("alias", "device"),
                       ("h", "device")]


def test_walk_lists_the_main_file_in_preorder_once(parsed):
    cursors = [c for top in parsed.root._cursor.get_children()
               if top.location.file and top.location.file.name == parsed.root._main
               for c in top.walk_preorder()
               if c.location.file and c.location.file.name == parsed.root._main]
    walked = list(parsed.root.walk())
    assert [(n.kind, n.spelling, n.start, n.end) for n in walked] == [
        (c.kind.name, c.spelling, c.extent.start.offset, c.extent.end.offset) for c in cursors]
    assert list(parsed.root.walk())[5] is walked[5]  # listed once per parse
    kernel = _node(parsed, "FUNCTION_DECL", "kernel")
    assert [n.spelling for n in kernel.walk() if n.kind == "VAR_DECL"] == ["tile", "cells"]


def test_parse_over_its_time_budget_falls_back_to_tokens(parsed):
    from translator.engine import translate
    from translator.options import Options

    result = translate(SOURCE, Options(analysis_budget=1e-9), "semantics.cu")
    notes = [d.message for d in result.diagnostics if d.code == "E001"]
    assert result.analysis == "tokens"
    assert any("analysis skipped: over its time budget" in note for note in notes)
    assert translate(SOURCE, Options(), "semantics.cu").source == result.source


def test_the_time_budget_counts_the_parse_on_libclangs_own_thread(parsed):
    """libclang parses on a thread of its own: a budget read from the calling thread's
    clock saw a millisecond where clang worked for a second, and never fell back. Sixty
    fresh chains of 600 template instantiations take clang about a second here."""
    heavy = ("template <int N, int K> struct Count {\n"
             "  static constexpr long value = Count<N - 1, K>::value + N;\n};\n"
             "template <int K> struct Count<0, K> { static constexpr long value = K; };\n"
             + "".join(f"constexpr long total{i} = Count<600, {i}>::value;\n" for i in range(60)))
    unit = Unit(heavy, Options(analysis_budget=0.1), "heavy.cu")
    assert parsed_of(unit) is None
    assert "over its time budget" in parse_error(unit)
    assert parsed_of(Unit(heavy, Options(), "heavy.cu")) is not None


NESTED = """#include <cuda_runtime.h>
#define SCALE(x) ((x) * 2 + OFFSET)
#define OFFSET 3
namespace outer {
constexpr int kRows = SCALE(4);
inline int scaled(int value, int factor = SCALE(kRows)) { return value * factor; }
template <typename T>
__global__ void fill(T *out, int n) {
  auto twice = [=](int i) { return SCALE(i) + kRows; };
  for (int i = threadIdx.x; i < n; i += blockDim.x) out[i] = T(twice(i)) + sizeof(T);
}
void launch(float *out) { fill<<<SCALE(1), kRows * 32>>>(out, scaled(kRows)); }
}  // namespace outer
"""


def test_nodes_starting_at_an_offset_are_those_of_the_walk(parsed):
    """starting_at enters only the subtrees that hold the offset; it finds what the
    whole walk of the declaration finds there, where the code is written or where the
    macro it comes from is used, in the same order (through macro expansions, lambdas,
    templates and default arguments too)."""
    nested = clang.parse(NESTED, "nested.cu")
    for top in [*parsed.root.main_file_children(), *nested.root.main_file_children()]:
        walked = list(top.walk())
        for start in sorted({node.start for node in walked}):
            expected = [(n.kind, n.end) for n in walked
                        if start in (n.start, n.expanded_start)]
            assert [(n.kind, n.end) for n in top.starting_at(start)] == expected, start


def test_declarations_asked_at_their_tokens_are_those_of_the_walk(parsed):
    """declarations_at asks clang at the name tokens; it finds what the whole walk does."""
    for name in ("tile", "cells", "out", "d", "h", "m", "alias"):
        walked = [(n.start, n.type_spelling) for n in parsed.root.walk()
                  if n.kind in ("VAR_DECL", "PARM_DECL") and n.spelling == name]
        offsets = [m.start() for m in re.finditer(rf"\b{name}\b", SOURCE)]
        asked = [(n.start, n.type_spelling) for n in parsed.root.declarations_at(name, offsets)]
        assert walked, name
        assert asked == walked, name


MACRO_DECLARED = """#include <cuda_runtime.h>
#define DECLARE_COUNT int count = 0
float count_of(float count);
void run() {
  DECLARE_COUNT;
  count += 1;
}
"""


def test_a_declaration_made_by_a_macro_of_the_file_is_found():
    """The name is in the #define, not in the code: the facts walk the file for it."""
    unit = Unit(MACRO_DECLARED, Options(), "macro.cu")
    if parsed_of(unit) is None:  # pragma: no cover - depends on the machine
        missing(f"libclang ({parse_error(unit)})")
    declarations = facts_of(unit)._clang_declarations_of("count")
    assert [(d.type_text, d.start) for d in declarations] == [
        ("float", MACRO_DECLARED.index("float count)")),
        ("int", MACRO_DECLARED.index("DECLARE_COUNT;"))]  # where the macro expands


def test_a_translated_file_leaves_no_parse_alive_for_the_garbage_collector(parsed):
    """A tree translation parses file after file: each parse (tens of MB with the
    precompiled headers) is freed when its file is done, not when the cyclic collector
    next runs, which kept a dozen alive at a time."""
    import gc

    from clang import cindex

    from translator.engine import translate

    def live_parses() -> int:
        # type(), not isinstance(): a dead weak proxy among the objects raises on the latter
        return sum(1 for o in gc.get_objects() if type(o) is cindex.TranslationUnit)

    gc.collect()
    before = live_parses()
    gc.disable()
    try:
        results = [translate(SOURCE, Options(), f"file{n}.cu") for n in range(3)]
        assert [result.analysis for result in results] == ["types"] * 3
        assert live_parses() == before
    finally:
        gc.enable()


def test_headers_nowhere_are_stood_in_for_before_the_first_parse(tmp_path):
    """A header clang cannot find (a CUDA toolkit header, never on the analysis's include
    path; a library's the repository does not carry) gets an empty stand-in before the
    first parse, also when a project header includes it, unless the project has a copy.
    The note names them. Only what cannot be told before (a name made by a macro, an
    include folder given as -isystem) costs a second parse."""
    source = ("#include <cuda_fp8.h>\n#include <cooperative_groups/reduce.h>\n"
              "__global__ void k(float *x) { x[0] = 1; }\n")
    try:
        parsed = clang.parse(source, "fp8.cu", directory=str(tmp_path))
    except clang.ClangUnavailable as error:  # pragma: no cover - depends on the machine
        missing(f"libclang ({error})")
    assert parsed.parses == 1
    assert parsed.messages[0].message == ("headers not found, analysed as empty: "
                                          "cuda_fp8.h, cooperative_groups/reduce.h")
    assert not parsed.errors

    # nor through a header of the project that includes them
    (tmp_path / "common").mkdir()
    (tmp_path / "common" / "lowp.cuh").write_text('#pragma once\n#include "fp8_types.cuh"\n')
    (tmp_path / "common" / "fp8_types.cuh").write_text("#pragma once\n#include <mma.h>\n")
    parsed = clang.parse('#include "common/lowp.cuh"\n' + source, "fp8.cu",
                         directory=str(tmp_path))
    assert parsed.parses == 1
    assert parsed.messages[0].message == ("headers not found, analysed as empty: "
                                          "cuda_fp8.h, cooperative_groups/reduce.h, mma.h")

    # a library's header or a generated one, found nowhere
    library = '#include <ATen/ATen.h>\n#include "gen/config.h"\n#include <vector>\n' + source
    parsed = clang.parse(library, "fp8.cu", directory=str(tmp_path))
    assert parsed.parses == 1
    notes = [m.message for m in parsed.messages[:2]]
    assert notes[0].endswith("gen/config.h, cuda_fp8.h, cooperative_groups/reduce.h")
    # PyTorch's are stood in for by declarations of its API, and said so
    assert notes[1] == "headers not found, analysed with rocport's stand-ins: ATen/ATen.h"
    assert "vector" not in " ".join(notes)  # the system has it
    assert not parsed.errors

    # <near.h> next to the file: clang takes it (and says to quote it)
    (tmp_path / "near.h").write_text("#pragma once\nint near_value;\n")
    parsed = clang.parse("#include <near.h>\nint copy = near_value;\n", "near.cu",
                         directory=str(tmp_path))
    assert [m.message for m in parsed.errors] == [
        "'near.h' file not found with <angled> include; use \"quotes\" instead"]

    # a header only asked about stays absent: the answer stays "no"
    asked = ("#if __has_include(<c10/macros/Macros.h>)\n#include <c10/macros/Macros.h>\n"
             "#else\nint without_c10;\n#endif\n")
    parsed = clang.parse(asked, "asked.cu", directory=str(tmp_path))
    assert [n.spelling for n in parsed.root.walk() if n.kind == "VAR_DECL"] == ["without_c10"]
    assert parsed.parses == 1

    for unknown, arguments in (('#define CONFIG "gen/made.h"\n#include CONFIG\n', ()),
                               ('#include "gen/other.h"\n', ("-isystem", str(tmp_path)))):
        # what the text cannot tell: clang's own answer, a second parse
        parsed = clang.parse(unknown + source, "fp8.cu", directory=str(tmp_path),
                             extra_args=arguments)
        assert parsed.parses == 2
        assert "gen/" in parsed.messages[0].message

    # the project's copy of a toolkit header is read, not stood in for
    (tmp_path / "include").mkdir()
    (tmp_path / "include" / "cuda_fp8.h").write_text("#pragma once\ntypedef char fp8_t;\n")
    parsed = clang.parse(source + "fp8_t value;\n", "fp8.cu", directory=str(tmp_path),
                         include_dirs=[str(tmp_path / "include")])
    assert parsed.parses == 1
    assert "cuda_fp8.h" not in parsed.messages[0].message
    assert not parsed.errors


def test_descendants_of_a_kind_are_those_of_the_walk(parsed):
    kernel = next(f for f in parsed.functions if f.name == "kernel").node
    walked = [(n.spelling, n.start) for n in kernel.walk() if n.kind == "VAR_DECL"]
    assert [(n.spelling, n.start) for n in kernel.descendants("VAR_DECL")] == walked
    assert [n for n, _ in walked] == ["tile", "cells"]
    assert [n.is_shared for n in kernel.descendants("VAR_DECL")] == [True, True]
    assert kernel.descendants("CXX_TRY_STMT") == []


#: A class template deduced from an initializer that does not compile: libclang's size
#: of such a variable's type (canonically "unexposed") was a segmentation fault.
UNDEDUCED = """template <class T> struct Tensor { T value; };
template <class T> Tensor(T) -> Tensor<T>;
template <class T> __device__ auto make_tensor(T v) { return Tensor<T>{v}; }
__global__ void fill(float x) {
  Tensor broken = make_tensor(not_declared_anywhere);
  Tensor fine = make_tensor(x);
}
"""


def test_sizes_of_undeduced_types_are_unknown_not_a_crash(parsed):
    # in a child process: a crash must fail this test, not end the whole run
    script = (
        "import sys\n"
        "from translator.analysis import clang\n"
        "parsed = clang.parse(sys.stdin.read(), 'undeduced.cu')\n"
        "print({n.spelling: n.type_size for n in parsed.root.walk() if n.kind == 'VAR_DECL'})\n"
    )
    done = subprocess.run([sys.executable, "-c", script], input=UNDEDUCED, text=True,
                          capture_output=True, timeout=120, check=False,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "{'broken': None, 'fine': 4}"


def test_the_cuda_cpp_library_stand_in_sizes_its_atomics(tmp_path):
    # libcu++ is nowhere without a CUDA toolkit: its stand-in declares what sizes data
    source = ("#include <cuda/atomic>\n#include <cuda/std/cstddef>\n"
              "__global__ void count(int *out) {\n"
              "  extern __shared__ cuda::std::byte scratch[];\n"
              "  using counter = cuda::atomic<int, cuda::thread_scope_block>;\n"
              "  __shared__ counter hits;\n"
              "  hits.fetch_add(1, cuda::std::memory_order_relaxed);\n"
              "  out[0] = static_cast<int>(scratch[0]) + hits.load();\n}\n")
    try:
        parsed = clang.parse(source, "count.cu", directory=str(tmp_path))
    except clang.ClangUnavailable as error:  # pragma: no cover - depends on the machine
        missing(f"libclang ({error})")
    assert [m.message for m in parsed.errors] == []
    shared = [n for n in parsed.root.walk() if n.kind == "VAR_DECL" and n.is_shared]
    assert [(n.spelling, n.type_size) for n in shared] == [("scratch", None), ("hits", 4)]
