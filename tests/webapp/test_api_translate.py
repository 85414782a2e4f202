"""POST /api/translate/ (one file, in the sandbox with a deadline) and GET /api/rules/."""

import dataclasses
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from tests.factories import make_user
from tests.hostile import BOMB, CRASHER, tricks
from translator.rules import ENGINE_CODES, RULES
from webapp.api.snippet_slots import SlotTaken, snippet_slot

pytestmark = pytest.mark.django_db

CUDA = """#include <cuda_runtime.h>
__global__ void k(float* x) { x[threadIdx.x] = 0; }
int main() {
  float* d;
  cudaMalloc(&d, 64);
  k<<<1, 16>>>(d);
  cudaFree(d);
}
"""


@pytest.fixture(autouse=True)
def fresh_throttle():
    cache.clear()  # rate-limit counters live in the cache
    yield
    cache.clear()


def translate(**body):
    return APIClient().post("/api/translate/", {"source": CUDA, **body}, format="json")


def test_translates_anonymously_with_hip_text_diff_and_findings():
    response = translate()
    assert response.status_code == 200, response.json()
    body = response.json()
    assert "hipMalloc(&d, 64);" in body["source"]
    assert "cudaMalloc" not in body["source"]
    assert "#include <hip/hip_runtime.h>" in body["source"]
    assert "-  cudaMalloc(&d, 64);\n+  hipMalloc(&d, 64);\n" in body["diff"]
    assert body["diff"].startswith("--- a/input.cu\n+++ b/input.cu\n")
    assert body["changed"] is True
    assert body["replacements"] >= 3
    assert isinstance(body["findings"], list)


def test_options_reach_the_translator():
    body = translate(ignore=["R101"], skip_rewrites=["R101"], path="k.cu").json()
    assert "cudaMalloc(&d, 64);" in body["source"]
    assert "#include <hip/hip_runtime.h>" in body["source"]
    assert body["path"] == "k.cu"


COMPAT_CUDA = """#include <cstdio>
__global__ void k(float* x) { x[threadIdx.x] = 0; }
void run(float* d) {
  k<<<1, 16>>>(d);
  printf("cudaMalloc failed\\n");
}
"""


def test_hipify_compat_option_reaches_the_translator():
    body = translate(source=COMPAT_CUDA, path="k.cu", hipify_compat=True,
                     hip_kernel_execution_syntax=True).json()
    # hipify-clang wraps only template kernels in HIP_KERNEL_NAME, and renames in strings
    assert "hipLaunchKernelGGL(k, dim3(1), dim3(16), 0, 0, d);" in body["source"]
    assert 'printf("hipMalloc failed\\n");' in body["source"]


def test_without_hipify_compat_strings_and_kernel_names_stay():
    body = translate(source=COMPAT_CUDA, path="k.cu", hip_kernel_execution_syntax=True).json()
    assert "hipLaunchKernelGGL(k, dim3(1), dim3(16), 0, 0, d);" in body["source"]
    assert 'printf("cudaMalloc failed\\n");' in body["source"]


def test_hipify_compat_is_a_stored_job_option():
    from webapp.api.serializers import OptionsSerializer

    serializer = OptionsSerializer(data={"hipify_compat": "true"})
    assert serializer.is_valid(), serializer.errors
    assert serializer.options() == {"hipify_compat": True}


def test_names_without_counterpart_are_listed_as_unsupported():
    body = translate(source="void f() { cudaProfilerInitialize(0, 0, 0); }\n").json()
    assert body["unsupported"][0]["name"] == "cudaProfilerInitialize"
    assert (body["unsupported"][0]["line"], body["unsupported"][0]["column"]) == (1, 12)


def test_unchanged_source_has_an_empty_diff():
    body = translate(source="int main() { return 0; }\n").json()
    assert (body["changed"], body["diff"], body["source"]) == (
        False, "", "int main() { return 0; }\n")


