"""The history: the game list and game nights, players and their
statistics, a game's score sheet and its hands as a spreadsheet
(scorekeeper/history/views/). ``/games/`` is shared: the list and a night's
page are here, a game's own screens are the games' (scorekeeper/games/urls.py)."""

from datetime import date

from django.urls import URLPattern, path, register_converter

from scorekeeper.history.views import game_list, players, sheet


class NightConverter:
    """A game night in the address: ``2025-11-21``."""

    regex = r"\d{4}-\d{2}-\d{2}"

    def to_python(self, value: str) -> date:
        return date.fromisoformat(value)  # ValueError (say 2025-02-30): no match, a 404

    def to_url(self, value: date) -> str:
        return value.isoformat()


register_converter(NightConverter, "night")

urlpatterns: list[URLPattern] = [
    path("games/", game_list.game_list, name="game_list"),
    path("games/<int:game_id>/sheet/", sheet.game_sheet, name="game_sheet"),
    path("games/<int:game_id>/hands.csv", sheet.game_hands_csv, name="game_hands_csv"),
    path("games/nights/<night:night>/", game_list.game_night, name="game_night"),
    path("players/", players.player_list, name="player_list"),
    path("players.csv", players.player_list_csv, name="player_list_csv"),
    path("ratings.csv", players.ratings_csv_file, name="ratings_csv"),
    path("players/<int:player_id>/", players.player_detail, name="player_detail"),
    path("players/<int:player_id>/rename/", players.player_rename, name="player_rename"),
    path("players/<int:player_id>/merge/", players.player_merge, name="player_merge"),
]
