"""Django settings: the only module that reads the environment.

Every variable is listed, with its default and meaning, in ``.env.example`` and the
README. Values are read through ``env_str``/``env_bool``/``env_int``, which raise
``ImproperlyConfigured`` on malformed values; a secret may come from ``NAME_FILE``.
"""

from __future__ import annotations

import ipaddress
import os
import re
import secrets
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_str(name: str, default: str | None = None, environ: Mapping[str, str] = os.environ):
    """NAME's value, or the content of the file named by NAME_FILE, or DEFAULT."""
    value = environ.get(name)
    path = environ.get(f"{name}_FILE")
    if value is not None and path is not None:
        raise ImproperlyConfigured(f"set {name} or {name}_FILE, not both")
    if path is not None:
        try:
            return Path(path).read_text(encoding="utf-8").strip()
        except OSError as error:
            raise ImproperlyConfigured(f"{name}_FILE: cannot read {path}: {error}") from error
    return default if value is None else value


def env_bool(name: str, default: bool, environ: Mapping[str, str] = os.environ) -> bool:
    """``true`` or ``false`` (any case); anything else is a configuration error."""
    value = env_str(name, None, environ)
    if value is None or value == "":
        return default
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    raise ImproperlyConfigured(f"{name} must be true or false, not {value!r}")


def env_int(name: str, default: int, environ: Mapping[str, str] = os.environ, minimum: int = 0):
    value = env_str(name, None, environ)
    if value is None or value == "":
        return default
    try:
        number = int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}") from None
    if number < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, not {number}")
    return number


def env_list(name: str, default: str, environ: Mapping[str, str] = os.environ) -> list[str]:
    return [item.strip() for item in env_str(name, default, environ).split(",") if item.strip()]


def development_secret_key(path: Path) -> str:
    """A random key kept in an ignored file, so sessions survive restarts in development."""
    if path.is_file():
        return path.read_text().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    path.write_text(key + "\n")
    path.chmod(0o600)
    return key


# --- Core -----------------------------------------------------------------------------
DATA_DIR = Path(env_str("DATA_DIR", str(BASE_DIR / "var")))
DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY (or SECRET_KEY_FILE) is required unless DEBUG=true (for the "
            "development service of `make run`: DEBUG=true python manage.py ..., or make "
            "token NAME=... for an API token)")
    SECRET_KEY = development_secret_key(DATA_DIR / "secret_key")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
# Reverse proxies in front of the service (addresses or CIDR blocks, comma-separated).
# Only a request whose peer is one of them may name the client (X-Forwarded-For) and the
# scheme (X-Forwarded-Proto); see webapp/proxies.py. Empty: the peer is the client.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", "")
for _proxy in TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_proxy, strict=False)
    except ValueError:
        raise ImproperlyConfigured(
            f"TRUSTED_PROXIES: {_proxy!r} is not an IP address or network") from None
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if TRUSTED_PROXIES else None

# --- HTTPS: off by default, so that `make run` serves plain HTTP on localhost --------------
# Behind TLS, turn these on (`manage.py check --deploy` then has nothing to say).
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", False)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", False)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "axes",
    "csp",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "webapp.apps.WebappConfig",
    "webapp.jobs",
    "webapp.rules",
    "webapp.api",
    "webapp.github",
    "workers",  # for its command recoverjobs, which every worker starts
]
MIDDLEWARE = [
    "webapp.proxies.ForwardedMiddleware",  # first: everything after sees the real client
    "django.middleware.security.SecurityMiddleware",
    # Pages compressed (a 2,000-file job's page: its file tree); Django's adds random bytes
    # against BREACH. Static files come compressed from whitenoise.
    "webapp.compression.PageGZipMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",  # last: turns a lockout into the lockout page
]
ROOT_URLCONF = "webapp.urls"
WSGI_APPLICATION = "webapp.wsgi.application"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database: SQLite unless DATABASE_URL is set ----------------------------------------
DATABASE_URL = env_str("DATABASE_URL", "")
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60)}
else:
    DATA_DIR.mkdir(parents=True, exist_ok=True)  # SQLite makes its file, not its folder
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(DATA_DIR / "db.sqlite3"),
            # The worker and the web server write at once: wait for locks, take them early.
            "OPTIONS": {"timeout": 30, "transaction_mode": "IMMEDIATE"},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "jobs:list"
