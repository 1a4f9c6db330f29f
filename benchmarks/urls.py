"""The app's addresses, plus the bare view every figure is compared with."""

from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, URLResolver, include, path

from benchmarks import floors

BARE_PATH = "/bench/bare/"
# Followed by a game's id: the floors of a write and of the table's drawing.
FLOOR_WRITE_PATH = "/bench/floor/write/"
FLOOR_TABLE_PATH = "/bench/floor/table/"


def bare(request: HttpRequest) -> HttpResponse:
    """The least a Django view can do, through the same middleware as the app's
    screens: the floor that `make bench` divides every figure by."""
    return HttpResponse(b"ok", content_type="text/plain")


urlpatterns: list[URLPattern | URLResolver] = [
    path(BARE_PATH.strip("/") + "/", bare, name="bench_bare"),
    path(FLOOR_WRITE_PATH.strip("/") + "/<int:game_id>/", floors.write_one_row),
    path(FLOOR_TABLE_PATH.strip("/") + "/<int:game_id>/", floors.table_drawing),
    path("", include("scorekeeper.urls")),
]
