"""The FileCheck-semantics runner used by the hipify-style tests."""

from __future__ import annotations

from tests.translator.filecheck import check, directives


def test_plain_check_matches_a_substring() -> None:
    assert check("// CHECK: hipMalloc(", "  err = hipMalloc(&p, 4);\n") == []


def test_plain_check_fails_without_match() -> None:
    assert check("// CHECK: hipFree(", "cudaFree(p);\n")


def test_checks_match_in_order() -> None:
    assert check("// CHECK: b\n// CHECK: a\n", "a\nb\n")


def test_whitespace_runs_are_one_space() -> None:
    assert check("// CHECK: int   x =\t1;", "int x  =   1;\n") == []


def test_leading_whitespace_of_the_output_is_irrelevant() -> None:
    assert check("// CHECK: x = 1;", "\t\t  x = 1;\n") == []


def test_next_needs_the_following_line() -> None:
    assert check("// CHECK: a\n// CHECK-NEXT: b\n", "a\nb\n") == []
    assert check("// CHECK: a\n// CHECK-NEXT: b\n", "a\n\nb\n")


def test_same_needs_the_same_line() -> None:
    assert check("// CHECK: a\n// CHECK-SAME: b\n", "a b\n") == []
    assert check("// CHECK: a\n// CHECK-SAME: b\n", "a\nb\n")


def test_not_between_matches() -> None:
    text = "// CHECK: a\n// CHECK-NOT: x\n// CHECK: b\n"
    assert check(text, "a\nb\nx\n") == []
    assert check(text, "a\nx\nb\n")


def test_not_before_the_first_match_and_after_the_last() -> None:
    assert check("// CHECK-NOT: x\n// CHECK: a\n", "x\na\n")
    assert check("// CHECK: a\n// CHECK-NOT: x\n", "a\nx\n")


def test_regex_and_variables() -> None:
    text = "// CHECK: int [[V:[a-z]+]] = {{[0-9]+}};\n// CHECK: return [[V]];\n"
    assert check(text, "int abc = 42;\nreturn abc;\n") == []
    assert check(text, "int abc = 42;\nreturn abd;\n")


def test_regex_metacharacters_outside_braces_are_literal() -> None:
    assert check("// CHECK: a[0] = (b + c) * d;", "a[0] = (b + c) * d;\n") == []
    assert check("// CHECK: a.b", "axb\n")


def test_dag_matches_in_any_order() -> None:
    text = "// CHECK-DAG: b\n// CHECK-DAG: a\n// CHECK: c\n"
    assert check(text, "a\nb\nc\n") == []
    assert check(text, "a\nc\nb\n")


def test_empty_line() -> None:
    assert check("// CHECK: a\n// CHECK-EMPTY:\n// CHECK-NEXT: b\n", "a\n\nb\n") == []
    assert check("// CHECK: a\n// CHECK-EMPTY:\n", "a\nb\n")


def test_prefix_inside_a_word_is_no_directive() -> None:
    assert [d.kind for d in directives("// XCHECK: a\n// CHECK-NOT: b\n")] == ["NOT"]


def test_a_file_without_directives_fails() -> None:
    assert check("int x;\n", "int x;\n")


def test_numeric_variables_are_refused() -> None:
    assert check("// CHECK: [[#N]]", "1\n")
