"""Signed links: the reviewers of a pull request open its job without a rocport account,
until the link expires; nobody else opens it, and only its owner cancels it."""

import time

import pytest
from django.core import signing
from django.urls import reverse

from tests.factories import make_job, make_user
from webapp.jobs.access import signed_link
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db


@pytest.fixture
def job():
    return make_job(state=Job.State.DONE, artifacts=["changes.patch"],
                    owner=make_user(username="github"))


def open_link(client, link):
    answer = client.get(link)
    assert answer.status_code == 302
    return answer["Location"]


def test_a_signed_link_opens_the_job_page_without_an_account(client, job):
    assert client.get(job.get_absolute_url())["Location"].startswith("/accounts/login/")
    landed = open_link(client, signed_link(job))
    assert landed == job.get_absolute_url()  # the key is dropped from the address
    page = client.get(landed)
    assert page.status_code == 200
    assert job.source_name in page.content.decode()
    assert client.get(reverse("jobs:status", args=[job.pk])).status_code == 200


def test_a_link_keeps_the_rest_of_its_address(client, job):
    landed = open_link(client, signed_link(job) + "&file=src%2Fa.cu")
    assert landed == f"{job.get_absolute_url()}?file=src%2Fa.cu"


def test_a_link_holder_may_not_cancel_the_job(client):
    job = make_job(state=Job.State.TRANSLATING)
    open_link(client, signed_link(job))
    assert "Cancel</button>" not in client.get(job.get_absolute_url()).content.decode()
    assert client.post(reverse("jobs:cancel", args=[job.pk])).status_code == 404
    job.refresh_from_db()
    assert job.state == "translating"


def test_a_link_opens_its_own_job_only(client, job):
    other = make_job()
    open_link(client, signed_link(job))
    assert client.get(other.get_absolute_url())["Location"].startswith("/accounts/login/")
    forged = signed_link(job).replace(str(job.pk), str(other.pk), 1)
    assert client.get(forged).status_code == 404


def test_an_expired_link_opens_nothing(client, job, settings):
    settings.JOB_LINK_MAX_AGE = 3600

    class TwoHoursAgo(signing.TimestampSigner):
        def timestamp(self):
            return signing.b62_encode(int(time.time()) - 7200)

    key = TwoHoursAgo(salt="rocport.jobs.review-link").sign(str(job.pk))
    assert client.get(f"{job.get_absolute_url()}?key={key}").status_code == 404
    assert client.get(job.get_absolute_url()).status_code == 302


def test_a_grant_ends_when_the_link_would_have_expired(client, job, settings):
    settings.JOB_LINK_MAX_AGE = 3600

    class AlmostAnHourAgo(signing.TimestampSigner):
        def timestamp(self):
            return signing.b62_encode(int(time.time()) - 3599)

    key = AlmostAnHourAgo(salt="rocport.jobs.review-link").sign(str(job.pk))
    open_link(client, f"{job.get_absolute_url()}?key={key}")
    session = client.session
    grants = session["job_grants"]
    assert grants[str(job.pk)] <= time.time() + 2
    grants[str(job.pk)] = time.time() - 1  # the hour is over
    session["job_grants"] = grants
    session.save()
    assert client.get(job.get_absolute_url()).status_code == 302


def test_a_link_holder_downloads_the_jobs_files(client, job):
    from django.core.files.base import ContentFile
    from django.core.files.storage import default_storage

    default_storage.save(job.storage_name("changes.patch"), ContentFile(b"--- a\n+++ b\n"))
    open_link(client, signed_link(job))
    answer = client.get(reverse("jobs:download", args=[job.pk, "changes.patch"]))
    assert answer.status_code == 200


def test_a_signed_in_stranger_still_needs_the_link(client, job):
    client.force_login(make_user())
    assert client.get(job.get_absolute_url()).status_code == 404
    open_link(client, signed_link(job))
    assert client.get(job.get_absolute_url()).status_code == 200
