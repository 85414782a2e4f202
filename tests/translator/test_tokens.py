"""The lexer and the fast scans: lossless, and agreeing with each other (hypothesis)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from translator.source.scan import Regions
from translator.source.scan import find_directives as scan_directives
from translator.source.tokens import (
    CODE_KINDS,
    directive_matches,
    next_token,
    tokenize,
    tokenize_code,
    untokenize,
)
from translator.unit import find_directives as token_directives

# Characters that matter to C lexing, plus ordinary ones, NUL and undecodable bytes.
_ALPHABET = st.sampled_from(
    list("abcR_uL8x019 \t\n\r\\/*\"'#<>()[]{};,.:+-=!&|^~?%") + ["\x00", "\udcff", "é", "\r\n"]
)
_TEXT = st.lists(_ALPHABET, max_size=200).map("".join)

_IDENTIFIERS = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True).filter(
    lambda s: s not in ("R", "L", "u", "U", "u8", "LR", "uR", "UR", "u8R")
)
_PIECES = st.one_of(
    st.tuples(st.just("ident"), _IDENTIFIERS),
    st.tuples(st.just("number"), st.from_regex(r"(0x[0-9a-f]{1,6}|[0-9]{1,5}(\.[0-9]+)?)[uUlLf]?",
                                               fullmatch=True)),
    st.tuples(st.just("string"), st.from_regex(r'"([a-z /*#<>]|\\")*"', fullmatch=True)),
    # A raw string whose body holds no ")x" (which would end it).
    st.tuples(st.just("string"), st.from_regex(r'R"x\(([a-wyz )"]|\n)*\)x"', fullmatch=True)),
    st.tuples(st.just("char"), st.from_regex(r"'([a-z\"]|\\')'", fullmatch=True)),
    st.tuples(st.just("comment"), st.from_regex(r"/\*([a-z \n\"'/]|\*[a-z])*\*/", fullmatch=True)),
    st.tuples(st.just("comment"), st.from_regex(r"//[a-z \"'*]*", fullmatch=True)),
    st.tuples(st.just("punct"), st.sampled_from(["<<<", ">>>", "(", ")", "{", "}", ";", ",", "->",
                                                 "::", "<<", ">>", "=", "*", "&&", "."])),
    st.tuples(st.just("newline"), st.sampled_from(["\n", "\r\n"])),
)


def _join(pieces: list[tuple[str, str]]) -> str:
    """Join pieces with a blank between any two, so that none merges with the next."""
    text = ""
    for kind, piece in pieces:
        text += (" " if text and not text.endswith("\n") else "") + piece
        if kind == "comment" and piece.startswith("//"):
            text += "\n"
    return text


@given(_TEXT)
@settings(max_examples=150, deadline=None)
def test_untokenize_inverts_tokenize(text):
    assert untokenize(tokenize(text)) == text


@given(_TEXT)
@settings(max_examples=150, deadline=None)
def test_tokens_are_contiguous_and_not_empty(text):
    position = 0
    for token in tokenize(text):
        assert token.start == position
        assert token.text
        position = token.end
    assert position == len(text)


@given(_TEXT)
@settings(max_examples=150, deadline=None)
def test_next_token_lexes_like_tokenize_outside_include_lines(text):
    if "#" in text:
        return  # header names are merged by tokenize() only
    position = 0
    for token in tokenize(text):
        assert next_token(text, position) == token
        position = token.end


_INCLUDE_TEXT = st.lists(st.sampled_from(
    ["#include ", "#  import", "<", ">", ">>", "/*", "*/", "//", '"', "'", "\n", " ", "a",
     "/", ".h", "\\\n", "-"]), max_size=16).map("".join)


@given(st.one_of(_TEXT, _INCLUDE_TEXT))
@settings(max_examples=300, deadline=None)
def test_tokenize_code_is_tokenize_without_layout(text):
    assert tokenize_code(text) == [t for t in tokenize(text) if t.kind in CODE_KINDS]


@given(st.one_of(_TEXT, _INCLUDE_TEXT))
@settings(max_examples=300, deadline=None)
def test_tokenize_code_leaves_out_the_directives_tokens_as_a_filter_would(text):
    """What Facts.code asks: the code tokens outside the directives, never built."""
    directives = scan_directives(text, Regions(text))
    outside = ([d.start for d in directives], [d.end for d in directives])
    assert tokenize_code(text, outside) == [
        t for t in tokenize_code(text)
        if not any(d.start <= t.start < d.end for d in directives)]


def test_tokenize_code_merges_header_names_like_tokenize():
    for text in ("#include <a/b.h>\nint x;", "#include <a/*c*/b.h>\n", "#include <a\"b>\n",
                 "#include <a>>\n", "/*\n#include <a.h>\n*/", "#include <a.h>"):
        assert tokenize_code(text) == [t for t in tokenize(text) if t.kind in CODE_KINDS]


def test_every_include_of_a_file_gets_its_header_token_in_place():
    text = ("#include <a.h>\nint x;\n/*\n#include <in/comment.h>\n*/\n#include <b/c.h>\n"
            'const char *s = "\\\n#include <in_string.h>";\n#include <d.h> // last\nint y;\n')
    for tokens in (tokenize(text), tokenize_code(text)):
        headers = [(t.text, t.start) for t in tokens if t.kind == "header"]
        assert headers == [(name, text.index(name)) for name in ("<a.h>", "<b/c.h>", "<d.h>")]
        assert [t.start for t in tokens] == sorted(t.start for t in tokens)
        assert [t.text for t in tokens if t.kind == "ident"][-1] == "y"
    assert untokenize(tokenize(text)) == text


@given(st.lists(_PIECES, max_size=30))
@settings(max_examples=150, deadline=None)
def test_tokenize_recovers_generated_tokens(pieces):
    text = _join(pieces)
    kinds = [(t.kind, t.text) for t in tokenize(text) if t.kind not in ("space", "newline")]
    expected = [(k, p) for k, p in pieces if k != "newline"]
    assert kinds == expected


@given(st.lists(_PIECES, max_size=30))
@settings(max_examples=150, deadline=None)
def test_regions_agree_with_tokens(pieces):
    text = _join(pieces)
    regions = Regions(text)
    for token in tokenize(text):
        if token.kind in ("ident", "number", "punct"):
            assert regions.in_code(token.start), token
        elif token.kind in ("string", "char", "comment"):
            # An encoding or raw prefix (u8, R) is code to the fast scan: it holds no name.
            first = token.start + len(token.text) - len(token.text.lstrip("uUL8R"))
            assert not any(regions.in_code(i) for i in range(first, token.end)), token


@given(st.lists(st.one_of(_PIECES, st.just(("punct", "#"))), max_size=30).map(_join))
@settings(max_examples=150, deadline=None)
def test_scanned_directives_match_token_directives(text):
    text = text.replace(" #", "\n#")
    fast = [(d.keyword, d.start, d.end, [t.text for t in d.tokens]) for d in scan_directives(text)]
    tokens = tokenize(text)
    slow = [(d.keyword, d.start, d.end, [t.text for t in d.tokens])
            for d in token_directives(tokens, len(text))]
    # The fast scan ignores a directive that follows a comment on the same line.
    assert [d for d in slow if text[text.rfind("\n", 0, d[1]) + 1 : d[1]].strip() == ""] == fast


def test_real_looking_constructs():
    text = (
        '#include <cuda_runtime.h>  // the runtime\r\n'
        'auto raw = R"delim(a )" b)delim";\n'
        "int big = 1'000'000;  char c = '\\'';\n"
        '#define MULTI(a, b) \\\n  do { a<<<1, b>>>(); } while (0)\n'
        "/* unterminated"
    )
    tokens = tokenize(text)
    assert untokenize(tokens) == text
    kinds = {t.text: t.kind for t in tokens}
    assert kinds["<cuda_runtime.h>"] == "header"
    assert kinds['R"delim(a )" b)delim"'] == "string"
    assert kinds["1'000'000"] == "number"
    assert kinds["'\\''"] == "char"
    assert kinds["<<<"] == kinds[">>>"] == "punct"
    assert tokens[-1].kind == "comment"
    assert [d.keyword for d in scan_directives(text)] == ["include", "define"]


def test_unterminated_literals_stop_at_the_line_end():
    text = 'x = "open\ncudaMalloc(p);\ny = \'z\n'
    idents = [t.text for t in tokenize(text) if t.kind == "ident"]
    assert "cudaMalloc" in idents
    assert Regions(text).in_code(text.index("cudaMalloc"))


def test_code_kinds_cover_everything_but_layout():
    assert CODE_KINDS == {"string", "char", "header", "number", "ident", "punct"}


def test_characters_beyond_latin1_stay_inside_comments_and_literals():
    # The lexer matches runs of Latin-1 characters and takes the others one at a time.
    text = ('// 注释 — “quoted” \\\n still the comment\n'
            '/* 块 * ✓ */ s = "π ≈ 3.14 \\" 🙂"; c = \'€\';\n')
    kinds = [(t.kind, t.text) for t in tokenize(text) if t.kind not in ("space", "newline")]
    assert kinds[:2] == [("comment", '// 注释 — “quoted” \\\n still the comment'),
                         ("comment", "/* 块 * ✓ */")]
    assert ("string", '"π ≈ 3.14 \\" 🙂"') in kinds
    assert ("char", "'€'") in kinds
    regions = Regions(text)
    assert [text[s:e] for s, e in zip(regions.starts, regions.ends, strict=True)] == [
        '// 注释 — “quoted” \\\n still the comment', "/* 块 * ✓ */", '"π ≈ 3.14 \\" 🙂"', "'€'"]


_DIRECTIVE_LINES = st.lists(st.sampled_from(
    ["#", "include", "define", " ", "\t", "\n", "\r", '"a.h"', "<b.h>", '"', "<", ">", "x", "\v",
     "é"]), max_size=40).map("".join)


@given(_DIRECTIVE_LINES)
@settings(max_examples=300, deadline=None)
def test_directive_matches_are_the_line_anchored_matches(text):
    """directive_matches finds what the same pattern anchored at a line start finds."""
    pattern = rb'#[ \t]*include[ \t]*(?:"([^"\n]+)"|<([^>\n]+)>)'
    for data in (text, text.encode("utf-8")):
        pattern_here = pattern if isinstance(data, bytes) else pattern.decode()
        anchored = re.compile(("(?m)^[ \t]*" if isinstance(data, str) else rb"(?m)^[ \t]*")
                              + pattern_here)
        found = [(m.end(), m.groups())
                 for m in directive_matches(re.compile(pattern_here), data)]
        assert found == [(m.end(), m.groups()) for m in anchored.finditer(data)]
