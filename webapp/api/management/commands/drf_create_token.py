"""``drf_create_token USERNAME [-r]``: Django REST framework's command, for hashed tokens.

The key is printed once; only its digest is stored, so an existing token cannot be shown
again: ``-r`` replaces it (the old key stops working).
"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from webapp.api.models import APIToken
from webapp.api.tokens import issue_token


class Command(BaseCommand):
    help = "Create an API token for a user and print it (shown once; -r replaces it)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("-r", "--reset", action="store_true",
                            help="replace the user's token if there is one")

    def handle(self, *args, username, reset, **options):
        try:
            user = get_user_model().objects.get_by_natural_key(username)
        except get_user_model().DoesNotExist:
            raise CommandError(f"no user named {username!r}") from None
        existing = APIToken.objects.filter(user=user).first()
        if existing is not None and not reset:
            raise CommandError(f"{username} already has an API token ({existing.prefix}…), which "
                               f"cannot be shown again; use -r to replace it")
        self.stdout.write(f"Generated token {issue_token(user)} for user {username}")
