"""Warning rules: every W code has a positive case and a no-op case, and stays a warning."""

from pathlib import Path

import pytest

from tests.tools import require_libclang
from tests.translator.cases import all_cases
from translator import Options, translate
from translator.rules import RULES

CASES = Path(__file__).resolve().parent / "cases"
WARNINGS = [rule for rule in RULES if rule.code.startswith("W")]


def _codes(case):
    return {d.code for d in translate(case.input.read_bytes(), case.options, case.input.name)
            .diagnostics}


@pytest.mark.parametrize("rule", WARNINGS, ids=[r.code for r in WARNINGS])
def test_rule_has_a_positive_and_a_noop_case(rule):
    cases = [case for case in all_cases() if case.code == rule.code]
    positives = [c for c in cases if not c.name.startswith("noop") and rule.code in _codes(c)]
    noops = [c for c in cases if c.name.startswith("noop") and rule.code not in _codes(c)]
    assert positives
    assert noops


@pytest.mark.parametrize("rule", WARNINGS, ids=[r.code for r in WARNINGS])
def test_warning_rules_never_edit(rule):
    cases = [case for case in all_cases() if case.code == rule.code]
    for case in cases:
        options = case.options.with_changes(fix_hazards=False, select=(rule.code,))
        result = translate(case.input.read_bytes(), options, case.input.name)
        assert result.edits == []


def test_findings_carry_category_help_and_original_position():
    source = "__device__ int lane() {\n  return threadIdx.x % 32;\n}\n"
    finding = next(d for d in translate(source, Options(), "k.cu").diagnostics
                   if d.code == "W401")
    assert (finding.line, finding.column, finding.category) == (2, 22, "warp-size")
    assert finding.help
    assert finding.fixes[0].text == "warpSize"


def test_suppressed_findings_are_kept_and_marked():
    source = "__device__ int lane() {\n  return threadIdx.x % 32;  // rocport: ignore[W401]\n}\n"
    result = translate(source, Options(fix_hazards=True), "k.cu")
    finding = next(d for d in result.diagnostics if d.code == "W401")
    assert finding.suppressed
    assert "% 32" in result.source


def test_wave32_targets_silence_warp_size_rules():
    source = "__device__ int lane() {\n  return threadIdx.x % 32;\n}\n"
    result = translate(source, Options(offload_archs=("gfx1100",)), "k.cu")
    assert [d for d in result.diagnostics if d.category == "warp-size"] == []


def test_cli_fix_hazards_applies_the_suggested_fixes(tmp_path, capsys):
    from translator.cli import main

    source = tmp_path / "k.cu"
    source.write_text("__device__ float f(float v) {\n"
                      "  return __shfl_xor_sync(0xffffffff, v, threadIdx.x % 32);\n}\n")
    assert main(["translate", str(source), "-o", str(tmp_path / "plain.hip")]) == 0
    assert main(["translate", str(source), "--fix-hazards", "-o", str(tmp_path / "k.hip")]) == 0
    # R401 widens the literal mask itself (the W410 fix then gives way); the fix of
    # W401 (% 32) is applied only with --fix-hazards.
    assert "0xffffffffffffffff," in (tmp_path / "plain.hip").read_text()
    assert "% 32" in (tmp_path / "plain.hip").read_text()
    fixed = (tmp_path / "k.hip").read_text()
    assert "0xffffffffffffffff," in fixed
    assert "% warpSize" in fixed
    assert "W410" in capsys.readouterr().err


