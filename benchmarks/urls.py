"""The app's addresses, plus the bare view every figure is compared with."""

from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, URLResolver, include, path

BARE_PATH = "/bench/bare/"


def bare(request: HttpRequest) -> HttpResponse:
    """The least a Django view can do, through the same middleware as the app's
    screens: the floor that `make bench` divides every figure by."""
    return HttpResponse(b"ok", content_type="text/plain")


urlpatterns: list[URLPattern | URLResolver] = [
    path(BARE_PATH.strip("/") + "/", bare, name="bench_bare"),
    path("", include("scorekeeper.urls")),
]
