"""Why a unit did not compile: one honest class per failed unit, from its first error.

A compile result is read as the verdict on the port, so a failure that is not the
translation's must say so. ``classify(entry, context)`` looks at the unit's status and
first error and returns one of:

``translation``
    rocport's output is wrong, or it kept a name that has no HIP counterpart (the error
    names an identifier the report lists as unsupported, or a CUDA name): the finding is
    attached. Errors that match no other class land here too. Only this class counts
    against the port.
``missing-dependency``
    a header of a library this runner does not have (``'hipblas/hipblas.h' file not
    found``): the library, the package that provides it (data/library_headers.tsv) and
    the runners that have it (``runners``; none for MPI or PyTorch built for ROCm).
``newer-hip``
    a HIP name or header the runner's HIP is too old for (``hipArrayGetInfo`` needs HIP
    5.6, the runner has 5.2), or a CUDA name left as it is because its HIP counterpart
    is newer than the runner's HIP (``cusparseGetErrorString``: ``hipsparseGetErrorString``
    from HIP 6.0): from the version columns of the name table.
``project-configuration``
    what the project's build would provide or decide: a generated header (``config.h``
    from ``configure_file``, ``*.pb.h``), a project ``#error``, an option macro left
    undefined.
``timeout``
    stopped by a limit (time, CPU, memory) or the check's time budget.

Pure: everything comes in through ``FailureContext``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from translator.compile.runners import SPECS
from translator.data import DIRECTORY as DATA_DIRECTORY
from translator.data.names import load_names
from translator.options import parse_version

__all__ = ["CLASSES", "FailureContext", "Library", "classify", "classify_entries",
           "load_libraries", "context_from_report", "summarize_classes"]

#: Class name -> label for people. Only "translation" counts against the port.
CLASSES = {
    "translation": "translation error",
    "missing-dependency": "missing dependency on this runner",
    "newer-hip": "needs a newer HIP than the runner has",
    "project-configuration": "project configuration",
    "timeout": "timeout or resource limit",
}
LIBRARIES_PATH = DATA_DIRECTORY / "library_headers.tsv"
HEADERS_PATH = LIBRARIES_PATH.with_name("hip_headers.tsv")
_NOT_FOUND = re.compile(r"^'(?P<header>[^']+)' file not found")
_QUOTED = re.compile(r"'(?P<name>[A-Za-z_][\w:]*)'")
_GENERATED = re.compile(r"(?:^|/)(?:[\w.-]*config[\w.-]*|version|export|[\w-]+_export|"
                        r"[\w.-]+\.pb|[\w.-]+_generated|generated/[\w./-]+|"
                        r"[\w.-]+\.gen)\.(?:h|hh|hpp|hxx|cuh|inc)$", re.I)
_OPTION_MACRO = re.compile(r"^[A-Z][A-Z0-9]*_[A-Z0-9_]+$")
_CUDA_NAME = re.compile(r"^(?:cuda|cu[A-Z]|CU[A-Z_]|cublas|cufft|curand|cusparse|cusolver|"
                        r"nccl|cudnn|nvrtc|nvtx|__nv_|__CUDA|CUDA_|CUDART_|thrust::cuda)")
#: Headers of the CUDA toolkit whose names say nothing of CUDA and that HIP has no header
#: for: warp matrix operations (nvcuda::wmma; rocWMMA is another API) and the sm_XX parts.
_TOOLKIT_ONLY = re.compile(r"mma\.h|sm_\d+_(?:intrinsics|atomic_functions)\.h")
_LIMITED = {"timeout": "stopped by the wall-clock limit",
            "cpu-limit": "stopped by the CPU-time limit",
            "memory-limit": "ran out of memory", "skipped": "the check's time budget ran out"}


@dataclass(frozen=True)
class Library:
    library: str
    name: str
    headers: tuple[str, ...]
    probe: tuple[str, ...]
    debian: str
    rocm: str

    def provides(self, header: str) -> bool:
        return any(header.startswith(prefix) if prefix.endswith("/") else header == prefix
                   for prefix in self.headers)

    def package(self) -> str:
        """The packages to install, for people."""
        choices = []
        if self.debian != "-":
            choices.append(f"{self.debian} (Debian)")
        if self.rocm.startswith("pip "):
            choices.append(f"`{self.rocm}`")
        elif self.rocm != "-":
            choices.append(f"{self.rocm} (ROCm)")
        return " or ".join(choices) or "no package known"


@dataclass(frozen=True)
class FailureContext:
    """What the classifier knows besides the unit: the runner's HIP version (e.g.
    ``(5, 2)``) and libraries (short names, None when unknown), the report's
    unsupported names and findings by original path, and the tree's header files
    (tree-relative), so that an in-tree header is told from a missing library."""

    hip_version: tuple[int, ...] | None = None
    libraries: frozenset[str] | None = None
    unsupported: Mapping[str, tuple[dict, ...]] = field(default_factory=dict)
    findings: Mapping[str, tuple[dict, ...]] = field(default_factory=dict)
    tree_headers: frozenset[str] = frozenset()


@functools.cache
def load_libraries(path: Path = LIBRARIES_PATH) -> tuple[Library, ...]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    header = lines[0].split("\t")
    rows = []
    for line in lines[1:]:
        values = dict(zip(header, line.split("\t"), strict=True))
        rows.append(Library(values["library"], values["name"],
                            tuple(values["headers"].split(",")),
                            tuple(p for p in values["probe"].split(",") if p != "-"),
                            values["debian"], values["rocm"]))
    return tuple(rows)


@functools.cache
def _hip_names() -> dict[str, tuple[str, str]]:
    """HIP name or header -> (first HIP version that has it, the CUDA name)."""
    found: dict[str, tuple[str, str]] = {}
    for row in load_names().all_rows:
        if row.hip and row.hip_added and row.hip not in found:
            found[row.hip] = (row.hip_added, row.cuda)
    for line in HEADERS_PATH.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith(("#", "header\t")):
            header, added = line.split("\t")
            found.setdefault(header, (added, "its CUDA header"))
    return found


def context_from_report(report: Mapping, toolchain: Mapping,
                        tree_headers: frozenset[str] = frozenset()) -> FailureContext:
    """The classifier's context from a report and the check's ``toolchain.hipcc``
    (TREE_HEADERS: the tree's header files, when the caller has the tree)."""
    numbers = re.findall(r"\d+", str(toolchain.get("hip_version") or ""))[:2]
    unsupported = {entry["path"]: tuple(entry.get("unsupported") or ())
                   for entry in report.get("files", []) if entry.get("unsupported")}
    findings: dict[str, list[dict]] = {}
    for finding in report.get("findings", []):
        findings.setdefault(finding.get("path", ""), []).append(finding)
    libraries = toolchain.get("libraries")
    return FailureContext(
        hip_version=tuple(int(n) for n in numbers) if len(numbers) == 2 else None,
        libraries=frozenset(libraries) if libraries is not None else None,
        unsupported=unsupported, findings={k: tuple(v) for k, v in findings.items()},
        tree_headers=tree_headers)


def classify_entries(entries: list[dict], context: FailureContext) -> None:
    """Set ``failure`` on every entry: None for units that compiled. A unit stopped by a
    header the tree has keeps that header's place (``header_in_tree``) for later."""
    for entry in entries:
        entry["failure"] = None if entry.get("ok") else classify(entry, context)
        failure = entry["failure"] or {}
        if failure.get("class") == "project-configuration" and "in the tree (" in \
                failure.get("reason", ""):
            entry["header_in_tree"] = failure["reason"].split("in the tree (", 1)[1].split(")")[0]


def classify(entry: Mapping, context: FailureContext) -> dict:
    """The class of a failed unit (a report ``compile[]`` entry): ``class``, ``label``,
    ``reason`` and, as they apply, ``name``, ``finding``, ``library``, ``package``,
    ``hip_version``, ``header``."""
    status = entry.get("status", "failed")
    if status in _LIMITED:
        return _failure("timeout", f"{_LIMITED[status]}: {entry.get('message', '')}".strip())
    error = _first_error(entry)
    if error is None:
        return _failure("translation", entry.get("message") or "hipcc failed without an error")
    message = error.get("message", "")
    missing = _NOT_FOUND.match(message)
    if missing:
        return _missing_header(missing.group("header"), entry, context)
    if _is_error_directive(error, entry.get("output", "")):
        if error.get("mapped") is False:  # in a system header: HIP's, or a library's
            return _failure("translation", f"an #error in {error.get('path') or 'a system header'}"
                            f": the unit is compiled in a way the header refuses ({message})")
        return _failure("project-configuration", "the project's own #error: a configuration "
                        f"choice the build did not make ({message})")
    for name in _QUOTED.findall(message):
        found = _classify_name(name, entry, context)
        if found is not None:
            return found
    return _failure("translation", message)


def _failure(kind: str, reason: str, **details) -> dict:
    return {"class": kind, "label": CLASSES[kind], "reason": reason, **details}


def _first_error(entry: Mapping) -> dict | None:
    return next((d for d in entry.get("diagnostics", ())
                 if d.get("severity") in ("error", "fatal error")), None)


def _missing_header(header: str, entry: Mapping, context: FailureContext) -> dict:
    newer = _newer_hip(header, context)
    if newer is not None:
        return newer
    in_tree = sorted(path for path in context.tree_headers
                     if path == header or path.endswith("/" + header))
    if entry.get("header_in_tree"):  # the check saw the tree (a report's context has not)
        in_tree = [str(entry["header_in_tree"])]
    if in_tree:
        return _failure("project-configuration", f"{header} is in the tree ({in_tree[0]}) "
                        "but not on the unit's include path: the build's include folders "
                        "(an option or target that adds them)", header=header)
    library = next((lib for lib in load_libraries() if lib.provides(header)), None)
    if library is not None and (context.libraries is None
                                or library.library not in context.libraries):
        runners = _runners_with(library)
        elsewhere = (f"; {' and '.join(runners)} {'have' if len(runners) > 1 else 'has'} it "
                     "(rocport check --runner NAME)" if runners else
                     "; no runner of rocport has it")
        return _failure("missing-dependency", f"{header} is part of {library.name}, which "
                        f"this runner does not have ({library.package()}){elsewhere}",
                        header=header, library=library.library, package=library.package(),
                        runners=runners)
    if header in load_names().headers or _CUDA_NAME.match(Path(header).name) or \
            header.startswith(("cuda", "cub/", "nv", "cooperative_groups")) or \
            _TOOLKIT_ONLY.fullmatch(header):
        return _translation_for(header, entry, context, f"a CUDA header is still included: "
                                f"{header}")
    if _GENERATED.search(header):
        return _failure("project-configuration", f"{header} looks generated by the project's "
                        "build (configure_file, a code generator); the build did not make it "
                        "here", header=header)
    if library is not None:  # installed, yet not found: the build's include folders
        return _failure("project-configuration", f"{header} ({library.name}) is installed "
                        "but not on the unit's include path", header=header)
    return _failure("missing-dependency", f"{header} is neither in the tree nor installed on "
                    "this runner (no package known for it)", header=header, package="")


def _runners_with(library: Library) -> list[str]:
    """The runners (translator/compile/runners.py) whose packages install LIBRARY's
    headers: lib<name>-dev, or the Debian package the library table names."""
    wanted = {f"lib{library.library}-dev", library.debian}
    return [spec.name for spec in SPECS if wanted & set((*spec.packages, *spec.unpacked))]


def _classify_name(name: str, entry: Mapping, context: FailureContext) -> dict | None:
    unsupported = _unsupported_entry(name, entry, context)
    if unsupported is not None or _CUDA_NAME.match(name):
        newer = _newer_counterpart(name, context)
        if newer is not None:
            return newer
        return _translation_for(name, entry, context, f"{name} was not translated"
                                + (f": {unsupported['reason']}" if unsupported
                                   and unsupported.get("reason") else ""))
    newer = _newer_hip(name, context)
    if newer is not None:
        return newer
    if _OPTION_MACRO.match(name) and name not in _hip_names():
        return _failure("project-configuration", f"{name} looks like a macro the project's "
                        "configuration defines (an option or a generated header)", name=name)
    return None


@functools.cache
def _hip_counterparts() -> dict[str, tuple[str, str]]:
    """CUDA name -> (its HIP name, the first HIP version that has it)."""
    found: dict[str, tuple[str, str]] = {}
    for row in load_names().all_rows:
        if row.hip and row.hip_added:
            found.setdefault(row.cuda, (row.hip, row.hip_added))
    return found


def _newer_counterpart(name: str, context: FailureContext) -> dict | None:
    """newer-hip for a CUDA name left in the code because its HIP counterpart is newer
    than the runner's HIP (the translation for that HIP cannot do better)."""
    known = _hip_counterparts().get(name)
    if known is None or context.hip_version is None:
        return None
    hip_name, added = known
    if parse_version(added)[:len(context.hip_version)] <= context.hip_version:
        return None
    have = ".".join(map(str, context.hip_version))
    return _failure("newer-hip", f"{name} has no counterpart in HIP {have}: {hip_name} needs "
                    f"HIP {added}", name=hip_name, hip_version=added, cuda_name=name)


def _newer_hip(name: str, context: FailureContext) -> dict | None:
    known = _hip_names().get(name)
    if known is None or context.hip_version is None:
        return None
    added = parse_version(known[0])
    if added[:len(context.hip_version)] <= context.hip_version:
        return None
    have = ".".join(map(str, context.hip_version))
    return _failure("newer-hip", f"{name} (for {known[1]}) needs HIP {known[0]}; the runner "
                    f"has HIP {have}", name=name, hip_version=known[0])


def _unsupported_entry(name: str, entry: Mapping, context: FailureContext) -> dict | None:
    for item in context.unsupported.get(entry.get("path", ""), ()):
        if item.get("name") == name:
            return item
    return None


def _translation_for(name: str, entry: Mapping, context: FailureContext, reason: str) -> dict:
    finding = next((f for f in context.findings.get(entry.get("path", ""), ())
                    if name in f.get("message", "")), None)
    details: dict[str, object] = {"name": name}
    if finding is not None:
        details["finding"] = {key: finding.get(key) for key in
                              ("code", "name", "path", "line", "message")}
    return _failure("translation", reason, **details)


def _is_error_directive(error: Mapping, output: str) -> bool:
    """True when clang's first error comes from an ``#error`` line: clang quotes the
    line under the message."""
    place = f":{error.get('output_line')}:"
    lines = output.splitlines()
    for number, line in enumerate(lines):
        if place in line and error.get("message", "") in line:
            snippet = lines[number + 1] if number + 1 < len(lines) else ""
            return bool(re.match(r"^\s*(?:\d+\s*\|\s*)?#\s*error\b", snippet))
    return False


def summarize_classes(entries: list[dict]) -> dict[str, int]:
    counts = dict.fromkeys(CLASSES, 0)
    for entry in entries:
        failure = entry.get("failure")
        if failure:
            counts[failure["class"]] += 1
    return counts

