"""Load benchmark of the whole service over HTTP: snippet calls and job submissions.

    python benchmarks/bench_load.py [--calls 40] [--jobs 10] [--compile]

Starts the service on 127.0.0.1 by itself, with the pieces of ``make run``
(scripts/run.py): a private redis-server on a free port and a fresh SQLite database under
a temporary DATA_DIR, one Celery worker for both queues, gunicorn with 2 workers on a free
port. Unlike ``make run`` it runs with DEBUG=false (as in production), raises SNIPPET_RATE
so the rate limit does not throttle the run, and sends the children's logs to files.
By default HIPCC points at nothing, so jobs end with "compile check skipped" and the
end-to-end time is upload, unpack and translation; ``--compile`` keeps the real hipcc
(compile cache empty at start; about 20 s a job on this 2-core machine, so give it
``--jobs 4`` or a longer ``--job-seconds``).

Load, every loop bounded by a count and a deadline, only to 127.0.0.1:
  - ``POST /api/translate/`` with CUDA files of about 2 KB, 30 KB and 256 KB (files of
    tests/realistic/corpus, examples/ and the rule cases, concatenated), at concurrency 1
    and 4, after two warm-up calls that are not counted;
  - ``POST /api/jobs/`` of examples/particles zipped, at concurrency 4, then
    ``GET /api/jobs/{id}/`` every 0.25 s until each job ended (end-to-end time).

Prints one line per scenario (latency percentiles in ms, throughput) and a verdict
against the targets: at concurrency 1 every snippet size answers in < 2 s at p99,
submissions answer in < 1 s at p99; a scenario with failed calls misses its target.
Exits 1 only when the service could not start; a missed target prints MISSED.
Everything started is stopped at the end, also on error or Ctrl-C.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import zipfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

# The same start-up as `make run`.
from scripts.run import (  # noqa: E402
    PYTHON,
    ROOT,
    Supervisor,
    ensure_redis,
    free_port,
    report_features,
    wait_for_port,
)

SIZES = {"2KB": 2_000, "30KB": 30_000, "256KB": 256 * 1024}  # the largest SNIPPET_MAX_BYTES allows
SNIPPET_TARGET_MS, SUBMIT_TARGET_MS = 2000, 1000
ENDED = {"done", "failed", "canceled"}


# --- what is sent --------------------------------------------------------------------

def _cuda_files() -> list[Path]:
    """Real CUDA sources, the realistic corpus first; rule cases' inputs last."""
    corpus = sorted(p for p in (ROOT / "tests/realistic/corpus").rglob("*")
                    if p.suffix in {".cu", ".cuh"})
    examples = sorted(p for p in (ROOT / "examples").rglob("*") if p.suffix in {".cu", ".cuh"})
    cases = sorted((ROOT / "tests/translator/cases").glob("*/*.cu"))
    return corpus + examples + cases


def make_source(target: int, files: list[Path]) -> str:
    """Whole files concatenated, in order, each that still fits in TARGET bytes."""
    parts, size = [], 0
    for path in files:
        text = f"// ---- {path.relative_to(ROOT)}\n{path.read_text()}\n"
        if size + len(text.encode()) <= target:
            parts.append(text)
            size += len(text.encode())
    return "".join(parts)


