"""Sign-in lockout (django-axes): 5 wrong passwords per user name and address lock that
pair for 15 minutes, with a page that says so; the address is the real client's."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.test import Client

from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def sign_in(username: str, password: str, address: str = "198.51.100.9", **headers):
    client = Client()
    response = client.post("/accounts/login/", {"username": username, "password": password},
                           REMOTE_ADDR=address, **headers)
    return response, client


def test_forty_wrong_passwords_are_locked_out_after_five():
    user = make_user()
    codes = [sign_in(user.username, "wrong")[0].status_code for _ in range(40)]
    assert codes[:4] == [200] * 4  # the form again, with its error
    assert set(codes[4:]) == {429}


def test_locked_out_user_cannot_sign_in_even_with_the_right_password():
    user = make_user()
    for _ in range(5):
        sign_in(user.username, "wrong")
    response, client = sign_in(user.username, PASSWORD)
    assert response.status_code == 429
    text = response.content.decode()
    assert "Too many failed sign-ins" in text
    assert "locked for\n  15 minutes" in text
    assert client.get("/jobs/").status_code == 302  # still signed out


def test_the_lock_holds_one_user_name_from_one_address():
    user, other = make_user(), make_user()
    for _ in range(5):
        sign_in(user.username, "wrong")
    assert sign_in(user.username, PASSWORD, address="203.0.113.5")[0].status_code == 302
    assert sign_in(other.username, PASSWORD)[0].status_code == 302


def test_the_lock_ends_after_the_cool_off():
    user = make_user()
    for _ in range(5):
        sign_in(user.username, "wrong")
    assert sign_in(user.username, PASSWORD)[0].status_code == 429
    for attempt in AccessAttempt.objects.all():
        attempt.attempt_time -= timedelta(minutes=16)
        attempt.save()
    assert sign_in(user.username, PASSWORD)[0].status_code == 302


def test_a_successful_sign_in_forgets_earlier_failures():
    user = make_user()
    for _ in range(4):
        sign_in(user.username, "wrong")
    assert sign_in(user.username, PASSWORD)[0].status_code == 302
    for _ in range(4):
        sign_in(user.username, "wrong")
    assert sign_in(user.username, PASSWORD)[0].status_code == 302


def test_forged_forwarded_for_does_not_escape_the_lock():
    user = make_user()
    codes = [sign_in(user.username, "wrong", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")[0].status_code
             for n in range(10)]
    assert codes.count(429) == 6


def test_clients_behind_a_trusted_proxy_are_locked_apart(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.2"]
    user = make_user()
    for _ in range(5):
        sign_in(user.username, "wrong", "10.0.0.2", HTTP_X_FORWARDED_FOR="203.0.113.1")
    locked = sign_in(user.username, PASSWORD, "10.0.0.2", HTTP_X_FORWARDED_FOR="203.0.113.1")
    other = sign_in(user.username, PASSWORD, "10.0.0.2", HTTP_X_FORWARDED_FOR="203.0.113.2")
    assert (locked[0].status_code, other[0].status_code) == (429, 302)
    assert AccessAttempt.objects.get().ip_address == "203.0.113.1"
