"""Untrusted input is translated in the sandbox, and clang never reads or quotes a file
outside the tree (canaries: a secret file beside the job and a secret in the caller's
environment must appear in no output)."""

import dataclasses
import io
import json
import os
import subprocess
import tarfile
import time
from pathlib import Path

import pytest

from tests.hostile import BOMB, CRASHER, KERNEL, tricks
from tests.tools import needs_root
from translator import Options, translate
from translator.analysis.include_fence import fence_includes, leaves_tree
from translator.jobs.confinement import (
    ARTIFACT_NAMES,
    Canceled,
    Confinement,
    ConfinementFailed,
    python_paths,
    shared_precompiled_stubs,
    translate_archive,
    translate_snippet,
)
from translator.tree.archive import ArchiveError
from translator.tree.archive import Limits as ArchiveLimits
from translator.unit import Unit


def tar_of(files: dict[str, str], links: dict[str, str] | None = None) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as bundle:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            bundle.addfile(info, io.BytesIO(data))
        for name, target in (links or {}).items():
            info = tarfile.TarInfo(name)
            info.type, info.linkname = tarfile.SYMTYPE, target
            bundle.addfile(info)
    return buffer.getvalue()


@pytest.fixture(scope="session")
def stubs_folder(tmp_path_factory):
    return str(tmp_path_factory.mktemp("clang-stubs"))


@pytest.fixture
def confinement(stubs_folder):
    return Confinement.create(wall_seconds=120, memory_bytes=1 << 30, stubs_folder=stubs_folder)


def run_tree(tmp_path, files, confinement, *, links=None, limits=None, **keywords):
    archive = tmp_path / "input.tar.gz"
    archive.write_bytes(tar_of(files, links))
    return translate_archive(archive, tmp_path / "scratch", Options(),
                             limits or ArchiveLimits(), confinement, **keywords)


# --- the include fence (also without a sandbox) --------------------------------------------
@pytest.mark.parametrize(("name", "quoted", "including", "leaves"), [
    ("x.h", True, "src/a.cu", False),
    ("../inc/x.h", True, "src/a.cu", False),
    ("../../x.h", True, "src/a.cu", True),
    ("/etc/passwd", True, "a.cu", True),
    ("/etc/passwd", False, "a.cu", True),
    ("sys/../../x.h", False, "a.cu", True),
    ("vector", False, "a.cu", False),
    ("C:/secret.h", True, "a.cu", True),
    ("..\\secret.h", True, "a.cu", True),
    ("", True, "a.cu", True),
])
def test_tells_which_header_names_can_leave_the_tree(name, quoted, including, leaves):
    assert leaves_tree(name, quoted, including) is leaves


def test_fence_blanks_only_the_includes_that_leave_and_keeps_every_offset():
    source = ('#include "inc/ok.h"\n#include "/etc/shadow"\n#define P "/x"\n#include P\n'
              '#if __has_include(</etc/x>) && __has_include("ok.h")\nint a;\n#endif\n'
              '#embed "ok.bin"\nint b;\n')
    unit = Unit(source, Options(), "src/a.cu")
    fenced = fence_includes(source, unit.directives, "src/a.cu")
    assert len(fenced) == len(source)
    assert [i for i, c in enumerate(fenced) if c == "\n"] == [
        i for i, c in enumerate(source) if c == "\n"]
    assert '#include "inc/ok.h"' in fenced
    assert "/etc/shadow" not in fenced
    assert "#include P" not in fenced
    assert "#if 0" + " " * 23 + '&& __has_include("ok.h")' in fenced
    assert "#embed" not in fenced
    assert fenced.endswith("int b;\n")


def test_unsandboxed_translation_never_reads_or_quotes_a_file_outside_the_tree(
        host_secret, tmp_path, monkeypatch):
    secret_path, canary = host_secret
    (tmp_path / "inc").mkdir()
    os.symlink(secret_path, tmp_path / "inc" / "link.h")
    monkeypatch.chdir(tmp_path)  # paths are relative to the tree, as in a migration
    for name, source in tricks(secret_path).items():
        result = translate(source, Options(), name)
        text = json.dumps([d.message for d in result.diagnostics])
        assert canary not in text, name
        assert "found" not in text or name != "has_include.cu"


