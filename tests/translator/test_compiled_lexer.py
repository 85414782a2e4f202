"""The compiled lexer (translator/source/_lexer.c) gives exactly the tokens of the pattern it
was written from (``lex_with_pattern``), and its scan of the regions those of theirs
(``regions_with_pattern``), on random text, on odd corners and on every text file of this
repository's tests and examples; its Token behaves as the Python one."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from translator.source import _lexer, scan, tokens  # _lexer: the build must have compiled it
from translator.source.scan import regions_with_pattern
from translator.source.tokens import lex_with_pattern

ROOT = Path(__file__).resolve().parents[2]

# Single characters and the pieces whose order decides a token: prefixes, raw-string
# delimiters, escapes, splices, comment openers, digit separators, exponents, characters
# \w or \d count beyond ASCII (superscript two is a word character but no decimal digit).
_PIECES = st.sampled_from(
    list("abcR_uUL8x019eEpP \t\n\r\\/*\"'#<>()[]{};,.:+-=!&|^~?%$\v\f")
    + ["\x00", "\udcff", "é", "²", "٣", "ª", "中", "🙂", "\r\n", "\\\n", "\\\r\n", 'R"x(', ')x"',
       'R"(', ')"', 'u8R"', "u8'", 'L"', "//", "/*", "*/", "<<<", ">>=", "->*", "...", "1e+",
       "0x1p-", "1'0", 'R"' + "d" * 16 + "(", 'R"' + "d" * 17 + "(", "include", "_next", "import"]
)
_TEXT = st.lists(_PIECES, max_size=40).map("".join)


def _spans(found: list) -> list[tuple[str, str, int]]:
    return [(t.kind, t.text, t.start) for t in found]


def test_the_build_compiled_the_lexer():
    assert tokens.lex is _lexer.lex
    assert tokens.Token is _lexer.Token


@given(_TEXT, st.data())
@settings(max_examples=1500, deadline=None)
def test_lexes_like_the_pattern(text, data):
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    code_only, line = data.draw(st.booleans()), data.draw(st.booleans())
    assert _spans(_lexer.lex(text)) == _spans(lex_with_pattern(text))
    assert _spans(_lexer.lex(text, start, end, code_only, line)) == \
        _spans(lex_with_pattern(text, start, end, code_only, line))


@given(_TEXT, st.data())
@settings(max_examples=1000, deadline=None)
def test_leaves_out_the_tokens_that_start_in_the_spans_as_the_pattern_does(text, data):
    cuts = sorted(data.draw(st.lists(st.integers(0, len(text) + 2), max_size=8)))
    outside = (cuts[0::2], cuts[1::2])  # increasing, disjoint (some empty)
    del outside[0][len(outside[1]):]
    code_only = data.draw(st.booleans())
    kept = _spans(_lexer.lex(text, code_only=code_only, outside=outside))
    assert kept == _spans(lex_with_pattern(text, code_only=code_only, outside=outside))
    assert kept == [t for t in _spans(_lexer.lex(text, code_only=code_only))
                    if not any(s <= t[2] < e for s, e in zip(*outside, strict=True))]


def test_the_spans_left_out_are_checked():
    with pytest.raises(ValueError, match="as many starts as ends"):
        _lexer.lex("a b", outside=([0, 2], [1]))
    with pytest.raises(TypeError, match="must be ints"):
        _lexer.lex("a b", outside=([0.5], [1]))
    with pytest.raises(ValueError, match="does not go with LINE"):
        _lexer.lex("a b", line=True, outside=([0], [1]))
    with pytest.raises(TypeError):
        _lexer.lex("a b", outside=[[0], [1]])  # a tuple of two lists
    assert _spans(_lexer.lex("a b c", outside=([], []))) == _spans(_lexer.lex("a b c"))


@pytest.mark.parametrize("text", [
    "", "\\", '"abc\\', 'u8"abc\\', "'\\", '"a\\\nb"', '"a\nb"', 'R"x(a)x"', 'R"x(a)y"',
    'u8R"(a)"tail', 'LR"' + "d" * 17 + '(a)"', "/*/", "/**/", "//a\\\r\nb\nc", "// a \\",
    "1.e+5'f", ".5", "..5", "x$y", "$", "\r", "\r\r\n", "a\\ b", "<<<=", "->*x", "#include <a>",
    "²x", "x²", "٣٣", "\udcff\udcfe", "\x00",
])
def test_odd_corners_lex_like_the_pattern(text):
    for code_only in (False, True):
        for line in (False, True):
            assert _spans(_lexer.lex(text, code_only=code_only, line=line)) == \
                _spans(lex_with_pattern(text, code_only=code_only, line=line))


def test_a_line_ends_with_its_newline_token():
    text = "# define X /* a\nb */ 1 // c\nint y;"
    assert _spans(_lexer.lex(text, 1, code_only=True, line=True)) == [
        ("ident", "define", 2), ("ident", "X", 9), ("number", "1", 21), ("newline", "\n", 27)]


def test_every_source_of_the_repository_lexes_like_the_pattern():
    suffixes = {".cu", ".cuh", ".h", ".hpp", ".cpp", ".cc", ".c", ".hip", ".inl", ".py", ".txt"}
    paths = [p for folder in ("tests", "examples") for p in sorted((ROOT / folder).rglob("*"))
             if p.suffix in suffixes and p.is_file()]
    assert len(paths) > 500
    for path in paths:
        text = path.read_bytes().decode("utf-8", "surrogateescape")
        assert _spans(_lexer.lex(text)) == _spans(lex_with_pattern(text)), path


_WORD_PIECES = st.sampled_from(
    ["cu", "CU", "Cu", "cU", "__", "_", "nv", "NV", "da", "Malloc", "$", "x", "9", "é", "²", "中",
     " ", "\n", ".", "(", "//c\n", "/*", "*/", '"', "'", "#include <cuda.h>\n"])


@given(st.lists(_WORD_PIECES, max_size=40).map("".join))
@settings(max_examples=1000, deadline=None)
def test_finds_the_prefixed_words_of_the_patterns(text):
    prefixes = ("cu", "CU", "Cu", "__", "nv", "NV")
    starts, ends = regions_with_pattern(text)
    compiled = _lexer.words_with_prefixes(text, prefixes, starts, ends)
    python = tokens._words_with_prefixes(text, prefixes, starts, ends)
    assert compiled == python
    assert list(compiled) == list(python)  # prefix after prefix


def test_the_build_compiled_the_regions_scan():
    assert scan.regions is _lexer.regions


@given(_TEXT)
@settings(max_examples=1500, deadline=None)
def test_finds_the_regions_of_the_pattern(text):
    assert _lexer.regions(text) == regions_with_pattern(text)


@pytest.mark.parametrize("text", [
    "", "/", "//", "// a \\", "// a \\\nb\nc", "// a \\\r\nb\nc", "// a \\\\\nb", '"abc\\',
    "'\\", "x'1'", "1'000'", "u'a'", "xu'a'", "u8'a'", "xu8'a'", "$'a'", "é'a'", 'R"x(a)x"',
    'xR"x(a)x"', 'uR"(a)"', 'u8R"(a)"', 'xu8R"(a)"', '$R"(a)"', 'R"' + "d" * 17 + '(a)"',
    'R"x(a', "/*/", "/* a", "#include <a>", "#  include_next\t<a>", "# import <a", "#include<a\n>",
    "#includex <a>", "# if <a>", "a # include <b> c", "²'a'", "\udcff'x'",
])
def test_odd_corners_give_the_regions_of_the_pattern(text):
    assert _lexer.regions(text) == regions_with_pattern(text)


def test_every_source_of_the_repository_gives_the_regions_of_the_pattern():
    suffixes = {".cu", ".cuh", ".h", ".hpp", ".cpp", ".cc", ".c", ".hip", ".inl", ".py", ".txt"}
    paths = [p for folder in ("tests", "examples") for p in sorted((ROOT / folder).rglob("*"))
             if p.suffix in suffixes and p.is_file()]
    for path in paths:
        text = path.read_bytes().decode("utf-8", "surrogateescape")
        assert _lexer.regions(text) == regions_with_pattern(text), path


@given(_TEXT)
@settings(max_examples=500, deadline=None)
def test_masks_the_regions_as_python_does(text):
    starts, ends = _lexer.regions(text)
    mask = _lexer.region_mask(len(text), starts, ends)
    assert mask == scan.region_mask_in_python(len(text), starts, ends)
    assert len(mask) == len(text) + 1
    assert sum(mask) == sum(end - start for start, end in zip(starts, ends, strict=True))


def test_the_regions_mask_is_the_compiled_one_and_refuses_mismatched_lists():
    assert scan.region_mask is _lexer.region_mask
    assert _lexer.region_mask(5, [1], [3]) == bytearray(b"\0\1\1\0\0\0")
    with pytest.raises(ValueError, match="as many starts as ends"):
        _lexer.region_mask(5, [1, 2], [3])
    with pytest.raises(TypeError):
        _lexer.region_mask(5, [1.5], [3])


def test_tokens_of_one_text_share_one_str_through_the_table_growing():
    """One str per distinct identifier, number or operator: allocated and hashed once."""
    names = [f"name_{i}" for i in range(5000)]  # the table grows several times
    text = " ".join(names) + " -> 0x1f " + " ".join(reversed(names)) + " -> 0x1f"
    tokens = _lexer.lex(text, code_only=True)
    assert [t.text for t in tokens] == text.split()
    first, second = tokens[:5002], tokens[5002:]
    assert all(a.text is b.text for a, b in zip(first, reversed(second[:-2]), strict=False))
    assert tokens[5000].text is tokens[-2].text  # "->"
    assert tokens[5001].text is tokens[-1].text  # "0x1f"
    # a short range starts with a small table, which grows as the range's names fill it
    short = "aa bb aa cc dd ee ff gg hh ii jj kk ll mm nn oo pp qq rr bb"
    tokens = _lexer.lex(short + " " * 10_000, 0, len(short), code_only=True)
    assert [t.text for t in tokens] == short.split()
    assert tokens[0].text is tokens[2].text
    assert tokens[1].text is tokens[-1].text
    wide = _lexer.lex("ĀĀ + ĀĀ", code_only=True)  # two bytes per character: not shared
    assert [t.text for t in wide] == ["ĀĀ", "+", "ĀĀ"]


def test_token_behaves_as_the_python_token():
    python, compiled = tokens._PythonToken, _lexer.Token
    for make in (python, compiled):
        token = make("ident", "cudaMalloc", 7)
        assert (token.kind, token.text, token.start, token.end) == ("ident", "cudaMalloc", 7, 17)
        assert repr(token) == "Token('ident', 'cudaMalloc', 7)"
        assert token == make("ident", "cudaMalloc", 7)
        assert token != make("ident", "cudaMalloc", 8)
        assert token != make("punct", "cudaMalloc", 7)
        assert token != ("ident", "cudaMalloc", 7)
        assert hash(token) == hash(("ident", "cudaMalloc", 7))
        assert len({token, make("ident", "cudaMalloc", 7)}) == 1
        assert pickle.loads(pickle.dumps(token)) == token
    assert compiled(kind="ident", text="x", start=0) == compiled("ident", "x", 0)
    with pytest.raises(TypeError):
        compiled("ident", b"x", 0)
    with pytest.raises(AttributeError):
        compiled("ident", "x", 0).text = "y"


def test_token_list_passes_agree_with_their_python_forms():
    texts = [p.read_bytes().decode("utf-8", "surrogateescape")
             for p in sorted((ROOT / "tests" / "translator" / "cases").rglob("*.cu"))[:200]]
    assert len(texts) > 50
    for text in texts:
        code = tokens.tokenize_code(text)
        assert _lexer.token_positions(code) == tokens._token_positions(code)
        assert _lexer.token_starts(code) == tokens._token_starts(code)
        assert _lexer.bracket_pairs(code) == tokens._bracket_pairs(code)
        for wanted in (frozenset({"{", "}", ";"}), ("++", "--"), {"(", ")", "[", "]"}):
            assert _lexer.indexes_in(code, wanted) == tokens._indexes_in(code, wanted)


@given(st.lists(st.sampled_from(["(", ")", "[", "]", "{", "}", "<<<", ">>>", "<<", "a", ","]),
                max_size=40))
@settings(max_examples=500, deadline=None)
def test_brackets_pair_as_in_python_however_unbalanced(texts):
    code = [_lexer.Token("punct", text, index) for index, text in enumerate(texts)]
    assert _lexer.bracket_pairs(code) == tokens._bracket_pairs(code)


@given(st.lists(st.tuples(st.sampled_from(["a", "bb", "(", "x1", "Ω"]), st.booleans()),
                max_size=300))
@settings(max_examples=200, deadline=None)
def test_token_positions_by_text_whatever_object_holds_it(items):
    """Equal texts in one object or in several (the compiled pass remembers its lists
    by the text object): the same positions as the Python form."""
    code = [_lexer.Token("ident" if text[0].isalpha() else "punct",
                         "".join(list(text)) if fresh else text, index)
            for index, (text, fresh) in enumerate(items)]
    assert _lexer.token_positions(code) == tokens._token_positions(code)


def test_token_list_passes_read_python_tokens_too():
    mixed = [_lexer.Token("ident", "a", 0), tokens._PythonToken("ident", "a", 2),
             tokens._PythonToken("punct", "{", 4), _lexer.Token("ident", "b", 5)]
    by_text, identifiers = _lexer.token_positions(mixed)
    assert by_text == {"a": [0, 1], "{": [2], "b": [3]}
    assert identifiers == {"a": [0, 1], "b": [3]}
    assert identifiers["a"] is by_text["a"]
    assert _lexer.token_starts(mixed) == [0, 2, 4, 5]
    assert _lexer.indexes_in(mixed, {"{", "b"}) == [2, 3]
    assert _lexer.bracket_pairs([*mixed, tokens._PythonToken("punct", "}", 6)]) == ({2: 4}, {2: 4})
    with pytest.raises(AttributeError):
        _lexer.token_positions([object()])
    with pytest.raises(AttributeError):
        _lexer.indexes_in([object()], {"x"})


# Needles that share first characters, overlap each other and the text's ends, and reach
# past Latin-1 (a wider text or needle takes CPython's search).
_NEEDLE_PIECES = st.sampled_from(["a", "b", "_", "__", "ab", "ba", "é", "中", "\udcff", "#"])


@given(st.lists(_NEEDLE_PIECES, max_size=30).map("".join),
       st.lists(st.lists(_NEEDLE_PIECES, max_size=4).map("".join), max_size=8))
@settings(max_examples=1500, deadline=None)
def test_finds_the_contained_texts_as_python_does(text, needles):
    needles = tuple(needles)
    assert _lexer.contained(text, needles) == tokens._contained(text, needles)


def test_every_source_of_the_repository_contains_what_python_finds():
    needles = ("__shfl", "cuda", "warp", "<<<", "#", "texture", "urface", "atomicCAS", "ab" * 40)
    texts = [p.read_bytes().decode("utf-8", "surrogateescape")
             for p in sorted((ROOT / "tests" / "translator" / "cases").rglob("*.cu"))]
    assert len(texts) > 50
    assert any(any(_lexer.contained(text, needles)) for text in texts)
    for text in texts:
        assert _lexer.contained(text, needles) == tokens._contained(text, needles)
    with pytest.raises(TypeError):
        _lexer.contained("text", ("a", b"b"))


_DIRECTIVE_TEXT = st.lists(st.one_of(_PIECES, st.sampled_from(
    ["\n#", "\n  #", "\n\t#", "\f#", "\v#", "define", "if", "endif", " X ", "$y", "9z", "é",
     "\\\n#", "\\\r\n#", "\r\n#", "/* a\nb */", "// c \\\n#", "'\n#'", '"#"', 'R"(\n#)"'])),
    max_size=40).map("".join)


@given(_DIRECTIVE_TEXT)
@settings(max_examples=1500, deadline=None)
def test_finds_the_directive_lines_as_python_does(text):
    starts, ends = _lexer.regions(text)
    assert _lexer.directive_lines(text, starts, ends) == \
        scan.directive_lines_in_python(text, starts, ends)


def test_the_build_compiled_the_directive_lines():
    assert scan.directive_lines is _lexer.directive_lines


def test_every_source_of_the_repository_gives_the_directive_lines_of_python():
    suffixes = {".cu", ".cuh", ".h", ".hpp", ".cpp", ".cc", ".c", ".hip", ".inl"}
    paths = [p for folder in ("tests", "examples", "translator") for p in
             sorted((ROOT / folder).rglob("*")) if p.suffix in suffixes and p.is_file()]
    assert len(paths) > 500
    for path in paths:
        text = path.read_bytes().decode("utf-8", "surrogateescape")
        starts, ends = _lexer.regions(text)
        assert _lexer.directive_lines(text, starts, ends) == \
            scan.directive_lines_in_python(text, starts, ends), path
