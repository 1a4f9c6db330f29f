"""Euchre nights (rules.md 7): starting a night, its seating and players
(scorekeeper/views/nights.py); its live standings, the watch link for a TV and
the printable score cards (scorekeeper/views/night_live.py)."""

from django.urls import URLPattern, path

from scorekeeper.views import night_live, nights

urlpatterns: list[URLPattern] = [
    # --- the night and its seating (views/nights.py) ---
    path("nights/", nights.night_list, name="night_list"),
    path("nights/new/", nights.night_new, name="night_new"),
    path("nights/<int:night_id>/", nights.night_detail, name="night_detail"),
    path("nights/<int:night_id>/state/", nights.night_state, name="night_state"),
    path("nights/<int:night_id>/rounds/<int:number>/", nights.night_round, name="night_round"),
    path("nights/<int:night_id>/next-round/", nights.night_seat_next, name="night_seat_next"),
    path("nights/<int:night_id>/players/", nights.night_players, name="night_players"),
    # --- standings, watching, score cards (views/night_live.py) ---
    path("nights/<int:night_id>/standings/", night_live.night_standings, name="night_standings"),
    path(
        "nights/<int:night_id>/standings/state/",
        night_live.night_standings_state,
        name="night_standings_state",
    ),
    path(
        "nights/<int:night_id>/rounds/<int:number>/tables/<int:table>/card/",
        night_live.night_score_card,
        name="night_score_card",
    ),
    path("nights/watch/<str:token>/", night_live.night_watch, name="night_watch"),
    path("nights/watch/<str:token>/state/", night_live.night_watch_state, name="night_watch_state"),
]
