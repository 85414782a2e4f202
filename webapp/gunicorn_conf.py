"""gunicorn's settings for every deployment (``make run``, docker-compose, the image);
the address and the number of worker processes are given on each command line.

Threads: a request that waits (an ``/api/translate/`` snippet whose sandbox runs for
seconds, a large download) holds one thread, not a whole worker process, so pages and
the API keep answering beside it (webapp/api/snippet_slots.py bounds the snippets).
"""

worker_class = "gthread"
threads = 4
timeout = 120


#: What each worker logs once it is ready to answer (tests wait for it).
READY = "rocport: worker ready"


def post_worker_init(worker) -> None:
    """Import every view and compile the base templates now, not in a visitor's first
    request (a second on a busy host, which a page must not wait)."""
    from django.template.loader import get_template
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 (imports every view module)
    for name in ("base.html", "registration/login.html"):
        get_template(name)
    worker.log.info("%s (pid %s)", READY, worker.pid)
