"""Edits: application, conflicts, fallbacks, line maps."""

from __future__ import annotations

import pytest

from translator.edits import Edit, apply_edits, line_map


def test_applies_edits_in_any_order():
    text, applied, rejected = apply_edits("abcdef", [Edit(4, 5, "E"), Edit(0, 1, "A")])
    assert (text, len(applied), rejected) == ("AbcdEf", 2, [])


def test_first_of_overlapping_edits_wins():
    first, second = Edit(1, 4, "X", "R1"), Edit(2, 5, "Y", "R2")
    text, applied, rejected = apply_edits("abcdef", [first, second])
    assert text == "aXef"
    assert rejected == [second]


def test_fallback_edits_yield_silently():
    firm, fallback = Edit(0, 6, "call()", "R102"), Edit(0, 4, "name", "R101", fallback=True)
    text, _, rejected = apply_edits("abcdef", [fallback, firm])
    assert text == "call()"
    assert rejected == []


def test_insertions_at_span_edges_are_not_conflicts():
    edits = [Edit(2, 2, "<"), Edit(2, 4, "XY"), Edit(4, 4, ">")]
    assert apply_edits("abcdef", edits)[0] == "ab<XY>ef"


def test_two_different_insertions_at_one_point_conflict():
    _, _, rejected = apply_edits("abc", [Edit(1, 1, "x"), Edit(1, 1, "y")])
    assert rejected == [Edit(1, 1, "y")]


def test_identical_edits_apply_once():
    assert apply_edits("abc", [Edit(1, 2, "B"), Edit(1, 2, "B")])[0] == "aBc"


@pytest.mark.parametrize("edit", [Edit(3, 2, "x"), Edit(-1, 0, "x"), Edit(0, 10, "x")])
def test_bad_spans_are_refused(edit):
    with pytest.raises(ValueError, match="bad edit span"):
        apply_edits("abc", [edit])


def test_line_map_follows_inserted_lines():
    source = "a\nb\nc\n"
    text, applied, _ = apply_edits(source, [Edit(0, 0, "new\n"), Edit(4, 5, "C\nD")])
    assert text == "new\na\nb\nC\nD\n"
    assert line_map(source, applied) == [1, 1, 2, 3, 3, 4]


def test_line_map_is_identity_without_line_changes():
    source = "x\ny\n"
    _, applied, _ = apply_edits(source, [Edit(0, 1, "z")])
    assert line_map(source, applied) == [1, 2, 3]


def test_many_edits():
    source = "ab" * 100_000
    edits = [Edit(i, i + 1, "A") for i in range(0, len(source), 2)]
    edits += [Edit(i, i + 1, "z", fallback=True) for i in range(0, len(source), 2)]
    text, applied, rejected = apply_edits(source, edits)
    assert text == "Ab" * 100_000
    assert len(applied) == 100_000
    assert rejected == []
