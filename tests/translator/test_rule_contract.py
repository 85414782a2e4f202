"""What a rule declares is what the engine does: languages, platform branches, safe fixes."""

import dataclasses

import pytest

from translator import translate
from translator.engine import _run_rule
from translator.options import Options
from translator.rules import RULES, RULES_BY_CODE
from translator.rules.base import Rule
from translator.tree.build_files import translate_build_file
from translator.unit import Unit

CMAKE = "cmake_minimum_required(VERSION 3.18)\nproject(app LANGUAGES CXX CUDA)\n"
PLATFORM_BRANCH = """\
#if defined(__HIP_PLATFORM_AMD__)
#define WARP_SIZE 64
#else
#define WARP_SIZE 32
#endif
"""
LANE_BIT = """\
__device__ unsigned below(unsigned ballot) {
  int lane = threadIdx.x % warpSize;
  return ballot & ((1u << lane) - 1);
}
"""


def _codes(result):
    return {edit.code for edit in result.edits} | {d.code for d in result.diagnostics}


def test_a_cmake_rule_does_not_run_on_a_cuda_source():
    assert "R501" not in _codes(translate(CMAKE, Options(use_clang=False), "kernel.cu"))


def test_a_cmake_rule_runs_on_a_cmake_file():
    assert "R501" in _codes(translate_build_file(CMAKE, Options(), "CMakeLists.txt"))


def test_translate_also_runs_the_rules_of_the_file_own_language():
    result = translate(CMAKE, Options(use_clang=False), "CMakeLists.txt")
    assert "CUDA" not in result.source.splitlines()[1]


def test_no_cxx_rule_runs_on_a_build_file():
    result = translate_build_file("run:\n\techo cudaMalloc\n", Options(), "Makefile")
    assert result.source == "run:\n\techo cudaMalloc\n"


def test_every_rule_reads_known_languages():
    with pytest.raises(ValueError, match="unknown languages"):
        Rule("R999", "x", "x", lambda unit: (), "build-system", "", languages=frozenset({"go"}))


def test_declared_silence_drops_findings_in_platform_branches():
    unit = Unit(PLATFORM_BRANCH, Options(use_clang=False), "k.cu")
    silent, loud = [], []
    rule = RULES_BY_CODE["W001"]
    _run_rule(rule, unit, [], silent, [])
    _run_rule(dataclasses.replace(rule, silent_in_platform_branches=False), unit, [], loud, [])
    assert ([d.code for d in silent], [d.code for d in loud]) == ([], ["W001"])


def test_fix_hazards_applies_the_fixes_of_a_rule_that_declares_them_safe():
    result = translate(LANE_BIT, Options(use_clang=False, fix_hazards=True), "k.cu")
    assert "1ull << lane" in result.source


def test_fix_hazards_ignores_fixes_of_rules_that_do_not_declare_them(monkeypatch):
    monkeypatch.setattr("translator.engine._SAFE_FIX_CODES", frozenset())
    result = translate(LANE_BIT, Options(use_clang=False, fix_hazards=True), "k.cu")
    assert "1u << lane" in result.source


def test_only_warning_rules_declare_safe_fixes():
    assert [r.code for r in RULES if r.safe_fixes and not r.code.startswith("W")] == []


def test_engine_codes_are_looked_up_like_rules():
    result = translate(b"int x = 1; // \xff\n", Options(use_clang=False), "k.cu")
    (undecodable,) = [d for d in result.diagnostics if d.code == "E004"]
    assert (undecodable.name, undecodable.category) == ("undecodable-text", "parse-error")
    assert RULES_BY_CODE["E004"].sections["What to do"]
