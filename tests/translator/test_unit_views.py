"""Unit's shared views: the API-name scan and locations agree with plain searches."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

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


def test_location_counts_and_bisects_alike() -> None:
    source = "a\nbb\r\n\nccc"
    counted = Unit(source)
    listed = Unit(source)
    listed.line_starts  # noqa: B018 - computed first, so location() bisects
    for offset in range(len(source) + 2):
        assert counted.location(offset) == listed.location(offset)


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
    facts = unit.facts
    at = source.index("sizeof(T)")
    for name in ("blockIdx", "gridDim", "double", "curandState", "__half2"):
        assert facts.declaration(name, at) is None
    assert "parsed" not in unit.__dict__
    assert {"T", "Rest"} <= facts.type_names
    assert facts.declaration("texture", at).pointer
