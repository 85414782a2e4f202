"""Flags from the project's own build: the compile check against a real build.

Two small projects (projects/) are migrated and checked; the same migrated trees are
then built for real with hipcc (``cmake --build``, ``make``) and every unit must end the
same way in both, failing units with the same first error. ``thermal`` is CMake with
``option()``s, ``$<BUILD_INTERFACE:...>`` include folders and a target-private include
folder; ``particles`` is a Makefile with ``ifeq``/``else`` branches. rocport's reader
alone gets both wrong (shown by the pure tests at the end). A second check of the same
trees takes the builds' results from the compile cache. About a minute: two configures
and six units, each compiled twice.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.tools import needs_tools
from tests.translator.compile.conftest import needs_bubblewrap, needs_hipcc
from translator.compile.build_cache import build_runs_key, load_build_runs, store_build_runs
from translator.compile.build_systems import BuildCommand, BuildRun, find_projects, make_commands
from translator.compile.cache import CompileCache
from translator.compile.check import CompileOptions, compile_check, report_context
from translator.compile.flags import safe_arguments
from translator.compile.units import find_units
from translator.options import Options
from translator.output.report import build_report
from translator.sandbox.bubblewrap import Sandbox
from translator.tree.migrate import migrate_tree

PROJECTS = Path(__file__).resolve().parent / "projects"
ARCH = "gfx90a"
needs_build_tools = needs_tools("cmake", "make")


def _migrate(target: Path) -> dict:
    """Both projects migrated into TARGET/hip; the merged report context."""
    context: dict = {"line_maps": {}, "renames": {}, "compile_commands": None}
    for name in ("thermal", "particles"):
        tree = migrate_tree(PROJECTS / name, target / "hip" / name,
                            Options(offload_archs=(ARCH,)))
        part = report_context(build_report(tree))
        context["line_maps"].update({f"{name}/{path}": {**value, "source":
                                     f"{name}/{value['source']}"}
                                     for path, value in (part["line_maps"] or {}).items()})
    return context


def _run(command: list[str], cwd: Path) -> str:
    environment = {**os.environ, "HIP_PLATFORM": "amd"}
    done = subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True,
                          timeout=900)
    return done.stdout + done.stderr


def _real_builds(hip: Path, work: Path) -> SimpleNamespace:
    """cmake --build and make of copies of the migrated trees, going on after errors."""
    thermal, particles = work / "thermal", work / "particles"
    shutil.copytree(hip / "particles", particles)
    build = work / "thermal-build"
    output = _run(["cmake", "-S", str(hip / "thermal"), "-B", str(build),
                   "-DCMAKE_CXX_COMPILER=hipcc", f"-DGPU_TARGETS={ARCH}"], work)
    output += _run(["cmake", "--build", str(build), "-j2", "--", "-k"], work)
    output += _run(["make", "-k", "-j2", "NVCC=hipcc", "CC=hipcc", "CXX=hipcc"], particles)
    objects = {path.name for folder in (build, particles) for path in folder.rglob("*.o")}
    return SimpleNamespace(output=output, objects=objects, folders=(thermal, particles))


@pytest.fixture(scope="module")
def compared(tmp_path_factory):
    base = tmp_path_factory.mktemp("build-systems")
    context = _migrate(base)
    outcome = compile_check(base / "hip", CompileOptions(
        offload_archs=(ARCH,), jobs=2, resource_usage=False, cache_dir=str(base / "cache")),
        line_maps=context["line_maps"])
    real = _real_builds(base / "hip", base / "real")
    units = {entry["output_path"]: entry for entry in outcome["compile"]}
    return SimpleNamespace(base=base, outcome=outcome, units=units, real=real)


def _built(unit: str, objects: set[str]) -> bool:
    name = Path(unit).name
    return f"{name}.o" in objects or f"{Path(name).stem}.o" in objects


def _first_error(entry: dict) -> str:
    return next(d["message"] for d in entry["diagnostics"]
                if d["severity"] in ("error", "fatal error"))


@needs_bubblewrap
@needs_hipcc
@needs_build_tools
class TestAgainstTheRealBuild:
    def test_every_unit_has_the_flags_of_its_build(self, compared):
        sources = {path: entry["flags_source"] for path, entry in compared.units.items()}
        assert sources == {
            "particles/src/io.cu": "make -n", "particles/src/sim.cu": "make -n",
            "thermal/apps/thermal.cu": "cmake", "thermal/src/planes.cu": "cmake",
            "thermal/src/stencil.cu": "cmake", "thermal/tools/legacy_probe.cu": "cmake"}

    def test_unit_outcomes_are_the_real_builds(self, compared):
        checked = {path: entry["ok"] for path, entry in compared.units.items()}
        built = {path: _built(path, compared.real.objects) for path in compared.units}
        assert checked == built
        assert sum(checked.values()) == 5  # planes.cu calls a name HIP lacks

    def test_first_errors_are_the_real_builds(self, compared):
        failed = [entry for entry in compared.units.values() if not entry["ok"]]
        assert failed
        assert all(_first_error(entry) in compared.real.output for entry in failed)

    def test_the_failed_unit_is_classed_as_the_translations(self, compared):
        failure = compared.units["thermal/src/planes.cu"]["failure"]
        assert (failure["class"], failure["name"]) == ("translation", "cudaArrayGetPlane")
        assert compared.outcome["summary"]["translation_errors"] == 1

    def test_notes_say_which_build_ran(self, compared):
        notes = " ".join(compared.outcome["notes"])
        assert "cmake: 4 compile commands for thermal" in notes
        assert "make -n: 2 compile commands for particles" in notes

    def test_checking_the_same_tree_again_takes_the_builds_from_the_cache(self, compared):
        again = compile_check(compared.base / "hip", CompileOptions(
            offload_archs=(ARCH,), jobs=2, resource_usage=False,
            cache_dir=str(compared.base / "cache")))
        notes = " ".join(again["notes"])
        assert "cmake: 4 compile commands for thermal (cached)" in notes
        assert "make -n: 2 compile commands for particles (cached)" in notes
        assert again["summary"]["cached"] == len(compared.units)  # generated headers too
        assert [(e["output_path"], e["ok"], e["flags_source"], e["arguments"])
                for e in again["compile"]] == [
            (e["output_path"], e["ok"], e["flags_source"], e["arguments"])
            for e in compared.outcome["compile"]]


# --- pure: the reader's mistakes, and reading what make prints ----------------------------

def test_the_reader_alone_takes_the_branches_the_build_takes(tmp_path):
    """Without the real build, rocport's reader still follows each condition as the build
    would here (Linux, the options' defaults), and says what it decided."""
    context = _migrate(tmp_path)
    units, _ = find_units(tmp_path / "hip", compile_commands=context["compile_commands"])
    by_path = {unit.path: unit for unit in units}
    io = by_path["particles/src/io.cu"]
    assert "PARTICLES_SINGLE" in io.defines
    assert "PARTICLES_DOUBLE" not in io.defines
    assert "particles/win/dev" not in io.include_dirs
    assert "ifeq ($(OS),Windows_NT): no" in io.flags_source
    stencil = by_path["thermal/src/stencil.cu"]
    assert ("THERMAL_REAL_FLOAT" in stencil.defines,
            "THERMAL_TRACE_STEPS" in stencil.defines) == (True, False)
    assert "thermal/include" in stencil.include_dirs  # from $<BUILD_INTERFACE:...>
    assert all(unit.flags_source.startswith("rocport's reader (fallback:") for unit in units)


def test_the_build_cache_key_follows_the_content_of_every_file(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "CMakeLists.txt").write_text("project(p CXX)\n")
    (tmp_path / "src" / "a.cu").write_text("int a;\n")
    (tmp_path / "src" / "a.h").write_text("#define A 1\n")

    def key(archs=("gfx90a",), configuration=""):
        return build_runs_key(tmp_path, hipcc="/usr/bin/hipcc", identity="HIP 5.2",
                              archs=list(archs), libraries=["hip"], sandbox=Sandbox(),
                              configuration=configuration)

    first = key()
    assert key() == first
    assert key(configuration="-DX_CUDA=ON") != first  # the user's build configuration
    (tmp_path / "src" / "a.cu").write_text("int a = 2;\n")  # CMake may file(READ) a source
    assert key() != first
    first = key()
    assert key(("gfx942",)) != first
    (tmp_path / "src" / "a.h").write_text("#define A 2\n")  # a build may read a header
    second = key()
    assert second != first
    (tmp_path / "src" / "b.cu").write_text("")  # $(wildcard) and file(GLOB) see it
    third = key()
    assert third != second
    (tmp_path / "CMakeLists.txt").write_text("project(p CXX)\noption(X \"x\" ON)\n")
    assert key() != third


def test_cached_builds_bring_back_their_commands_and_generated_headers(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    generated = first / "generated-0"  # the host's copies of the generated headers
    (generated / "include").mkdir(parents=True)
    (generated / "include" / "config.h").write_text("#define HAVE_X 1\n")
    command = BuildCommand("p/a.cu", ("-I/job/out/build-0/include", "-DA=1"), ("-fplugin=x",),
                           "cmake")
    runs = [BuildRun("p", "cmake", seconds=12.5, commands={"p/a.cu": command},
                     generated=str(generated), generated_mount="/job/out/build-0",
                     unread=["include/x.h: a link, not a regular file"]),
            BuildRun("m", "make -n", problem="make -n printed no compile commands")]
    cache = CompileCache(tmp_path / "cache")
    store_build_runs(cache, "k" * 64, runs, first)
    loaded = load_build_runs(cache, "k" * 64, second)
    assert loaded[0].commands == runs[0].commands
    assert loaded[1].problem == runs[1].problem
    assert loaded[0].generated == str(second / "generated-0")
    assert (second / "generated-0/include/config.h").read_text() == "#define HAVE_X 1\n"
    assert loaded[0].note() == ("cmake: 1 compile commands for p (cached); 1 entries of its "
                                "build folder were not read (include/x.h: a link, not a "
                                "regular file)")


def test_a_cache_entry_cannot_name_a_path_outside_the_scratch_folder(tmp_path):
    cache = CompileCache(tmp_path / "cache")
    entry = {"folder": "p", "system": "cmake", "problem": "", "seconds": 1.0,
             "generated_mount": "/job/out/build-0", "generated": "generated-0",
             "generated_files": {"../../outside.h": "eA=="}, "unread": [], "commands": []}
    cache.put("k" * 64, {"build_runs": [entry]})
    assert load_build_runs(cache, "k" * 64, tmp_path / "scratch" / "a") is None
    assert not (tmp_path / "scratch" / "outside.h").exists()


def test_builds_stopped_by_their_time_limit_are_not_cached(tmp_path):
    cache = CompileCache(tmp_path / "cache")
    store_build_runs(cache, "k" * 64, [BuildRun("p", "cmake", "configure stopped after 180 s",
                                                timed_out=True)], tmp_path)
    assert load_build_runs(cache, "k" * 64, tmp_path) is None


def test_finds_the_top_level_builds(tmp_path):
    for name in ("a/CMakeLists.txt", "a/sub/CMakeLists.txt", "a/tools/Makefile",
                 "b/Makefile", "b/lib/Makefile", "c/GNUmakefile", "build/Makefile"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    assert find_projects(tmp_path) == [("a", "cmake"), ("b", "make -n"), ("c", "make -n")]


def test_reads_compile_commands_from_a_dry_run():
    printed = (
        "make: Entering directory '/job/src/p'\n"
        "mkdir -p obj\n"
        "hipcc -O2 -Iinclude -I/usr/local/cuda/include -DA=1 -c src/a.cu -o obj/a.o\n"
        "cd lib && HIP_PLATFORM=amd /usr/bin/hipcc -I../include -fplugin=x.so \\\n"
        "  -c b.cpp -o b.o -lm\n"
        "hipcc -M src/a.cu > deps.d\n"
        "g++ -o app obj/a.o -L/opt/rocm/lib -lamdhip64\n"
        "make: Leaving directory '/job/src/p'\n")
    commands = make_commands(printed, "/job/src", "/job/src")
    assert {path: (c.arguments, c.dropped) for path, c in commands.items()} == {
        "p/src/a.cu": (("-O2", "-I/job/src/p/include", "-DA=1"),
                       ("-I/usr/local/cuda/include",)),
        "p/lib/b.cpp": (("-I/job/src/p/include",), ("-fplugin=x.so",)),
    }


def test_keeps_the_builds_flags_in_order_and_drops_the_unsafe_ones():
    kept, dropped = safe_arguments([
        "-x", "hip", "-std=c++17", "-DN=2", "-Xclang", "-load", "-Xclang", "evil.so",
        "--offload-arch=gfx942", "-o", "x.o", "-MD", "-MF", "x.d", "-B/tmp/bin", "-Wall",
        "-Wl,-rpath,/x", "--hip-path=/job/src", "-fgpu-rdc", "-include", "cfg.h"])
    assert kept == ["-x", "hip", "-std=c++17", "-DN=2", "-Wall", "-fgpu-rdc", "-include",
                    "cfg.h"]
    assert dropped == ["-Xclang", "-load", "-Xclang", "evil.so", "-B/tmp/bin",
                       "--hip-path=/job/src"]
