"""The build configuration that brings a project's GPU sources in
(translator/compile/build_config.py): read from the build files, or given by the user."""

from __future__ import annotations

from pathlib import Path

from translator.compile.build_config import (
    BuildConfig,
    cmake_switches,
    hip_switches,
    make_switches,
    parse_make_database,
    read_user_config,
)
from translator.config import load_config
from translator.tree.build_flags import cmake_flags, makefile_flags


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_an_option_around_the_gpu_sources_is_switched_on(tmp_path):
    _write(tmp_path, {"CMakeLists.txt": """
option(USE_GPU "the GPU backend" OFF)  # if(NOT USE_GPU) in a comment is no condition
set(KERNELS src/a.cu
    src/b.cu)
if(USE_GPU AND NOT SKIP_TOOLS)
  add_library(gpu ${KERNELS})
endif()
if(NOT USE_GPU)
  add_library(cpu src/cpu.cu)
endif()
"""})
    switches = cmake_switches(tmp_path, ["src/a.cu", "src/b.cu", "src/cpu.cu"])
    # SKIP_TOOLS is no option: the block is named, not switched by guesswork
    assert switches.reasons["src/a.cu"] == "excluded by if(USE_GPU AND NOT SKIP_TOOLS), " \
                                          "which is not an option"
    assert switches.config.cmake == (("USE_GPU", "OFF"),)
    assert switches.reasons["src/cpu.cu"] == "needs USE_GPU=OFF"


def test_a_subdirectory_glob_and_platform_test_are_followed(tmp_path):
    _write(tmp_path, {
        "CMakeLists.txt": ('option(WITH_CUDA "" OFF)\n'
                           'set(ACCEL_TESTS OFF CACHE BOOL "the tests")\n'
                           "if(WITH_CUDA)\n  add_subdirectory(cuda)\nendif()\n"
                           "if(MSVC)\n  add_library(w win/timer.cu)\nendif()\n"),
        "cuda/CMakeLists.txt": ("file(GLOB KERNELS ${CMAKE_CURRENT_SOURCE_DIR}/*.cu)\n"
                                "add_library(k ${KERNELS})\n"
                                "if(ACCEL_TESTS)\n  add_executable(t tests/t.cu)\nendif()\n"),
    })
    switches = cmake_switches(tmp_path, ["cuda/k.cu", "cuda/tests/t.cu", "win/timer.cu"])
    assert switches.config.cmake == (("ACCEL_TESTS", "ON"), ("WITH_CUDA", "ON"))
    assert switches.reasons == {"cuda/k.cu": "needs WITH_CUDA=ON",
                                "cuda/tests/t.cu": "needs WITH_CUDA=ON, ACCEL_TESTS=ON",
                                "win/timer.cu": "platform-only: if(MSVC)"}


def test_a_source_no_command_names_is_in_no_target(tmp_path):
    _write(tmp_path, {"CMakeLists.txt": "add_library(a a.cu)\n"})
    switches = cmake_switches(tmp_path, ["old/unused.cu"])
    assert switches.reasons == {"old/unused.cu": "not in any build target of the CMake project"}
    assert not switches.config


DATABASE = """# GNU Make 4.3
.DEFAULT_GOAL := app

# Files

# Not a target:
src/x.cu:

app: obj/main.o
tools: bin/probe
bin/probe: obj/probe.o | bin
obj/probe.o: src/probe.cu
clean:
#  recipe to execute
\trm -rf obj
"""


def test_makes_database_gives_its_rules_and_default_goal():
    rules, default = parse_make_database(DATABASE)
    assert default == "app"
    assert rules["bin/probe"] == ["obj/probe.o", "bin"]
    assert "src/x.cu" not in rules


def test_goals_and_variables_that_reach_left_out_sources_are_chosen():
    makefile = ("ifeq ($(WITH_MPI),1)\n  OBJS += obj/halo.o\nendif\n"
                "ifdef FAST\nelse\n  OBJS += obj/slow.o\nendif\n")
    switches = make_switches(makefile, DATABASE, ["src/probe.cu", "src/halo.cu",
                                                  "src/slow.cu", "src/gone.cu"])
    assert switches.config.make_goals == ("bin/probe",)
    assert switches.config.make_variables == (("WITH_MPI", "1"),)
    assert switches.reasons == {"src/halo.cu": "needs WITH_MPI=1",
                                "src/slow.cu": "not built by any goal of the Makefile",
                                "src/gone.cu": "not built by any goal of the Makefile"}


def test_the_user_gives_the_configuration_in_rocport_toml(tmp_path):
    (tmp_path / ".rocport.toml").write_text(
        'ignore = ["W4"]\n[build]\ncmake = { FOO_CUDA = true, BAR = "x" }\n'
        'make-variables = { ARCH = 90 }\nmake-goals = ["all", "bad goal"]\n')
    config, problem = read_user_config(tmp_path)
    assert problem == ""
    assert config == BuildConfig((("FOO_CUDA", "ON"), ("BAR", "x")), (("ARCH", "90"),),
                                 ("all",))
    assert load_config(tmp_path / ".rocport.toml").ignore == ("W4",)  # the translation's part


def test_a_bad_build_table_is_named_not_fatal(tmp_path):
    (tmp_path / ".rocport.toml").write_text('[build]\ncmake = { "1bad" = "ON" }\n')
    config, problem = read_user_config(tmp_path)
    assert not config
    assert "not understood" in problem


def test_the_users_values_win_over_what_is_found():
    found = BuildConfig((("A", "ON"), ("B", "ON")), (), ("all",))
    user = BuildConfig((("B", "OFF"),), (("V", "1"),), ("bench",))
    assert found.merged(user) == BuildConfig((("A", "ON"), ("B", "OFF")), (("V", "1"),),
                                             ("all", "bench"))
    assert found.merged(user).describe() == "-DA=ON -DB=OFF V=1 all bench"


def test_a_projects_own_hip_build_is_switched_on(tmp_path):
    cmake = _write(tmp_path / "c", {"CMakeLists.txt": (
        'option(ACME_USE_HIP "the HIP build" OFF)\noption(ACME_TESTS "tests" OFF)\n'
        'set(ACME_ROCM_PROFILE OFF CACHE BOOL "rocprof hooks")\n')})
    assert hip_switches(cmake, "cmake") == BuildConfig(
        (("ACME_ROCM_PROFILE", "ON"), ("ACME_USE_HIP", "ON")))
    make = _write(tmp_path / "m", {"Makefile": ("ifeq ($(USE_HIP),1)\n  CXX := hipcc\nendif\n"
                                                "ifdef WITH_DEBUG\nendif\n")})
    assert hip_switches(make, "make -n") == BuildConfig(make_variables=(("USE_HIP", "1"),))


def test_the_reader_reads_the_projects_own_hip_branch():
    flags = makefile_flags("USE_HIP ?= 0\nifeq ($(USE_HIP),1)\n  CFLAGS := -DACME_HIP\n"
                           "else\n  CFLAGS := -DACME_CUDA\nendif\napp:\n\tcc $(CFLAGS) a.c\n", "")
    assert flags.defines == ["ACME_HIP"]
    assert cmake_flags('option(ACME_USE_HIP "" OFF)\nif(ACME_USE_HIP)\n'
                       "  add_compile_definitions(ACME_HIP)\nendif()\n", "").defines == ["ACME_HIP"]
