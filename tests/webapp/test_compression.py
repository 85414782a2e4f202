"""Pages and JSON go out gzip-compressed; downloads go out as they are."""

import gzip

import pytest
from django.core.files.base import ContentFile
from django.urls import reverse

from tests.factories import make_job, make_user
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db


def test_a_page_is_compressed_and_a_download_is_not(client):
    user = make_user()
    client.force_login(user)
    job = make_job(owner=user, state=Job.State.DONE, source_name="p" * 250 + ".zip")
    job.store_artifact("hip-tree.tar.gz", ContentFile(gzip.compress(b"tree" * 1000)))
    page = client.get(job.get_absolute_url(), HTTP_ACCEPT_ENCODING="gzip")
    assert page["Content-Encoding"] == "gzip"
    assert b"<html" in gzip.decompress(page.content)
    download = client.get(reverse("jobs:download", args=[job.pk, "hip-tree.tar.gz"]),
                          HTTP_ACCEPT_ENCODING="gzip")
    assert download.get("Content-Encoding") is None
    assert gzip.decompress(b"".join(download.streaming_content)) == b"tree" * 1000
