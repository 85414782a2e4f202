"""Per-file review data of a migrated tree: what the job page shows one file at a time.

``review_archive(tree, report)`` packs, as a ``.tar.gz`` (bytes):

- ``index.json``: ``{"version": 1, "files": [...]}``, one entry per file that has review
  data, in path order: ``id`` (its object is ``files/<id>.json``), ``path``,
  ``output_path``, ``status``, ``kind``;
- ``files/<id>.json``: ``path``, ``output_path``, ``kind``, ``language``, ``status``,
  ``message``, ``utf8``, ``original`` (the CUDA text), ``output`` (the HIP text), ``runs``
  (the line map as in the report's ``line_maps``: ``[first output line, original line,
  count]``), ``findings`` (as in the report, each fix given as ``line``, ``column``,
  ``old``, ``new``, ``description`` on the original text) and ``unsupported``.

A file has review data when it was translated (changed or not) or renamed
(``--naming hip``: ``a.cu`` -> ``a.hip``), so rename-only files appear too. Bytes that are
not UTF-8 are shown as U+FFFD. Paths in the archive are numbers, never the tree's names.
"""

from __future__ import annotations

import gzip
import io
import json
import tarfile
from typing import BinaryIO

from translator.output.line_maps import encode
from translator.output.report_json import Finding, FindingFix, Report, UnsupportedName
from translator.tree.migrate import FileOutcome, TreeResult

__all__ = ["review_archive", "write_review_archive", "REVIEW_VERSION"]

REVIEW_VERSION = 1


def review_archive(tree: TreeResult, report: Report) -> bytes:
    """The review data of TREE (see the module docstring); REPORT is its report JSON."""
    buffer = io.BytesIO()
    write_review_archive(tree, report, buffer)
    return buffer.getvalue()


def write_review_archive(tree: TreeResult, report: Report, destination: BinaryIO) -> None:
    """Write ``review_archive(tree, report)`` to DESTINATION one file at a time: a big
    tree's texts are never all in memory at once."""
    findings: dict[str, list[Finding]] = {}
    for finding in report.get("findings", []):
        findings.setdefault(finding["path"], []).append(finding)
    unsupported = {entry["path"]: entry.get("unsupported", []) for entry in report["files"]}
    reviewed = _reviewed(tree.files)
    index = [{"id": number, "path": outcome.path, "output_path": outcome.output_path,
              "status": outcome.status, "kind": outcome.kind}
             for number, outcome in enumerate(reviewed, start=1)]
    with gzip.GzipFile(filename="", mode="wb", fileobj=destination) as compressed, \
            tarfile.open(fileobj=compressed, mode="w", format=tarfile.PAX_FORMAT) as archive:
        _add(archive, "index.json", _dump({"version": REVIEW_VERSION, "files": index}))
        for number, outcome in enumerate(reviewed, start=1):
            _add(archive, f"files/{number}.json", _dump(_file_data(
                outcome, findings.get(outcome.path, []), unsupported.get(outcome.path, []))))


def _add(archive: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size, info.mode, info.mtime = len(data), 0o644, 315532800
    archive.addfile(info, io.BytesIO(data))


def _reviewed(files: list[FileOutcome]) -> list[FileOutcome]:
    return sorted((o for o in files if o.kind not in ("folder", "link")
                   and o.status not in ("skipped", "error")
                   and (o.result is not None or o.output_path != o.path)),
                  key=lambda o: o.path)


def _file_data(outcome: FileOutcome, findings: list[Finding],
               unsupported: list[UnsupportedName]) -> dict:
    result = outcome.result
    original = _text(result.original) if result else None
    return {
        "path": outcome.path, "output_path": outcome.output_path, "kind": outcome.kind,
        "language": outcome.language, "status": outcome.status, "message": outcome.message,
        "utf8": result.utf8 if result else None,
        "original": original,
        "output": _text(result.source) if result else None,
        "runs": encode(result.line_map) if result and result.line_map else [],
        "findings": [{**f, "fixes": [_fix(original or "", fix) for fix in f.get("fixes", [])]}
                     for f in findings],
        "unsupported": unsupported,
    }


def _fix(original: str, fix: FindingFix) -> dict:
    start, end = fix["start"], fix["end"]
    line = original.count("\n", 0, start) + 1
    column = start - (original.rfind("\n", 0, start) + 1) + 1
    return {"line": line, "column": column, "old": original[start:end], "new": fix["text"],
            "description": fix.get("description", "")}


def _text(text: str) -> str:
    """TEXT with surrogate-escaped bytes (input that was not UTF-8) as U+FFFD."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _dump(value: dict) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
