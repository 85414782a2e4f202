"""Who is the client? ``REMOTE_ADDR``, unless it is one of the ``TRUSTED_PROXIES``.

Anyone can send ``X-Forwarded-For`` and ``X-Forwarded-Proto``; they mean something only
when the peer that sent the request is a reverse proxy we run. ``ForwardedMiddleware``
(first in MIDDLEWARE) therefore:

- when ``REMOTE_ADDR`` is a trusted proxy, replaces ``REMOTE_ADDR`` with the client the
  proxies name: the rightmost ``X-Forwarded-For`` address that is not itself a trusted
  proxy (addresses further left were written by the client and prove nothing), and keeps
  ``X-Forwarded-Proto`` for ``SECURE_PROXY_SSL_HEADER``;
- otherwise removes both headers, so that nothing downstream can be fooled by them.

Everything that counts clients then reads ``REMOTE_ADDR``: the snippet rate limit (DRF,
with ``NUM_PROXIES = 0``), the sign-in lockout (django-axes, through ``client_address``)
and the logs.
"""

from __future__ import annotations

import ipaddress
from functools import cache

from django.conf import settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address

#: Where the middleware keeps the address of the proxy that sent the request.
PROXY_KEY = "rocport.proxy_addr"
_FORWARDED_HEADERS = ("HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_PROTO")


@cache
def _trusted(items: tuple[str, ...]) -> tuple[Network, ...]:
    # webapp/settings.py has checked each item.
    return tuple(ipaddress.ip_network(item, strict=False) for item in items)


def _address(text: str) -> Address | None:
    """An address from a header entry (``1.2.3.4``, ``1.2.3.4:56``, ``[::1]:80``), or None."""
    text = text.strip()
    if text.startswith("["):
        text = text[1:].partition("]")[0]
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        return address.ipv4_mapped  # ::ffff:10.0.0.1 is 10.0.0.1
    return address


def is_trusted_proxy(text: str | None) -> bool:
    networks = _trusted(tuple(settings.TRUSTED_PROXIES))
    address = _address(text or "")
    return address is not None and any(address in network for network in networks)


def forwarded_client(remote_addr: str, forwarded_for: str) -> str:
    """The client named by a trusted proxy at REMOTE_ADDR in its X-Forwarded-For header."""
    client = remote_addr
    for entry in reversed(forwarded_for.split(",")):
        address = _address(entry)
        if address is None:  # garbage written by the client: the last hop we trust sent it
            break
        client = str(address)
        if not is_trusted_proxy(client):
            break
    return client


def client_address(request) -> str | None:
    """The client's address (AXES_CLIENT_IP_CALLABLE); ForwardedMiddleware has set it."""
    return request.META.get("REMOTE_ADDR")


class ForwardedMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        meta = request.META
        remote = meta.get("REMOTE_ADDR", "")
        if PROXY_KEY not in meta and is_trusted_proxy(remote):
            meta[PROXY_KEY] = remote
            meta["REMOTE_ADDR"] = forwarded_client(remote, meta.get("HTTP_X_FORWARDED_FOR", ""))
        elif PROXY_KEY not in meta:
            for header in _FORWARDED_HEADERS:
                meta.pop(header, None)
        return self.get_response(request)
