"""Create (or reuse) the local user that ``make run`` prints, with a password kept in a file."""

import secrets
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Create the local sign-in user for development and print its credentials."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="rocport")
        parser.add_argument("--password-file", default=None,
                            help="where the password is kept (default: DATA_DIR/local-user)")

    def handle(self, *args, username, password_file, **options):
        path = Path(password_file) if password_file else settings.DATA_DIR / "local-user"
        password = path.read_text().strip() if path.is_file() else secrets.token_urlsafe(12)
        user, _ = get_user_model().objects.get_or_create(username=username)
        if not user.check_password(password):
            user.set_password(password)
        user.is_staff = user.is_superuser = True
        user.save()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(password + "\n")
        path.chmod(0o600)
        self.stdout.write(f"Sign in as {username} with password {password}")
