"""Job.objects.visible_to and owned_by: the one answer to "which jobs may this user see"."""

import pytest

from tests.factories import make_job, make_user
from webapp.jobs.models import Job

pytestmark = pytest.mark.django_db


@pytest.fixture
def jobs():
    alice, bob = make_user(username="alice"), make_user(username="bob")
    return alice, bob, make_job(owner=alice), make_job(owner=bob)


def test_a_user_sees_only_their_own_jobs(jobs):
    alice, _, alices, _ = jobs
    assert list(Job.objects.visible_to(alice)) == [alices]


def test_a_superuser_may_open_every_job(jobs):
    _, _, alices, bobs = jobs
    admin = make_user(username="admin", is_superuser=True)
    assert set(Job.objects.visible_to(admin)) == {alices, bobs}


def test_a_superusers_list_shows_their_own_jobs(jobs):
    admin = make_user(username="admin", is_superuser=True)
    own = make_job(owner=admin)
    assert list(Job.objects.owned_by(admin)) == [own]


def test_another_users_job_page_is_not_found(client, jobs):
    alice, _, _, bobs = jobs
    client.force_login(alice)
    assert client.get(bobs.get_absolute_url()).status_code == 404
