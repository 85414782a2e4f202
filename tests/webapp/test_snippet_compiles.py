"""POST /api/translate/compile/: the snippet is translated at once and its compile queued for
a ROCm runner (queue rocm-snippets); one waiting compile per client, a few on the service.
(Compiled by a real worker in tests/e2e/test_playground.py.)"""

import pytest
from rest_framework.test import APIClient

from webapp.api.models import SnippetCompile

pytestmark = pytest.mark.django_db

SOURCE = {"source": "__global__ void k(float* x) { x[threadIdx.x] = 0; }\n", "path": "k.cu"}


def client_from(address: str) -> APIClient:
    return APIClient(REMOTE_ADDR=address)


def test_a_compile_is_queued_with_the_translated_text_and_followed(redis_url):
    first = client_from("10.0.0.1").post("/api/translate/compile/", SOURCE, format="json")
    assert first.status_code == 202, first.content
    answer = first.json()
    assert (answer["state"], answer["path"], answer["result"]) == ("queued", "k.cu", {})
    compiled = SnippetCompile.objects.get()
    assert "#include <hip/hip_runtime.h>" in compiled.source
    followed = client_from("10.0.0.9").get(answer["url"]).json()
    assert followed["id"] == answer["id"]


def test_one_waiting_compile_per_client_and_a_few_on_the_service(redis_url, settings):
    settings.SNIPPET_COMPILE_QUEUE = 2
    assert client_from("10.0.0.1").post("/api/translate/compile/", SOURCE,
                                        format="json").status_code == 202
    again = client_from("10.0.0.1").post("/api/translate/compile/", SOURCE, format="json")
    assert (again.status_code, again.json()["error"]["code"]) == (429, "throttled")
    assert client_from("10.0.0.2").post("/api/translate/compile/", SOURCE,
                                        format="json").status_code == 202
    full = client_from("10.0.0.3").post("/api/translate/compile/", SOURCE, format="json")
    assert (full.status_code, full.json()["error"]["code"]) == (429, "busy")


def test_an_unknown_compile_is_404():
    answer = APIClient().get("/api/translate/compile/6a1e9d1f-3e6c-4f1e-9a77-0a0a0a0a0a0a/")
    assert answer.status_code == 404


def test_a_huge_body_is_413_before_parsing_and_nothing_is_queued(settings):
    settings.SNIPPET_MAX_BYTES = 10
    response = APIClient().generic("POST", "/api/translate/compile/", b"{" + b" " * 70_000,
                                   content_type="application/json")
    assert (response.status_code, response.json()["error"]["code"]) == (413, "too-large")
    assert not SnippetCompile.objects.exists()
