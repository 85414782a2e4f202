"""``rocport runner build NAME``: a runner's root file system from Debian's packages.

``build_runner(spec, runners_dir)`` runs ``mmdebstrap`` for the runner's suite and
packages into ``RUNNERS_DIR/NAME.partial/root``, compile-only (dpkg ``path-exclude`` leaves
out the GPU code objects and documentation; empty files stand where they were, so that
CMake's imported targets still find their libraries), unpacks the packages apt cannot
install (``RunnerSpec.unpacked``: RCCL's headers in sid), makes the folders the sandbox
mounts on, probes what the runner is (``runner.json``: HIP and clang versions, GPU
targets, libraries, package versions, size, build time) and only then moves it to
``RUNNERS_DIR/NAME``. So a build that is interrupted leaves no runner that looks whole:
the next build starts the partial one again. A current runner (same definition) is not
built again unless FORCE; two builds of one runner at once wait for each other (a lock).

Needs ``mmdebstrap`` (Debian 12: ``apt-get install mmdebstrap``), and root or user
namespaces with subordinate ids (mmdebstrap's ``unshare`` mode). The archive copy this
project reaches is frozen, so apt is told not to check the Release files' dates.
"""

from __future__ import annotations

import contextlib
import fcntl
import fnmatch
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from translator.compile.runners import Runner, RunnerSpec, RunnerUnavailable, find_runner
from translator.compile.toolchain import (
    FALLBACK_ARCHS,
    INCLUDE_ROOTS,
    installed_libraries,
    parse_version_output,
)
from translator.sandbox.bubblewrap import Limits, Sandbox

__all__ = ["build_runner", "RunnerBuildFailed", "PROBED_ARCHS"]

#: GPU targets a runner is asked about (``rocport runner list`` shows those it accepts).
PROBED_ARCHS = (*FALLBACK_ARCHS, "gfx1030", "gfx1100", "gfx1101", "gfx1200", "gfx1201")
_MOUNT_POINTS = ("job/src", "job/out", "tmp")
_IMPORTED_LIBRARY = re.compile(r"\$\{_IMPORT_PREFIX\}/lib/x86_64-linux-gnu/(lib[\w.+-]+\.so[\d.]*)")


class RunnerBuildFailed(Exception):
    """The build did not give a runner; the message says why (and the log's end)."""


def build_runner(spec: RunnerSpec, runners_dir: str | Path, *,
                 say: Callable[[str], None] = print, force: bool = False) -> Runner:
    """Build SPEC into RUNNERS_DIR (see the module docstring); SAY gets progress lines."""
    folder = Path(runners_dir)
    folder.mkdir(parents=True, exist_ok=True)
    with _locked(folder / f"{spec.name}.lock", say):
        say = _logged(say, folder / f"{spec.name}.log")
        if not force:
            with contextlib.suppress(RunnerUnavailable):
                runner = find_runner(spec.name, folder)
                say(f"{spec.name} is built already ({folder / spec.name})")
                return runner
        partial = folder / f"{spec.name}.partial"
        if partial.exists():
            say(f"removing the unfinished build {partial}")
            _remove_partial(partial)
        partial.mkdir()
        started = time.monotonic()
        root = partial / "root"
        _bootstrap(spec, root, say)
        placeholders = _placeholders(root, spec.excluded)
        say(f"{placeholders} empty files stand for code objects and large libraries")
        for mount in _MOUNT_POINTS:
            (root / mount).mkdir(parents=True, exist_ok=True)
            os.chmod(root / mount, 0o755)
        say("probing the toolchain")
        info = _probe(spec, root)
        info["build_seconds"] = round(time.monotonic() - started, 1)
        info["size_bytes"] = _size(root)
        (partial / "runner.json").write_text(json.dumps(info, indent=2) + "\n")
        _replace(folder / spec.name, partial)
        runner = find_runner(spec.name, folder)
        say(f"built {runner.describe()} in {info['build_seconds']:.0f} s, "
            f"{info['size_bytes'] / 1e9:.2f} GB, at {folder / spec.name}")
        return runner


