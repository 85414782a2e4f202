"""Misspelled options are refused (400 invalid, with the allowed names), never dropped."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from tests.factories import example_zip, make_user
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    client = APIClient()
    client.force_authenticate(make_user())
    return client


def test_a_job_with_a_misspelled_option_is_refused_with_the_allowed_names(api):
    archive = SimpleUploadedFile("saxpy.zip", example_zip())
    response = api.post("/api/jobs/", {"archive": archive, "hip_verison": "6.2"},
                        format="multipart")
    error = response.json()["error"]
    assert (response.status_code, error["code"]) == (400, "invalid")
    assert error["message"].startswith("hip_verison: unknown field; the allowed names are: ")
    assert "hip_version" in error["message"]
    assert "archive" in error["message"]
    assert not Job.objects.exists()


def test_a_snippet_with_an_unknown_option_is_refused(api):
    response = api.post("/api/translate/", {"source": "int x;", "rocm": True}, format="json")
    assert response.status_code == 400
    assert list(response.json()["error"]["fields"]) == ["rocm"]


def test_known_options_still_pass(api):
    response = api.post("/api/translate/", {"source": "int x;", "roc": True, "path": "a.cu"},
                        format="json")
    assert response.status_code == 200
