"""Turn raw hipcc runs into the report's ``compile[]`` entries, findings and summary.

Every location clang prints is made tree-relative and then placed on the original CUDA
file and line through the line maps (translator/output/line_maps.py). ``line`` and ``path``
are the original's; ``output_path``/``output_line`` say where hipcc saw it; ``column``
is hipcc's column on the HIP line (a rename earlier on the line can shift it).
Locations outside the tree (system headers) keep clang's path and have ``mapped``
false.
"""

from __future__ import annotations

import os
import re
from collections import Counter, defaultdict
from typing import Any, TypedDict

from translator.compile.failures import classify_entries, context_from_report, summarize_classes
from translator.compile.hipcc_output import (
    KernelUsage,
    Message,
    normalize_message,
    parse_messages,
    parse_resource_usage,
)
from translator.output.line_maps import LineMaps
from translator.output.report_json import Report
from translator.rules import RULES_BY_CODE

__all__ = ["unit_entry", "summarize", "merge_into_report", "gpu_source_summary",
           "LDS_FINDING_CODE", "LDS_PER_COMPUTE_UNIT"]

LDS_FINDING_CODE = "E101"
#: LDS of one compute unit on gfx90a and gfx94x (MI200, MI300): 64 KiB.
LDS_PER_COMPUTE_UNIT = 65536
_LDS_ERROR = re.compile(r"local memory \((\d+)\) exceeds limit \((\d+)\) in function '([^']+)'")
_KERNEL_KEYS = {
    "SGPRs": "sgprs", "VGPRs": "vgprs", "AGPRs": "agprs", "ScratchSize": "scratch_bytes",
    "Occupancy": "occupancy", "SGPRs Spill": "sgpr_spill", "VGPRs Spill": "vgpr_spill",
    "LDS Size": "lds_bytes",
}


class _Locator:
    def __init__(self, line_maps: LineMaps, mount: str) -> None:
        self.line_maps = line_maps
        self.mount = mount.rstrip("/")

    def tree_path(self, printed: str) -> str | None:
        if os.path.isabs(printed):
            if not printed.startswith(self.mount + "/"):
                return None
            printed = printed[len(self.mount) + 1:]
        relative = os.path.normpath(printed)
        return None if relative.startswith("..") or os.path.isabs(relative) else relative

    def place(self, printed: str, line: int) -> dict:
        tree_path = self.tree_path(printed) if printed else None
        if tree_path is None:
            return {"path": printed, "line": line, "output_path": printed, "output_line": line,
                    "mapped": False}
        located = self.line_maps.locate(tree_path, line)
        if located is None:
            return {"path": tree_path, "line": line, "output_path": tree_path,
                    "output_line": line, "mapped": False}
        return {"path": located[0], "line": located[1], "output_path": tree_path,
                "output_line": line, "mapped": True}


def _diagnostic(message: Message, locator: _Locator, with_notes: bool = True) -> dict:
    entry = {"severity": message.severity, "message": message.message,
             "option": message.option, **locator.place(message.path, message.line),
             "column": message.column}
    entry["include_stack"] = [locator.place(path, line) for path, line in message.include_stack]
    entry["fixits"] = [
        {"output_path": locator.tree_path(fix.path) or fix.path, "start": list(fix.start),
         "end": list(fix.end), "text": fix.text}
        for fix in message.fixits
    ]
    if with_notes:
        entry["notes"] = [_diagnostic(note, locator, False) for note in message.notes]
    return entry


def _kernel(kernel: KernelUsage, arch: str, locator: _Locator) -> dict:
    entry = {"name": kernel.name, "arch": arch, **locator.place(kernel.path, kernel.line)}
    for key, name in _KERNEL_KEYS.items():
        entry[name] = kernel.number(key)
    entry["values"] = dict(kernel.values)
    return entry


def _assign_archs(kernels: list[KernelUsage], archs: list[str]) -> list[str]:
    """The target of each remark block: clang compiles the targets in sorted order, so
    the n-th report of a kernel belongs to the n-th target."""
    seen: Counter[str] = Counter()
    assigned = []
    for kernel in kernels:
        index = seen[kernel.name]
        seen[kernel.name] += 1
        assigned.append(archs[index] if index < len(archs) else "")
    return assigned


def unit_entry(unit, run: dict, archs: list[str], line_maps: LineMaps, mount: str) -> dict:
    """The ``compile[]`` entry of one unit from its raw run (see compile.py)."""
    locator = _Locator(line_maps, mount)
    output = run.get("output", "")
    messages = parse_messages(output)
    kernels = parse_resource_usage(output)
    kernel_entries = [_kernel(k, a, locator) for k, a in zip(kernels, _assign_archs(kernels, archs),
                                                                strict=True)]
    origin = line_maps.locate(unit.path, 1)
    return {
        "path": origin[0] if origin else unit.path,
        "output_path": unit.path,
        "ok": run["status"] == "ok",
        "status": run["status"],
        "message": run.get("message", ""),
        "language": unit.language,
        "archs": list(archs) if unit.language == "hip" else [],
        "origin": unit.origin,
        "flags_source": unit.flags_source or unit.origin,
        "arguments": list(unit.arguments) if unit.arguments is not None else None,
        "std": unit.std,
        "include_dirs": [locator.tree_path(folder) or folder for folder in unit.include_dirs],
        "defines": list(unit.defines),
        "ignored_flags": list(unit.ignored_flags),
        "cached": run.get("cached", False),
        "seconds": run.get("seconds", 0.0),
        "diagnostics": [_diagnostic(m, locator) for m in messages],
        "kernels": kernel_entries,
        "findings": _lds_findings(messages, kernel_entries, locator),
        "output": _without_resource_remarks(output),
        "output_truncated": run.get("truncated", False),
    }