def _logged(say: Callable[[str], None], log: Path) -> Callable[[str], None]:
    """SAY, each line also written to LOG (started afresh), where a worker's heartbeat
    reads a build's progress for the runners page."""
    log.write_text("")

    def both(line: str) -> None:
        say(line)
        with open(log, "a", encoding="utf-8") as out:
            out.write(line + "\n")
    return both


@contextlib.contextmanager
def _locked(path: Path, say: Callable[[str], None]) -> Iterator[None]:
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            say(f"another build of this runner is running; waiting for it ({path})")
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)


def _bootstrap(spec: RunnerSpec, root: Path, say: Callable[[str], None]) -> None:
    mmdebstrap = shutil.which("mmdebstrap")
    if mmdebstrap is None:
        raise RunnerBuildFailed("mmdebstrap is not installed (apt-get install mmdebstrap)")
    command = [mmdebstrap, "--variant=apt", "--mode=auto",
               '--aptopt=Acquire::Check-Valid-Until "false"',
               "--aptopt=Acquire::Retries 3",
               *(f"--dpkgopt=path-exclude={pattern}" for pattern in spec.excluded),
               f"--include={','.join(spec.packages)}"]
    for package in spec.unpacked:
        # apt cannot install it; its headers and CMake files are wanted all the same
        command.append(f"--customize-hook=chroot \"$1\" sh -c 'cd /tmp && apt-get download "
                       f"-q {package} && dpkg-deb -x {package}_*.deb / && rm -f "
                       f"{package}_*.deb'")
    command += [spec.suite, str(root), spec.mirror]
    say(f"mmdebstrap {spec.suite}: {len(spec.packages)} packages and their dependencies "
        f"(a few minutes)")
    log: list[str] = []
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          stdin=subprocess.DEVNULL, text=True, errors="replace") as process:
        assert process.stdout is not None
        for line in process.stdout:
            log.append(line.rstrip())
            if line.startswith("I: "):
                say(line[3:].strip())
    if process.returncode != 0:
        tail = "\n".join(log[-15:])
        raise RunnerBuildFailed(f"mmdebstrap failed with status {process.returncode}:\n{tail}")


def _placeholders(root: Path, excluded: tuple[str, ...]) -> int:
    """Empty files where dpkg left out excluded files, and where a link of a library
    points to nothing (the library of an unpacked package); how many were made."""
    listed: set[str] = set()
    for listing in (root / "var/lib/dpkg/info").glob("*.list"):
        listed.update(line for line in listing.read_text(errors="replace").splitlines()
                      if line.startswith("/"))
    folders = {str(Path(path).parent) for path in listed}
    made = 0
    for path in sorted(listed - folders):
        target = root / path.lstrip("/")
        if os.path.lexists(target) or not any(fnmatch.fnmatch(path, p) for p in excluded):
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.touch()
        made += 1
    library = root / "usr/lib/x86_64-linux-gnu"
    for link in library.glob("*.so*"):
        if link.is_symlink() and not link.exists():
            destination = library / os.readlink(link)
            if destination.parent == library:
                destination.touch()
                made += 1
    # The libraries CMake's exported targets name (an unpacked package's point to a
    # library that was never installed: rccl-targets.cmake to librccl.so.1.0).
    for targets in (library / "cmake").rglob("*.cmake"):
        text = targets.read_text(errors="replace")
        for name in set(_IMPORTED_LIBRARY.findall(text)):
            destination = library / name
            if not os.path.lexists(destination):
                destination.touch()
                made += 1
    return made


