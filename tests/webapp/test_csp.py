"""A Content-Security-Policy on every page: scripts and styles from this server, inline
ones only with the request's nonce. (tests/e2e/test_csp.py loads the pages in Chromium
and fails on any violation.)"""

import re
from pathlib import Path

import pytest

from tests.factories import make_job, make_user
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))


def policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {name: values for name, *values in
            (part.split() for part in header.split(";") if part.strip())}


@pytest.fixture
def signed_in(client):
    user = make_user(is_superuser=True, is_staff=True)
    client.force_login(user)
    return user


@pytest.mark.parametrize("path", ["/accounts/login/", "/playground/", "/rules/",
                                  "/rules/R201/", "/api/docs/"])
def test_public_pages_have_a_strict_policy(client, path):
    response = client.get(path)
    assert response.status_code == 200
    directives = policy(response)
    assert directives["default-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]
    for name in ("script-src", "style-src"):
        assert "'unsafe-inline'" not in directives[name]
        assert "'unsafe-eval'" not in directives[name]


@pytest.mark.parametrize("path", ["/jobs/", "/jobs/new/", "/api/token/", "/admin/"])
def test_signed_in_pages_have_the_policy(client, signed_in, path):
    response = client.get(path)
    assert response.status_code == 200
    assert policy(response)["script-src"][0] == "'self'"


def test_inline_style_of_a_rule_page_carries_the_nonce_of_its_policy(client):
    response = client.get("/rules/R201/")
    nonce = re.search(r'<style nonce="([^"]+)">', response.content.decode()).group(1)
    assert f"'nonce-{nonce}'" in policy(response)["style-src"]


def test_the_job_page_has_no_inline_style(client, signed_in):
    job = make_job(owner=signed_in, state=Job.State.DONE)
    response = client.get(f"/jobs/{job.pk}/")
    assert "<style" not in response.content.decode()
    assert "'unsafe-inline'" not in policy(response)["style-src"]


def test_each_request_gets_a_new_nonce(client):
    first, second = (policy(client.get("/rules/R201/"))["style-src"] for _ in range(2))
    assert first != second


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_templates_have_no_inline_code_without_a_nonce(template):
    text = template.read_text()
    for tag in re.findall(r"<(?:script|style)\b[^>]*>", text):
        assert "src=" in tag or 'nonce="{{ request.csp_nonce }}"' in tag, tag
    assert not re.search(r"\son[a-z]+\s*=", text), "inline event handler"
    assert not re.search(r"\sstyle\s*=", text), "inline style attribute"
    assert "javascript:" not in text