def _without_resource_remarks(output: str) -> str:
    """The output for people: the resource remarks are in ``kernels`` already."""
    return "".join(line for line in output.splitlines(keepends=True)
                   if "[-Rpass-analysis=kernel-resource-usage]" not in line)


def _lds_findings(messages: list[Message], kernels: list[dict], locator: _Locator) -> list[dict]:
    """``shared-memory-limit`` findings that the compiler itself confirms."""
    findings = []
    by_name = {kernel["name"]: kernel for kernel in kernels}
    reported = set()
    for message in messages:
        match = _LDS_ERROR.search(message.message)
        if not match:
            continue
        used, limit, name = int(match.group(1)), int(match.group(2)), match.group(3)
        place = by_name.get(name) or locator.place(message.path, message.line)
        reported.add(name)
        findings.append(_finding("error", place, f"kernel {name} needs {used} bytes of LDS per "
                                 f"block, over the {limit} bytes hipcc allows for the target "
                                 "(confirmed by the compiler)"))
    for kernel in kernels:
        lds = kernel.get("lds_bytes") or 0
        if kernel["name"] in reported or lds * 2 <= LDS_PER_COMPUTE_UNIT:
            continue
        reported.add(kernel["name"])
        findings.append(_finding("warning", kernel, f"kernel {kernel['name']} uses {lds} bytes "
                                 f"of LDS per block on {kernel['arch'] or 'the target'}: only one "
                                 f"block fits in a compute unit's {LDS_PER_COMPUTE_UNIT} bytes, "
                                 "which limits occupancy (measured by the compiler)"))
    return findings


def _finding(severity: str, place: dict, message: str) -> dict:
    code = RULES_BY_CODE[LDS_FINDING_CODE]
    return {"code": code.code, "name": code.name, "category": code.category, "severity": severity,
            "path": place.get("path", ""), "line": place.get("line", 0), "column": 1,
            "message": message, "help": "reduce the shared memory per block, or split the "
            "tile; MI300 (gfx942) has 64 KiB of LDS per compute unit", "suppressed": False,
            "fixes": []}


def summarize(entries: list[dict], top: int = 10) -> dict:
    """Counts per status and the most frequent errors (messages with names blanked)."""
    statuses = Counter(entry["status"] for entry in entries)
    groups: dict[str, dict] = {}
    units: defaultdict[str, set] = defaultdict(set)
    errors = warnings = 0
    for entry in entries:
        for diagnostic in entry["diagnostics"]:
            if diagnostic["severity"] == "warning":
                warnings += 1
            if diagnostic["severity"] not in ("error", "fatal error"):
                continue
            errors += 1
            key = normalize_message(diagnostic["message"])
            group = groups.setdefault(key, {"message": key, "count": 0, "example": {
                "path": diagnostic["path"], "line": diagnostic["line"],
                "message": diagnostic["message"]}})
            group["count"] += 1
            units[key].add(entry["output_path"])
    ranked = sorted(groups.values(), key=lambda g: (-g["count"], g["message"]))[:top]
    for group in ranked:
        group["units"] = len(units[group["message"]])
    classes = summarize_classes(entries)
    return {
        "units": len(entries), "ok": statuses.get("ok", 0),
        "failed": len(entries) - statuses.get("ok", 0), "statuses": dict(statuses),
        # failed units by class (translator/compile/failures.py); only translation errors
        # count against the port
        "classes": classes, "translation_errors": classes["translation"],
        "cached": sum(1 for entry in entries if entry.get("cached")),
        "errors": errors, "warnings": warnings, "top_errors": ranked,
    }


#: A unit whose compile ran to its end, with either outcome: its source was checked.
_CHECKED = ("ok", "failed")


def gpu_source_summary(sources: list[str], reasons: dict[str, str],
                       entries: list[dict]) -> dict:
    """``compile_summary.gpu_sources``: of the tree's GPU SOURCES, ``total``, ``checked``
    (a unit compiled to its end, whatever the outcome) and ``unchecked`` ({path, reason}:
    REASONS for those no build compiles, the unit's message for those stopped or
    skipped)."""
    entry_of = {entry["path"]: entry for entry in entries}
    entry_of.update({entry.get("output_path", ""): entry for entry in entries})
    unchecked = []
    checked = 0
    for path in sources:
        entry = entry_of.get(path)
        if entry is not None and entry.get("status") in _CHECKED:
            checked += 1
        elif entry is not None:
            unchecked.append({"path": path, "reason": entry.get("message") or entry["status"]})
        else:
            unchecked.append({"path": path, "reason": reasons.get(
                path, "not compiled in this check")})
    return {"total": len(sources), "checked": checked, "unchecked": unchecked}


