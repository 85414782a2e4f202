"""The hipcc compile check: compile each translated unit and collect the diagnostics.

First version: finds HIP translation units in a migrated tree, compiles each with
``hipcc -c`` for the requested GPU target and records success and compiler output.
Later work adds the sandbox, diagnostics mapped back to CUDA lines, caching and
resource usage (see the repository's issues).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["CompileOptions", "Toolchain", "find_toolchain", "compile_check", "UNIT_SUFFIXES"]

UNIT_SUFFIXES = (".cu", ".hip", ".cpp", ".cc", ".cxx")
_HIP_MARKERS = re.compile(r"hip/hip_runtime|hipLaunchKernelGGL|__global__|<<<")
#: Newest first; the first one the runner's hipcc accepts is used when gfx942 is not.
FALLBACK_ARCHS = ("gfx942", "gfx941", "gfx940", "gfx90a", "gfx908", "gfx906", "gfx900")


@dataclass(frozen=True)
class CompileOptions:
    hipcc: str = "hipcc"
    offload_archs: tuple[str, ...] = ("gfx942",)
    timeout_seconds: int = 120
    max_output_bytes: int = 256 * 1024


@dataclass(frozen=True)
class Toolchain:
    """What the runner has: hipcc's path and version, and the targets it accepts."""

    hipcc: str | None
    version: str = ""
    archs: tuple[str, ...] = field(default_factory=tuple)
    message: str = ""

    @property
    def available(self) -> bool:
        return self.hipcc is not None


SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/opt/rocm/bin"


def _environment() -> dict[str, str]:
    # A fixed environment: the worker's variables (secrets included) never reach hipcc.
    # HIP_PLATFORM=amd: with nvcc installed, hipcc would otherwise pick the NVIDIA path.
    return {"PATH": SYSTEM_PATH, "HIP_PLATFORM": "amd", "HOME": "/tmp", "LANG": "C.UTF-8"}


def find_toolchain(hipcc: str = "hipcc") -> Toolchain:
    path = shutil.which(hipcc, path=SYSTEM_PATH) if "/" not in hipcc else hipcc
    if path is None:
        return Toolchain(None, message=f"compile check skipped: no {hipcc} on this runner")
    completed = subprocess.run(
        [path, "--version"], capture_output=True, text=True, env=_environment(), timeout=60
    )
    match = re.search(r"HIP version:\s*(\S+)", completed.stdout)
    version = match.group(1) if match else completed.stdout.strip().splitlines()[0:1]
    return Toolchain(path, version if isinstance(version, str) else "", ())


def choose_arch(toolchain: Toolchain, wanted: str, workdir: Path) -> str:
    """WANTED if hipcc accepts it, else the newest gfx9 target it accepts."""
    probe = workdir / ".rocport-probe.hip"
    # hipcc needs the runtime header for any kernel (it declares hipLaunchKernel).
    probe.write_text("#include <hip/hip_runtime.h>\n__global__ void rocport_probe() {}\n")
    candidates = (wanted, *(a for a in FALLBACK_ARCHS if a != wanted))
    try:
        for arch in candidates:
            completed = subprocess.run(
                [toolchain.hipcc, "-x", "hip", "-c", f"--offload-arch={arch}", str(probe),
                 "-o", os.devnull],
                capture_output=True, text=True, env=_environment(), timeout=120,
            )
            if completed.returncode == 0:
                return arch
    finally:
        probe.unlink(missing_ok=True)
    return wanted


def _units(root: Path) -> list[Path]:
    units = []
    for path in sorted(root.rglob("*")):
        if path.suffix in UNIT_SUFFIXES and path.is_file() and not path.is_symlink():
            text = path.read_text(encoding="utf-8", errors="replace")
            if _HIP_MARKERS.search(text):
                units.append(path)
    return units


def compile_check(root: str | os.PathLike, options: CompileOptions | None = None) -> dict:
    """Compile every HIP unit under ROOT; return ``{"toolchain": ..., "compile": [...]}``."""
    options = options or CompileOptions()
    root = Path(root)
    toolchain = find_toolchain(options.hipcc)
    if not toolchain.available:
        return {"toolchain": {"hipcc": None, "message": toolchain.message}, "compile": [],
                "skipped": toolchain.message}
    arch = choose_arch(toolchain, options.offload_archs[0], root)
    results = []
    for unit in _units(root):
        relative = unit.relative_to(root).as_posix()
        command = [toolchain.hipcc, "-x", "hip", "-c", f"--offload-arch={arch}", relative,
                   "-o", os.devnull]
        try:
            completed = subprocess.run(
                command, cwd=root, capture_output=True, text=True, env=_environment(),
                timeout=options.timeout_seconds,
            )
            output = (completed.stdout + completed.stderr)[: options.max_output_bytes]
            ok = completed.returncode == 0
        except subprocess.TimeoutExpired:
            output, ok = f"stopped after {options.timeout_seconds} s", False
        results.append({"path": relative, "ok": ok, "arch": arch, "output": output,
                        "diagnostics": []})
    return {
        "toolchain": {"hipcc": toolchain.hipcc, "hip_version": toolchain.version,
                      "offload_arch": arch},
        "compile": results,
        "skipped": "",
    }
