from django.apps import AppConfig


class RefereeConfig(AppConfig):
    name = "referee"
    verbose_name = "Referee"
    default_auto_field = "django.db.models.BigAutoField"
