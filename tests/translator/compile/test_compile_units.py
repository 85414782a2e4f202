"""Units and flags from compile_commands.json, CMakeLists.txt, Makefiles, or a scan."""

import json

import pytest

from translator.compile.toolchain import Toolchain, parse_version_output
from translator.compile.units import find_units
from translator.tree.build_flags import (
    Flags,
    cmake_flags,
    filter_flags,
    makefile_flags,
    read_build_flags,
)

KERNEL = b"#include <hip/hip_runtime.h>\n__global__ void k() {}\n"


def _tree(root, files):
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return root


def test_drops_flags_that_change_how_the_compiler_runs():
    flags = filter_flags(["-Iinc", "-DX=1", "-B/tmp/evil", "-fplugin=p.so", "-Xclang", "-load",
                          "-std=c++20", "-I", "more"], Flags())
    assert (flags.include_dirs, flags.defines, flags.std) == (["inc", "more"], ["X=1"], "c++20")
    assert flags.ignored == ["-B/tmp/evil", "-fplugin=p.so", "-Xclang", "-load"]


def test_cmake_include_directories_are_relative_to_their_folder():
    flags = cmake_flags("set(INC ${CMAKE_CURRENT_SOURCE_DIR}/include)\n"
                        "include_directories(${INC} common)\n"
                        "target_include_directories(app PRIVATE ${PROJECT_SOURCE_DIR}/top)\n",
                        "lib")
    assert flags.include_dirs == ["lib/include", "lib/common", "top"]


def test_cmake_definitions_and_standard():
    flags = cmake_flags("add_definitions(-DA -DB=2)\ntarget_compile_definitions(t PUBLIC C=3)\n"
                        "set(CMAKE_CUDA_STANDARD 14)  # comment with ( paren\n", "")
    assert (flags.defines, flags.std) == (["A", "B=2", "C=3"], "c++14")


def test_definitions_built_from_folder_variables_name_folders_of_the_tree():
    flags = cmake_flags("target_compile_definitions(t PRIVATE -DDATA=${CMAKE_SOURCE_DIR}/data "
                        "HERE=${CMAKE_CURRENT_SOURCE_DIR})\n", "sub", "")
    assert flags.defines == ["DATA=./data", "HERE=./sub"]
    flags = makefile_flags("CFLAGS = -DROOT=$(CURDIR)\napp: a.hip\n\thipcc $(CFLAGS) $<\n", "")
    assert flags.defines == ["ROOT=."]


def test_cmake_source_dir_is_the_folder_of_the_project_not_the_tree(tmp_path):
    _tree(tmp_path, {
        "solver/CMakeLists.txt": 'include_directories("${CMAKE_SOURCE_DIR}/../shared")\n'
                                 "add_subdirectory(part)\n",
        "solver/part/CMakeLists.txt": "include_directories(${CMAKE_SOURCE_DIR}/inc)\n",
        "shared/common.h": ""})
    assert read_build_flags(tmp_path, "solver/CMakeLists.txt").include_dirs == ["shared"]
    assert read_build_flags(tmp_path, "solver/part/CMakeLists.txt").include_dirs == [
        "solver/inc"]


def test_cmake_reads_build_interface_folders_and_skips_other_expressions_and_unknowns():
    flags = cmake_flags("include_directories($<BUILD_INTERFACE:x> $<INSTALL_INTERFACE:w> "
                        "$<$<CONFIG:Debug>:v> ${UNKNOWN}/y z)\n", "")
    assert flags.include_dirs == ["x", "z"]


def test_makefile_flags_with_variables():
    flags = makefile_flags("INC := -Iinclude\nCFLAGS = $(INC) -DN=4 \\\n  -std=c++17\n"
                           "app: a.hip\n\thipcc $(CFLAGS) -I$(CURDIR)/more -o $@ $<\n", "app")
    assert (flags.include_dirs, flags.defines, flags.std) == (
        ["app/include", "app/more"], ["N=4"], "c++17")


def test_scan_finds_units_that_use_hip_and_applies_build_file_flags(tmp_path):
    _tree(tmp_path, {"CMakeLists.txt": "include_directories(inc)\n", "inc/a.h": "",
                     "src/k.cu": KERNEL, "src/host.cpp": "int main() { hipFree(0); }\n",
                     "src/plain.cpp": "int main() {}\n", "tools/Makefile": "CFLAGS=-DTOOL\n",
                     "tools/t.hip": KERNEL})
    units, _ = find_units(tmp_path)
    summary = [(u.path, u.language, u.include_dirs, u.defines, u.origin) for u in units]
    assert summary == [
        ("src/host.cpp", "c++", ("inc",), (), "build files"),
        ("src/k.cu", "hip", ("inc",), (), "build files"),
        ("tools/t.hip", "hip", ("inc",), ("TOOL",), "build files"),
    ]


def test_include_dirs_outside_the_tree_are_dropped(tmp_path):
    cmake = "include_directories(../outside /etc /usr/include)\n"
    _tree(tmp_path / "tree", {"CMakeLists.txt": cmake, "k.hip": KERNEL})
    (tmp_path / "outside").mkdir()
    units, _ = find_units(tmp_path / "tree")
    assert units[0].include_dirs == ("/usr/include",)


