"""The program that translates untrusted input, run inside the sandbox.

``python -I -m translator.jobs.child COMMAND SOURCE OUT STUBS`` (started by
``translator.jobs.confinement``): COMMAND ``tree`` unpacks the archive of SOURCE's
request and migrates it, writing the artifacts below OUT; ``snippet`` translates one
file. It talks to its parent in the protocol of ``translator.jobs.protocol``.
``MemoryError`` ends it with ``too-much-memory``; a full disk with
``insufficient-storage``.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TypedDict

from translator.analysis.clang import StubCache
from translator.jobs.protocol import EXIT_REFUSED, say
from translator.options import options_from_json
from translator.output.report_json import Report
from translator.tree.archive import ArchiveError
from translator.tree.archive import Limits as ArchiveLimits

#: Per-file review data (``translator.output.review``), beside the downloads in
#: ``artifacts``: the worker unpacks it into storage.
REVIEW_NAME = "review.tar.gz"


def _tree(source: Path, out: Path, stubs: StubCache) -> int:
    import translator
    from translator.output.packing import pack
    from translator.output.patches import write_tree_patch
    from translator.output.report import build_report
    from translator.output.review import write_review_archive
    from translator.output.sarif import to_sarif
    from translator.tree.archive import extract
    from translator.tree.migrate import migrate_tree

    request = json.loads((source / "request.json").read_text())
    phases = _Phases()
    tree_root = out / "source"
    if not tree_root.exists():  # a retry after a crash finds it unpacked already
        try:
            extract(source / request["archive"], tree_root, ArchiveLimits(**request["limits"]))
        except ArchiveError as error:
            say(error={"code": f"archive:{error.code}", "message": error.message})
            return EXIT_REFUSED
    phases.end("unpack")
    say(progress=[0, 0])  # unpacked: translating from here on
    os.chdir(tree_root)  # clang resolves relative paths (and quoted includes) from here
    hip, artifacts = out / "hip", out / "artifacts"
    for folder in (hip, artifacts):
        shutil.rmtree(folder, ignore_errors=True)
    tree = migrate_tree(tree_root, hip, options_from_json(request["options"]), jobs=1,
                        cache_dir=out / "cache", token_only=request["token_only"], stubs=stubs,
                        starting=lambda path: say(file=path),
                        progress=lambda done, total: say(progress=[done, total]))
    for outcome in tree.files:
        if outcome.path in request["token_only"]:
            outcome.message = "; ".join(filter(None, [
                outcome.message, "libclang crashed on this file; translated with tokens only"]))
    phases.end("translate")
    tree.run["phases"] = phases.seen  # this run's unpack and translation, in the report
    report = build_report(tree, {"rocport": translator.__version__})
    artifacts.mkdir()
    for name in ("hip-tree.tar.gz", "hip-tree.zip"):
        pack(hip, artifacts / name)
    phases.end("pack")
    # each written as it is made: a big tree's texts are never all in memory at once
    with open(artifacts / "changes.patch", "wb") as patch:
        write_tree_patch(tree, patch)
    _write_json(report, artifacts / "report.json")
    _write_json(to_sarif(report), artifacts / "findings.sarif")
    with open(artifacts / REVIEW_NAME, "wb") as review:
        write_review_archive(tree, report, review)
    phases.end("results")
    say(done=_summary(report, phases))
    return 0


class _Phases:
    """Seconds of each phase of the child, and its peak resident memory (bytes) at its
    end: the big-repository test and benchmark read them from the ``done`` message."""

    def __init__(self) -> None:
        import time

        self.clock = time.monotonic
        self.started = self.clock()
        self.seen: dict[str, PhaseFigures] = {}

    def end(self, name: str) -> None:
        now = self.clock()
        self.seen[name] = {"seconds": round(now - self.started, 3), "peak_rss_bytes": self.peak()}
        self.started = now

    @staticmethod
    def peak() -> int:
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux


class PhaseFigures(TypedDict):
    seconds: float
    peak_rss_bytes: int


class TranslationSummary(TypedDict):
    """The child's ``done`` message for a tree: the figures a job keeps of it."""

    files: int  # entries that are not folders
    translated: int
    findings: int  # active (not suppressed)
    phases: dict[str, PhaseFigures]  # unpack, translate, pack, results
    peak_rss_bytes: int


def _summary(report: Report, phases: _Phases) -> TranslationSummary:
    files = [f for f in report["files"] if f["kind"] != "folder"]
    return {
        "files": len(files),
        "translated": sum(1 for f in files if f["status"] == "translated"),
        "findings": sum(1 for f in report["findings"] if not f["suppressed"]),
        "phases": phases.seen, "peak_rss_bytes": phases.peak(),
    }


def _snippet(source: Path, out: Path, stubs: StubCache) -> int:
    from translator.output.snippet import snippet_result

    request = json.loads((source / "request.json").read_text())
    answer = snippet_result(request["source"], options_from_json(request["options"]),
                            request["path"], stubs)
    (out / "result.json").write_text(json.dumps(answer))
    say(done={})
    return 0


def _write_json(value: Mapping[str, object], path: Path) -> None:
    """VALUE as indented JSON (and a newline) in PATH, written piece by piece."""
    with open(path, "w", encoding="utf-8") as out:
        json.dump(value, out, indent=2, ensure_ascii=False)
        out.write("\n")


def main(argv: list[str]) -> int:
    command, source, out, precompiled_stubs = argv
    stubs = StubCache(shared=precompiled_stubs)  # built outside the sandbox, when it could
    # Room to report running out of memory: without it, printing the message can itself
    # raise MemoryError, and the job would end as a crash.
    reserve = bytearray(4 << 20)
    try:
        return {"tree": _tree, "snippet": _snippet}[command](Path(source), Path(out), stubs)
    except MemoryError:
        pass  # leaving the handler frees the traceback, and the translation's data with it
    except OSError as error:
        if error.errno not in (errno.ENOSPC, errno.EDQUOT):
            raise
        say(error={"code": "insufficient-storage", "message": "the worker's disk filled up "
                    "while the job was translated; nothing of it was kept; submit it again "
                    "later"})
        return EXIT_REFUSED
    del reserve
    say(error={"code": "too-much-memory", "message": "the translation needed more memory "
                "than its limit allows"})
    return EXIT_REFUSED


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
