"""Finished jobs with real review data, made without a worker: migrate a folder with the
translator, store its report, patch and review data as the worker does."""

from __future__ import annotations

import io
import json
import shutil
import tempfile
from pathlib import Path

from tests.factories import make_job
from translator.options import Options
from translator.output.patches import tree_patch
from translator.output.report import build_report
from translator.output.review import review_archive
from translator.tree.migrate import migrate_tree
from webapp.jobs.models import Job
from webapp.jobs.review import store_review


def migrated(folder: Path, options: Options | None = None) -> tuple[dict, bytes, bytes]:
    """(report, patch, review archive) of FOLDER, migrated token-only in one process."""
    with tempfile.TemporaryDirectory() as scratch:
        source = Path(scratch) / "source"
        shutil.copytree(folder, source / folder.name)
        tree = migrate_tree(source, Path(scratch) / "hip", options or Options(use_clang=False),
                            jobs=1)
        report = build_report(tree, {"rocport": "test"})
        return report, tree_patch(tree), review_archive(tree, report)


def reviewed_job(owner, folder: Path, *, options: Options | None = None,
                 compile_units: list[dict] | None = None, **overrides) -> Job:
    """A done job on FOLDER with report.json, changes.patch and review data stored."""
    report, patch, review = migrated(folder, options)
    if compile_units is not None:
        report["compile"] = compile_units
        statuses: dict[str, int] = {}
        for unit in compile_units:
            statuses[unit["status"]] = statuses.get(unit["status"], 0) + 1
        report["compile_summary"] = {"units": len(compile_units), "statuses": statuses,
                                     "ok": statuses.get("ok", 0), "top_errors": []}
    overrides.setdefault("source_name", f"{folder.name}.zip")
    job = make_job(owner=owner, state=Job.State.DONE, **overrides)
    job.store_artifact("report.json", json.dumps(report).encode())
    job.store_artifact("changes.patch", patch)
    store_review(job, io.BytesIO(review))
    job.refresh_from_db()
    return job


ROOT = Path(__file__).resolve().parent.parent
#: A rule case with many findings on a few lines (W401, W410-W413) and one with W201.
FINDINGS_CASES = ("W410/fix_hazards.cu", "W201/odd_block_sizes.cu")
#: A .cu file with nothing to translate: with naming=hip it is renamed only.
PLAIN = "int add(int a, int b) { return a + b; }\n"
#: Changes at both ends and 40 unchanged lines between them: folded in the review.
LONG = ("#include <cuda_runtime.h>\n" + "".join(f"int f{i}() {{ return {i}; }}\n"
                                              for i in range(40))
        + "void wait() { cudaDeviceSynchronize(); }\n")


def review_project(folder: Path) -> Path:
    """examples/particles plus a few rule cases with findings and a rename-only .cu file:
    FOLDER/project, ready for ``reviewed_job``."""
    project = folder / "project"
    shutil.copytree(ROOT / "examples" / "particles", project)
    (project / "hazards").mkdir()
    for case in FINDINGS_CASES:
        shutil.copy(ROOT / "tests/translator/cases" / case, project / "hazards" / Path(case).name)
    (project / "plain.cu").write_text(PLAIN)
    (project / "long.cu").write_text(LONG)
    return project
