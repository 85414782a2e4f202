"""Runners: the toolchains the compile check runs in.

A runner is a named root file system holding hipcc, cmake, make and the ROCm libraries'
headers, built from a distribution's packages by ``rocport runner build NAME``
(translator/compile/runner_build.py) into ``RUNNERS_DIR/NAME/root``. ``host`` is this
machine's own system folders and needs no build. The compile check runs every command of
a runner inside its root under bubblewrap (``Sandbox.root``), so hipcc, cmake, make and
the library detection all come from the runner and nothing of the host's toolchain leaks
in.

``RUNNERS_DIR/NAME/runner.json`` records a built runner (``RunnerInfo``): its definition
and the digest that tells a stale build, the packages and versions installed, HIP and
clang versions, the GPU targets its compiler accepts, the libraries whose headers it has,
its size, when it was built and how long that took. A runner is compile-only by default:
the GPU code objects of the libraries (rocBLAS' Tensile kernels, hipBLASLt's, the device
code inside librocsolver and librocsparse), which ``hipcc -c`` never reads, are left out
and empty files stand where they were, so that CMake's ``find_package`` still finds
every imported library.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

__all__ = ["RunnerSpec", "Runner", "RunnerUnavailable", "SPECS", "HOST", "spec_named",
           "default_runners_dir", "find_runner", "built_runners", "hip_series",
           "runner_for_version"]

HOST = "host"
_INFO = "runner.json"
#: Raised when the way a runner is built changes (translator/compile/runner_build.py), so
#: that runners built before are built again: 2, placeholders for CMake's imported
#: libraries.
BUILD_FORMAT = 2


@dataclass(frozen=True)
class RunnerSpec:
    """How a runner is built: a Debian suite and the packages installed into it."""

    name: str
    suite: str
    #: The HIP release its hipcc compiles with (major.minor): jobs targeting it use it.
    hip: str
    packages: tuple[str, ...]
    #: Packages whose files are unpacked into the root though apt cannot install them
    #: (their libraries depend on packages the suite dropped): headers and CMake files.
    unpacked: tuple[str, ...] = ()
    mirror: str = "http://deb.debian.org/debian"
    #: dpkg path-exclude patterns of a compile-only root (empty files stand there).
    excluded: tuple[str, ...] = ()

    def digest(self) -> str:
        """What a built root was made from, and how (``BUILD_FORMAT``): a different
        digest means build again."""
        made_from = {**asdict(self), "format": BUILD_FORMAT}
        return hashlib.sha256(json.dumps(made_from, sort_keys=True).encode()).hexdigest()


#: Never read by a compile: documentation, translations.
_DOCUMENTATION = ("/usr/share/doc/*", "/usr/share/man/*", "/usr/share/info/*",
                  "/usr/share/locale/*")
#: GPU code objects and the libraries that hold them (gigabytes; ``hipcc -c`` reads none).
_CODE_OBJECTS = tuple(f"/usr/lib/x86_64-linux-gnu/{pattern}" for pattern in (
    "rocblas/*", "hipblaslt/*", "librocblas.so.*", "librocsolver.so.*",
    "librocsparse.so.*", "librocrand.so.*", "libhipblaslt.so.*", "librocfft.so.*",
    "libMIOpen.so.*", "librccl.so.*"))
_COMMON = ("gcc", "g++", "cmake", "make")

SPECS = (
    RunnerSpec(
        "rocm-6.4", "sid", "6.4",
        packages=("hipcc", "libamdhip64-dev", "rocm-device-libs-21", "libhipcub-dev",
                  "librocthrust-dev", "librocprim-dev", "libhipblas-dev", "libhipblaslt-dev",
                  "librocblas-dev", "libhipsolver-dev", "librocsolver-dev", "libhipfft-dev",
                  "librocfft-dev", "libhipsparse-dev", "librocsparse-dev", "libhiprand-dev",
                  "librocrand-dev", "libmiopen-dev", "libroctx-dev", "libomp-21-dev",
                  *_COMMON),
        unpacked=("librccl-dev",),
        excluded=(*_DOCUMENTATION, *_CODE_OBJECTS),
    ),
    RunnerSpec(
        "rocm-5.7", "trixie", "5.7",
        packages=("hipcc", "libamdhip64-dev", "rocm-device-libs-17", "libhipcub-dev",
                  "librocthrust-dev", "librocprim-dev", "libhipblas-dev", "librocblas-dev",
                  "libhipsolver-dev", "librocsolver-dev", "libhipfft-dev", "librocfft-dev",
                  "libhipsparse-dev", "librocsparse-dev", "libhiprand-dev", "librocrand-dev",
                  "librccl-dev", "libomp-17-dev", *_COMMON),
        excluded=(*_DOCUMENTATION, *_CODE_OBJECTS),
    ),
)


class RunnerUnavailable(Exception):
    """The runner asked for is unknown or not built; the message says what to do."""


@dataclass(frozen=True)
class Runner:
    """A runner ready to compile in: ``root`` None is the host."""

    name: str
    root: Path | None
    info: dict = field(default_factory=dict, compare=False)

    @property
    def hip(self) -> str:
        """Its HIP release as major.minor ('' for the host until probed)."""
        return str(self.info.get("hip", ""))

    def describe(self) -> str:
        if self.root is None:
            return "host: this machine's hipcc"
        versions = self.info.get("versions", {})
        return (f"{self.name}: HIP {versions.get('hip', '?')}, clang "
                f"{versions.get('clang', '?')} (Debian {self.info.get('suite', '?')})")


def spec_named(name: str) -> RunnerSpec:
    for spec in SPECS:
        if spec.name == name:
            return spec
    known = ", ".join([HOST, *(spec.name for spec in SPECS)])
    raise RunnerUnavailable(f"no runner named {name!r}; the runners are {known}")


def default_runners_dir() -> Path:
    """Where built runners are kept unless a setting says otherwise: the user's cache,
    outside any checkout, so that every clone on the machine shares them."""
    return Path.home() / ".cache" / "rocport" / "runners"


def _read_info(folder: Path) -> dict | None:
    try:
        info = json.loads((folder / _INFO).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return info if isinstance(info, dict) else None


def find_runner(name: str, runners_dir: str | Path | None = None) -> Runner:
    """The runner NAME, built and current in RUNNERS_DIR; RunnerUnavailable otherwise."""
    if name == HOST:
        return Runner(HOST, None)
    spec = spec_named(name)
    folder = Path(runners_dir or default_runners_dir()) / name
    info = _read_info(folder)
    if info is None or not (folder / "root").is_dir():
        raise RunnerUnavailable(f"the runner {name} is not built in {folder.parent}; build "
                                f"it with: rocport runner build {name}")
    if info.get("digest") != spec.digest():
        raise RunnerUnavailable(f"the runner {name} in {folder.parent} was built from another "
                                f"definition; build it again with: rocport runner build {name}")
    return Runner(name, folder / "root", info)


def built_runners(runners_dir: str | Path | None = None) -> list[Runner]:
    """The runners built and current in RUNNERS_DIR, newest HIP first."""
    found = []
    for spec in SPECS:
        try:
            found.append(find_runner(spec.name, runners_dir))
        except RunnerUnavailable:
            continue
    return sorted(found, key=lambda runner: hip_series(runner.hip), reverse=True)


def hip_series(version: str) -> tuple[int, ...]:
    """(major, minor) of a HIP version text ('6.4.43484-9999' -> (6, 4)); () if none."""
    numbers = re.findall(r"\d+", version)[:2]
    return tuple(int(number) for number in numbers)


def runner_for_version(runners: list[Runner], version: str) -> Runner | None:
    """Of RUNNERS (newest first), the one whose HIP release is VERSION's major.minor, else
    the newest; None when there is none."""
    wanted = hip_series(version)
    for runner in runners:
        if wanted and hip_series(runner.hip) == wanted:
            return runner
    return runners[0] if runners else None
