"""Size and first paint of the job page of a 2,000-file job, in the real Chromium, and the
time its outputs take to pack.

    python benchmarks/bench_pages.py [--files 2000] [--runs 5] [--unsandboxed]

Builds a realistic tree from the repository's own sources (the rule cases' CUDA inputs,
examples/, tests/realistic/corpus, the rule cases' HIP files, then copies of them under
other folders until FILES are reached), and runs it through the worker's own code: the
archive is stored as a job's input and ``workers.translating._translate`` translates it in the
sandbox (bubblewrap when installed), packs the outputs and stores them with the per-file
review data; the compile check is skipped. Then ``manage.py runserver`` serves it from a
fresh SQLite database in a temporary DATA_DIR (DEBUG=false, static files from
collectstatic), and headless Chromium opens the page RUNS times (warm) and one file of it
through the page's script.

Prints the seconds packing took (the sandbox's ``pack`` and ``results`` steps: target < 5
s), the page's bytes as sent (gzip: target < 300 KB) and as HTML, its bytes with every
asset, first contentful paint (target < 1 s) and the time to open a file; MISSED marks a
missed target. Asserts nothing (targets live here, never in tests).
"""

from __future__ import annotations

import argparse
import io
import os
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PAGE_BYTES_TARGET, FIRST_PAINT_TARGET_MS, PACK_SECONDS_TARGET = 300_000, 1000, 5.0
PASSWORD = "bench-" + secrets.token_hex(8)


def project_files(count: int) -> list[tuple[str, bytes]]:
    """(path in the project, content) of COUNT files from the repository."""
    cases = ROOT / "tests/translator/cases"
    sources = [(f"src/cases/{p.parent.name.lower()}/{p.name}", p)
               for p in sorted(cases.glob("*/*.cu"))]
    sources += [(f"examples/{p.relative_to(ROOT / 'examples')}", p)
                for p in sorted((ROOT / "examples").rglob("*")) if p.is_file()]
    corpus = ROOT / "tests/realistic/corpus"
    sources += [(f"third_party/{p.relative_to(corpus)}", p)
                for p in sorted(corpus.rglob("*")) if p.is_file()]
    sources += [(f"ported/{p.parent.name.lower()}/{p.name}", p)
                for p in sorted(cases.glob("*/*.hip"))]
    found = [(path, source.read_bytes()) for path, source in sources[:count]]
    copy = 1
    while len(found) < count:  # a big repository: the same kinds of files, in more folders
        found += [(f"module{copy:02d}/{path}", data)
                  for path, data in found[:len(sources)][:count - len(found)]]
        copy += 1
    return found


def project_zip(count: int) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in project_files(count):
            archive.writestr(f"project/{path}", data)
    return buffer.getvalue()


def environment(data_dir: Path, unsandboxed: bool) -> dict:
    return {**os.environ, "DATA_DIR": str(data_dir), "DEBUG": "false",
            "SECRET_KEY": secrets.token_hex(32), "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DJANGO_SETTINGS_MODULE": "webapp.settings", "TRANSLATE_TIME_LIMIT": "900",
            "TRANSLATE_MEMORY_LIMIT": str(4 << 30),
            "TRANSLATE_ALLOW_UNSANDBOXED": "true" if unsandboxed or not shutil.which("bwrap")
            else "false",
            "LOG_LEVEL": "WARNING"}


