from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "webapp.rules"
    label = "rules"
