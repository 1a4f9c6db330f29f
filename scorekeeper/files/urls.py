"""Games in and out as files: importing a game document, a game's download,
and the operator's backup of the whole history (signed in to the admin)."""

from django.urls import URLPattern, path

from scorekeeper.files import views

urlpatterns: list[URLPattern] = [
    path("games/import/", views.game_import, name="game_import"),
    path("games/<int:game_id>/export/", views.game_export, name="game_export"),
    # The whole history as one file, for the operator (signed in to the admin).
    path("admin/backup/", views.backup_download, name="backup_download"),
]
