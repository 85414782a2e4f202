"""call_at's shortcut for plain argument lists gives what lexing the call gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from translator.source import syntax
from translator.source.syntax import Argument, call_at

_PIECES = ["a", "b1", " ", "\t", "\n", "\r", "\r\n", "\f", "(", ")", ",", "x.y", "->", "*",
           "&", "1.5e+3", "0x1f", "\u00a0", "$", ">", "::", "/*c*/", "//c\n", '"s,)"', "'c'",
           "<", "[", "]", "{", "}", ";", "\\\n", "T<int>"]
_CALLS = st.builds(
    lambda blank, pieces, end: f"f{blank}({''.join(pieces)}{end}",
    st.sampled_from(["", " ", "\n"]), st.lists(st.sampled_from(_PIECES), max_size=14),
    st.sampled_from([")", "", ");"]),
)


class _NoShortcut:
    def match(self, *arguments):
        return None


@given(_CALLS)
@settings(max_examples=400, deadline=None)
def test_shortcut_agrees_with_lexing(text: str) -> None:
    fast = call_at(text, 0, 1)
    saved, syntax._SIMPLE_CALL = syntax._SIMPLE_CALL, _NoShortcut()
    try:
        lexed = call_at(text, 0, 1)
    finally:
        syntax._SIMPLE_CALL = saved
    assert fast == lexed


def test_plain_arguments() -> None:
    call = call_at("cudaMemcpy( d, h ,\n n * sizeof(float), kind)", 0, 10)
    assert [a.text for a in call.arguments] == ["d", "h", "n * sizeof(float)", "kind"]
    assert call.arguments[0] == Argument(12, 13, "d")
    assert call_at("f(,)", 0, 1).arguments == (Argument(2, 2, ""), Argument(3, 3, ""))
    assert call_at("f( )", 0, 1).arguments == ()
