from django.urls import URLPattern, URLResolver, path

from referee import api, views

app_name = "referee"

urlpatterns: list[URLPattern | URLResolver] = [
    # The referee's screens: every result is a GET URL that reopens it.
    path("", views.index, name="index"),
    path("rules/", views.rules_index, name="rules"),
    path("rules/<slug:variant>/", views.rules, name="rules-variant"),
    path("ranking/", views.ranking, name="ranking"),
    path("trick/", views.trick, name="trick"),
    path("legal/", views.legal, name="legal"),
    path("audit/", views.audit, name="audit"),
    path("score/", views.score, name="score"),
    # The JSON API (contract.md).
    path("api/trick", api.trick, name="api-trick"),
    path("api/legal", api.legal, name="api-legal"),
]
