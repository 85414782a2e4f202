"""Reading the API table (translator/data/cuda2hip.tsv): its rows, and tables it refuses."""

from __future__ import annotations

import pytest

from translator.data.names import EXTRAS_PATH, TABLE_PATH, load_names

HEADER = TABLE_PATH.read_text(encoding="utf-8").splitlines()[0]


def _table(tmp_path, header: str, *rows: str):
    path = tmp_path / "table.tsv"
    path.write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    return path


def test_rows_are_read_by_column_with_their_flags(tmp_path):
    columns = HEADER.split("\t")
    row = {name: "" for name in columns} | {
        "cuda": "cudaFooBar", "hip": "hipFooBar", "kind": "function", "api": "runtime",
        "flags": "unsupported,experimental", "hip_added": "6.1.0"}
    bare = row | {"cuda": "cudaBare", "hip": "hipBare", "flags": ""}
    path = _table(tmp_path, HEADER, *("\t".join(r[c] for c in columns) for r in (row, bare)))
    table = load_names(path, EXTRAS_PATH)
    entry = table.get("cudaFooBar")
    assert (entry.hip, entry.kind, entry.api, entry.hip_added) == (
        "hipFooBar", "function", "runtime", "6.1.0")
    assert entry.flags == {"unsupported", "experimental"}
    assert table.get("cudaBare").flags == frozenset()


def test_a_table_with_its_columns_in_another_order_is_refused(tmp_path):
    first, second, *rest = HEADER.split("\t")
    path = _table(tmp_path, "\t".join([second, first, *rest]))
    with pytest.raises(ValueError, match="not ApiName's fields in order"):
        load_names(path, EXTRAS_PATH)


def test_a_row_with_a_missing_column_is_refused(tmp_path):
    path = _table(tmp_path, HEADER, "cudaShort\thipShort")
    with pytest.raises(ValueError, match="2 columns"):
        load_names(path, EXTRAS_PATH)


def test_flagged_names_are_those_whose_rows_carry_a_flag_asked():
    table = load_names()
    removed = table.flagged(frozenset({"cuda_removed"}))
    assert "cudaThreadSynchronize" in table.flagged(frozenset({"cuda_deprecated", "cuda_removed"}))
    assert removed
    assert all("cuda_removed" in table.identifiers[name].flags for name in removed)
    assert "cudaMalloc" not in removed
    assert table.flagged(frozenset({"cuda_removed"})) is removed  # listed once
