"""The runner's hipcc: where it is, which HIP and clang it is, which GPU targets it accepts.

Two hipcc flavours exist: the perl script of HIP 5.x (Debian 12: HIP 5.2, clang 15) and
the hipcc binary of ROCm 6/7 (``AMD clang version 18/19/20 ...``). Both print
``HIP version: X`` and clang's ``... clang version N`` banner for ``--version``;
``hipconfig --version`` is the fallback for the HIP version.

A target is accepted when the driver accepts ``--offload-arch=T`` in a dry run (``-###``,
no compilation, a fraction of a second). A requested target the compiler does not know
is replaced by the newest gfx9 target it knows (gfx942 → gfx940 on HIP 5.2), and the
report says so.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from translator.compile.failures import load_libraries
from translator.sandbox.bubblewrap import SYSTEM_PATH, Sandbox

__all__ = ["Toolchain", "find_toolchain", "choose_archs", "parse_version_output",
           "installed_libraries", "sandbox_libraries", "FALLBACK_ARCHS", "INCLUDE_ROOTS"]

#: Newest first: the stand-ins for a target the runner's compiler does not know.
FALLBACK_ARCHS = ("gfx950", "gfx942", "gfx941", "gfx940", "gfx90a", "gfx908", "gfx906",
                  "gfx900")
_HIP_VERSION = re.compile(r"HIP version:\s*(\d[\w.\-]*)")
_CLANG_VERSION = re.compile(
    r"(?:^|\n)\s*(?P<vendor>[\w ]*?)\s*clang version\s+(?P<v>\d+(?:\.\d+)*)"
)
_BARE_VERSION = re.compile(r"^\s*(\d+\.\d+[\w.\-]*)")
#: Where a runner's libraries put their headers (the sandbox shows both).
INCLUDE_ROOTS = ("/usr/include", "/usr/local/include", "/opt/rocm/include")


@dataclass(frozen=True)
class Toolchain:
    hipcc: str | None
    hip_version: str = ""
    clang_version: str = ""
    clang_vendor: str = ""
    identity: str = ""  # the whole --version text: part of every cache key
    message: str = ""
    accepted: dict = field(default_factory=dict)
    #: The clang++ that CMake accepts as its HIP compiler ('' when there is none).
    hip_clang: str = ""

    @property
    def available(self) -> bool:
        return self.hipcc is not None

    def as_dict(self) -> dict:
        return {"hipcc": self.hipcc, "hip_version": self.hip_version,
                "clang_version": self.clang_version, "clang_vendor": self.clang_vendor}

    def defines(self) -> tuple[str, ...]:
        """Macros every unit is compiled with: HIP_ENABLE_WARP_SYNC_BUILTINS from HIP 6.2
        on, as the migrated build files define it (translator/source/build_text.py); ROCm 6.2 to
        6.x declare ``__shfl_sync`` and the other ``*_sync`` functions only with it, ROCm 7
        ignores it and earlier HIP has no such functions."""
        numbers = re.findall(r"\d+", self.hip_version)[:2]
        version = tuple(int(n) for n in numbers)
        return ("HIP_ENABLE_WARP_SYNC_BUILTINS",) if len(version) == 2 and version >= (6, 2) \
            else ()


def parse_version_output(text: str) -> tuple[str, str, str]:
    """(HIP version, clang version, clang vendor) from ``hipcc --version``; '' if absent."""
    hip = _HIP_VERSION.search(text)
    clang = _CLANG_VERSION.search(text)
    vendor = clang.group("vendor").strip() if clang else ""
    return (hip.group(1) if hip else "", clang.group("v") if clang else "", vendor)


def find_toolchain(hipcc: str, sandbox: Sandbox, scratch: Path) -> Toolchain:
    """Locate and identify HIPCC (a name looked up on the system PATH, or a path) as the
    sandbox sees it: in a runner's root (``Sandbox.root``), or on the host."""
    if sandbox.root:
        path = hipcc if hipcc.startswith("/") else sandbox.which(hipcc)
        if path is None or not os.access(sandbox.host_path(path), os.X_OK):
            return Toolchain(None, message=f"compile check skipped: the runner has no {hipcc}")
    else:
        found = hipcc if "/" in hipcc else shutil.which(hipcc, path=SYSTEM_PATH)
        if found is None or not os.access(found, os.X_OK):
            return Toolchain(None, message=f"compile check skipped: no {hipcc} on this runner")
        path = os.path.abspath(found)
        if sandbox.isolated and not _visible(path, sandbox):
            return Toolchain(None, message=f"compile check skipped: {path} is outside the "
                             "folders the sandbox shows ("
                             + ", ".join(sandbox.readonly_paths) + ")")
    source, work = _probe_folders(scratch, sandbox)
    run = sandbox.run([path, "--version"], source, work)
    hip_version, clang_version, vendor = parse_version_output(run.output)
    hipconfig = str(Path(path).with_name("hipconfig"))
    has_hipconfig = sandbox.host_path(hipconfig).exists()
    if not hip_version and has_hipconfig:
        extra = sandbox.run([hipconfig, "--version"], source, work).output
        match = _BARE_VERSION.match(extra)
        hip_version = match.group(1) if match else ""
    if run.returncode != 0 and not (hip_version or clang_version):
        return Toolchain(None, message=f"compile check skipped: {path} --version failed: "
                         f"{run.output.strip()[:300]}")
    hip_clang = _rocm_clang(path) if not sandbox.root else ""
    if sandbox.root and has_hipconfig:
        folder = sandbox.run([hipconfig, "--hipclangpath"], source, work).output.strip()
        candidate = f"{folder}/clang++"
        if folder.startswith("/") and sandbox.host_path(candidate).exists():
            hip_clang = candidate
    return Toolchain(path, hip_version, clang_version, vendor, identity=run.output,
                     hip_clang=hip_clang)


