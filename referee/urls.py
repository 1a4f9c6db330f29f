from django.urls import URLPattern, URLResolver, path

from referee import api

app_name = "referee"

urlpatterns: list[URLPattern | URLResolver] = [
    # The JSON API (contract.md).
    path("api/trick", api.trick, name="api-trick"),
    path("api/legal", api.legal, name="api-legal"),
]
