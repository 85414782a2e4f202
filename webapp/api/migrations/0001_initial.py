"""API tokens stored hashed.

Tokens made before (Django REST framework's ``authtoken`` table, raw keys) cannot be
shown again, but they keep working: each key is hashed into the new table, and the raw
keys are then deleted from the old one.
"""

import hashlib

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

OLD_TABLE = "authtoken_token"


def hash_existing_tokens(apps, schema_editor):
    connection = schema_editor.connection
    if OLD_TABLE not in connection.introspection.table_names():
        return
    APIToken = apps.get_model("api", "APIToken")
    table, key, user = (connection.ops.quote_name(name) for name in (OLD_TABLE, "key", "user_id"))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {key}, {user} FROM {table}")
        rows = cursor.fetchall()
        APIToken.objects.bulk_create([
            APIToken(user_id=user_id, digest=hashlib.sha256(raw.encode()).hexdigest(),
                     prefix=raw[:8])
            for raw, user_id in rows
        ])
        cursor.execute(f"DELETE FROM {table}")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="APIToken",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("digest", models.CharField(help_text="SHA-256 of the key, hex", max_length=64, unique=True)),
                ("prefix", models.CharField(help_text="the key's first characters, to tell tokens apart", max_length=8)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("user", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name="api_token", to=settings.AUTH_USER_MODEL)),
            ],
            options={"verbose_name": "API token"},
        ),
        migrations.RunPython(hash_existing_tokens, migrations.RunPython.noop),
    ]
