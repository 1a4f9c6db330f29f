from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    verbose_name = "Scorekeeper"
    default_auto_field = "django.db.models.BigAutoField"


class BowerAdminConfig(admin_apps.AdminConfig):
    """Django's admin, with a sign-in that goes on only to a page of the admin."""

    default = False  # named in INSTALLED_APPS; ScorekeeperConfig stays this module's default
    default_site = "scorekeeper.web.sign_in.BowerAdminSite"
