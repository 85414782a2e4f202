"""Run an untrusted compiler command in a bubblewrap sandbox with resource limits.

The sandbox sees a read-only system (``/usr``, the ROCm folders, a few harmless files
of ``/etc``), the job's sources read-only at ``/job/src``, one writable folder at
``/job/out`` (also its ``/tmp``), a fresh ``/proc`` and a minimal ``/dev``. It has no
network, its own PID, IPC and UTS namespaces, a new session (no terminal injection),
dies with its parent, and runs as an unprivileged user (uid/gid 65534 by default):

- started as root, bubblewrap sets up the mounts and ``setpriv`` drops to the real
  unprivileged uid, so the process-count limit applies (the kernel never applies it to
  root); the sources are staged into the job folder first (hard links) so that the
  unprivileged user can read them whatever the permissions of their parent folders;
- started as another user, bubblewrap maps the caller to uid 65534 in a new user
  namespace and forbids nested user namespaces.

With ``root`` set (a runner: translator/compile/runners.py), the sandbox's whole file
system is that root, read-only, instead of the host's system folders: hipcc, cmake, make,
the headers and libraries all come from it, and nothing of the host's toolchain is seen.
The root holds empty ``/job/src``, ``/job/out`` and ``/tmp`` folders to mount on.

bubblewrap is started from an EMPTY environment and receives only the variables the
compiler needs through ``--setenv``: otherwise its own process (PID 1 in the sandbox)
would carry the worker's environment, secrets included, readable in ``/proc/1/environ``.

Limits (``Limits``) are set with ``prlimit`` on the whole process tree: CPU seconds and
address space per process, file size, open files, no core files, and the number of
processes of the sandbox user. The wall-clock limit and the captured-output limit are
enforced by translator/sandbox/supervise.py, which kills and reaps the whole tree on timeout.
"""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from translator.sandbox.supervise import Run, supervise

__all__ = ["Limits", "Run", "Sandbox", "SandboxUnavailable", "SYSTEM_PATH"]

SYSTEM_PATH = "/opt/rocm/bin:/usr/local/bin:/usr/bin:/bin"
#: Read-only system paths visible in the sandbox (those that exist). Nothing here may
#: hold secrets: no home folders, no /etc/passwd, no worker configuration.
READONLY_PATHS = (
    "/usr", "/opt/rocm", "/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf",
    "/etc/ld.so.conf.d", "/etc/os-release",
)
SOURCE_MOUNT = "/job/src"
WORK_MOUNT = "/job/out"
NOBODY = 65534


class SandboxUnavailable(RuntimeError):
    """bubblewrap is missing or cannot create a sandbox on this machine."""


@dataclass(frozen=True)
class Limits:
    """Resource limits for one sandboxed command."""

    wall_seconds: float = 300.0
    cpu_seconds: int = 300  # per process
    memory_bytes: int = 4 << 30  # address space per process
    file_bytes: int = 512 << 20  # largest file a process may write
    processes: int = 128  # processes of the sandbox user at once
    open_files: int = 1024
    output_bytes: int = 256 << 10  # captured stdout+stderr; the rest is counted, not kept
    #: Scheduling priority (``nice``): 10 keeps pages and the API answering on a host
    #: whose CPUs are busy with sandboxed work.
    niceness: int = 0

    def prlimit_arguments(self) -> list[str]:
        return [
            f"--cpu={self.cpu_seconds}:{self.cpu_seconds + 5}", f"--as={self.memory_bytes}",
            f"--fsize={self.file_bytes}", f"--nproc={self.processes}",
            f"--nofile={self.open_files}", "--core=0",
        ]


