"""Unit's shared views: the API-name scan and locations agree with plain searches."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from translator.analysis.facts import facts_of
from translator.analysis.parsed import parse_attempted
from translator.options import Options
from translator.source.scan import Regions
from translator.unit import Unit

_PIECES = ["cudaMalloc", "cuda", "x", "_", "$", "__shfl_sync", "nvrtcX", "CU_X", " ", "\n",
           "\r\n", ".", "->", "(", "//c\n", "/*c*/", '"cudaFree"', "'c'", "1", "::", "#"]


def _whole_identifiers(source: str, name: str) -> list[int]:
    regions = Regions(source)
    return [m.start() for m in re.finditer(rf"(?<![\w$]){re.escape(name)}(?![\w$])", source)
            if regions.in_code(m.start())]


@given(st.lists(st.sampled_from([*_PIECES, "é", "²", "9"]), max_size=30))
@settings(max_examples=200, deadline=None)
def test_whole_identifiers_are_the_same_before_and_after_the_api_scan(pieces: list[str]) -> None:
    """API names are looked up in the scan of all of them once a rule made it, and found
    alone before: both ways give the same offsets."""
    source = "".join(pieces)
    fresh, scanned = Unit(source), Unit(source)
    assert isinstance(scanned.api_offsets, dict)
    for name in ("cudaMalloc", "cuda", "__shfl_sync", "CU_X", "nvrtcX"):
        assert fresh.whole_identifiers(name) == scanned.whole_identifiers(name) == \
            _whole_identifiers(source, name)


@given(st.lists(st.sampled_from(_PIECES), max_size=30))
@settings(max_examples=200, deadline=None)
def test_whole_identifiers_are_those_in_code(pieces: list[str]) -> None:
    source = "".join(pieces)
    unit = Unit(source)
    for name in ("cudaMalloc", "cuda", "__shfl_sync", "CU_X", "x"):
        assert unit.whole_identifiers(name) == _whole_identifiers(source, name)


@given(st.lists(st.lists(st.sampled_from([*_PIECES, "é", "中"]), max_size=12).map("".join),
                min_size=1, max_size=4),
       st.lists(st.sampled_from(["cuda", "__shfl", "é", "中", "x_", "//", "zzz", ""]),
                min_size=1, max_size=6))
@settings(max_examples=200, deadline=None)
def test_mentions_answers_as_a_search_of_the_text(sources: list[str], texts: list[str]) -> None:
    """A text first asked of one file is answered with every other asked text by the next
    files' one pass: each way answers as ``in`` does, comments and literals included."""
    for source in sources:
        unit = Unit(source)
        for text in texts:
            assert unit.mentions(text) == (text in source), (source, text)
        assert unit.mentions_any(texts) == any(text in source for text in texts)


def test_mentions_answers_the_declared_texts_in_one_pass(monkeypatch) -> None:
    import translator.unit as unit_module

    passes: list[tuple[str, ...]] = []
    real = unit_module.contained
    monkeypatch.setattr(unit_module, "contained",
                        lambda source, needles: passes.append(needles) or real(source, needles))
    unit = Unit("/* no sync here */ int x;", looked_for=("__syncwarp", "int", "sync"))
    assert not unit.mentions("__syncwarp")
    assert unit.mentions("int")
    assert unit.mentions("sync")
    assert unit.mentions("x;")  # not declared: searched on its own, no second pass
    assert passes == [("__syncwarp", "int", "sync")]
    Unit("a __syncwarp() b").mentions("__syncwarp")  # another file, nothing declared
    assert passes[1:] == [()]


def test_location_counts_and_bisects_alike() -> None:
    source = "a\nbb\r\n\nccc"
    counted = Unit(source)
    listed = Unit(source)
    listed.line_starts  # noqa: B018 - computed first, so location() bisects
    for offset in range(len(source) + 2):
        assert counted.location(offset) == listed.location(offset)


@given(st.text(alphabet="ab\n\r", max_size=60), st.lists(st.integers(0, 62), max_size=40))
@settings(max_examples=300, deadline=None)
def test_location_counts_and_bisects_alike_in_any_order(source: str, offsets: list[int]) -> None:
    """Counted from offset to offset, forward and back, until twice the text was counted,
    then bisected: the same lines and columns as bisecting from the start."""
    counted, listed = Unit(source), Unit(source)
    listed.line_starts  # noqa: B018 - computed first, so location() bisects
    assert [counted.location(o) for o in offsets] == [listed.location(o) for o in offsets]


def test_location_names_its_line_and_column() -> None:
    location = Unit("a\nbb\ncc").location(4)
    assert (location.line, location.column) == (2, 3)


