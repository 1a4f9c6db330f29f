from django.urls import include, path

from scorekeeper.views import home

urlpatterns = [
    path("", home.home, name="home"),
    # The game flow: starting a game, the table screen, recording hands.
    path("", include("scorekeeper.game_urls")),
    # History, players and their statistics, import and export.
    path("", include("scorekeeper.history_urls")),
    path("referee/", include("referee.urls")),
]