def zip_folder(folder: Path) -> bytes:
    """FOLDER as ``make example-zip`` packs it (members under the folder's name)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(folder.parent))
    return buffer.getvalue()


def multipart(name: str, filename: str, content: bytes) -> tuple[bytes, str]:
    boundary = secrets.token_hex(16)
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; "
            f"filename=\"{filename}\"\r\nContent-Type: application/zip\r\n\r\n").encode()
    body += content + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


# --- measuring -----------------------------------------------------------------------

@dataclass
class Scenario:
    name: str
    latencies: list[float] = field(default_factory=list)  # seconds, answered calls
    errors: Counter = field(default_factory=Counter)     # status or exception name
    seconds: float = 0.0

    def line(self, unit: str = "calls/s") -> str:
        count = len(self.latencies) + sum(self.errors.values())
        errors = sum(self.errors.values())
        why = f" ({', '.join(f'{k}x{v}' for k, v in self.errors.most_common())})" if errors else ""
        ms = sorted(1000 * s for s in self.latencies)
        figures = "  ".join(f"{label} {percentile(ms, q):7.0f}" for label, q in
                            (("p50", 50), ("p90", 90), ("p99", 99), ("max", 100))) if ms \
            else "no answers"
        rate = count / self.seconds if self.seconds else 0.0
        if unit == "jobs/min":
            rate *= 60
        return (f"{self.name:<26} n={count:<3} errors={errors}{why}  ms: {figures}  "
                f"{rate:.2f} {unit}")

    def p99_ms(self) -> float:
        return percentile(sorted(1000 * s for s in self.latencies), 99)


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest rank; q=100 is the maximum. NaN without values."""
    if not sorted_values:
        return math.nan
    return sorted_values[max(0, math.ceil(q / 100 * len(sorted_values)) - 1)]


def call(request: urllib.request.Request, timeout: float = 60) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def error_code(body: bytes) -> str:
    """' timeout' for the API's {"error": {"code": "timeout", ...}}; '' otherwise."""
    try:
        return f" {json.loads(body)['error']['code']}"
    except (ValueError, KeyError, TypeError):
        return ""


def run_load(scenario: Scenario, make_request, count: int, concurrency: int,
             seconds: float, expect: int) -> list[bytes]:
    """COUNT calls of make_request() by CONCURRENCY threads, none started after SECONDS."""
    lock, issued, bodies = threading.Lock(), [0], []
    deadline = time.monotonic() + seconds

    def take() -> bool:
        with lock:
            if issued[0] >= count or time.monotonic() > deadline:
                return False
            issued[0] += 1
            return True

    def loop() -> None:
        while take():
            started = time.perf_counter()
            try:
                status, body = call(make_request())
            except OSError as error:  # refused, reset, timed out
                status, body = type(error).__name__, b""
            elapsed = time.perf_counter() - started
            with lock:
                if status == expect:
                    scenario.latencies.append(elapsed)
                    bodies.append(body)
                else:
                    scenario.errors[f"{status}{error_code(body)}"] += 1

    started = time.perf_counter()
    with ThreadPoolExecutor(concurrency) as pool:
        threads = [pool.submit(loop) for _ in range(concurrency)]
    for thread in threads:
        thread.result()  # a bug in loop() shows here, not as missing calls
    scenario.seconds = time.perf_counter() - started
    return bodies


# --- the service ---------------------------------------------------------------------

def service_env(data_dir: Path, compile_check: bool) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items()
           if name not in {"DATABASE_URL", "REDIS_URL", "REDIS_KEY_PREFIX"}}
    env.update(DATA_DIR=str(data_dir), DEBUG="false", SECRET_KEY=secrets.token_hex(32),
               ALLOWED_HOSTS="127.0.0.1", DJANGO_SETTINGS_MODULE="webapp.settings",
               SNIPPET_RATE="100000/minute", PYTHONPATH=str(ROOT), LOG_LEVEL="WARNING",
               PYTHONWARNINGS="ignore:You're running the worker with superuser privileges")
    (data_dir / "static").mkdir()  # no collectstatic: the API serves no static files
    if not compile_check:
        env["HIPCC"] = str(data_dir / "no-hipcc")
    return env