def test_rules_survive_truncated_and_unbalanced_code():
    failures = []
    for case in all_cases():
        if not case.code.startswith("W"):
            continue
        text = case.input.read_text()
        for cut in (len(text) // 3, len(text) // 2, 2 * len(text) // 3):
            for variant in (text[:cut], text[cut:], text[:cut] + "{(" + text[cut:]):
                result = translate(variant, Options(use_clang=False), case.input.name)
                failures += [d.message for d in result.diagnostics if d.code == "E003"]
    assert failures == []


def test_cli_counts_suppressed_findings_instead_of_listing_them(tmp_path, capsys):
    from translator.cli import main

    source = tmp_path / "k.cu"
    source.write_text("__device__ int lane() {\n"
                      "  return threadIdx.x % 32;  // rocport: ignore[W401]\n}\n")
    assert main(["translate", str(source), "-o", str(tmp_path / "k.hip")]) == 0
    err = capsys.readouterr().err
    assert "W401" not in err
    assert "1 finding(s) suppressed" in err


MASKED_SHUFFLE = """__device__ float f(float v) {
  return v + __shfl_down_sync(0xffffffff, v, 1);
}
"""


def test_full_warp_mask_is_a_note_where_r401_widens_it():
    (finding,) = [d for d in translate(MASKED_SHUFFLE, Options(), "a.cu").diagnostics
                  if d.code == "W410"]
    assert (finding.severity, finding.fixes) == ("note", ())


def test_full_warp_mask_is_a_warning_with_a_fix_without_r401():
    (finding,) = [d for d in translate(MASKED_SHUFFLE, Options(ignore=("R401",)),
                                       "a.cu").diagnostics if d.code == "W410"]
    assert finding.severity == "warning"
    assert [fix.text for fix in finding.fixes] == ["0xffffffffffffffffull"]


def test_shared_memory_sized_by_template_parameters_needs_no_parse():
    """clang cannot size a tile whose type or extent depends on the kernel's template
    parameters either (it counts 0): W202 adds the other tiles from tokens, reports at
    the kernel as with clang, and parses nothing. A member ``Config::TILE`` is not the
    parameter and still needs clang."""
    source = """template <typename T, int TILE = 32>
__global__ void stencil(T *out) {
  __shared__ T window[TILE][TILE];
  __shared__ float halo[20000];
  out[0] = window[0][0] + halo[0];
}
"""
    result = translate(source, Options(), "stencil.cu")
    found = [d for d in result.diagnostics if d.code == "W202"]
    assert [(d.line, d.message.split(" declares ")[1].split(" of")[0]) for d in found] == [
        (1, "78.125 KiB")]
    assert result.analysis == ""  # no rule asked clang

    require_libclang()
    member = source.replace("T window[TILE][TILE]", "float window[Config::TILE][Config::TILE]")
    member = "struct Config { static const int TILE = 64; };\n" + member
    result = translate(member, Options(), "stencil.cu")
    assert result.analysis == "types"
    assert [(d.line, d.message.split(" declares ")[1].split(" of")[0])
            for d in result.diagnostics if d.code == "W202"] == [(2, "94.125 KiB")]


def test_launch_sizes_spelled_by_template_parameters_need_no_parse():
    """``Traits::kThreads`` in a template whose parameter is ``Traits`` has no value
    before instantiation, for clang too: W201 asks nothing and parses nothing. The same
    spelling naming a struct outside any template is clang's question, and answered."""
    dependent = """template <typename Traits>
__global__ void k(float *p) { p[threadIdx.x] = 0; }
template <typename Traits>
void launch(float *p) { k<Traits><<<1, Traits::kThreads>>>(p); }
"""
    result = translate(dependent, Options(), "launch.cu")
    assert result.analysis == ""
    assert not [d for d in result.diagnostics if d.code == "W201"]

    require_libclang()
    named = """struct Traits { static constexpr int kThreads = 96; };
__global__ void k(float *p) { p[threadIdx.x] = 0; }
void launch(float *p) { k<<<1, Traits::kThreads>>>(p); }
"""
    result = translate(named, Options(), "launch.cu")
    assert result.analysis == "types"
    assert ["block of 96 threads" in d.message for d in result.diagnostics
            if d.code == "W201"] == [True]


def test_a_template_parameters_default_type_is_sized_not_taken_for_a_parameter():
    """``typename Tile = Cell`` declares Tile; Cell is its default, a type clang sizes."""
    require_libclang()
    source = """struct Cell { float v[40]; };
template <int TILE = 32, typename Tile = Cell>
__global__ void stencil(float *out) {
  __shared__ Cell cells[512];
  out[0] = cells[0].v[0];
}
"""
    result = translate(source, Options(), "stencil.cu")
    assert [(d.line, d.message.split(" declares ")[1].split(" of")[0])
            for d in result.diagnostics if d.code == "W202"] == [(2, "80 KiB")]


def test_aligned_shared_tiles_are_sized_without_a_parse():
    """``__align__``, ``alignas`` and ``__attribute__((aligned))`` do not resize a tile:
    W202 sizes such tiles from tokens (case W202/aligned_tiles) and parses nothing."""
    case = Path(__file__).parent / "cases" / "W202" / "aligned_tiles.cu"
    result = translate(case.read_text(), Options(), "aligned_tiles.cu")
    assert result.analysis == ""
    assert [d.line for d in result.diagnostics if d.code == "W202"] == [10]


def test_shared_storage_of_an_alias_made_from_template_parameters_needs_no_parse():
    """``typedef cub::BlockReduce<T, 256> Reduce`` depends on T: clang cannot size
    ``Reduce::TempStorage`` before instantiation either, so W202 counts it 0 and
    parses nothing."""
    source = """template <typename T>
__global__ void reduce(const T *in, float *out) {
  typedef cub::BlockReduce<T, 256> Reduce;
  __shared__ typename Reduce::TempStorage storage;
  __shared__ float staging[20000];
  out[0] = staging[0] + in[0];
}
"""
    result = translate(source, Options(), "reduce.cu")
    assert result.analysis == ""
    assert [(d.line, d.message.split(" declares ")[1].split(" of")[0])
            for d in result.diagnostics if d.code == "W202"] == [(1, "78.125 KiB")]


def test_member_reads_of_other_types_in_a_half2_file_need_no_parse():
    """R405 asks clang for the type of a name read as ``name.x`` only when a place of
    the name can declare a __half2: the word before it is __half2/half2, deduced
    (``auto``, ``decltype``), a macro, or a list's later declarator. ``dim3``, a
    struct and ``uint2`` cannot, nor can ``(a + 1) * tid`` or a call's argument after
    a macro (``combine(WIDTH, tid.y)``); such a file is not parsed. The other spellings are in
    case R405/half2_declared_many_ways, translated with clang."""
    source = """#include <cuda_fp16.h>
#define WIDTH 4
struct Scales { float x, y; };
__device__ float combine(int a, unsigned b) { return a * b; }
__global__ void mix(const Scales scales, float *out, __half2 *h) {
  const dim3 tid = threadIdx;
  uint2 packed = make_uint2(tid.x, tid.y);
  out[tid.x] = scales.x * scales.y + packed.x + __low2float(h[0]);
  out[tid.y] = (scales.x + 1) * tid.x + combine(WIDTH, tid.y);
}
"""
    result = translate(source, Options(), "mix.cu")
    assert result.analysis == ""
    assert "__low2half" not in result.source

    # the type words that may make tid a __half2 (the declarations need not compile:
    # that clang was asked is what counts)
    for word, macro in (("DIM_T", "#define DIM_T __half2\n"), ("auto", ""),
                        ("__half2 a,", ""), ("decltype(scales)", "")):
        declared = macro + source.replace("const dim3", word)
        assert translate(declared, Options(), "mix.cu").analysis != "", word
