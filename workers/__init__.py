"""Celery workers: the app (``workers.celery``) and thin tasks (``workers.tasks``)."""

from workers.celery import app

__all__ = ["app"]
