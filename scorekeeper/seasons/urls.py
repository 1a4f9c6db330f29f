"""Seasons (docs/formats.md, "Seasons"): the list and the form naming one, a
season's standings, and its watch link (scorekeeper/seasons/views.py)."""

from django.urls import URLPattern, path

from scorekeeper.seasons import views

urlpatterns: list[URLPattern] = [
    path("seasons/", views.season_list, name="season_list"),
    path("seasons/<int:season_id>/", views.season_detail, name="season_detail"),
    path("seasons/watch/<str:token>/", views.season_watch, name="season_watch"),
    path("seasons/watch/<str:token>/state/", views.season_watch_state, name="season_watch_state"),
]
