"""Fixtures of the translator's tests."""

import pytest


@pytest.fixture(autouse=True)
def home_of_the_tests(tmp_path_factory, monkeypatch):
    """The rocport command keeps clang's stubs in the user's cache folder: in the tests'
    own home, shared by them, not the user's."""
    home = tmp_path_factory.getbasetemp() / "home"
    home.mkdir(exist_ok=True)
    monkeypatch.setenv("HOME", str(home))
