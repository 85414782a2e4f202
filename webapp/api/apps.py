from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The REST API under ``/api/``, its token page and the playground page."""

    name = "webapp.api"
    label = "api"
