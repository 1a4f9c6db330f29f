"""A game's addresses: starting a game, the table screen, recording and
fixing hands, the result, and the game's watch link (``/w/``).

Included at the site root (scorekeeper/urls.py); plain names, no namespace,
because other screens link to them (the referee's audit, the game history).
``/games/`` itself, the game list, is the history's (scorekeeper/history/urls.py).
"""

from django.urls import URLPattern, path

from scorekeeper.games.views import game, hand_edit, hands, new_game, undo, watch

urlpatterns: list[URLPattern] = [
    path("games/new/", new_game.new_game, name="new_game"),
    path("games/<int:game_id>/", game.game_table, name="game_table"),
    path("games/<int:game_id>/state/", game.table_poll, name="table_poll"),
    path("games/outcomes/<str:kind>/<str:digest>/", game.hand_outcomes, name="hand_outcomes"),
    path("games/<int:game_id>/hand/start/", hands.save_call, name="hand_start"),
    path("games/<int:game_id>/hand/dealer/", hands.hand_dealer, name="hand_dealer"),
    path("games/<int:game_id>/hand/cancel/", hands.hand_cancel, name="hand_cancel"),
    path("games/<int:game_id>/hand/finish/", hands.hand_from_audit, name="hand_finish"),
    path("games/<int:game_id>/hand/enter/", hands.hand_enter, name="hand_enter"),
    path("games/<int:game_id>/hand/undo/", undo.hand_undo, name="hand_undo"),
    path("games/<int:game_id>/hand/redo/", undo.hand_redo, name="hand_redo"),
    path("games/<int:game_id>/hands/<int:number>/edit/", hand_edit.hand_edit, name="hand_edit"),
    path(
        "games/<int:game_id>/hands/<int:number>/history/",
        hand_edit.hand_history,
        name="hand_history",
    ),
    path("games/<int:game_id>/result/", game.game_result, name="game_result"),
    path("games/<int:game_id>/rematch/", game.game_rematch, name="game_rematch"),
    # The watch link: one game, read-only and live (scorekeeper/games/views/watch.py).
    path("w/<str:token>/", watch.game_watch, name="game_watch"),
    path("w/<str:token>/state/", watch.watch_poll, name="watch_poll"),
]
