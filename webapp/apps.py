from django.apps import AppConfig


class WebappConfig(AppConfig):
    """Project-wide pieces that belong to no single app: the system checks."""

    name = "webapp"
    label = "webapp"

    def ready(self) -> None:
        from webapp import checks  # noqa: F401  (registers the checks)
