"""Launches whose block size is a braced list (``k<<<g, {16, 16, 1}>>>``), which nvcc
accepts and clang's parser does not: clang reads them as ``dim3{...}`` and the function
around them keeps its types; the output is untouched."""

import pytest

from tests.tools import require_libclang
from translator.analysis import clang
from translator.analysis.braced_launches import braced_launch_arguments
from translator.engine import translate
from translator.options import Options
from translator.unit import Unit


@pytest.fixture(autouse=True)
def _libclang():
    require_libclang()


#: A braced block size in a launch, and a question only clang answers in the same function.
BRACED = """#include <cuda_runtime.h>
struct Block { double cells[80][128]; };
__global__ void reduce(float *data) { extern __shared__ float buffer[]; data[0] = buffer[0]; }
void host(float *data, int n, cudaStream_t s) {
  reduce<<<n, {8, 8, 1}, sizeof(Block), s>>>(data);
  reduce<<<{2, 2}, 64>>>(data);
}
"""


def test_braced_launch_arguments_are_found_in_code_only():
    unit = Unit(BRACED + "// k<<<1, {2, 2}>>>();\n#define L(k) k<<<1, {2, 2}>>>()\n",
                Options(), "braced.cu")
    assert braced_launch_arguments(unit) == (BRACED.index("{8, 8"), BRACED.index("{2, 2}"))
    assert braced_launch_arguments(Unit("void f() { int a[] = {1}; }", Options())) == ()


def test_clang_reads_braced_launch_arguments_at_their_offsets():
    inserted = [(BRACED.index("{8, 8"), "dim3"), (BRACED.index("{2, 2}"), "dim3")]
    assert [m.message for m in clang.parse(BRACED, "braced.cu").errors] == [
        "expected expression", "expected expression"]
    parsed = clang.parse(BRACED, "braced.cu", insert=inserted)
    assert parsed.errors == ()
    host = next(f for f in parsed.functions if f.name == "host")
    size = BRACED.index("sizeof(Block)")
    assert [n.evaluate() for n in host.node.starting_at(size)
            if n.end == size + len("sizeof(Block)")][0] == 80 * 128 * 8
    # the node of the braced list is on the list as written
    block = BRACED.index("{8, 8, 1}")
    assert "{8, 8, 1}" in [n.text for n in host.node.starting_at(block)]


def test_messages_stay_on_the_original_lines_and_columns():
    source = BRACED.replace("reduce<<<{2, 2}, 64>>>(data);", "reduce<<<{2, 2}, 64>>>(missing);")
    inserted = [(source.index("{8, 8"), "dim3"), (source.index("{2, 2}"), "dim3")]
    parsed = clang.parse(source, "braced.cu", insert=inserted)
    line = source.splitlines().index("  reduce<<<{2, 2}, 64>>>(missing);") + 1
    column = len("  reduce<<<{2, 2}, 64>>>(") + 1
    assert [(m.line, m.column) for m in parsed.errors] == [(line, column)]


def test_a_braced_launch_keeps_the_function_typed_and_the_output_names_the_type():
    result = translate(BRACED, Options(), "braced.cu")
    tokens_only = translate(BRACED, Options(use_clang=False), "braced.cu")
    assert [d for d in result.diagnostics if d.code == "E001"] == []
    assert result.analysis == "types"
    assert [d.line for d in result.diagnostics if d.code == "W203"] == [5]
    assert result.source == tokens_only.source
    # hipcc rejects the list there as clang does: R201 writes the type (the analysis and
    # the token-only output agree on it)
    assert "<<<n, dim3{8, 8, 1}," in result.source
    assert "<<<dim3{2, 2}, 64>>>" in result.source