@dataclass(frozen=True)
class Sandbox:
    """How to run commands. ``bubblewrap=None`` means no sandbox (development only)."""

    bubblewrap: str | None = "/usr/bin/bwrap"
    limits: Limits = Limits()
    uid: int = NOBODY
    gid: int = NOBODY
    readonly_paths: tuple[str, ...] = READONLY_PATHS
    environment: tuple[tuple[str, str], ...] = ()
    #: A runner's root file system, shown as the sandbox's "/" (then READONLY_PATHS are
    #: not used); None: the host's system folders.
    root: str | None = None

    @property
    def isolated(self) -> bool:
        return self.bubblewrap is not None

    @property
    def drops_privileges(self) -> bool:
        """True when we are root and the sandbox switches to the unprivileged uid."""
        return self.isolated and os.geteuid() == 0

    def describe(self) -> str:
        if not self.isolated:
            return "none (development setting: hipcc runs unsandboxed)"
        how = "setpriv as root" if self.drops_privileges else "user namespace"
        return f"bubblewrap ({how}, uid {self.uid})"

    def host_path(self, path: str) -> Path:
        """Where the file the sandbox sees at PATH (absolute) is on the host."""
        return Path(self.root, path.lstrip("/")) if self.root else Path(path)

    def which(self, program: str) -> str | None:
        """PROGRAM's path as the sandbox sees it, looked up on its PATH; None if absent."""
        for folder in SYSTEM_PATH.split(":"):
            candidate = f"{folder}/{program}"
            found = self.host_path(candidate)
            if found.is_file() and os.access(found, os.X_OK):
                return candidate
        return None

    def mounts(self, source_dir: Path, work_dir: Path) -> tuple[str, str]:
        """Where SOURCE_DIR and WORK_DIR appear to the command."""
        if self.isolated:
            return SOURCE_MOUNT, WORK_MOUNT
        return str(source_dir), str(work_dir)

    def command_environment(self) -> dict[str, str]:
        base = {"PATH": SYSTEM_PATH, "HIP_PLATFORM": "amd", "HOME": "/tmp", "LANG": "C.UTF-8"}
        base.update(dict(self.environment))
        base["HIP_PLATFORM"] = "amd"  # with nvcc installed hipcc would pick NVIDIA otherwise
        return base

    def probe(self, scratch: Path) -> None:
        """Raise SandboxUnavailable unless a trivial command runs in the sandbox."""
        if self.bubblewrap is None:  # not isolated
            if self.root:
                raise SandboxUnavailable("a runner's root is only ever used in bubblewrap")
            return
        if not (Path(self.bubblewrap).is_file() and os.access(self.bubblewrap, os.X_OK)):
            raise SandboxUnavailable(f"bubblewrap not found at {self.bubblewrap}")
        source, work = scratch / "probe-src", scratch / "probe-out"
        for folder in (source, work):
            folder.mkdir(parents=True, exist_ok=True)
        os.chmod(source, 0o755)
        run = self.run(["/bin/sh", "-c", "exit 0"], source, work)
        if run.returncode != 0:
            raise SandboxUnavailable(f"bubblewrap cannot start a sandbox: {run.output.strip()}")

    def source_view(self, source_dir: Path, staging_dir: Path) -> Path:
        """The folder to mount as the sources: SOURCE_DIR, or a staged view of it.

        When privileges are dropped, the unprivileged user could not enter a source
        folder below a private (0700) parent; the tree is then rebuilt in STAGING_DIR
        with hard links (copies across file systems or for files others cannot read).
        Symbolic links are recreated as they are: inside the sandbox they resolve
        against the sandbox's own file system, which holds nothing of the host's.
        """
        if not self.drops_privileges:
            return source_dir
        _stage(source_dir, staging_dir)
        return staging_dir

    def prepare(self, work_dir: Path) -> None:
        """Make WORK_DIR (and its tmp folder) writable for the sandbox user."""
        (work_dir / "tmp").mkdir(parents=True, exist_ok=True)
        if self.drops_privileges:
            for folder in (work_dir, work_dir / "tmp"):
                os.chown(folder, self.uid, self.gid)
                os.chmod(folder, 0o700)

    def run(self, argv: list[str], source_dir: Path, work_dir: Path,
            watch: Callable[[str | None], bool] | None = None) -> Run:
        """Run ARGV with SOURCE_DIR read-only and WORK_DIR writable; never raises on failure.
        WATCH sees each output line and may stop the run (translator.sandbox.supervise)."""
        self.prepare(Path(work_dir))
        if not self.isolated:
            return supervise(self._limited(list(argv)), self.command_environment(), source_dir,
                             self.limits.wall_seconds, self.limits.output_bytes, watch)
        # bubblewrap reads its arguments from a file descriptor: on its command line they
        # would show the host's paths to the sandbox in /proc/1/cmdline (its PID 1 is a
        # copy of bubblewrap).
        options, inner = self._wrapped(argv, Path(source_dir), Path(work_dir))
        descriptor = _arguments_file(options[1:])
        try:
            command = self._limited([options[0], "--args", str(descriptor), "--", *inner])
            return supervise(command, {}, None, self.limits.wall_seconds,
                             self.limits.output_bytes, watch, pass_fds=(descriptor,))
        finally:
            os.close(descriptor)

    def _wrapped(self, argv: list[str], source_dir: Path,
                 work_dir: Path) -> tuple[list[str], list[str]]:
        """(bubblewrap and its options, the command it runs)."""
        assert self.bubblewrap is not None  # only an isolated sandbox wraps
        command = [self.bubblewrap]
        job = [
            "--ro-bind", str(source_dir), SOURCE_MOUNT,
            "--bind", str(work_dir), WORK_MOUNT,
            "--bind", str(work_dir / "tmp"), "/tmp",
        ]
        if self.root:
            command += ["--ro-bind", self.root, "/", *job]
        else:
            # The job's folders and /tmp first: a read-only path below /tmp (a checkout's
            # virtual environment in a temporary folder, as in CI) is then bound on top of
            # the sandbox's own /tmp instead of being hidden by it.
            command += ["--perms", "0755", "--dir", "/job", *job, *self._host_system()]
        command += [
            "--proc", "/proc", "--dev", "/dev",
            "--chdir", SOURCE_MOUNT,
            "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
            "--unshare-cgroup-try", "--die-with-parent", "--new-session",
        ]
        for name, value in self.command_environment().items():
            command += ["--setenv", name, value]
        if self.drops_privileges:
            command += ["--cap-add", "CAP_SETUID,CAP_SETGID"]
            argv = ["/usr/bin/setpriv", f"--reuid={self.uid}", f"--regid={self.gid}",
                    "--clear-groups", "--inh-caps=-all", "--bounding-set=-all",
                    "--no-new-privs", "--", *argv]
        else:
            command += ["--unshare-user", "--uid", str(self.uid), "--gid", str(self.gid),
                        "--disable-userns"]
        return command, argv

    def _host_system(self) -> list[str]:
        """bubblewrap's options that show the host's READONLY_PATHS and top folders."""
        command: list[str] = []
        made = {Path("/job"), Path("/tmp")}

        def parents(path: str) -> list[str]:
            created = []
            for parent in reversed(Path(path).parents[:-1]):
                if parent not in made:  # bubblewrap would create it private (0700)
                    created += ["--perms", "0755", "--dir", str(parent)]
                    made.add(parent)
            return created

        for path in self.readonly_paths:
            if not os.path.exists(path):
                continue
            if os.path.islink(path) and not path.startswith("/etc/"):
                # /opt/rocm -> /opt/rocm-6.3.0: keep the link and its target, so that
                # absolute links inside the ROCm tree still resolve.
                real = os.path.realpath(path)
                command += [*parents(real), "--ro-bind", real, real]
                command += [*parents(path), "--symlink", os.readlink(path), path]
            else:
                command += [*parents(path), "--ro-bind", path, path]
        for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
            top = Path("/", name)
            if top.is_symlink():
                command += ["--symlink", os.readlink(top), str(top)]
            elif top.is_dir():
                command += ["--ro-bind", str(top), str(top)]
        return command

    def _limited(self, command: list[str]) -> list[str]:
        prlimit = shutil.which("prlimit", path=SYSTEM_PATH + ":/usr/sbin:/sbin")
        if prlimit is None:
            raise SandboxUnavailable("prlimit (util-linux) is needed to set resource limits")
        limited = [prlimit, *self.limits.prlimit_arguments(), "--", *command]
        nice = shutil.which("nice", path=SYSTEM_PATH)
        if self.limits.niceness and nice is not None:
            limited = [nice, "-n", str(self.limits.niceness), *limited]
        return limited