# --- the sandbox -----------------------------------------------------------------------------
def test_a_job_in_the_sandbox_shows_no_host_file_and_no_caller_secret(
        host_secret, tmp_path, confinement, monkeypatch):
    secret_path, canary = host_secret
    monkeypatch.setenv("ROCPORT_WORKER_SECRET", canary)
    files = {**tricks(secret_path),
             "environ.cu": f'#include "/proc/1/environ"\n#include "/proc/self/environ"\n{KERNEL}',
             "Makefile": f"include {secret_path}\nall:\n\tnvcc -I{secret_path} a.cu\n"}
    done = run_tree(tmp_path, files, confinement)
    for name in ARTIFACT_NAMES:
        data = (done.artifacts / name).read_bytes()
        if name.endswith((".gz", ".zip")):
            continue  # packed: their members are the translated sources, checked below
        assert canary.encode() not in data, name
    report = json.loads((done.artifacts / "report.json").read_text())
    assert {f["path"] for f in report["files"]} >= set(tricks(secret_path))
    with tarfile.open(done.artifacts / "hip-tree.tar.gz") as bundle:
        for member in bundle.getmembers():
            if member.isfile():
                assert canary.encode() not in bundle.extractfile(member).read(), member.name


def probe_in(sandbox, python: str, probe: str, tmp_path: Path) -> dict:
    """What the Python script PROBE printed after ``SEEN``, run in SANDBOX."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "probe.py").write_text(probe)
    run = sandbox.run([python, "-I", "/job/src/probe.py"], tmp_path / "src", tmp_path / "out")
    assert run.returncode == 0, run.output
    return json.loads(run.output.split("SEEN", 1)[1])


def test_the_sandbox_sees_no_data_folder_no_root_and_no_network(tmp_path, confinement):
    """Folders above the bound tools (``/root/.pyenv``, the checkout's ``.venv``) exist
    inside, but hold nothing else: no data folder, no secrets, no host files."""
    probe = ("import json, os, socket\n"
             "seen = {'host files': [p for p in ('/etc/shadow', '/etc/passwd', '/home', '/var',"
             " '/srv') if os.path.exists(p)],\n"
             "        'root': sorted(os.listdir('/root')), 'tmp': sorted(os.listdir('/tmp')),\n"
             "        'environment': sorted(os.environ), 'network': False,\n"
             "        'checkout': sorted(os.listdir(os.environ['CHECKOUT']))"
             " if os.path.isdir(os.environ['CHECKOUT']) else []}\n"
             "try:\n    socket.create_connection(('127.0.0.1', 6379), 1)\n"
             "    seen['network'] = True\nexcept OSError:\n    pass\n"
             "print('SEEN' + json.dumps(seen))\n")
    checkout = Path(__file__).resolve().parents[2]
    sandbox = dataclasses.replace(confinement.sandbox, environment=(("CHECKOUT", str(checkout)),))
    seen = probe_in(sandbox, confinement.python, probe, tmp_path)

    def tops(folder: str) -> list[str]:  # what the bound tools need of FOLDER
        return sorted({Path(p).relative_to(folder).parts[0]
                       for p in (*python_paths(), confinement.precompiled_stubs)
                       if p.startswith(folder + "/")})

    assert seen["host files"] == []
    assert seen["network"] is False
    assert seen["root"] == tops("/root")
    assert seen["tmp"] == tops("/tmp")
    assert seen["environment"] == ["CHECKOUT", "HIP_PLATFORM", "HOME", "LANG", "PATH", "PWD"]
    assert "var" not in seen["checkout"]
    assert "webapp" not in seen["checkout"]
    assert set(seen["checkout"]) <= {".venv", "translator"}


def test_sandboxed_parses_read_the_stubs_precompiled_outside_and_cannot_change_them(
        tmp_path, stubs_folder, confinement):
    """The stubs (rocport's headers and the system's) are precompiled once, outside the
    sandbox; every sandboxed parse reads them instead of building its own."""
    shared = shared_precompiled_stubs(stubs_folder)
    assert shared == stubs_folder
    assert any(name.endswith(".pch") for name in os.listdir(shared))
    assert confinement.precompiled_stubs == shared
    assert shared in confinement.sandbox.readonly_paths
    # what the sandboxed translation does with the folder it is given (``main``)
    probe = ("import json, os\n"
             "from translator.analysis import clang\n"
             f"folder = {shared!r}\n"
             "stubs = clang.StubCache(shared=folder)\n"
             "found = clang.parse('#include <vector>\\nstd::vector<int> v;\\n', 'a.cu',\n"
             "                    stubs=stubs)\n"
             "print('SEEN' + json.dumps({'used': stubs.used(),\n"
             "    'errors': len(found.errors), 'writable': os.access(folder, os.W_OK)}))\n")
    seen = probe_in(confinement.sandbox, confinement.python, probe, tmp_path)
    assert seen["errors"] == 0
    assert [Path(p).parent for p in seen["used"]] == [Path(shared)]
    assert seen["writable"] is False


def test_a_relative_stubs_folder_is_bound_at_its_absolute_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    made = Confinement.create(wall_seconds=60, memory_bytes=1 << 30, stubs_folder="var/stubs")
    assert made.precompiled_stubs == str(tmp_path / "var" / "stubs")
    assert made.precompiled_stubs in made.sandbox.readonly_paths


def test_the_precompiled_stubs_outlast_the_process_that_built_them(stubs_folder):
    """A worker process that exits (or dies) leaves them for the next, which reuses them."""
    (built,) = [path for path in Path(shared_precompiled_stubs(stubs_folder)).iterdir()]
    before = built.stat().st_mtime_ns
    shared_precompiled_stubs.cache_clear()  # as in a new process
    assert shared_precompiled_stubs(stubs_folder) == stubs_folder
    assert [path for path in Path(stubs_folder).iterdir()] == [built]
    assert built.stat().st_mtime_ns == before


def test_a_libclang_crash_falls_back_to_tokens_for_that_file_only(tmp_path, confinement):
    done = run_tree(tmp_path, {"crash.cu": CRASHER, "fine.cu": "#define N 4\n" + KERNEL},
                    confinement)
    assert done.crashed == ["crash.cu"]
    report = json.loads((done.artifacts / "report.json").read_text())
    messages = {f["path"]: f.get("message", "") for f in report["files"]}
    assert "libclang crashed on this file" in messages["crash.cu"]
    assert "crashed" not in messages["fine.cu"]
    assert {f["path"]: f["status"] for f in report["files"]}["crash.cu"] == "translated"


def test_a_macro_bomb_stops_at_the_memory_limit_and_the_file_is_still_translated(
        tmp_path, confinement):
    done = run_tree(tmp_path, {"bomb.cu": BOMB + "void f() { cudaDeviceSynchronize(); }\n"},
                    confinement)
    report = json.loads((done.artifacts / "report.json").read_text())
    assert report["files"][0]["status"] == "translated"
    assert "hipDeviceSynchronize" in (done.artifacts / "changes.patch").read_text()


def test_python_out_of_memory_fails_with_too_much_memory(tmp_path):
    tight = Confinement.create(wall_seconds=120, memory_bytes=256 << 20)
    big = "".join(f"void f{i}() {{ cudaMalloc(&p{i}, {i}); k<<<{i}, 1>>>(p{i}); }}\n"
                  for i in range(60_000))  # 4 MB of calls: hundreds of MB of tokens
    with pytest.raises(ConfinementFailed) as failed:
        run_tree(tmp_path, {"big.cu": big}, tight)
    assert failed.value.code == "too-much-memory"


def test_an_archive_with_a_link_out_of_the_tree_is_refused_in_the_sandbox(
        host_secret, tmp_path, confinement):
    with pytest.raises(ArchiveError) as refused:
        run_tree(tmp_path, tricks(host_secret[0]), confinement,
                 links={"inc/link.h": str(host_secret[0])})
    assert refused.value.code == "link"


def test_a_refused_archive_is_an_archive_error(tmp_path, confinement):
    with pytest.raises(ArchiveError) as refused:
        run_tree(tmp_path, {"a.cu": "int a;\n", "b.cu": "int b;\n"}, confinement,
                 limits=ArchiveLimits(max_files=1))
    assert refused.value.code == "too-many-files"


def stop_when(condition):
    """A progress (``translator.progress``) that cancels once CONDITION(done) holds."""
    def progress(done: int, total: int) -> None:
        if condition(done):
            raise Canceled()

    return progress


def test_canceling_kills_the_sandbox_at_once(tmp_path, confinement):
    files = {f"f{i}.cu": KERNEL for i in range(30)}
    with pytest.raises(Canceled):
        run_tree(tmp_path, files, confinement, progress=stop_when(lambda done: done >= 2))
    # This run's sandbox (bubblewrap names its folders on its command line), not others'.
    left = subprocess.run(["pgrep", "-f", str(tmp_path)], capture_output=True,
                          text=True).stdout
    assert left == ""


def test_canceling_stops_a_long_file_within_seconds(tmp_path):
    """The bomb keeps libclang busy for many seconds on one file, with no progress line."""
    roomy = Confinement.create(wall_seconds=120, memory_bytes=4 << 30)
    started = time.monotonic()
    with pytest.raises(Canceled):
        run_tree(tmp_path, {"bomb.cu": BOMB}, roomy,
                 progress=stop_when(lambda done: time.monotonic() - started > 1.5))
    assert time.monotonic() - started < 4


def test_a_snippet_past_its_deadline_is_killed(tmp_path):
    quick = Confinement.create(wall_seconds=0.05, memory_bytes=4 << 30)
    with pytest.raises(ConfinementFailed) as failed:
        translate_snippet(BOMB, "bomb.cu", Options(), tmp_path, quick)
    assert failed.value.code == "time-limit"


def test_a_snippet_whose_libclang_runs_long_is_answered_token_only(tmp_path):
    quick = Confinement.create(wall_seconds=3, memory_bytes=4 << 30)
    answer = translate_snippet(BOMB + "void f() { cudaDeviceSynchronize(); }\n", "bomb.cu",
                               Options(), tmp_path, quick)
    assert "hipDeviceSynchronize" in answer["source"]
    assert answer["note"] == ("libclang took too long on this file; it was translated with "
                              "tokens only")


def test_a_snippet_that_crashes_libclang_is_answered_token_only(tmp_path, confinement):
    answer = translate_snippet(CRASHER + "void f() { cudaDeviceSynchronize(); }\n", "c.cu",
                               Options(), tmp_path, confinement)
    assert "hipDeviceSynchronize" in answer["source"]
    assert "libclang crashed" in answer["note"]


@needs_root  # the sandbox picks its own uid only as root
def test_concurrent_sandboxes_do_not_share_one_process_budget(tmp_path, confinement):
    """The kernel counts the process limit per uid: with one shared uid, other sandboxes'
    processes (here 40 sleepers as the old shared uid) made libclang fail to start threads."""
    from concurrent.futures import ThreadPoolExecutor

    sleepers = [subprocess.Popen(["setpriv", "--reuid=65534", "--regid=65534",
                                  "--clear-groups", "sleep", "60"]) for _ in range(40)]
    try:
        def one(index: int) -> dict:
            return translate_snippet(KERNEL.replace("N]", "4]"), f"k{index}.cu", Options(),
                                     tmp_path / str(index), confinement)

        with ThreadPoolExecutor(3) as pool:
            answers = list(pool.map(one, range(3)))
    finally:
        for sleeper in sleepers:
            sleeper.kill()
            sleeper.wait()
    assert all("hipLaunch" in a["source"] or a["findings"] is not None for a in answers)
    assert {confinement.sandbox.uid} != {65534}
