from django.urls import URLPattern, URLResolver, path

from referee.views import api, audit, rules, score, tools

app_name = "referee"

urlpatterns: list[URLPattern | URLResolver] = [
    # The referee's screens: every result is a GET URL that reopens it.
    path("", rules.index, name="index"),
    path("rules/", rules.rules_index, name="rules"),
    path("rules/<slug:variant>/", rules.rules, name="rules-variant"),
    path("ranking/", tools.ranking, name="ranking"),
    path("trick/", tools.trick, name="trick"),
    path("legal/", tools.legal, name="legal"),
    path("audit/", audit.audit, name="audit"),
    path("score/", score.score, name="score"),
    # The JSON API (docs/formats.md, "Referee API").
    path("api/trick", api.trick, name="api-trick"),
    path("api/legal", api.legal, name="api-legal"),
]
