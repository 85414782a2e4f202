"""Fixtures the web tests share: a user, and a test client signed in as that user."""

from __future__ import annotations

import pytest

from tests.factories import make_user


@pytest.fixture
def user():
    return make_user()


@pytest.fixture
def signed_in(client, user):
    client.force_login(user)
    return client
