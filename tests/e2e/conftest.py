from tests.services import celery_worker, fake_github, redis_url  # noqa: F401  (fixtures)