def start_service(supervisor: Supervisor, data_dir: Path) -> tuple[str, str]:
    """Start Redis, the worker and the web server; return the base URL and an API token."""
    env = supervisor.env
    report_features(env)
    if not ensure_redis(supervisor, data_dir):
        raise RuntimeError("no Redis")
    manage = [PYTHON, "manage.py"]
    supervisor.run_once([*manage, "migrate", "--noinput", "-v", "0"])
    subprocess.run([*manage, "createlocaluser", "--username", "bench"], cwd=ROOT, env=env,
                   check=True, capture_output=True, text=True)
    made = subprocess.run([*manage, "drf_create_token", "bench"], cwd=ROOT, env=env,
                          check=True, capture_output=True, text=True)
    token = made.stdout.split()[2]  # "Generated token KEY for user bench"
    worker_log = data_dir / "worker.log"
    worker = supervisor.start("worker", [
        PYTHON, "-m", "celery", "--quiet", "-A", "workers", "worker", "-Q", "translate,rocm",
        "--concurrency", "1", "--loglevel", "INFO", "--logfile", str(worker_log)])
    port = free_port()
    web = supervisor.start("web", [
        PYTHON, "-m", "gunicorn", "webapp.wsgi:application", "--bind", f"127.0.0.1:{port}",
        "--workers", "2", "--timeout", "120", "--no-control-socket", "--capture-output",
        "--error-logfile", str(data_dir / "web.log")])
    wait_for_port(port, web)
    deadline = time.monotonic() + 60
    while " ready." not in (worker_log.read_text(errors="replace")
                            if worker_log.exists() else ""):
        if worker.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"the Celery worker did not start; see {worker_log}")
        time.sleep(0.2)
    return f"http://127.0.0.1:{port}", token


# --- the scenarios -------------------------------------------------------------------

def snippet_scenarios(url: str, calls: int, seconds: float) -> list[Scenario]:
    files = _cuda_files()
    warm_up = json.dumps({"source": make_source(SIZES["2KB"], files), "path": "k.cu"}).encode()
    run_load(Scenario("warm-up"), lambda: urllib.request.Request(
        f"{url}/api/translate/", data=warm_up, method="POST",
        headers={"Content-Type": "application/json"}), 2, 2, seconds, 200)
    done = []
    for label, target in SIZES.items():
        source = make_source(target, files)
        body = json.dumps({"source": source, "path": "load.cu"}).encode()
        for concurrency in (1, 4):
            scenario = Scenario(f"snippet {label:>5} ({len(source.encode()) / 1000:.0f} kB) "
                                f"c={concurrency}")
            run_load(scenario, lambda body=body: urllib.request.Request(
                f"{url}/api/translate/", data=body, method="POST",
                headers={"Content-Type": "application/json"}), calls, concurrency, seconds, 200)
            print(scenario.line(), flush=True)
            done.append(scenario)
    return done


def job_scenarios(url: str, token: str, jobs: int, seconds: float) -> list[Scenario]:
    body, content_type = multipart("archive", "particles.zip",
                                   zip_folder(ROOT / "examples" / "particles"))
    auth = {"Authorization": f"Token {token}"}
    submit = Scenario("job submission c=4")
    began = time.perf_counter()
    answers = run_load(submit, lambda: urllib.request.Request(
        f"{url}/api/jobs/", data=body, method="POST",
        headers={**auth, "Content-Type": content_type}), jobs, 4, seconds, 201)
    print(submit.line(), flush=True)
    # End-to-end counts from the start of the submissions (the submit time of each job
    # is not in its answer); resolution: the polling interval.
    pending = {json.loads(answer)["id"] for answer in answers}
    end_to_end, statuses = Scenario("job end-to-end"), Counter()
    deadline = time.monotonic() + seconds
    while pending and time.monotonic() < deadline:
        for job in sorted(pending):
            try:
                status, answer = call(urllib.request.Request(f"{url}/api/jobs/{job}/",
                                                             headers=auth))
            except OSError:  # refused or reset: ask again on the next round
                continue
            state = json.loads(answer).get("state") if status == 200 else None
            if state in ENDED:
                pending.discard(job)
                statuses[describe(json.loads(answer))] += 1
                if state == "done":
                    end_to_end.latencies.append(time.perf_counter() - began)
                else:
                    end_to_end.errors[state] += 1
        time.sleep(0.25)
    end_to_end.errors.update({"unfinished": len(pending)} if pending else {})
    end_to_end.seconds = time.perf_counter() - began
    print(end_to_end.line("jobs/min"), flush=True)
    for status, number in statuses.most_common():
        print(f"  {number} job(s): {status}")
    return [submit, end_to_end]


