"""API tokens: shown once, stored as SHA-256 digests, sent as ``Authorization: Token``."""

import hashlib

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from rest_framework.test import APIClient

from tests.factories import make_user
from webapp.api.models import APIToken
from webapp.api.tokens import issue_token

pytestmark = pytest.mark.django_db


def status_with(key: str) -> int:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return api.get("/api/jobs/").status_code


def test_only_a_digest_and_a_prefix_are_stored():
    user = make_user()
    key = issue_token(user)
    token = APIToken.objects.get(user=user)
    assert len(key) == 40
    assert token.digest == hashlib.sha256(key.encode()).hexdigest()
    assert token.prefix == key[:8]
    assert key not in repr(list(APIToken.objects.values()))


def test_a_key_authenticates_its_user():
    user = make_user()
    key = issue_token(user)
    assert status_with(key) == 200
    assert status_with(key[:-1] + ("0" if key[-1] != "0" else "1")) == 401


def test_a_digest_is_not_a_key():
    user = make_user()
    issue_token(user)
    assert status_with(APIToken.objects.get(user=user).digest) == 401


def test_an_inactive_users_token_is_refused():
    user = make_user(is_active=False)
    assert status_with(issue_token(user)) == 401


def test_token_page_requires_sign_in(client):
    response = client.get("/api/token/")
    assert (response.status_code, response["Location"].split("?")[0]) == (302, "/accounts/login/")


def test_token_page_shows_a_new_key_once(client):
    user = make_user()
    client.force_login(user)
    assert "You have no API token yet." in client.get("/api/token/").content.decode()
    created = client.post("/api/token/")
    assert "no-store" in created["Cache-Control"]
    key = APIToken.objects.get(user=user).prefix
    page = created.content.decode()
    full_key = page.split('<code id="api-token">')[1].split("</code>")[0]
    assert full_key.startswith(key)
    assert status_with(full_key) == 200
    later = client.get("/api/token/").content.decode()
    assert full_key not in later
    assert f"<code>{key}…</code>" in later


def test_replacing_the_token_stops_the_old_one(client):
    user = make_user()
    client.force_login(user)
    first = issue_token(user)
    page = client.post("/api/token/").content.decode()
    second = page.split('<code id="api-token">')[1].split("</code>")[0]
    assert (status_with(first), status_with(second)) == (401, 200)


def test_management_command_prints_a_working_token(capsys):
    user = make_user()
    call_command("drf_create_token", user.username)
    printed = capsys.readouterr().out
    assert printed.startswith("Generated token ")
    assert printed.endswith(f" for user {user}\n")
    assert status_with(printed.split()[2]) == 200


def test_management_command_replaces_a_token_only_with_r(capsys):
    user = make_user()
    old = issue_token(user)
    with pytest.raises(CommandError, match="use -r to replace it"):
        call_command("drf_create_token", user.username)
    call_command("drf_create_token", user.username, "-r")
    new = capsys.readouterr().out.split()[2]
    assert (status_with(old), status_with(new)) == (401, 200)


def test_management_command_names_an_unknown_user():
    with pytest.raises(CommandError, match="no user named 'nobody'"):
        call_command("drf_create_token", "nobody")


def test_migration_hashes_the_raw_keys_of_old_tokens(transactional_db):
    """A database from before: Django REST framework's authtoken table with raw keys."""
    from importlib import import_module

    from django.apps import apps

    migration = import_module("webapp.api.migrations.0001_initial")
    user = make_user()
    raw = "0123456789abcdef0123456789abcdef01234567"
    with connection.cursor() as cursor:
        cursor.execute('CREATE TABLE authtoken_token ("key" varchar(40) PRIMARY KEY, '
                       '"user_id" integer NOT NULL, "created" timestamp)')
        cursor.execute('INSERT INTO authtoken_token ("key", "user_id") VALUES (%s, %s)',
                       [raw, user.pk])
    try:
        with connection.schema_editor() as editor:
            migration.hash_existing_tokens(apps, editor)
        with connection.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM authtoken_token")
            assert cursor.fetchone() == (0,)  # the raw keys are gone
    finally:
        with connection.cursor() as cursor:
            cursor.execute("DROP TABLE authtoken_token")
    assert APIToken.objects.get(user=user).prefix == raw[:8]
    assert status_with(raw) == 200


def test_make_token_creates_a_token_on_the_make_run_service(tmp_path):
    """The README's command works in the `make run` setup, whose settings are development
    ones (no SECRET_KEY in the environment)."""
    import os
    import subprocess

    from tests.factories import ROOT

    env = {"PATH": os.environ["PATH"], "DATA_DIR": str(tmp_path), "HOME": str(tmp_path)}
    python = str(ROOT / ".venv/bin/python")
    subprocess.run([python, "manage.py", "migrate", "-v", "0"], cwd=ROOT, check=True,
                   env={**env, "DEBUG": "true"}, capture_output=True, timeout=120)
    subprocess.run([python, "manage.py", "shell", "-c",
                    "from django.contrib.auth.models import User; "
                    "User.objects.create_user('carol')"], cwd=ROOT, check=True,
                   env={**env, "DEBUG": "true"}, capture_output=True, timeout=60)
    made = subprocess.run(["make", "-s", "token", "NAME=carol"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    assert made.stdout.startswith("Generated token ")
    assert made.stdout.rstrip().endswith(" for user carol")
