"""gunicorn's settings for every deployment (``make run``, docker-compose, the image);
the address and the number of worker processes are given on each command line.

Threads: a request that waits (an ``/api/translate/`` snippet whose sandbox runs for
seconds, a large download) holds one thread, not a whole worker process, so pages and
the API keep answering beside it (webapp/api/snippet_slots.py bounds the snippets).
"""

worker_class = "gthread"
threads = 4
timeout = 120
