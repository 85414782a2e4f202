"""Settings: strict environment parsing, safe defaults, secrets from files."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from webapp.settings import env_bool, env_int, env_str

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("text", "value"), [("true", True), ("FALSE", False), ("", True)])
def test_env_bool_accepts_true_and_false(text, value):
    assert env_bool("FLAG", True, {"FLAG": text}) is value


@pytest.mark.parametrize("text", ["yes", "1", "on", "truthy"])
def test_env_bool_refuses_anything_else(text):
    with pytest.raises(ImproperlyConfigured, match="FLAG must be true or false"):
        env_bool("FLAG", False, {"FLAG": text})


def test_env_int_refuses_malformed_numbers():
    with pytest.raises(ImproperlyConfigured, match="whole number"):
        env_int("LIMIT", 1, {"LIMIT": "60s"})


def test_env_int_refuses_numbers_below_the_minimum():
    with pytest.raises(ImproperlyConfigured, match="at least 1"):
        env_int("LIMIT", 5, {"LIMIT": "0"}, minimum=1)


def test_env_str_reads_a_secret_from_its_file(tmp_path):
    (tmp_path / "key").write_text("s3cret\n")
    assert env_str("SECRET_KEY", None, {"SECRET_KEY_FILE": str(tmp_path / "key")}) == "s3cret"


def test_env_str_refuses_both_value_and_file(tmp_path):
    with pytest.raises(ImproperlyConfigured, match="not both"):
        env_str("SECRET_KEY", None, {"SECRET_KEY": "a", "SECRET_KEY_FILE": str(tmp_path)})


def test_env_str_reports_an_unreadable_secret_file(tmp_path):
    with pytest.raises(ImproperlyConfigured, match="cannot read"):
        env_str("SECRET_KEY", None, {"SECRET_KEY_FILE": str(tmp_path / "missing")})


def load_settings(tmp_path, **variables):
    """Import webapp.settings in a fresh interpreter with only VARIABLES set."""
    code = (
        "import json, webapp.settings as s; print(json.dumps({"
        "'debug': s.DEBUG, 'engine': s.DATABASES['default']['ENGINE'],"
        "'hosts': s.ALLOWED_HOSTS, 'key': s.SECRET_KEY, 'upload': s.MAX_UPLOAD_BYTES,"
        "'limit': s.TRANSLATE_TIME_LIMIT, 'arch': s.HIP_OFFLOAD_ARCH,"
        "'webhook': s.GITHUB_WEBHOOK_SECRET, 'redis': s.REDIS_URL}))"
    )
    env = {"PATH": "/usr/bin:/bin", "DATA_DIR": str(tmp_path), **variables}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def test_secret_key_is_required_unless_debug(tmp_path):
    completed = load_settings(tmp_path)
    assert completed.returncode != 0
    assert "SECRET_KEY (or SECRET_KEY_FILE) is required unless DEBUG=true" in completed.stderr


def test_defaults_are_safe(tmp_path):
    completed = load_settings(tmp_path, SECRET_KEY="k")
    assert json.loads(completed.stdout) == {
        "debug": False, "engine": "django.db.backends.sqlite3", "hosts": ["localhost"],
        "key": "k", "upload": 200 * 1024 * 1024, "limit": 1800, "arch": "gfx942", "webhook": "",
        "redis": "redis://127.0.0.1:6379/0",
    }


def test_debug_generates_a_development_key_once(tmp_path):
    first = json.loads(load_settings(tmp_path, DEBUG="true").stdout)["key"]
    second = json.loads(load_settings(tmp_path, DEBUG="true").stdout)["key"]
    assert len(first) > 40
    assert first == second
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0


def test_database_url_selects_postgresql(tmp_path):
    completed = load_settings(tmp_path, SECRET_KEY="k",
                              DATABASE_URL="postgres://u@127.0.0.1:5432/rocport")
    assert json.loads(completed.stdout)["engine"] == "django.db.backends.postgresql"


def test_malformed_variable_stops_the_start(tmp_path):
    completed = load_settings(tmp_path, SECRET_KEY="k", MAX_UPLOAD_BYTES="200MB")
    assert "MAX_UPLOAD_BYTES must be a whole number" in completed.stderr


def test_only_settings_reads_the_environment():
    offenders = []
    for folder in ("webapp", "workers"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name == "settings.py":
                continue
            for line in path.read_text().splitlines():
                bootstrap = 'os.environ.setdefault("DJANGO_SETTINGS_MODULE"' in line
                if ("os.environ" in line or "getenv" in line) and not bootstrap:
                    offenders.append(f"{path.relative_to(ROOT)}: {line.strip()}")
    assert offenders == []