def test_declarations_of_names_no_variable_has_ask_clang_nothing():
    """A half2 member read on ``blockIdx.x``, ``sizeof(double)`` or ``sizeof(curandState)``
    and ``sizeof(T)`` of a template parameter name no variable: no parse is paid for the
    answer clang would give (none). A variable named like a type word of ours is still
    looked up."""
    source = """#include <cuda_fp16.h>
template <typename T, typename... Rest>
__global__ void k(__half2 *h, T *out, curandState *state) {
  float *texture = 0;
  out[blockIdx.x] = sizeof(T) + sizeof(double) + sizeof(curandState) + texture[0];
}
"""
    unit = Unit(source, Options(), "k.cu")
    facts = facts_of(unit)
    at = source.index("sizeof(T)")
    for name in ("blockIdx", "gridDim", "double", "curandState", "__half2"):
        assert facts.declaration(name, at) is None
    assert not parse_attempted(unit)
    assert {"T", "Rest"} <= facts.type_names
    assert facts.declaration("texture", at).pointer


TEMPLATES = """template <typename T, int N = 4, class Alloc = DefaultAlloc,
          template <class, class> class Holder, class... Rest, typename = void, std::size_t>
__global__ void __launch_bounds__(T::kThreads) kernel(T *out) { out[0] = N; }
template <> void special<int>() { int inside_specialization = 0; }
template void instantiated<float>(float);
template <class Config> struct Block {
  using Kernel = typename Config::Kernel;
  typedef cub::BlockReduce<float, Config::kThreads> Reduce;
  typedef int Plain;
  static constexpr int kRows = Kernel::kRows * 2;
  static constexpr int kFixed = sizeof(Plain), kScaled = Kernel::kScale;
  using namespace detail;
  void run() { int in_member = Config::kSize; }
  template <int M> void step() { int in_member_template = M; }
};
template <typename A> template <typename B> void Outer<A>::call(B b) { int both = 0; }
int outside = 0;
"""


def _parameters_at(facts, text: str) -> set[str]:
    return set(facts.dependent_names_at(facts.index_at(TEMPLATES.index(text))))


def test_dependent_names_are_those_of_every_enclosing_template():
    """Named parameters only (a default such as DefaultAlloc, ``typename =`` and
    ``std::size_t`` name none), through the declaration's body; a class template's
    parameters reach its members, and a member template adds its own. Aliases and
    constants made from them depend on them too."""
    facts = facts_of(Unit(TEMPLATES, Options(), "t.cu"))
    assert _parameters_at(facts, "T::kThreads") == {"T", "N", "Alloc", "Holder", "Rest"}
    assert _parameters_at(facts, "out[0] = N") == {"T", "N", "Alloc", "Holder", "Rest"}
    assert _parameters_at(facts, "inside_specialization") == set()
    # not Plain, kFixed (its value ends at its comma) or detail; the second declarator
    # (kScaled) is not read: clang answers for it, as before
    in_block = {"Config", "Kernel", "Reduce", "kRows"}
    assert _parameters_at(facts, "in_member =") == in_block
    assert _parameters_at(facts, "in_member_template") == in_block | {"M"}
    assert _parameters_at(facts, "both") == {"A", "B"}
    assert _parameters_at(facts, "outside") == set()


def test_a_span_depends_on_template_arguments_only_where_it_names_a_dependent_name():
    facts = facts_of(Unit(TEMPLATES, Options(), "t.cu"))
    code = facts.code

    def span(text: str) -> tuple[int, int]:
        start = TEMPLATES.index(text)
        first = facts.index_at(start)
        last = first
        while last < len(code) and code[last].end <= start + len(text):
            last += 1
        return first, last

    assert facts.mentions_dependent_name(*span("T::kThreads"))
    assert facts.mentions_dependent_name(*span("Config::kSize"))
    assert not facts.mentions_dependent_name(*span("kSize"))  # a member, after '::'
    assert not facts.mentions_dependent_name(*span("0; }"))  # in a template, no name


@given(st.lists(st.sampled_from(_PIECES), max_size=30), st.integers(0, 40), st.integers(0, 40))
@settings(max_examples=200, deadline=None)
def test_the_first_code_match_in_a_range_is_the_first_of_the_whole_scan(
        pieces: list[str], start: int, end: int) -> None:
    """first_code_match searches from START only, and sees the text before it: it finds
    what a scan of the whole text finds first in code from START to END."""
    source = "".join(pieces)
    regions = Regions(source)
    pattern = re.compile(r"(?<![\w$])cuda[A-Z]\w*|\$|(?<=\.)x")
    expected = next((m.span() for m in pattern.finditer(source)
                     if start <= m.start() < end and regions.in_code(m.start())), None)
    found = regions.first_code_match(pattern, start, end)
    assert (found.span() if found else None) == expected
