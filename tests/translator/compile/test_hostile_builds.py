"""A project's build cannot make the compile check read the host.

The project's CMake runs for real in the sandbox and leaves, in its build folder, links to
a host file, to ``/proc/self/environ`` and to ``/dev/zero``, a dangling link, a FIFO, a
linked folder and a 64 MB header; a second project leaves ``compile_commands.json`` as a
link to a host file that holds a compile database, a third as a FIFO. The tree is checked
twice with one compile cache (the second check takes the build from the cache): the host
secret shows in no outcome, cache entry or scratch file, the FIFOs block nothing, and a
header the build generated properly still reaches its unit.
"""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import pytest

from tests.tools import needs_tools
from tests.translator.compile.conftest import files_containing, needs_bubblewrap, needs_hipcc
from translator.compile.check import CompileOptions, compile_check

pytestmark = [needs_bubblewrap, needs_hipcc, needs_tools("cmake")]

PLANT = """cmake_minimum_required(VERSION 3.16)
project(plant CXX)
set(out ${CMAKE_BINARY_DIR}/include)
file(MAKE_DIRECTORY ${out})
file(WRITE ${out}/config.h "#define PLANT_CONFIGURED 1\\n")
file(CREATE_LINK "@SECRET@" ${out}/secret.h SYMBOLIC)
file(CREATE_LINK /proc/self/environ ${out}/environ.h SYMBOLIC)
file(CREATE_LINK /dev/zero ${out}/zero.h SYMBOLIC)
file(CREATE_LINK /nowhere/at/all.h ${out}/dangling.h SYMBOLIC)
file(CREATE_LINK "@SECRET_FOLDER@" ${out}/linked SYMBOLIC)
execute_process(COMMAND mkfifo ${out}/fifo.h)
execute_process(COMMAND truncate -s 64M ${out}/huge.h)
include_directories(${out})
add_library(plant OBJECT configured.cpp leak.cpp)
"""
KERNEL = "#include <hip/hip_runtime.h>\n__global__ void k(int *p) { p[0] = 1; }\n"
CONFIGURED = KERNEL + "#include \"config.h\"\nint configured = PLANT_CONFIGURED;\n"
LEAK = KERNEL + "#include \"secret.h\"\n#include \"environ.h\"\n#include \"linked/secret.h\"\n"
DATABASE = """cmake_minimum_required(VERSION 3.16)
project(database CXX)
set(CMAKE_EXPORT_COMPILE_COMMANDS OFF)
file(CREATE_LINK "@DATABASE@" ${CMAKE_BINARY_DIR}/compile_commands.json SYMBOLIC)
add_library(database OBJECT a.cpp)
"""
FIFO = """cmake_minimum_required(VERSION 3.16)
project(fifo CXX)
set(CMAKE_EXPORT_COMPILE_COMMANDS OFF)
execute_process(COMMAND mkfifo ${CMAKE_BINARY_DIR}/compile_commands.json)
add_library(fifo OBJECT b.cpp)
"""


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """The tree, the host's secret file and its canary, and a compile database on the
    host whose flags carry the canary."""
    base = tmp_path_factory.mktemp("hostile-builds")
    canary = "ROCPORT-BUILD-CANARY-7d1f0c"
    secret = base / "host" / "secret.h"
    secret.parent.mkdir()
    secret.write_text(f"{canary} leaked;\n")
    database = base / "host" / "database.json"
    database.write_text(json.dumps([{"directory": "/job/src/database", "file": "a.cpp",
                                     "command": f"hipcc -D{canary.replace('-', '_')} -c a.cpp"}]))
    tree = base / "tree"
    files = {
        "plant/CMakeLists.txt": PLANT.replace("@SECRET@", str(secret)).replace(
            "@SECRET_FOLDER@", str(secret.parent)),
        "plant/configured.cpp": CONFIGURED, "plant/leak.cpp": LEAK,
        "database/CMakeLists.txt": DATABASE.replace("@DATABASE@", str(database)),
        "database/a.cpp": KERNEL, "fifo/CMakeLists.txt": FIFO, "fifo/b.cpp": KERNEL,
    }
    for name, text in files.items():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text(text)
    return base, tree, canary


def _check_within(tree: Path, options: CompileOptions, seconds: float) -> dict:
    """compile_check, failing the test if it has not returned after SECONDS (a FIFO
    opened for reading would block it for ever)."""
    outcome: list[dict] = []
    thread = threading.Thread(target=lambda: outcome.append(compile_check(tree, options)),
                              daemon=True)
    thread.start()
    thread.join(timeout=seconds)
    assert outcome, f"the compile check did not end within {seconds} s"
    return outcome[0]


@pytest.fixture(scope="module")
def checked(hostile):
    base, tree, canary = hostile
    outcomes = []
    for number in (1, 2):
        options = CompileOptions(offload_archs=("gfx90a",), jobs=2, resource_usage=False,
                                 cache_dir=str(base / "cache"),
                                 work_dir=str(base / f"scratch-{number}"))
        outcomes.append(_check_within(tree, options, 600))
    return base, canary, outcomes


def test_the_host_secret_shows_nowhere(checked):
    base, canary, outcomes = checked
    for outcome in outcomes:
        assert canary not in json.dumps(outcome)
        assert canary.replace("-", "_") not in json.dumps(outcome)
    for folder in ("cache", "scratch-1", "scratch-2"):
        assert files_containing(base / folder, canary.encode()) == []


def test_the_second_check_takes_the_builds_from_the_cache(checked):
    _, _, (first, second) = checked
    plant = [note for note in first["notes"] if "for plant" in note]
    assert len(plant) == 1
    assert re.sub(r"\(\d+\.\d s\)", "(cached)", plant[0]) in second["notes"]


def test_a_header_the_build_generated_still_reaches_its_unit(checked):
    for outcome in checked[2]:
        units = {entry["path"]: entry for entry in outcome["compile"]}
        assert units["plant/configured.cpp"]["ok"], units["plant/configured.cpp"]["output"]
        assert units["plant/configured.cpp"]["flags_source"] == "cmake"
        assert not units["plant/leak.cpp"]["ok"]
        assert "'secret.h' file not found" in units["plant/leak.cpp"]["output"]


def test_the_notes_name_what_was_not_read(checked):
    for outcome in checked[2]:
        note = next(note for note in outcome["notes"] if "for plant" in note)
        assert "6 entries of its build folder were not read" in note
        assert "include/dangling.h: a link, not a regular file" in note


def test_a_linked_or_special_compile_database_is_not_read(checked):
    for outcome in checked[2]:
        notes = " ".join(outcome["notes"])
        assert ("cmake: database: configure left no readable compile_commands.json "
                "(build-0/compile_commands.json: a link, not a regular file)") in notes
        assert ("cmake: fifo: configure left no readable compile_commands.json "
                "(build-1/compile_commands.json: a FIFO, not a regular file)") in notes