def _rocm_clang(hipcc: str) -> str:
    """ROCm's clang++ next to hipcc (/opt/rocm/bin/hipcc -> /opt/rocm/llvm/bin/clang++),
    which CMake accepts as the HIP compiler; '' when there is none (Debian 12's hipcc)."""
    candidate = Path(os.path.realpath(hipcc)).parent.parent / "llvm" / "bin" / "clang++"
    return str(candidate) if candidate.is_file() else ""


def choose_archs(toolchain: Toolchain, requested: tuple[str, ...], sandbox: Sandbox,
                 scratch: Path) -> tuple[list[str], dict[str, str]]:
    """(targets to compile for, {requested: stand-in}) for the REQUESTED targets."""
    source, work = _probe_folders(scratch, sandbox)
    (source / "probe.hip").write_text("int rocport_probe;\n")

    hipcc = toolchain.hipcc
    assert hipcc is not None  # only an available toolchain compiles

    def accepted(arch: str) -> bool:
        if arch not in toolchain.accepted:
            run = sandbox.run([hipcc, "-###", "-x", "hip", "-c",
                               f"--offload-arch={arch}", "probe.hip", "-o", "/dev/null"],
                              source, work)
            toolchain.accepted[arch] = run.returncode == 0
        return toolchain.accepted[arch]

    used: list[str] = []
    substituted: dict[str, str] = {}
    for arch in requested:
        choice = arch if accepted(arch) else next(
            (a for a in FALLBACK_ARCHS if a != arch and accepted(a)), None
        )
        if choice is None:
            substituted[arch] = ""
            continue
        if choice != arch:
            substituted[arch] = choice
        if choice not in used:
            used.append(choice)
    return sorted(used), substituted


def _probe_folders(scratch: Path, sandbox: Sandbox) -> tuple[Path, Path]:
    source, work = scratch / "toolchain-src", scratch / "toolchain-out"
    source.mkdir(parents=True, exist_ok=True)
    os.chmod(source, 0o755)
    work.mkdir(parents=True, exist_ok=True)
    return source, work


def _visible(path: str, sandbox: Sandbox) -> bool:
    resolved = os.path.realpath(path)
    return any(
        candidate == root or candidate.startswith(root.rstrip("/") + "/")
        for root in sandbox.readonly_paths
        for candidate in (path, resolved)
    )


def sandbox_libraries(sandbox: Sandbox) -> list[str]:
    """``installed_libraries`` of the file system the sandbox shows (a runner's root)."""
    return installed_libraries(tuple(str(sandbox.host_path(root)) for root in INCLUDE_ROOTS))


def installed_libraries(roots: tuple[str, ...] = INCLUDE_ROOTS) -> list[str]:
    """Short names of the libraries in data/library_headers.tsv whose headers are below
    one of ROOTS (e.g. ``["hip", "hiprand", "rocprim", ...]``): the runner's set, in its
    heartbeat and in the report, so that a missing dependency names what is missing."""
    return sorted(library.library for library in load_libraries()
                  if any(Path(root, probe).is_file() for root in roots
                         for probe in library.probe))
