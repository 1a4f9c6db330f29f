"""The game flow: starting a game, the table screen, recording and fixing hands.

Included at the site root (scorekeeper/urls.py); plain names, no namespace,
because other screens link to them (the referee's audit, the game history).
"""

from django.urls import URLPattern, path

from scorekeeper import views

urlpatterns: list[URLPattern] = [
    path("games/new/", views.new_game, name="new_game"),
    path("games/<int:game_id>/", views.game_table, name="game_table"),
    path("games/<int:game_id>/state/", views.game_state, name="game_state"),
    path("games/<int:game_id>/sheet/", views.game_sheet, name="game_sheet"),
    path("games/<int:game_id>/hand/start/", views.hand_start, name="hand_start"),
    path("games/<int:game_id>/hand/reveal/", views.hand_reveal, name="hand_reveal"),
    path("games/<int:game_id>/hand/dealer/", views.hand_dealer, name="hand_dealer"),
    path("games/<int:game_id>/hand/cancel/", views.hand_cancel, name="hand_cancel"),
    path("games/<int:game_id>/hand/finish/", views.hand_finish, name="hand_finish"),
    path("games/<int:game_id>/hand/enter/", views.hand_enter, name="hand_enter"),
    path("games/<int:game_id>/hand/thrown-in/", views.hand_thrown_in, name="hand_thrown_in"),
    path("games/<int:game_id>/hand/undo/", views.hand_undo, name="hand_undo"),
    path("games/<int:game_id>/hands/<int:number>/edit/", views.hand_edit, name="hand_edit"),
    path(
        "games/<int:game_id>/hands/<int:number>/history/",
        views.hand_history,
        name="hand_history",
    ),
    path("games/<int:game_id>/result/", views.game_result, name="game_result"),
    path("games/<int:game_id>/rematch/", views.game_rematch, name="game_rematch"),
]
