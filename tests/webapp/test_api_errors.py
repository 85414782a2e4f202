"""The API never answers HTML: unexpected errors are JSON 500, oversized form data 413."""

import logging

import pytest
from rest_framework.test import APIClient

from tests.factories import make_user
from webapp.api.views import JobViewSet

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    client = APIClient()
    client.force_authenticate(make_user())
    return client


def test_unexpected_exception_in_an_api_view_is_json_500(api, monkeypatch, caplog):
    def broken(self):
        raise RuntimeError("database exploded")

    monkeypatch.setattr(JobViewSet, "get_queryset", broken)
    with caplog.at_level(logging.ERROR, logger="webapp.api.errors"):
        response = api.get("/api/jobs/")
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "internal-error"
    assert "database exploded" not in response.content.decode()
    assert any(record.exc_info and "database exploded" in str(record.exc_info[1])
               for record in caplog.records)


@pytest.mark.urls("tests.webapp.crash_urls")
def test_exception_outside_the_api_views_is_json_500_under_api(client):
    client.raise_request_exception = False
    response = client.get("/api/crash/")
    assert response.status_code == 500
    assert response.json() == {"error": {"code": "internal-error", "message": response.json()[
        "error"]["message"]}}


@pytest.mark.urls("tests.webapp.crash_urls")
def test_pages_keep_their_html_error_page(client):
    client.raise_request_exception = False
    response = client.get("/crash/")
    assert response.status_code == 500
    assert response["Content-Type"].startswith("text/html")


def test_disallowed_host_is_json_400_under_api(client):
    response = client.get("/api/rules/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad-request"


def test_oversized_form_field_is_json_413(api, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = api.post("/api/jobs/", {"select": "x" * 5000}, format="multipart")
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too-large"


def test_too_many_form_fields_is_json_400(api, settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 5
    response = api.post("/api/jobs/", {f"field{n}": "x" for n in range(20)},
                        format="multipart")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "parse-error"