LOGOUT_REDIRECT_URL = "login"

# --- Sign-in lockout (django-axes) -------------------------------------------------------
# After LOGIN_FAILURE_LIMIT wrong passwords for one user name from one address (the real
# client behind TRUSTED_PROXIES), that pair is locked out for LOGIN_LOCKOUT_MINUTES.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "webapp.proxies.client_address"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "webapp.signin.lockout_response"
AXES_SENSITIVE_PARAMETERS = ["password"]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

# --- Files ----------------------------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(DATA_DIR / "static")))
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(DATA_DIR / "media")))
# Where uploads and results live: "filesystem" (MEDIA_ROOT, one host) or "s3" (an
# S3-compatible object store that web, workers and ROCm runners on other hosts all reach).
STORAGE_BACKEND = env_str("STORAGE_BACKEND", "filesystem")
if STORAGE_BACKEND not in ("filesystem", "s3"):
    raise ImproperlyConfigured(f"STORAGE_BACKEND must be filesystem or s3, not {STORAGE_BACKEND!r}")
S3_BUCKET = env_str("S3_BUCKET", "")
if STORAGE_BACKEND == "s3" and not S3_BUCKET:
    raise ImproperlyConfigured("STORAGE_BACKEND=s3 needs S3_BUCKET")
_OBJECT_STORAGE = {
    "BACKEND": "storages.backends.s3.S3Storage",
    "OPTIONS": {
        "bucket_name": S3_BUCKET,
        "endpoint_url": env_str("S3_ENDPOINT_URL", "") or None,
        "region_name": env_str("S3_REGION", "") or None,
        "access_key": env_str("S3_ACCESS_KEY_ID", "") or None,
        "secret_key": env_str("S3_SECRET_ACCESS_KEY", "") or None,
        "location": env_str("S3_PREFIX", ""),
        # Job artifacts are replaced in place (report.json after the compile check) and are
        # served through rocport's own views, never by public or signed object URLs.
        "file_overwrite": True,
        "default_acl": None,
    },
}
STORAGES = {
    # Django's, except that a save that fails (a full disk) removes its partial file.
    "default": _OBJECT_STORAGE if STORAGE_BACKEND == "s3" else
    {"BACKEND": "webapp.jobs.uploads.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
MAX_UPLOAD_BYTES = env_int("MAX_UPLOAD_BYTES", 200 * 1024 * 1024, minimum=1)
MAX_UNPACKED_BYTES = env_int("MAX_UNPACKED_BYTES", 1024 * 1024 * 1024, minimum=1)
MAX_ARCHIVE_FILES = env_int("MAX_ARCHIVE_FILES", 20_000, minimum=1)
MAX_COMPRESSION_RATIO = env_int("MAX_COMPRESSION_RATIO", 100, minimum=1)
# Larger uploads stream to a temporary file instead of memory; a write that fails (a full
# disk) deletes that file at once, and the upload is answered 507.
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
FILE_UPLOAD_HANDLERS = [
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "webapp.jobs.uploads.TemporaryFileUploadHandler",
]

# --- Translation and compile check ------------------------------------------------------
# Each step of a job has its own time limit (seconds), sized for a repository of
# MAX_ARCHIVE_FILES files, and a job that runs past one fails as time-limit naming the step
# and its setting (workers/steps.py): unpacking and translating the files, packing the
# outputs (HIP tree archives, patch, report, SARIF, review data), storing them, and each
# compile task (the check of a small job, or one batch of a large one).
TRANSLATE_TIME_LIMIT = env_int("TRANSLATE_TIME_LIMIT", 1800, minimum=1)
PACK_TIME_LIMIT = env_int("PACK_TIME_LIMIT", 600, minimum=1)
STORE_TIME_LIMIT = env_int("STORE_TIME_LIMIT", 600, minimum=1)
COMPILE_TIME_LIMIT = env_int("COMPILE_TIME_LIMIT", 600, minimum=1)
HIPCC = env_str("HIPCC", "hipcc")
HIP_OFFLOAD_ARCH = env_str("HIP_OFFLOAD_ARCH", "gfx942")
# The HIP version (major.minor) new jobs target when no ROCm runner is online to say which
# it compiles with (webapp.runners.default_hip_version); empty: this host's hipcc.
DEFAULT_HIP_VERSION = env_str("DEFAULT_HIP_VERSION", "").strip()
if DEFAULT_HIP_VERSION and not re.fullmatch(r"\d+\.\d+", DEFAULT_HIP_VERSION):
    raise ImproperlyConfigured(
        f"DEFAULT_HIP_VERSION must be major.minor (e.g. 6.2), not {DEFAULT_HIP_VERSION!r}")
# Where the compile check's runners (root file systems of ROCm packages, built by
# `rocport runner build NAME`) are kept: the user's cache, shared by every checkout.
RUNNERS_DIR = Path(env_str("RUNNERS_DIR", "")
                   or Path.home() / ".cache" / "rocport" / "runners")
# The runners a ROCm worker compiles with (comma-separated: host, rocm-6.4, rocm-5.7);
# empty: the host's hipcc and every runner built in RUNNERS_DIR. A job's HIP version picks
# among them (the newest when none matches).
ROCM_RUNNERS = env_list("ROCM_RUNNERS", "")
# Development only: let the compile check run hipcc without its sandbox (bubblewrap).
COMPILE_ALLOW_UNSANDBOXED = env_bool("COMPILE_ALLOW_UNSANDBOXED", False)
# Wall-clock limit of one hipcc run in the compile check (seconds).
COMPILE_UNIT_TIME_LIMIT = env_int("COMPILE_UNIT_TIME_LIMIT", 300, minimum=1)
# Compile results by preprocessed unit, shared by the runs of one runner ("" disables).
COMPILE_CACHE_DIR = env_str("COMPILE_CACHE_DIR", str(DATA_DIR / "compile-cache")) or None
# A compile check of more units is split into batches of this many, handed one by one to
# the ROCm runners by the compile queue (webapp/jobs/compile_queue.py); smaller ones run in
# one task.
COMPILE_BATCH_UNITS = env_int("COMPILE_BATCH_UNITS", 8, minimum=1)
LIBCLANG_PATH = env_str("LIBCLANG_PATH", "") or None
CLANG_RESOURCE_DIR = env_str("CLANG_RESOURCE_DIR", "") or None
# clang's precompiled stub headers, built once and read by every sandboxed translation
# ("" disables: each translation then builds its own, a second per request).
CLANG_STUBS_DIR = env_str("CLANG_STUBS_DIR", str(DATA_DIR / "clang-stubs"))
# Translations run in the bubblewrap sandbox under an address-space limit (bytes): a job's
# whole tree, and one /api/translate/ file. Development only: run them unsandboxed.
TRANSLATE_MEMORY_LIMIT = env_int("TRANSLATE_MEMORY_LIMIT", 2 * 1024**3, minimum=256 * 1024**2)
SNIPPET_MEMORY_LIMIT = env_int("SNIPPET_MEMORY_LIMIT", 1024**3, minimum=256 * 1024**2)
TRANSLATE_ALLOW_UNSANDBOXED = env_bool("TRANSLATE_ALLOW_UNSANDBOXED", False)

# --- REST API and playground -----------------------------------------------------------
# /api/translate/ (and the playground) translates one file inside the request: capped in
# size, and run in a child process that is killed after the time limit.
SNIPPET_MAX_BYTES = env_int("SNIPPET_MAX_BYTES", 256 * 1024, minimum=1)
SNIPPET_TIME_LIMIT = env_int("SNIPPET_TIME_LIMIT", 10, minimum=1)
# Translations of /api/translate/ running at once on this host (one per client at most):
# the rest are answered 429 at once instead of holding web workers. Default: one per CPU
# but one, which stays for pages (webapp/api/snippet_slots.py).
SNIPPET_CONCURRENCY = env_int("SNIPPET_CONCURRENCY", max(1, (os.cpu_count() or 1) - 1),
                              minimum=1)
SNIPPET_SLOTS_DIR = Path(env_str("SNIPPET_SLOTS_DIR", str(DATA_DIR / "snippet-slots")))
# Requests to /api/translate/ per client (signed-in user, else IP address): N/second,
# N/minute, N/hour or N/day. Counted per web process (Django's local-memory cache).
SNIPPET_RATE = env_str("SNIPPET_RATE", "30/minute")
# The playground's "compile on a runner": seconds one snippet's compile may take on a ROCm
# worker (queue rocm-snippets), and how many may wait at once on the service (one per client).
SNIPPET_COMPILE_TIME_LIMIT = env_int("SNIPPET_COMPILE_TIME_LIMIT", 60, minimum=5)
SNIPPET_COMPILE_QUEUE = env_int("SNIPPET_COMPILE_QUEUE", 20, minimum=1)
if not re.fullmatch(r"\d+/(second|minute|hour|day)", SNIPPET_RATE):
    raise ImproperlyConfigured(f"SNIPPET_RATE must look like 30/minute, not {SNIPPET_RATE!r}")
# Seconds a signed link to a job page stays valid: what rocport posts on a pull request
# opens the job for whoever can read the pull request, without an account (webapp/jobs/access.py).
JOB_LINK_MAX_AGE = env_int("JOB_LINK_MAX_AGE", 30 * 24 * 3600, minimum=60)
# Absolute address of this service, e.g. https://rocport.example.com: links in GitHub
# statuses and comments. Empty: no links are sent.
PUBLIC_BASE_URL = env_str("PUBLIC_BASE_URL", "").rstrip("/")

REST_FRAMEWORK = {
    # Token first: an unauthenticated API call is answered 401 (with WWW-Authenticate).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "webapp.api.tokens.TokenAuthentication",  # keys stored as SHA-256 digests
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "webapp.api.errors.exception_handler",
    "DEFAULT_THROTTLE_RATES": {"snippet": SNIPPET_RATE},
    # Rates count REMOTE_ADDR, never X-Forwarded-For: webapp.proxies.ForwardedMiddleware
    # has already put the real client there when the peer is a trusted proxy.
    "NUM_PROXIES": 0,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "rocport API",
    "DESCRIPTION": "CUDA to HIP translation jobs, single-file translation and the rule "
                   "catalogue. Authenticate with `Authorization: Token <key>` (see "
                   "/api/token/) or a signed-in browser session.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI from the drf-spectacular-sidecar package: no CDN at run time. (Redoc is
    # not offered: its page loads web fonts from elsewhere.)
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
}

# --- GitHub ---------------------------------------------------------------------------
GITHUB_WEBHOOK_SECRET = env_str("GITHUB_WEBHOOK_SECRET", "")
# Token that fetches pull request sources and posts statuses and comments (or
# GITHUB_TOKEN_FILE): needs read access to contents and write access to commit statuses
# and issues/pull requests.
GITHUB_TOKEN = env_str("GITHUB_TOKEN", "")
GITHUB_API_URL = env_str("GITHUB_API_URL", "https://api.github.com").rstrip("/")
# The user who owns the jobs of pull requests (created when missing, without a password).
GITHUB_JOB_OWNER = env_str("GITHUB_JOB_OWNER", "github")
# A GitHub App (check runs, annotations, the HIP port pull request): its id and private key
# (PEM; GITHUB_APP_PRIVATE_KEY_FILE names the file GitHub gave). Both or neither.
GITHUB_APP_ID = env_str("GITHUB_APP_ID", "")
GITHUB_APP_PRIVATE_KEY = env_str("GITHUB_APP_PRIVATE_KEY", "")
if bool(GITHUB_APP_ID) != bool(GITHUB_APP_PRIVATE_KEY):
    raise ImproperlyConfigured("set both GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY, or neither")
if GITHUB_APP_ID and not GITHUB_APP_ID.isdigit():
    raise ImproperlyConfigured(f"GITHUB_APP_ID must be the app's number, not {GITHUB_APP_ID!r}")
if GITHUB_APP_PRIVATE_KEY and "PRIVATE KEY-----" not in GITHUB_APP_PRIVATE_KEY:
    raise ImproperlyConfigured("GITHUB_APP_PRIVATE_KEY is not a PEM private key")
# Check run annotations on every file of the report, not only on those the pull request
# changed (a repository's own setting, in the admin, wins).
GITHUB_ANNOTATE_ALL_FILES = env_bool("GITHUB_ANNOTATE_ALL_FILES", False)
# A running job's check run summary is updated at most once per this many seconds.
GITHUB_PROGRESS_INTERVAL = env_int("GITHUB_PROGRESS_INTERVAL", 15, minimum=1)

# --- Celery (read by workers/celery.py with the CELERY_ prefix) -------------------------
REDIS_URL = env_str("REDIS_URL", "redis://127.0.0.1:6379/0")
REDIS_KEY_PREFIX = env_str("REDIS_KEY_PREFIX", "")
CELERY_BROKER_URL = REDIS_URL
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # A message whose worker died unacknowledged comes back after this many seconds;
    # it must outlast the longest task, or a slow task would run twice.
    "visibility_timeout": 2 * max(TRANSLATE_TIME_LIMIT + PACK_TIME_LIMIT + STORE_TIME_LIMIT,
                                  COMPILE_TIME_LIMIT) + 60,
    **({"global_keyprefix": REDIS_KEY_PREFIX} if REDIS_KEY_PREFIX else {}),
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_IGNORE_RESULT = True
# No result backend: tasks store what they did in the database, which pages read.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_DEFAULT_QUEUE = "translate"
CELERY_TASK_ROUTES = {
    "workers.tasks.translate_job": {"queue": "translate"},
    "workers.tasks.compile_job": {"queue": "rocm"},
    "workers.tasks.compile_batch": {"queue": "rocm"},
    # The playground's snippets: a queue of their own, never behind a repository's batches.
    "workers.tasks.compile_snippet": {"queue": "rocm-snippets"},
    # GitHub downloads and reports run beside translations, on hosts with network access.
    "workers.tasks.fetch_pull_request": {"queue": "translate"},
    "workers.tasks.notify_github": {"queue": "translate"},
    "workers.tasks.open_hip_port": {"queue": "translate"},
}
# Enqueueing must not hang a web request when Redis is down.
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0.2,
                                    "interval_step": 0.5, "interval_max": 1}

# --- Job recovery (webapp.jobs.outbox, workers.recovery) -----------------------------------
# A job's message is sent with this timeout (seconds) and no retry; one that could not be
# sent stays queued in the database and the workers' periodic recovery sends it later.
BROKER_PUBLISH_TIMEOUT = 0.5
# Seconds between the recovery passes every worker makes (and one at its start).
JOB_RECOVERY_INTERVAL = env_int("JOB_RECOVERY_INTERVAL", 20, minimum=1)
# Seconds without a heartbeat after which a running job counts as stranded and is requeued.
JOB_HEARTBEAT_TIMEOUT = env_int("JOB_HEARTBEAT_TIMEOUT", 90, minimum=3)
# Times a job is started before a lost worker fails it as worker-lost.
JOB_MAX_ATTEMPTS = env_int("JOB_MAX_ATTEMPTS", 3, minimum=1)

# --- Content-Security-Policy (django-csp) on every page -----------------------------------
# Scripts and styles come from this server; an inline <script> or <style> runs only with
# the request's nonce (nonce="{{ request.csp_nonce }}").
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, NONCE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
