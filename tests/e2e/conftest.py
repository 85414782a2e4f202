from tests.services import celery_worker, redis_url  # noqa: F401  (fixtures)
