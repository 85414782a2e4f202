"""Settings for the test suite: safe test values first, then the real settings module.

The values below are only defaults: a variable set by the caller (DATABASE_URL for
PostgreSQL, REDIS_URL) wins. Each test session gets its own data folder, so media
files and the SQLite test database never collide with another session's.
"""

import atexit
import os
import shutil
import tempfile
import uuid

if "DATA_DIR" not in os.environ:  # a worker under test is given its session's folder
    _SESSION_DIR = tempfile.mkdtemp(prefix="rocport-tests-")
    atexit.register(shutil.rmtree, _SESSION_DIR, True)
    os.environ["DATA_DIR"] = _SESSION_DIR
os.environ.setdefault("SECRET_KEY", "tests-only-" + uuid.uuid4().hex)
os.environ.setdefault("ALLOWED_HOSTS", "localhost,127.0.0.1,testserver")
os.environ.setdefault("REDIS_KEY_PREFIX", f"rocport-test-{uuid.uuid4().hex[:12]}:")

from webapp.settings import *  # noqa: E402,F403
from webapp.settings import DATA_DIR, DATABASES, STATIC_ROOT  # noqa: E402

if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # A file, not memory: the worker process under test opens the same database.
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / "test-db.sqlite3")}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Whitenoise warns about a missing folder; tests serve static files through the finders.
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
