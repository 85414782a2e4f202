"""Line maps: compact runs in the report, and lookups from HIP lines to CUDA lines."""

from hypothesis import given
from hypothesis import strategies as st

from translator.edits import Edit, apply_edits, line_map
from translator.engine import translate
from translator.output.line_maps import LineMaps, decode, encode, line_maps_section
from translator.tree.migrate import FileOutcome


def test_an_untouched_file_is_one_run():
    assert encode([1, 2, 3, 4]) == [[1, 1, 4]]


@given(st.lists(st.integers(min_value=1, max_value=50), max_size=60))
def test_encode_then_decode_gives_the_map_back(values):
    assert decode(encode(values)) == values


def test_inserted_lines_map_to_the_line_of_the_insertion():
    source = "a\nb\nc\n"
    _, applied, _ = apply_edits(source, [Edit(2, 2, "x\ny\n")])
    maps = LineMaps({"f.hip": {"source": "f.cu", "runs": encode(line_map(source, applied))}})
    assert [maps.locate("f.hip", n) for n in (1, 4, 5)] == [("f.cu", 1), ("f.cu", 2),
                                                           ("f.cu", 3)]


def test_unknown_files_are_not_located():
    assert LineMaps({}).locate("x.hip", 3) is None


def test_section_is_keyed_by_output_path_and_names_the_source():
    result = translate("#include <cuda_runtime.h>\nint x;\n", path="a.cu")
    section = line_maps_section([FileOutcome("a.cu", "a.hip", "cuda-source", "translated",
                                             result)])
    assert section == {"a.hip": {"source": "a.cu", "runs": encode(result.line_map)}}
