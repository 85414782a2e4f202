"""`manage.py check --deploy` is silent for a production-like environment behind TLS,
and the defaults still serve plain HTTP for `make run`."""

import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PRODUCTION = {
    "SECRET_KEY": secrets.token_urlsafe(60),
    "ALLOWED_HOSTS": "rocport.example.com",
    "CSRF_TRUSTED_ORIGINS": "https://rocport.example.com",
    "TRUSTED_PROXIES": "10.0.0.0/8",
    "SECURE_SSL_REDIRECT": "true",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "true",
    "SECURE_HSTS_PRELOAD": "true",
    "SESSION_COOKIE_SECURE": "true",
    "CSRF_COOKIE_SECURE": "true",
}


def manage(tmp_path, *arguments, **variables):
    env = {"PATH": "/usr/bin:/bin", "DATA_DIR": str(tmp_path), **variables}
    return subprocess.run([sys.executable, "manage.py", *arguments], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_deploy_check_is_silent_in_production(tmp_path):
    completed = manage(tmp_path, "check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert completed.returncode == 0, completed.stderr
    assert "System check identified no issues (0 silenced)." in completed.stdout


@pytest.mark.parametrize("variable", ["SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS",
                                      "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE"])
def test_deploy_check_names_each_missing_https_setting(tmp_path, variable):
    completed = manage(tmp_path, "check", "--deploy", "--fail-level", "WARNING",
                       **{**PRODUCTION, variable: ""})
    assert completed.returncode != 0
    assert variable in completed.stderr


def test_development_defaults_serve_plain_http(tmp_path):
    code = ("import django, json; django.setup(); from django.conf import settings as s; "
            "print(json.dumps([s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, "
            "s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_PROXY_SSL_HEADER]))")
    completed = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={"PATH": "/usr/bin:/bin", "DATA_DIR": str(tmp_path), "DEBUG": "true",
             "DJANGO_SETTINGS_MODULE": "webapp.settings"})
    assert completed.stdout.strip() == "[false, 0, false, false, null]", completed.stderr
