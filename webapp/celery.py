"""The Celery app, configured from Django settings (names with the ``CELERY_`` prefix).

The web process only sends through it, by task name (``webapp.jobs.outbox.send``), so
it never imports the workers; ``workers.celery`` gives the same app the modules that
define the tasks. One app for both: a test that runs tasks eagerly sets it once.
"""

from celery import Celery

app = Celery("rocport")
app.config_from_object("django.conf:settings", namespace="CELERY")