def make_job(count: int) -> tuple[str, float, dict]:
    """Create the user and the translated job (in this process); return its URL path, the
    translation's seconds and its steps (``phases``)."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.files.base import ContentFile
    from django.core.management import call_command

    from translator.jobs.confinement import ConfinementFailed
    from webapp.jobs.models import Job
    from workers.translating import _translate

    call_command("migrate", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    user = get_user_model().objects.create_user("bench", password=PASSWORD)
    job = Job.objects.create(owner=user, source_name="project.zip")
    job.store_input(ContentFile(project_zip(count)), ".zip")
    job.start_unpacking()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="rocport-bench-") as scratch:
        try:
            _translate(job, Path(scratch))
        except ConfinementFailed as error:
            sys.exit(f"bench_pages: the translation failed: {error.message} (try --unsandboxed "
                     f"when other sandboxes hold the process limit)\n{error.output[-2000:]}")
    seconds = time.monotonic() - started
    job.claim_compile()
    job.mark_done("compile check skipped (benchmark)", {})
    return job.get_absolute_url(), seconds, job.summary.get("phases", {})


def free_port() -> int:
    from scripts.run import free_port as find

    return find()


def measure(base: str, job_url: str, runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    figures: dict[str, list[float]] = {"html": [], "sent": [], "total": [], "fcp": [],
                                       "open": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", headless=True,
            args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(f"{base}/accounts/login/?next={job_url}")
        page.fill("input[name=username]", "bench")
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_selector("#file-title")
        for _ in range(runs):
            page.goto(base + job_url, wait_until="load")
            timing = page.evaluate("""() => {
                const nav = performance.getEntriesByType('navigation')[0];
                const paint = performance.getEntriesByName('first-contentful-paint')[0];
                const assets = performance.getEntriesByType('resource')
                    .reduce((sum, r) => sum + r.decodedBodySize, 0);
                return {html: nav.decodedBodySize, sent: nav.encodedBodySize,
                        total: nav.decodedBodySize + assets,
                        fcp: paint ? paint.startTime : -1};
            }""")
            for key in ("html", "sent", "total", "fcp"):
                figures[key].append(timing[key])
            links = page.locator("#file-tree a[data-file]")
            target = links.nth(links.count() // 2)
            path = target.get_attribute("data-file")
            started = time.monotonic()
            target.click()
            page.wait_for_selector(f'#file-title[data-path="{path}"]')
            figures["open"].append((time.monotonic() - started) * 1000)
        browser.close()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--unsandboxed", action="store_true",
                        help="translate without bubblewrap (its per-user process limit is "
                        "shared with every other sandbox running on the machine)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rocport-bench-pages-") as folder:
        env = environment(Path(folder), arguments.unsandboxed)
        os.environ.update(env)
        job_url, seconds, phases = make_job(arguments.files)
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            from scripts.run import wait_for_port

            wait_for_port(port, server, 60)
            figures = measure(f"http://127.0.0.1:{port}", job_url, arguments.runs)
        finally:
            server.terminate()
            server.wait(timeout=30)
    html, total = statistics.median(figures["html"]), statistics.median(figures["total"])
    sent = statistics.median(figures["sent"])
    packing = sum(phases.get(step, {}).get("seconds", 0) for step in ("pack", "results"))
    fcp, opened = statistics.median(figures["fcp"]), statistics.median(figures["open"])
    sandboxed = env["TRANSLATE_ALLOW_UNSANDBOXED"] == "false"
    where = "in the sandbox" if sandboxed else "without a sandbox"
    print(f"job of {arguments.files} files translated {where} in {seconds:.1f} s: "
          + ", ".join(f"{step} {phase.get('seconds', 0):.1f} s" for step, phase in
                      phases.items()))
    print(f"packing the outputs (pack and results): {packing:.1f} s (target < "
          f"{PACK_SECONDS_TARGET:.0f} s){'' if packing < PACK_SECONDS_TARGET else '  MISSED'}")
    print(f"job page as sent: {sent / 1000:.1f} KB compressed (target < "
          f"{PAGE_BYTES_TARGET / 1000:.0f} KB){'' if sent < PAGE_BYTES_TARGET else '  MISSED'}; "
          f"HTML {html / 1000:.1f} KB; with its assets {total / 1000:.1f} KB")
    print(f"first contentful paint: {fcp:.0f} ms, median of {arguments.runs} (target < "
          f"{FIRST_PAINT_TARGET_MS} ms){'' if 0 <= fcp < FIRST_PAINT_TARGET_MS else '  MISSED'}")
    print(f"opening one file from the tree: {opened:.0f} ms (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
