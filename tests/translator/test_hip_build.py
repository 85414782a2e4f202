"""A repository's own HIP build: detection (translator/tree/hip_build.py), its macros as HIP
switches, the report field, and code under HIP guards left as written."""

from __future__ import annotations

from translator.options import Options
from translator.output.report import build_report
from translator.tree.hip_build import detect_hip_build
from translator.tree.migrate import migrate_tree

_CMAKE = b"""project(demo LANGUAGES CXX)
option(DEMO_ENABLE_ROCM "AMD GPUs" OFF)
if(DEMO_ENABLE_ROCM)
  add_compile_definitions(DEMO_AMD_PATH WAVE=64)
  target_compile_definitions(demo PRIVATE -DDEMO_ROCM_TUNING)
else()
  add_compile_definitions(DEMO_NVIDIA_PATH)
endif()
if(NOT DEMO_ENABLE_ROCM)
  add_definitions(-DDEMO_CUDA_ONLY)
endif()
"""
_VENDOR = b"""#pragma once
#define cudaMalloc hipMalloc
#define cudaFree hipFree
#define cudaStream_t hipStream_t
#define __shfl_xor_sync(mask, value, lane) __shfl_xor(value, lane)
"""


def test_cmake_option_and_definitions_of_its_hip_branch():
    build = detect_hip_build([("CMakeLists.txt", _CMAKE)])
    assert build.macros == ("DEMO_AMD_PATH", "DEMO_ROCM_TUNING", "WAVE")
    assert build.evidence == ("CMakeLists.txt: option DEMO_ENABLE_ROCM",)


def test_macros_with_a_value_are_settings_not_switches(tmp_path):
    """WAVE=64 marks HIP branches like any HIP-only macro, but the compile check must not
    define it bare (value 1, over the build's own): it is not among the switches."""
    build = detect_hip_build([("CMakeLists.txt", _CMAKE)])
    assert build.valued == ("WAVE",)
    makefile = b"ifdef USE_HIP\nCXXFLAGS += -DGPU_ARCH=gfx942 -DUSE_ROCM=1 -DFAST\nendif\n"
    assert detect_hip_build([("Makefile", makefile)]).valued == ("GPU_ARCH",)
    source = tmp_path / "src"
    source.mkdir()
    (source / "CMakeLists.txt").write_bytes(_CMAKE)
    (source / "k.cu").write_bytes(b"#ifdef DEMO_AMD_PATH\nint wave = WAVE;\n#endif\n")
    tree = migrate_tree(source, tmp_path / "out", Options(), jobs=1)
    assert "WAVE" in tree.hip_build.macros
    assert tree.hip_build.switches == ("DEMO_AMD_PATH", "DEMO_ROCM_TUNING")


def test_makefile_hip_branch_defines_its_macros():
    makefile = b"""ifeq ($(USE_HIP),1)
CXX = hipcc
CXXFLAGS += -DUSE_ROCM -DLIB_GPU_AMD
else
CXXFLAGS += -DLIB_GPU_NVIDIA
endif
"""
    build = detect_hip_build([("Makefile", makefile)])
    assert build.macros == ("LIB_GPU_AMD", "USE_ROCM")
    assert build.evidence == ("Makefile: HIP build (ifeq ($(USE_HIP),1); hipcc)",)


def test_vendor_header_is_evidence():
    build = detect_hip_build([("include/compat/hip_compat.h", _VENDOR)])
    assert build.vendor_headers == ("include/compat/hip_compat.h",)
    assert bool(build)


def test_plain_cuda_tree_has_no_hip_build():
    cmake = b"project(p LANGUAGES CXX CUDA)\nadd_executable(app main.cu)\n"
    source = b"#include <cuda_runtime.h>\nint main() { return cudaDeviceReset(); }\n"
    assert not detect_hip_build([("CMakeLists.txt", cmake), ("main.cu", source)])


def test_macros_of_the_hip_build_mark_hip_branches(tmp_path):
    source = tmp_path / "src"
    (source / "kernels").mkdir(parents=True)
    (source / "CMakeLists.txt").write_bytes(_CMAKE)
    (source / "kernels" / "copy.cu").write_text(
        "#include <cuda_runtime.h>\n"
        "#ifdef DEMO_AMD_PATH\n"
        "#define COPY_ASYNC(d, s, n, q) hipMemcpyAsync(d, s, n, hipMemcpyDefault, q)\n"
        "#else\n"
        "#define COPY_ASYNC(d, s, n, q) cudaMemcpyAsync(d, s, n, cudaMemcpyDefault, q)\n"
        "#endif\n"
        "int copy(float *d, const float *s, size_t n, cudaStream_t q) {\n"
        "  return COPY_ASYNC(d, s, n, q) == cudaSuccess;\n"
        "}\n")
    tree = migrate_tree(source, tmp_path / "out", Options(), jobs=1)
    output = (tmp_path / "out" / "kernels" / "copy.cu").read_text()
    assert "cudaMemcpyAsync(d, s, n, cudaMemcpyDefault, q)" in output
    assert "hipStream_t q" in output
    assert "== hipSuccess" in output
    report = build_report(tree)
    assert report["hip_build"]["detected"]
    assert report["hip_build"]["macros"] == ["DEMO_AMD_PATH", "DEMO_ROCM_TUNING", "WAVE"]
    assert report["hip_build"]["cuda_branches_left"] == 1
    assert report["summary"].startswith("Already builds for HIP: CMakeLists.txt: option ")
    assert [f["message"].split(":")[0] for f in report["findings"] if f["code"] == "R004"] == [
        "DEMO_AMD_PATH selects this file's ROCm code", "CUDA branch left as is"]
    # WAVE=64 is a setting: defined bare it would be 1 (test_macros_with_a_value_...)
    assert report["hip_build"]["switches"] == ["DEMO_AMD_PATH", "DEMO_ROCM_TUNING"]


def test_report_of_a_plain_cuda_tree_says_nothing_about_hip(tmp_path):
    source = tmp_path / "src"
    source.mkdir()
    (source / "main.cu").write_text("#include <cuda_runtime.h>\nint main() { return 0; }\n")
    report = build_report(migrate_tree(source, tmp_path / "out", Options(), jobs=1))
    assert report["hip_build"]["detected"] is False
    assert not report["summary"].startswith("Already builds for HIP")
