"""The upload page and POST /api/jobs/ refuse the same bad upload the same way: one check
(webapp.jobs.uploads.check_archive), one status, one message."""

import html

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db


def page_answer(user, archive) -> tuple[int, str]:
    client = APIClient()
    client.force_login(user)
    response = client.post(reverse("jobs:new"), {"archive": archive})
    return response.status_code, html.unescape(response.content.decode())


def api_answer(user, archive) -> tuple[int, str]:
    client = APIClient()
    client.force_authenticate(user)
    response = client.post("/api/jobs/", {"archive": archive}, format="multipart")
    return response.status_code, response.json()["error"]["message"]


@pytest.mark.parametrize(("name", "size", "status", "message"), [
    ("kernel.cu", 5, 400, "the file name must end with .zip, .tar.gz, .tgz or .tar"),
    ("big.tar.gz", 11, 413, "the archive is 11\xa0bytes; the limit is 10\xa0bytes"),
], ids=["not-an-archive-name", "over-the-limit"])
def test_page_and_api_refuse_a_bad_upload_alike(user, settings, name, size, status, message):
    settings.MAX_UPLOAD_BYTES = 10
    page_status, page = page_answer(user, SimpleUploadedFile(name, b"x" * size))
    api_status, api = api_answer(user, SimpleUploadedFile(name, b"x" * size))
    assert (page_status, api_status) == (status, status)
    assert message in page
    assert api.removeprefix("archive: ") == message
    assert not Job.objects.exists()
