from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    # The front page, the web app's manifest and service worker, the health check.
    path("", include("scorekeeper.web.urls")),
    # A game: starting it, the table screen, recording hands, its watch link.
    path("", include("scorekeeper.games.urls")),
    # History: the game list, game nights, players, a game's score sheet and its CSV.
    path("", include("scorekeeper.history.urls")),
    # Private tables: the key link, a phone's tables, replacing a key.
    path("", include("scorekeeper.private_tables.urls")),
    # Euchre nights: a progressive tournament over several tables (docs/rules.md, Euchre night).
    path("", include("scorekeeper.nights.urls")),
    # Seasons: a table's standings over a stretch of game nights, and their watch link.
    path("", include("scorekeeper.seasons.urls")),
    # Files: importing a game document, a game's download, the operator's backup.
    path("", include("scorekeeper.files.urls")),
    path("referee/", include("referee.urls")),
    # The operator's admin (createsuperuser): tables, games, players. Its
    # backup download (admin/backup/) is the files' (above).
    path("admin/", admin.site.urls),
]

# A busy database anywhere answers 503, not 500 (scorekeeper/web/middleware.py).
handler500 = "scorekeeper.web.middleware.server_error"
# A paste too big for the request's limit gets the import page's message, not a bare 400.
handler400 = "scorekeeper.files.views.bad_request"