def _probe(spec: RunnerSpec, root: Path) -> dict:
    """runner.json's facts, asked of the runner itself (in a sandbox on its root)."""
    sandbox = Sandbox(root=str(root), limits=Limits(wall_seconds=120))
    with tempfile.TemporaryDirectory(prefix="rocport-runner-probe-") as scratch:
        source, work = Path(scratch, "src"), Path(scratch, "out")
        source.mkdir()
        os.chmod(source, 0o755)
        (source / "probe.hip").write_text("int rocport_probe;\n")
        hipcc = sandbox.which("hipcc")
        if hipcc is None:
            raise RunnerBuildFailed(f"the root at {root} has no hipcc")
        version = sandbox.run([hipcc, "--version"], source, work)
        hip, clang, vendor = parse_version_output(version.output)
        if not hip:
            raise RunnerBuildFailed(f"hipcc --version in the runner failed: "
                                    f"{version.output.strip()[:300]}")
        archs = [arch for arch in PROBED_ARCHS if sandbox.run(
            [hipcc, "-###", "-x", "hip", "-c", f"--offload-arch={arch}", "probe.hip", "-o",
             "/dev/null"], source, work).returncode == 0]
    roots = tuple(str(sandbox.host_path(folder)) for folder in INCLUDE_ROOTS)
    return {
        "name": spec.name, "suite": spec.suite, "hip": spec.hip, "digest": spec.digest(),
        "compile_only": bool(spec.excluded), "hipcc": hipcc,
        "versions": {"hip": hip, "clang": clang, "clang_vendor": vendor},
        "offload_archs": archs, "libraries": installed_libraries(roots),
        "packages": _package_versions(root, (*spec.packages, *spec.unpacked)),
        "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def _package_versions(root: Path, wanted: tuple[str, ...]) -> dict[str, str]:
    """{package: version} of the packages asked for; "unpacked" for those dpkg did not
    install (``RunnerSpec.unpacked``)."""
    versions: dict[str, str] = {}
    status = (root / "var/lib/dpkg/status").read_text(errors="replace")
    for block in status.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines()
                      if ": " in line and not line.startswith(" "))
        if fields.get("Package") in wanted and "installed" in fields.get("Status", ""):
            versions[fields["Package"]] = fields.get("Version", "")
    return {package: versions.get(package, "unpacked") for package in wanted}


def _size(root: Path) -> int:
    """Bytes the root takes on disk (hard links once)."""
    seen, total = set(), 0
    for folder, _, names in os.walk(root):
        for name in names:
            info = os.lstat(os.path.join(folder, name))
            if (info.st_dev, info.st_ino) not in seen:
                seen.add((info.st_dev, info.st_ino))
                total += info.st_blocks * 512
    return total


def _remove_partial(partial: Path) -> None:
    """Remove an interrupted build. mmdebstrap mounts /proc, /sys and parts of /dev into
    the root while it installs; killed, it may leave them mounted, and removing the
    folder would then reach into the host's: they are unmounted first."""
    mounted = [point for point in _mount_points()
               if point == str(partial) or point.startswith(str(partial) + "/")]
    for point in sorted(mounted, key=len, reverse=True):
        subprocess.run(["umount", "--lazy", point], check=False, capture_output=True)
    if any(point.startswith(str(partial) + "/") for point in _mount_points()):
        raise RunnerBuildFailed(f"{partial} still has file systems mounted in it; unmount "
                                "them (umount -R) and build again")
    shutil.rmtree(partial)


def _mount_points() -> list[str]:
    """Mount points of this process's namespace (/proc/self/mountinfo's fifth field)."""
    points = []
    with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as info:
        for line in info:
            fields = line.split()
            if len(fields) > 4:
                points.append(fields[4].encode().decode("unicode_escape"))
    return points


def _replace(current: Path, partial: Path) -> None:
    """Put PARTIAL where CURRENT is, the old build removed only once the new one is in."""
    old = current.with_name(current.name + ".old")
    if old.exists():
        shutil.rmtree(old)
    if current.exists():
        current.rename(old)
    partial.rename(current)
    if old.exists():
        shutil.rmtree(old)
