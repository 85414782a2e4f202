"""The preprocessor view behind --skip-excluded-preprocessor-conditional-blocks."""

from __future__ import annotations

import pytest

from translator.options import Options
from translator.source.preprocessor import PREDEFINED, evaluate, inactive_spans
from translator.unit import Unit


def _macros(**values):
    return {name: tuple(value.split()) for name, value in values.items()}


@pytest.mark.parametrize(("expression", "value"), [
    ("1 + 2 * 3", 7),
    ("(1 + 2) * 3", 9),
    ("10 / 3 - 10 % 3", 2),
    ("-7 / 2", -3),
    ("1 << 4 | 1", 17),
    ("~0 & 0xff", 255),
    ("2 > 1 && 1 >= 1 && 0 < 1 && 1 <= 1 && 1 == 1 && 0 != 1", 1),
    ("0 || 0", 0),
    ("1 ? 2 : 3", 2),
    ("0 ? 2 : 1 ? 4 : 5", 4),
    ("!0 + !5", 1),
    ("0x10 + 010 + 0b1 + 1'000", 1025),
    ("12000UL >= 11000", 1),
    ("'A' == 65", 1),
    ("UNDEFINED_NAME + 1", 1),
])
def test_evaluates_integer_expressions(expression, value):
    from translator.source.tokens import tokenize

    texts = [t.text for t in tokenize(expression) if t.kind not in ("space", "newline")]
    assert evaluate(texts, {}) == value


def test_expands_object_macros_and_defined():
    macros = _macros(LEVEL="2", TWICE="LEVEL * 2", FLAG="")
    assert evaluate(["TWICE", "==", "4"], macros) == 1
    assert evaluate(["defined", "(", "FLAG", ")", "&&", "defined", "LEVEL"], macros) == 1
    assert evaluate(["defined", "MISSING"], macros) == 0


@pytest.mark.parametrize("texts", [
    ["F", "(", "1", ")"],
    ["__has_include", "(", "<x.h>", ")"],
    ["1", "+"],
    ["1", "/", "0"],
    ["(", "1"],
])
def test_undecidable_conditions_are_none(texts):
    assert evaluate(texts, {"F": ("<function-like>",)}) is None


def test_self_referencing_macros_terminate():
    assert evaluate(["A"], _macros(A="B + 1", B="A")) == 1


def _inactive_text(source, **options):
    unit = Unit(source, Options(skip_excluded_preprocessor_blocks=True, use_clang=False,
                                **options), "x.cu")
    return ["".join(source[start:end].split()) for start, end in inactive_spans(unit)]


def test_branches_follow_defines_in_order():
    source = ("#define A 1\n#if A\none\n#else\ntwo\n#endif\n#undef A\n#ifdef A\nthree\n#endif\n")
    assert _inactive_text(source) == ["two", "three"]


def test_command_line_defines():
    source = "#if defined(FAST) && LEVEL > 2\nfast\n#elif LEVEL == 2\ntwo\n#else\nslow\n#endif\n"
    assert _inactive_text(source, defines=("FAST", "LEVEL=3")) == ["two", "slow"]
    assert _inactive_text(source, defines=("LEVEL=2",)) == ["fast", "slow"]


def test_cuda_host_pass_view():
    source = ("#ifdef __CUDA_ARCH__\ndevice\n#endif\n#if CUDART_VERSION >= 11000\nnew\n#endif\n"
              "#ifdef __CUDACC__\ncuda\n#endif\n")
    assert _inactive_text(source) == ["device"]
    assert int(PREDEFINED["CUDART_VERSION"]) >= 12000


def test_undecidable_chain_keeps_every_branch():
    source = "#if F(1)\na\n#elif 1\nb\n#else\nc\n#endif\n"
    assert _inactive_text(source) == []


def test_nested_inactive_blocks_are_one_span():
    source = "#if 0\na\n#if 1\nb\n#endif\n#endif\nc\n"
    assert _inactive_text(source) == ["a#if1b#endif"]


def test_unterminated_conditional_runs_to_the_end():
    assert _inactive_text("#if 0\na\n") == ["a"]


def test_include_folders_supply_macros(tmp_path):
    (tmp_path / "config.h").write_text("#pragma once\n#define USE_GRAPHS 1\n")
    source = '#include "config.h"\n#if USE_GRAPHS\ngraphs\n#else\nstreams\n#endif\n'
    assert _inactive_text(source, include_dirs=(str(tmp_path),)) == ["streams"]
    assert _inactive_text(source) == ["graphs"]
