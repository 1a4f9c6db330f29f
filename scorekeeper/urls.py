from django.contrib import admin
from django.urls import include, path

from scorekeeper.views import import_export

urlpatterns = [
    # The front page, the web app's manifest and service worker, the health check.
    path("", include("scorekeeper.web.urls")),
    # A game: starting it, the table screen, recording hands, its watch link.
    path("", include("scorekeeper.games.urls")),
    # History: the game list, game nights, players, a game's score sheet; import and export.
    path("", include("scorekeeper.history.urls")),
    # Private tables: the key link, a phone's tables, replacing a key.
    path("", include("scorekeeper.private_tables.urls")),
    # Euchre nights: a progressive tournament over several tables (rules.md 7).
    path("", include("scorekeeper.nights.urls")),
    path("referee/", include("referee.urls")),
    # The operator's admin (createsuperuser): tables, games, players.
    # The whole history as one file, for the operator (signed in to the admin).
    path("admin/backup/", import_export.backup_download, name="backup_download"),
    path("admin/", admin.site.urls),
]

# A busy database anywhere answers 503, not 500 (scorekeeper/web/middleware.py).
handler500 = "scorekeeper.web.middleware.server_error"
# A paste too big for the request's limit gets the import page's message, not a bare 400.
handler400 = "scorekeeper.views.import_export.bad_request"
