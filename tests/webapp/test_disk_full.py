"""A full disk during an upload: 507 with a clear message, no partial file, no job, and the
next upload works. The disk is real: a 1 MiB tmpfs mounted for the test (we run as root;
without the privilege to mount, the tests are skipped, except on CI where they fail:
tests/tools.py)."""

import os

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.factories import make_user
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db

MIB = 1024 * 1024


@pytest.fixture
def full_disk_settings(small_disk, tmp_path, settings):
    """MEDIA_ROOT and the upload folder on the small disk."""
    (small_disk / "media").mkdir()
    (small_disk / "uploads").mkdir()
    settings.MEDIA_ROOT = small_disk / "media"
    settings.FILE_UPLOAD_TEMP_DIR = small_disk / "uploads"
    return settings


def files_on(folder):
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file())


def archive(size: int, name: str = "big.zip") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, os.urandom(size), content_type="application/zip")


def signed_in(client):
    user = make_user()
    client.force_login(user)
    return user


# 3 MiB streams to a temporary file (full while receiving); 1.5 MiB is held in memory and
# fills the disk while it is stored.
@pytest.mark.parametrize("size", [3 * MIB, 3 * MIB // 2], ids=["receiving", "storing"])
def test_upload_page_answers_507_and_keeps_nothing(client, full_disk_settings, small_disk,
                                                   size):
    signed_in(client)
    response = client.post("/jobs/new/", {"archive": archive(size)})
    assert response.status_code == 507
    assert "no room to store your upload" in response.content.decode()
    assert files_on(small_disk) == []
    assert not Job.objects.exists()


@pytest.mark.parametrize("size", [3 * MIB, 3 * MIB // 2], ids=["receiving", "storing"])
def test_the_next_upload_works(client, full_disk_settings, small_disk, size):
    signed_in(client)
    assert client.post("/jobs/new/", {"archive": archive(size)}).status_code == 507
    response = client.post("/jobs/new/", {"archive": archive(100 * 1024, "small.zip")})
    assert response.status_code == 302
    job = Job.objects.get()
    assert files_on(small_disk) == [f"media/{job.input_name}"]


def test_storing_a_received_temporary_file_on_a_full_disk_keeps_nothing(
        client, small_disk, tmp_path, settings):
    """The upload fits in its temporary folder; the copy into MEDIA_ROOT does not."""
    settings.MEDIA_ROOT = small_disk
    settings.FILE_UPLOAD_TEMP_DIR = tmp_path
    signed_in(client)
    assert client.post("/jobs/new/", {"archive": archive(3 * MIB)}).status_code == 507
    assert files_on(small_disk) == []
    assert files_on(tmp_path / "small-disk") == []
    assert [path for path in tmp_path.iterdir() if path.is_file()] == []


@pytest.mark.parametrize("size", [3 * MIB, 3 * MIB // 2], ids=["receiving", "storing"])
def test_api_answers_507_as_json(client, full_disk_settings, small_disk, size):
    signed_in(client)
    response = client.post("/api/jobs/", {"archive": archive(size)})
    assert response.status_code == 507
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "insufficient-storage"
    assert files_on(small_disk) == []
    assert not Job.objects.exists()
    assert client.post("/api/jobs/", {"archive": archive(1024, "small.zip")}).status_code == 201
