from django.contrib import admin
from django.urls import include, path

from scorekeeper.views import health, home, import_export, pwa

urlpatterns = [
    path("", home.home, name="home"),
    # Installable and offline: the web app manifest and the service worker (root scope).
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    # The server answers (a load balancer's check; make load's ceiling): no database.
    path("healthz", health.healthz, name="healthz"),
    # The game flow: starting a game, the table screen, recording hands.
    path("", include("scorekeeper.game_urls")),
    # History, players and their statistics, import and export.
    path("", include("scorekeeper.history_urls")),
    # Private tables: the key link, a phone's tables, a game's watch link.
    path("", include("scorekeeper.table_urls")),
    # Euchre nights: a progressive tournament over several tables (rules.md 7).
    path("", include("scorekeeper.night_urls")),
    path("referee/", include("referee.urls")),
    # The operator's admin (createsuperuser): tables, games, players.
    # The whole history as one file, for the operator (signed in to the admin).
    path("admin/backup/", import_export.backup_download, name="backup_download"),
    path("admin/", admin.site.urls),
]

# A busy database anywhere answers 503, not 500 (scorekeeper/middleware.py).
handler500 = "scorekeeper.middleware.server_error"
# A paste too big for the request's limit gets the import page's message, not a bare 400.
handler400 = "scorekeeper.views.import_export.bad_request"
