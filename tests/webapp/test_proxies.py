"""X-Forwarded-For and X-Forwarded-Proto count only when the peer is a trusted proxy."""

import pytest
from django.core.cache import cache
from django.test import RequestFactory
from rest_framework.test import APIClient

from tests.webapp.test_settings import load_settings
from webapp.proxies import ForwardedMiddleware, forwarded_client

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_throttle(monkeypatch):
    """A snippet rate of 3 a minute, counted afresh."""
    from rest_framework.throttling import ScopedRateThrottle

    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"snippet": "3/minute"})
    cache.clear()
    yield
    cache.clear()


def snippet(remote_addr: str, forwarded_for: str | None = None) -> int:
    """POST an empty (invalid, so cheap) body to /api/translate/: 400 or 429."""
    headers = {"REMOTE_ADDR": remote_addr}
    if forwarded_for is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded_for
    return APIClient().post("/api/translate/", {}, format="json", **headers).status_code


def test_spoofed_forwarded_for_does_not_escape_the_rate_limit():
    codes = [snippet("198.51.100.9", f"203.0.113.{n}") for n in range(70)]
    assert codes.count(429) == 67


def test_behind_a_trusted_proxy_each_client_has_its_own_rate(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    first = [snippet("10.0.0.2", "203.0.113.1") for _ in range(4)]
    second = [snippet("10.0.0.2", "203.0.113.2") for _ in range(4)]
    assert first == second == [400, 400, 400, 429]


def test_a_client_behind_a_trusted_proxy_cannot_spoof_its_address(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.2"]
    codes = [snippet("10.0.0.2", f"192.0.2.{n}, 203.0.113.1") for n in range(10)]
    assert codes.count(429) == 7


def test_the_proxy_itself_is_counted_when_it_names_no_client(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.2"]
    assert [snippet("10.0.0.2") for _ in range(4)] == [400, 400, 400, 429]


@pytest.mark.parametrize(("header", "client"), [
    ("203.0.113.1", "203.0.113.1"),
    ("192.0.2.1, 203.0.113.1", "203.0.113.1"),          # the client's own claim is ignored
    ("203.0.113.1, 10.0.0.7", "203.0.113.1"),           # two trusted proxies in a row
    ("203.0.113.1:5555", "203.0.113.1"),                # with a port
    ("[2001:db8::1]:443", "2001:db8::1"),
    ("::ffff:203.0.113.1", "203.0.113.1"),
    ("not-an-address", "10.0.0.2"),                     # garbage: the proxy is the client
    ("203.0.113.1, garbage, 10.0.0.7", "10.0.0.7"),
    ("10.0.0.9", "10.0.0.9"),                           # only proxies: the farthest one
])
def test_forwarded_client_is_the_rightmost_untrusted_address(settings, header, client):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    assert forwarded_client("10.0.0.2", header) == client


def seen_by_the_view(remote_addr: str, **headers):
    request = RequestFactory().get("/", REMOTE_ADDR=remote_addr, **headers)
    return ForwardedMiddleware(lambda request: request)(request)


def test_an_untrusted_peer_cannot_claim_https_or_another_address(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.2"]
    request = seen_by_the_view("198.51.100.9", HTTP_X_FORWARDED_PROTO="https",
                               HTTP_X_FORWARDED_FOR="203.0.113.1")
    assert request.META["REMOTE_ADDR"] == "198.51.100.9"
    assert "HTTP_X_FORWARDED_FOR" not in request.META
    assert not request.is_secure()


def test_a_trusted_proxy_names_the_client_and_the_scheme(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.2"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    request = seen_by_the_view("10.0.0.2", HTTP_X_FORWARDED_PROTO="https",
                               HTTP_X_FORWARDED_FOR="203.0.113.1")
    assert request.META["REMOTE_ADDR"] == "203.0.113.1"
    assert request.is_secure()


def test_malformed_trusted_proxies_stop_the_start(tmp_path):
    completed = load_settings(tmp_path, SECRET_KEY="k", TRUSTED_PROXIES="10.0.0.0/8,proxy")
    assert "TRUSTED_PROXIES: 'proxy' is not an IP address or network" in completed.stderr
