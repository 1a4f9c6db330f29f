"""Euchre nights (docs/rules.md, Euchre night 2): starting a night, its seating and players
(scorekeeper/nights/views/night.py); its live standings, the watch link for a TV
and the printable score cards (scorekeeper/nights/views/live.py)."""

from django.urls import URLPattern, path

from scorekeeper.nights.views import check_in, live, night

urlpatterns: list[URLPattern] = [
    # --- the night and its seating (views/night.py) ---
    path("nights/", night.night_list, name="night_list"),
    path("nights/new/", night.night_new, name="night_new"),
    path("nights/<int:night_id>/", night.night_detail, name="night_detail"),
    path("nights/<int:night_id>/state/", night.night_state, name="night_state"),
    path("nights/<int:night_id>/rounds/<int:number>/", night.night_round, name="night_round"),
    path("nights/<int:night_id>/next-round/", night.night_seat_next, name="night_seat_next"),
    path("nights/<int:night_id>/players/", night.night_players, name="night_players"),
    path("nights/<int:night_id>/me/", night.night_me, name="night_me"),
    path("nights/<int:night_id>/prizes/", night.night_prizes, name="night_prizes"),
    path(
        "nights/<int:night_id>/check-in/", night.night_check_in_switch, name="night_check_in_switch"
    ),
    # --- check-in at the door (views/check_in.py): the link is the access ---
    path("nights/check-in/<str:token>/", check_in.night_check_in, name="night_check_in"),
    path(
        "nights/check-in/<str:token>/state/",
        check_in.night_check_in_state,
        name="night_check_in_state",
    ),
    # --- standings, watching, score cards (views/live.py) ---
    path("nights/<int:night_id>/standings/", live.night_standings, name="night_standings"),
    path(
        "nights/<int:night_id>/standings/state/",
        live.night_standings_state,
        name="night_standings_state",
    ),
    path(
        "nights/<int:night_id>/rounds/<int:number>/tables/<int:night_table>/card/",
        live.night_score_card,
        name="night_score_card",
    ),
    path("nights/<int:night_id>/seating/", live.night_seating_sheet, name="night_seating_sheet"),
    path("nights/watch/<str:token>/", live.night_watch, name="night_watch"),
    path("nights/watch/<str:token>/state/", live.night_watch_state, name="night_watch_state"),
]