def test_compile_commands_paths_are_mapped_onto_the_tree(tmp_path):
    _tree(tmp_path, {"src/k.cu": KERNEL, "src/skip.cpp": "int x;\n", "include/a.h": "",
                     "compile_commands.json": json.dumps([
                         {"directory": "/home/dev/proj/build", "file": "../src/k.cu",
                          "command": "nvcc -I../include -I/usr/local/cuda/include -DFAST "
                                     "-std=c++14 -Xcompiler -fPIC -c ../src/k.cu -o k.o"},
                         {"directory": "/home/dev/proj/build",
                          "file": "/home/dev/proj/src/skip.cpp",
                          "arguments": ["c++", "-c", "../src/skip.cpp"]},
                     ])})
    units, notes = find_units(tmp_path)
    [unit] = units
    assert (unit.path, unit.include_dirs, unit.defines, unit.std, unit.origin) == (
        "src/k.cu", ("include",), ("FAST",), "c++14", "compile_commands.json")


def test_compile_commands_follow_renamed_files(tmp_path):
    _tree(tmp_path, {"src/k.hip": KERNEL, "compile_commands.json": json.dumps([
        {"directory": "/w", "file": "/w/src/k.cu", "command": "nvcc -c /w/src/k.cu"}])})
    units, _ = find_units(tmp_path, renames={"src/k.cu": "src/k.hip"})
    assert [u.path for u in units] == ["src/k.hip"]


def test_invalid_compile_commands_fall_back_to_a_scan(tmp_path):
    _tree(tmp_path, {"k.hip": KERNEL, "compile_commands.json": "{not json"})
    units, notes = find_units(tmp_path)
    assert [u.path for u in units] == ["k.hip"]
    assert "not valid JSON" in notes[0]


def test_build_file_flags_that_are_dropped_are_listed(tmp_path):
    _tree(tmp_path, {"CMakeLists.txt": "add_compile_options(-fopenmp -Iinc)\n", "inc/a.h": "",
                     "k.hip": KERNEL})
    units, _ = find_units(tmp_path)
    assert (units[0].include_dirs, units[0].ignored_flags) == (("inc",), ("-fopenmp",))


def test_reads_debian_hip_5_version():
    text = ("HIP version: 5.2.21153-0\nDebian clang version 15.0.6\n"
            "Target: x86_64-pc-linux-gnu\nThread model: posix\nInstalledDir: /usr/bin\n")
    assert parse_version_output(text) == ("5.2.21153-0", "15.0.6", "Debian")


def test_reads_rocm_6_version():
    text = ("HIP version: 6.2.41133-dd7f95766\nAMD clang version 18.0.0git "
            "(https://github.com/RadeonOpenCompute/llvm-project roc-6.2.0 24292 26466ce8)\n"
            "Target: x86_64-unknown-linux-gnu\nInstalledDir: /opt/rocm-6.2.0/lib/llvm/bin\n")
    assert parse_version_output(text) == ("6.2.41133-dd7f95766", "18.0.0", "AMD")


def test_reads_rocm_7_version_without_vendor_prefix_line():
    text = "HIP version: 7.0.51831-a3e329ad8\nclang version 20.0.0git (roc-7.0.0)\n"
    assert parse_version_output(text) == ("7.0.51831-a3e329ad8", "20.0.0", "")


@pytest.mark.parametrize(("version", "defines"), [
    ("5.2.21153-0", ()), ("6.1.40091", ()),
    ("6.2.41133-dd7f95766", ("HIP_ENABLE_WARP_SYNC_BUILTINS",)),
    ("7.0.51831-a3e329ad8", ("HIP_ENABLE_WARP_SYNC_BUILTINS",)), ("", ()),
])
def test_hip_6_2_and_later_compile_with_the_warp_sync_builtins(version, defines):
    assert Toolchain("hipcc", hip_version=version).defines() == defines


def test_uses_the_reports_compile_commands_section(tmp_path):
    _tree(tmp_path, {"src/k.hip": KERNEL, "src/host.cpp": "int main() {}\n", "include/a.h": ""})
    section = {"path": "compile_commands.json", "problems": [], "files": {
        "src/k.hip": {"source_path": "src/k.cu", "include_dirs": ["include", "../out"],
                      "defines": ["FAST", "BAD MACRO"], "external_include_dirs": []},
        "src/host.cpp": {"source_path": "src/host.cpp", "include_dirs": [], "defines": []}}}
    units, _ = find_units(tmp_path, compile_commands=section)
    assert [(u.path, u.include_dirs, u.defines, u.origin) for u in units] == [
        ("src/k.hip", ("include",), ("FAST",), "compile_commands.json")]


def test_migrated_tree_report_feeds_units_after_renaming(tmp_path):
    from translator.compile.check import report_context
    from translator.options import Options
    from translator.output.report import build_report
    from translator.tree.migrate import migrate_tree

    _tree(tmp_path / "cuda", {
        "src/k.cu": "#include <cuda_runtime.h>\n#include \"a.h\"\n__global__ void k() {}\n",
        "include/a.h": "", "compile_commands.json": json.dumps([
            {"directory": "/home/dev/p/build", "file": "/home/dev/p/src/k.cu",
             "command": "nvcc -I/home/dev/p/include -DFAST -c /home/dev/p/src/k.cu"}])})
    tree = migrate_tree(tmp_path / "cuda", tmp_path / "hip", Options(naming="hip"))
    context = report_context(build_report(tree))
    units, _ = find_units(tmp_path / "hip", renames=context["renames"],
                          compile_commands=context["compile_commands"])
    assert [(u.path, u.include_dirs, u.defines) for u in units] == [
        ("src/k.hip", ("include",), ("FAST",))]
    assert context["line_maps"]["src/k.hip"]["source"] == "src/k.cu"