def _arguments_file(arguments: list[str]) -> int:
    """A descriptor of an anonymous file holding ARGUMENTS, each ended by NUL, at offset 0
    (what bubblewrap's ``--args FD`` reads; it closes the descriptor before it runs
    anything)."""
    descriptor = os.memfd_create("bubblewrap-arguments", 0)  # not inherited by default
    data = b"".join(os.fsencode(argument) + b"\0" for argument in arguments)
    written = 0
    while written < len(data):
        written += os.write(descriptor, data[written:])
    os.lseek(descriptor, 0, os.SEEK_SET)
    return descriptor


def _stage(source_dir: Path, staging_dir: Path) -> None:
    staging_dir.mkdir(parents=True, exist_ok=True)
    os.chmod(staging_dir, 0o755)
    for folder, folders, files in os.walk(source_dir, followlinks=False):
        target = staging_dir / Path(folder).relative_to(source_dir)
        for name in folders:
            if (Path(folder) / name).is_symlink():
                os.symlink(os.readlink(Path(folder) / name), target / name)
            else:
                (target / name).mkdir(mode=0o755)
        for name in files:
            _stage_file(Path(folder) / name, target / name)


def _stage_file(source: Path, target: Path) -> None:
    info = source.lstat()
    if stat.S_ISLNK(info.st_mode):
        os.symlink(os.readlink(source), target)
    elif stat.S_ISREG(info.st_mode):
        if info.st_mode & stat.S_IROTH:
            try:
                os.link(source, target, follow_symlinks=False)
                return
            except OSError:
                pass
        shutil.copyfile(source, target, follow_symlinks=False)
        os.chmod(target, 0o644)
