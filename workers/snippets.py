"""The playground's compile of one file on a ROCm runner (``webapp.api.compiles``,
task ``workers.tasks.compile_snippet`` on the ``rocm-snippets`` queue)."""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.utils import timezone

from translator.compile.check import compile_check
from translator.sandbox.bubblewrap import Limits as SandboxLimits
from webapp import runners
from webapp.api.models import SnippetCompile
from workers.compiling import compile_options


def compile_snippet(compile_id: str) -> None:
    """The playground's compile of one file on a ROCm runner (``webapp.api.compiles``)."""
    taken = SnippetCompile.objects.filter(pk=compile_id, state=SnippetCompile.State.QUEUED) \
        .update(state=SnippetCompile.State.RUNNING)
    if not taken:
        return
    compiled = SnippetCompile.objects.get(pk=compile_id)
    state, result = SnippetCompile.State.DONE, {}
    try:
        with tempfile.TemporaryDirectory(prefix="rocport-snippet-") as scratch:
            result = compile_snippet_source(compiled.path, compiled.source,
                                                      Path(scratch))
    except SoftTimeLimitExceeded:
        state, result = SnippetCompile.State.FAILED, {
            "status": "timeout", "message": f"the compile took longer than "
            f"{settings.SNIPPET_COMPILE_TIME_LIMIT} s (SNIPPET_COMPILE_TIME_LIMIT)"}
    SnippetCompile.objects.filter(pk=compile_id).update(state=state, result=result,
                                                        finished_at=timezone.now())


def compile_snippet_source(path: str, source: str, scratch: Path) -> dict:
    """The playground's compile of one HIP file (SOURCE as PATH) on the newest runner this
    worker serves, within SNIPPET_COMPILE_TIME_LIMIT: its status, diagnostics (on the HIP
    lines), output and the toolchain."""
    tree = scratch / "snippet"
    tree.mkdir()
    (tree / path).write_text(source, encoding="utf-8", errors="surrogatepass")
    served = runners.served_runners()
    limit = settings.SNIPPET_COMPILE_TIME_LIMIT
    options = dataclasses.replace(
        compile_options(), temporary_parent=str(scratch), jobs=1, build_system=False,
        cache_dir=None, runner=served[0].name if served else "host",
        limits=SandboxLimits(wall_seconds=max(limit - 5, 1)), total_seconds=max(limit - 5, 1))
    outcome = compile_check(tree, options)
    hipcc = outcome.get("toolchain", {}).get("hipcc", {})
    unit = (outcome.get("compile") or [{}])[0]
    return {"runner": hipcc.get("runner", ""), "hip_version": hipcc.get("hip_version", ""),
            "offload_archs": hipcc.get("offload_archs", []),
            "skipped": outcome.get("skipped", ""), "status": unit.get("status", "skipped"),
            "ok": bool(unit.get("ok")), "message": unit.get("message", ""),
            "seconds": unit.get("seconds", 0.0),
            "diagnostics": [{key: diagnostic.get(key) for key in
                             ("severity", "message", "line", "column", "option")}
                            for diagnostic in unit.get("diagnostics", [])
                            if diagnostic.get("path") == path],  # not in system headers
            "output": (unit.get("output") or "")[:64 << 10]}
