"""Fixtures of the worker tests."""

import tempfile

import pytest

from workers.celery import app


@pytest.fixture
def eager(monkeypatch, tmp_path):
    """Run tasks inline and give them a scratch folder of their own to inspect."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield scratch
    app.conf.task_always_eager = before
