"""The bubblewrap sandbox with real bwrap: isolation, limits, and nothing left running."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

import pytest

from tests.tools import missing, needs_root
from tests.translator.compile.conftest import needs_bubblewrap, processes_mentioning
from translator.sandbox.bubblewrap import Limits, Sandbox, SandboxUnavailable

pytestmark = needs_bubblewrap


@pytest.fixture
def folders(tmp_path):
    source, work = tmp_path / "src", tmp_path / "work"
    source.mkdir()
    work.mkdir()
    (source / "input.txt").write_text("source file\n")
    return source, work


def run(folders, script: str, **limits):
    sandbox = Sandbox(limits=Limits(**{"wall_seconds": 30, **limits}))
    source, work = folders
    return sandbox.run(["/bin/sh", "-c", script], sandbox.source_view(source, work.parent /
                                                                       "staged"), work)


def test_runs_as_the_unprivileged_user(folders):
    assert run(folders, "id -u; id -g").output.split() == ["65534", "65534"]


def test_worker_environment_is_not_visible(folders, monkeypatch):
    canary = f"CANARY-{uuid.uuid4()}"
    monkeypatch.setenv("ROCPORT_WORKER_SECRET", canary)
    result = run(folders, "env; cat /proc/self/environ /proc/1/environ; "
                          "for f in /proc/[0-9]*/environ; do cat $f; done; true")
    assert canary not in result.output
    assert "HIP_PLATFORM=amd" in result.output


def test_has_only_a_loopback_interface(folders):
    lines = run(folders, "cat /proc/net/dev").output.splitlines()[2:]
    assert [line.split(":")[0].strip() for line in lines] == ["lo"]


def test_cannot_connect_to_host_services(folders):
    result = run(folders, "python3 -c \"import socket; "
                          "socket.create_connection(('127.0.0.1', 6379), 2)\" && echo CONNECTED")
    assert "CONNECTED" not in result.output
    assert "Error" in result.output


def test_host_files_are_not_visible(folders, tmp_path):
    other = tmp_path / "other-job"
    other.mkdir()
    (other / "secret.h").write_text("secret\n")
    result = run(folders, f"ls /etc/passwd /root /home /work {other}/secret.h 2>&1; ls /")
    assert result.output.count("No such file or directory") == 5


def test_no_process_shows_the_hosts_paths(folders, tmp_path):
    """bubblewrap's own PID 1 would show its command line, with the host's folders."""
    result = run(folders, "for f in /proc/[0-9]*/cmdline; do tr '\\0' ' ' < $f; echo; done; "
                          "ls -l /proc/[0-9]*/fd/ 2>/dev/null")
    assert "/usr/bin/bwrap --args" in result.output
    assert str(tmp_path) not in result.output


def test_sources_are_read_only_and_the_work_folder_writable(folders):
    result = run(folders, "cat /job/src/input.txt; echo x > /job/src/new 2>&1; "
                          "echo data > /job/out/written && echo WROTE")
    assert "source file" in result.output
    assert "Read-only file system" in result.output
    assert "WROTE" in result.output
    assert (folders[1] / "written").read_text() == "data\n"


def test_private_source_folders_are_staged_readable(folders):
    source, _ = folders
    os.chmod(source, 0o700)
    os.chmod(source / "input.txt", 0o600)
    assert "source file" in run(folders, "cat /job/src/input.txt").output


def test_memory_is_limited(folders):
    result = run(folders, "python3 -c 'b = bytearray(1 << 30)' 2>&1 || echo FAILED",
                 memory_bytes=256 << 20)
    assert "MemoryError" in result.output
    assert "FAILED" in result.output


def test_file_size_is_limited(folders):
    run(folders, "head -c 3000000 /dev/zero > /job/out/big", file_bytes=1 << 20)
    assert (folders[1] / "big").stat().st_size <= 1 << 20


def test_process_count_is_limited(folders):
    marker = f"{uuid.uuid4().int % 10**6}"
    result = run(folders, f"for i in $(seq 60); do sleep 30.{marker} & done; echo STARTED",
                 processes=20, wall_seconds=3)
    assert "Resource temporarily unavailable" in result.output or "fork" in result.output
    assert processes_mentioning(f"sleep 30.{marker}") == []


def test_output_is_capped(folders):
    result = run(folders, "head -c 5000000 /dev/zero | tr '\\0' x", output_bytes=10000)
    assert result.truncated
    assert result.output.count("x") == 10000


def test_timeout_stops_every_process(folders):
    marker = f"{uuid.uuid4().int % 10**6}"
    result = run(folders, f"sleep 100.{marker} & sleep 100.{marker} & sh -c 'sleep 100.{marker}'",
                 wall_seconds=1)
    assert result.timed_out
    assert result.seconds < 10
    assert processes_mentioning(f"sleep 100.{marker}") == []


def test_refuses_without_bubblewrap(tmp_path):
    with pytest.raises(SandboxUnavailable):
        Sandbox(bubblewrap=str(tmp_path / "no-bwrap")).probe(tmp_path)


AS_UID_1000 = ["setpriv", "--reuid=1000", "--regid=1000", "--clear-groups"]


def _python_for_uid_1000() -> str:
    """A Python 3.11+ interpreter that uid 1000 may run (a venv may sit in a private folder)."""
    for candidate in (os.path.realpath(sys.executable), "/usr/bin/python3"):
        check = subprocess.run([*AS_UID_1000, candidate, "-c",
                                "import sys; assert sys.version_info >= (3, 11)"],
                               capture_output=True, cwd="/", timeout=30)
        if check.returncode == 0:
            return candidate
    missing("a Python 3.11 that uid 1000 may run")


@needs_root  # to switch to another user
def test_works_for_a_non_root_caller_in_a_user_namespace():
    # The caller must reach its folders, as a worker reaches its own job folders.
    base = Path(tempfile.mkdtemp(prefix="rocport-nonroot-"))
    try:
        base.chmod(0o755)
        (base / "src").mkdir(mode=0o755)
        (base / "work").mkdir()
        os.chown(base / "work", 1000, 1000)
        script = (
            "from pathlib import Path; from translator.sandbox.bubblewrap import Sandbox; "
            "s = Sandbox(); assert not s.drops_privileges; "
            f"r = s.run(['/bin/sh', '-c', 'id -u; cat /proc/1/environ'], Path('{base}/src'), "
            f"Path('{base}/work')); print(r.output)"
        )
        # A copy of the package: the clone itself may sit below a folder uid 1000 cannot enter.
        shutil.copytree(Path(__file__).resolve().parents[3] / "translator",
                        base / "lib" / "translator")
        python = _python_for_uid_1000()
        completed = subprocess.run(
            [*AS_UID_1000, python, "-c", script], capture_output=True, text=True, timeout=60,
            cwd=base,
            env={"PATH": os.environ["PATH"], "PYTHONPATH": str(base / "lib"),
                 "ROCPORT_WORKER_SECRET": "canary-non-root"},
        )
    finally:
        shutil.rmtree(base, ignore_errors=True)
    assert completed.stdout.split()[:1] == ["65534"], completed.stderr + completed.stdout
    assert "canary-non-root" not in completed.stdout


def test_a_linked_system_folder_keeps_its_link_and_target(folders):
    # As /opt/rocm -> /opt/rocm-6.3.0 in ROCm images (outside /tmp, which is the job's own).
    base = Path(tempfile.mkdtemp(prefix="rocport-link-", dir="/var/tmp"))
    try:
        (base / "rocm-9.9" / "bin").mkdir(parents=True)
        (base / "rocm-9.9" / "bin" / "tool").write_text("tool\n")
        (base / "rocm").symlink_to(base / "rocm-9.9")
        base.chmod(0o755)
        sandbox = Sandbox(readonly_paths=(*Sandbox().readonly_paths, str(base / "rocm")))
        result = sandbox.run(["/bin/sh", "-c", f"readlink {base}/rocm; cat {base}/rocm/bin/tool"],
                             *folders)
    finally:
        shutil.rmtree(base)
    assert result.output.split() == [str(base / "rocm-9.9"), "tool"]
