"""The workers' side of the Celery app (``webapp.celery``): the modules of its tasks.

Routing: ``translate_job`` runs on queue ``translate`` (CPU workers), ``compile_job`` on
queue ``rocm`` (hosts with hipcc). Start one worker for both with
``celery -A workers worker -Q translate,rocm``. No beat is needed: each worker runs the
periodic job recovery itself (``workers.recovery``).
"""

import logging
import os

from celery import signals

# Before the app is created: Celery installs its Django fix-up only when this is set.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "webapp.settings")

from webapp.celery import app  # noqa: E402  (after the settings module is named)

logger = logging.getLogger(__name__)

# workers.runners: ROCm runners announce themselves (job pages say when none is online).
# workers.recovery: every worker requeues stranded jobs and sends what the outbox holds.
app.conf.include = ["workers.tasks", "workers.runners", "workers.recovery"]


@signals.worker_init.connect
def report_system_checks(**kwargs) -> None:
    """Log Django's system checks when a worker starts (a missing libclang, say)."""
    from django.core import checks

    for message in checks.run_checks():
        level = logging.ERROR if message.is_serious() else logging.WARNING
        logger.log(level, "%s", message)