def test_source_over_the_limit_is_413(settings):
    settings.SNIPPET_MAX_BYTES = 100
    response = translate(source="x" * 101)
    assert (response.status_code, response.json()["error"]["code"]) == (413, "too-large")


def test_huge_body_is_413_before_parsing(settings):
    settings.SNIPPET_MAX_BYTES = 10
    response = APIClient().generic("POST", "/api/translate/", b"{" + b" " * 70_000,
                                   content_type="application/json")
    assert (response.status_code, response.json()["error"]["code"]) == (413, "too-large")


@pytest.mark.parametrize(("body", "field"), [
    ({"source": None}, "source"),
    ({"source": "int a;\x00"}, "source"),
    ({"path": "../etc/passwd"}, "path"),
    ({"hip_version": "latest"}, "hip_version"),
    ({"roc": "maybe"}, "roc"),
])
def test_invalid_input_is_400(body, field):
    response = translate(**body)
    assert (response.status_code, list(response.json()["error"]["fields"])) == (400, [field])


def test_malformed_json_is_400():
    response = APIClient().generic("POST", "/api/translate/", b"{not json",
                                   content_type="application/json")
    assert (response.status_code, response.json()["error"]["code"]) == (400, "parse-error")


@pytest.fixture
def rate(monkeypatch):
    """Set the snippet rate (DRF reads its rates once, into the throttle class)."""
    from rest_framework.throttling import ScopedRateThrottle

    return lambda value: monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES",
                                             {"snippet": value})