class GpuSourceReasons(TypedDict):
    sources: list[str]  # the tree's GPU sources
    reasons: dict[str, str]  # why a source is in no unit of the build


class CompileOutcome(TypedDict):
    """What ``compile_check`` returns (docs/compile-check.md), built only here:
    ``checked_outcome``, ``skipped_outcome``, ``not_compiled_outcome``."""

    toolchain: dict[str, Any]  # {"hipcc": ...}
    compile: list[dict[str, Any]]  # per unit (``unit_entry``)
    summary: dict[str, Any]  # ``summarize``, with ``seconds`` and ``gpu_sources`` once checked
    skipped: str  # why nothing was compiled, or ""
    notes: list[str]
    units_found: list[str]  # every unit's path, also those of other batches
    gpu_source_reasons: GpuSourceReasons


def checked_outcome(toolchain: dict[str, Any], entries: list[dict[str, Any]],
                    notes: list[str], units_found: list[str], sources: list[str],
                    reasons: dict[str, str], seconds: float) -> CompileOutcome:
    """The outcome of a check that compiled ENTRIES (of UNITS_FOUND)."""
    summary = summarize(entries)
    summary["seconds"] = seconds
    summary["gpu_sources"] = gpu_source_summary(sources, reasons, entries)
    return {"toolchain": toolchain, "compile": entries, "summary": summary, "skipped": "",
            "notes": notes, "units_found": units_found,
            "gpu_source_reasons": {"sources": sources, "reasons": reasons}}


def skipped_outcome(message: str, hipcc: dict[str, Any], notes: list[str]) -> CompileOutcome:
    """The outcome of a check that compiled nothing, and why (MESSAGE)."""
    return {"toolchain": {"hipcc": {"hipcc": None, **hipcc}}, "compile": [],
            "summary": summarize([]), "skipped": message, "notes": notes, "units_found": [],
            "gpu_source_reasons": {"sources": [], "reasons": {}}}


def not_compiled_outcome(paths: list[str], reason: str) -> CompileOutcome:
    """The outcome of a batch of units (PATHS) no runner could finish, for REASON."""
    entries = [{"path": path, "output_path": path, "ok": False, "status": "skipped",
                "message": reason, "diagnostics": [], "kernels": [], "findings": [],
                "output": ""} for path in paths]
    return checked_outcome({"hipcc": {}}, entries, [reason], [], [], {}, 0.0)


def hip_versions(options: dict, hipcc: dict) -> dict:
    """The HIP version the tree was translated for, the one that compiled it, and a
    sentence for people when the two differ (major.minor)."""
    target = options.get("hip_version")
    target_text = ".".join(str(part) for part in target) if target else ""
    numbers = re.findall(r"\d+", str(hipcc.get("hip_version") or ""))[:2]
    compiled = ".".join(numbers)
    mismatch = ""
    if compiled and target_text != compiled and (
            not target or [str(part) for part in target[:2]] != numbers):
        wanted = f"HIP {target_text}" if target_text else "the newest HIP rocport knows"
        mismatch = (f"translated for {wanted} but compiled with HIP {compiled}: names newer "
                    f"than HIP {compiled} fail here although the translation is right for "
                    "its target (class 'newer-hip')")
    return {"target_hip_version": target_text or "newest", "toolchain_hip_version": compiled,
            "version_mismatch": mismatch}


def merge_into_report(report: Report, outcome: CompileOutcome) -> Report:
    """Put a compile_check() outcome into REPORT (changed in place); returns it.

    Replaces an earlier compile result, so that checking again gives the same report.
    """
    hipcc = outcome.get("toolchain", {}).get("hipcc", {})
    classify_entries(outcome["compile"], context_from_report(report, hipcc))
    summary = {**outcome["summary"], **{key: value for key, value in
                                         summarize(outcome["compile"]).items()
                                         if key in ("classes", "translation_errors")}}
    summary.update(hip_versions(report.get("options", {}), hipcc))
    report["compile"] = outcome["compile"]
    report["compile_summary"] = summary
    report["compile_skipped"] = outcome.get("skipped", "")
    report["compile_notes"] = outcome.get("notes", [])
    toolchain = report.get("toolchain") or {}
    toolchain.update(outcome["toolchain"])
    report["toolchain"] = toolchain
    if summary.get("version_mismatch") and summary["version_mismatch"] not in \
            report["compile_notes"]:
        report["compile_notes"] = [*report["compile_notes"], summary["version_mismatch"]]
    findings = [f for f in report.get("findings", []) if f.get("code") != LDS_FINDING_CODE]
    findings.extend(f for entry in outcome["compile"] for f in entry.get("findings", []))
    report["findings"] = findings
    return report
