"""clang's answers for code written inside macro arguments (an error-check wrapper, a
dispatch macro's lambda): where clang's nodes are, and what the rules learn from them."""

import pytest

from tests.tools import require_libclang
from translator.analysis import clang
from translator.analysis.facts import facts_of
from translator.analysis.launch_values import span_value
from translator.engine import translate
from translator.options import Options
from translator.unit import Unit


@pytest.fixture(autouse=True)
def _libclang():
    require_libclang()


#: A wrapper that checks a call's result, a dispatch macro that calls the lambda it is
#: given, and a helper whose body begins with its argument; a tile only clang can size.
WRAPPED = """#include <cuda_runtime.h>
#define GUARD(expr) do { if ((expr) != cudaSuccess) return; } while (0)
#define FOR_TYPES(label, ...) [&] { using elem_t = float; __VA_ARGS__(); }()
#define KIB(n) n * 1024
struct Block { double cells[80][128]; };
__global__ void reduce(float *data) { extern __shared__ float buffer[]; data[0] = buffer[0]; }
void host(float *data, cudaStream_t s) {
  GUARD(cudaFuncSetAttribute(reduce, cudaFuncAttributeMaxDynamicSharedMemorySize, sizeof(Block)));
  FOR_TYPES("host", [&] {
    const size_t need = sizeof(Block) + 2048;
    reduce<<<4, 128, need, s>>>(data);
  });
  reduce<<<4, 128, KIB(100), s>>>(data);
}
"""


def test_nodes_inside_macro_arguments_are_where_they_are_written():
    parsed = clang.parse(WRAPPED, "wrapped.cu")
    assert parsed.errors == ()
    host = next(f for f in parsed.functions if f.name == "host")
    start = WRAPPED.index("sizeof(Block)")
    found = [n for n in host.node.starting_at(start) if n.end == start + len("sizeof(Block)")]
    assert found
    assert found[0].text == "sizeof(Block)"
    assert found[0].evaluate() == 80 * 128 * 8
    # a node a macro's body makes is still found where the macro is used
    use = WRAPPED.index("KIB(100)")
    assert any(n.end == use + len("KIB(100)") and n.evaluate() == 100 * 1024
               for n in host.node.starting_at(use))


def test_values_and_declarations_inside_macro_arguments_come_from_clang():
    unit = Unit(WRAPPED, Options(), "wrapped.cu")
    facts = facts_of(unit)
    launch = facts.launches[0]
    offset = facts.code[launch.index].start
    assert span_value(facts, launch.config[2], offset) == 80 * 128 * 8 + 2048
    declared = facts.declaration("need", offset)
    assert declared is not None
    assert declared.size == 8
    assert facts.untyped_at is None


def test_dynamic_shared_memory_in_macro_arguments_is_measured():
    result = translate(WRAPPED, Options(), "wrapped.cu")
    found = [(d.line, d.message.split(";")[0]) for d in result.diagnostics if d.code == "W203"]
    assert found == [(8, "opt-in to 80 KiB of dynamic shared memory"),
                     (11, "launch asks for 82 KiB of dynamic shared memory"),
                     (13, "launch asks for 100 KiB of dynamic shared memory")]
    assert result.analysis == "types"