def test_anonymous_clients_are_rate_limited(rate):
    rate("2/minute")
    codes = [translate(source="int a;\n").status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    response = translate(source="int a;\n")
    assert response.json()["error"]["code"] == "throttled"
    assert int(response["Retry-After"]) > 0


def test_signed_in_users_are_counted_apart_from_anonymous_ones(rate):
    rate("1/minute")
    client = APIClient()
    client.force_authenticate(make_user())
    assert translate(source="int a;\n").status_code == 200
    assert client.post("/api/translate/", {"source": "int a;\n"}, format="json").status_code == 200
    assert translate(source="int a;\n").status_code == 429


def test_a_client_with_a_translation_running_is_answered_429_at_once(tmp_path, settings):
    settings.SNIPPET_SLOTS_DIR = tmp_path / "slots"
    with snippet_slot("address:127.0.0.1"):  # the test client's address
        started = time.monotonic()
        response = translate(source="int a;\n")
        assert time.monotonic() - started < 1
    assert (response.status_code, response.json()["error"]["code"]) == (429, "throttled")
    assert "still running" in response.json()["error"]["message"]
    assert int(response["Retry-After"]) > 0
    assert translate(source="int a;\n").status_code == 200  # the slot was given back


def test_when_every_slot_is_taken_other_clients_are_answered_429_busy(tmp_path, settings):
    settings.SNIPPET_SLOTS_DIR = tmp_path / "slots"
    settings.SNIPPET_CONCURRENCY = 2
    with snippet_slot("address:192.0.2.1"), snippet_slot("address:192.0.2.2"):
        response = translate(source="int a;\n")
        with pytest.raises(SlotTaken, match="every translation slot"), snippet_slot("user:7"):
            pass
    assert (response.status_code, response.json()["error"]["code"]) == (429, "busy")
    assert int(response["Retry-After"]) > 0


def test_a_slot_held_by_a_killed_process_is_free_again(tmp_path, settings):
    settings.SNIPPET_SLOTS_DIR = tmp_path / "slots"
    settings.SNIPPET_CONCURRENCY = 1
    (tmp_path / "slots").mkdir()
    holder = subprocess.Popen(
        [sys.executable, "-c", "import fcntl, os, sys, time\n"
         "d = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)\n"
         "fcntl.flock(d, fcntl.LOCK_EX)\nprint('held', flush=True)\ntime.sleep(60)",
         str(tmp_path / "slots" / "all-0.lock")], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        assert translate(source="int a;\n").json()["error"]["code"] == "busy"
    finally:
        holder.kill()
        holder.wait()
    assert translate(source="int a;\n").status_code == 200


def test_libclang_past_its_share_of_the_time_is_answered_token_only(settings):
    settings.SNIPPET_TIME_LIMIT = 3
    settings.SNIPPET_MEMORY_LIMIT = 4 << 30  # the bomb then runs until the deadline
    started = time.monotonic()
    response = translate(source=BOMB + "void f() { cudaDeviceSynchronize(); }\n")
    assert response.status_code == 200
    assert time.monotonic() - started < 3 + 1
    assert "hipDeviceSynchronize" in response.json()["source"]
    assert "libclang took too long" in response.json()["note"]


def test_a_translation_past_the_deadline_is_killed_and_answered_503(settings):
    settings.SNIPPET_TIME_LIMIT = 0.05  # not even a token-only translation starts in time
    response = translate(source=BOMB)
    assert (response.status_code, response.json()["error"]["code"]) == (503, "timeout")
    assert "longer than 0.05 s" in response.json()["error"]["message"]


def test_a_macro_bomb_is_stopped_by_the_memory_limit_and_still_answered(settings):
    # The smallest limit and a deadline it cannot reach: filling the default 1 GiB took
    # libclang 6 s here and over 10 s on a busy host, which then answered "timeout".
    settings.SNIPPET_MEMORY_LIMIT = 256 << 20
    settings.SNIPPET_TIME_LIMIT = 120
    response = translate(source=BOMB + "void f() { cudaDeviceSynchronize(); }\n")
    assert response.status_code == 200, response.json()
    assert "hipDeviceSynchronize" in response.json()["source"]


def test_a_libclang_crash_is_answered_token_only_with_a_note():
    response = translate(source=CRASHER + "void f() { cudaDeviceSynchronize(); }\n")
    assert response.status_code == 200, response.json()
    assert "hipDeviceSynchronize" in response.json()["source"]
    assert "libclang crashed" in response.json()["note"]


@pytest.mark.parametrize("trick", sorted(tricks(Path("/secret.h"))))
def test_no_include_trick_shows_a_host_file_in_the_answer(trick, host_secret, monkeypatch):
    path, canary = host_secret
    monkeypatch.setenv("ROCPORT_WEB_SECRET", canary)
    response = translate(source=tricks(path)[trick], path=trick)
    assert response.status_code == 200, response.json()
    assert canary not in response.content.decode()


def test_a_file_the_sandbox_cannot_run_is_answered_503(settings):
    settings.TRANSLATE_ALLOW_UNSANDBOXED = False
    from translator.jobs.confinement import Confinement
    from webapp import sandboxes

    real = sandboxes.Confinement.create

    def missing_bubblewrap(**keywords):
        made = real(**keywords)
        return Confinement(dataclasses.replace(made.sandbox, bubblewrap="/nonexistent/bwrap"))

    sandboxes.Confinement.create = missing_bubblewrap
    try:
        response = translate()
    finally:
        sandboxes.Confinement.create = real
    assert (response.status_code, response.json()["error"]["code"]) == (
        503, "sandbox-unavailable")


def test_rules_lists_every_rule_and_engine_code():
    rules = APIClient().get("/api/rules/").json()
    assert [rule["code"] for rule in rules] == [r.code for r in RULES + ENGINE_CODES]
    first = rules[0]
    assert first["kind"] == "rewrite"
    assert first["url"] == f"http://testserver/rules/{first['code']}/"
    assert {rule["kind"] for rule in rules} >= {"rewrite", "engine"}


def test_a_successful_translation_logs_no_warning(caplog):
    with caplog.at_level("WARNING"):
        assert translate().status_code == 200
    assert [r.getMessage() for r in caplog.records if r.levelname != "INFO"] == []
