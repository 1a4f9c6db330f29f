"""History, players and their statistics, import and export (scorekeeper/history.py)."""

from datetime import date

from django.urls import URLPattern, path, register_converter

from scorekeeper import history


class NightConverter:
    """A game night in the address: ``2025-11-21``."""

    regex = r"\d{4}-\d{2}-\d{2}"

    def to_python(self, value: str) -> date:
        return date.fromisoformat(value)  # ValueError (say 2025-02-30): no match, a 404

    def to_url(self, value: date) -> str:
        return value.isoformat()


register_converter(NightConverter, "night")

urlpatterns: list[URLPattern] = [
    path("games/", history.game_list, name="game_list"),
    path("games/import/", history.game_import, name="game_import"),
    path("games/<int:game_id>/export/", history.game_export, name="game_export"),
    path("games/nights/<night:night>/", history.game_night, name="game_night"),
    path("players/", history.player_list, name="player_list"),
    path("players/<int:player_id>/", history.player_detail, name="player_detail"),
]
