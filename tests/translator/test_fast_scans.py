"""Rule scans that find a pattern's matches faster than the pattern's own search give
exactly its matches (hypothesis), however the pieces are put together."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from translator.rules import half2_member_access

_ACCESS_PIECES = st.sampled_from(
    ["h", "h2", "_v", "a$b", "9", "é", " ", "\n", "\t", ".", "->", "-", ">", "x", "y", "xy",
     "[", "]", "[i]", "[i + 1]", "[;]", "{", "}", "(", ")", "*", "&", "=", "p.h.x", "1.x"])


def _spans(matches) -> list[tuple[tuple[int, int], dict]]:
    return [(m.span(), m.groupdict()) for m in matches]


@given(st.lists(_ACCESS_PIECES, max_size=30).map("".join))
@settings(max_examples=1000, deadline=None)
def test_half2_accesses_are_those_of_the_access_pattern(text):
    pattern = half2_member_access._ACCESS
    assert _spans(half2_member_access._accesses(text)) == _spans(pattern.finditer(text))


def test_an_access_inside_the_index_of_another_is_not_one_of_its_own():
    text = "a[b.x].y + c[d].x"
    assert [m.group() for m in half2_member_access._accesses(text)] == ["a[b.x].y", "c[d].x"]