def describe(job: dict) -> str:
    if job["state"] == "failed":
        failure = job.get("failure") or {}
        return f"failed: {failure.get('code')}: {failure.get('message')}"
    return job.get("compile_status") or job["state"]


def verdict(snippets: list[Scenario], submit: Scenario) -> None:
    checks = [(s, SNIPPET_TARGET_MS) for s in snippets if s.name.endswith("c=1")]
    checks.append((submit, SUBMIT_TARGET_MS))
    for scenario, target in checks:
        met = not scenario.errors and scenario.latencies and scenario.p99_ms() < target
        p99 = f"{scenario.p99_ms():.0f} ms" if scenario.latencies else "none (no answers)"
        print(f"{'met   ' if met else 'MISSED'} {scenario.name}: p99 {p99} "
              f"(target < {target} ms, errors {sum(scenario.errors.values())})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=40, help="snippet calls per scenario")
    parser.add_argument("--jobs", type=int, default=10, help="job submissions")
    parser.add_argument("--snippet-seconds", type=float, default=10,
                        help="no snippet call starts later than this in a scenario")
    parser.add_argument("--job-seconds", type=float, default=60,
                        help="deadline for the submissions, then for the jobs to end")
    parser.add_argument("--compile", action="store_true", help="run the hipcc check in jobs")
    arguments = parser.parse_args()
    # SIGTERM ends the run like Ctrl-C does, through the finally below.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    snippets, jobs = [], []
    with tempfile.TemporaryDirectory(prefix="rocport-load-") as folder:
        data_dir = Path(folder)
        supervisor = Supervisor(service_env(data_dir, arguments.compile))
        try:
            try:
                url, token = start_service(supervisor, data_dir)
            except (subprocess.CalledProcessError, RuntimeError, OSError) as error:
                print(f"bench_load: the service could not start: {error}", file=sys.stderr)
                if isinstance(error, subprocess.CalledProcessError) and error.stderr:
                    print(error.stderr, file=sys.stderr)
                return 1
            print(f"service at {url} (gunicorn 2 workers, 1 Celery worker, SQLite, compile "
                  f"check {'with hipcc' if arguments.compile else 'skipped'}); load average "
                  f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
            snippets = snippet_scenarios(url, arguments.calls, arguments.snippet_seconds)
            jobs = job_scenarios(url, token, arguments.jobs, arguments.job_seconds)
            verdict(snippets, jobs[0])
            load = os.getloadavg()[0]
            if load > (os.cpu_count() or 1):
                print(f"note: load average {load:.1f} on {os.cpu_count()} CPUs at the end: "
                      f"other work shared the machine, so these figures are pessimistic")
            for child in supervisor.children:
                if child.process.poll() is not None:
                    print(f"note: {child.name} exited during the run "
                          f"(status {child.process.returncode})")
        finally:
            supervisor.stop_all()
        # A 503 timeout explains itself; other 5xx answers have a traceback in the log.
        if any(code.startswith("5") and code != "503 timeout"
               for scenario in [*snippets, *jobs] for code in scenario.errors):
            show_errors(data_dir / "web.log")
    return 0


def show_errors(log: Path, lines: int = 40) -> None:
    """The end of the web server's log, for the 5xx answers (the log goes with DATA_DIR)."""
    text = log.read_text(errors="replace").splitlines() if log.exists() else []
    print(f"answers 5xx; the last {lines} lines of the web server's log:")
    for line in text[-lines:]:
        print(f"  | {line}")


if __name__ == "__main__":
    sys.exit(main())
