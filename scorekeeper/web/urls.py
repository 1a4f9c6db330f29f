"""The site's own addresses: the front page, the web app's manifest and
service worker, and the health check."""

from django.urls import URLPattern, path

from scorekeeper.web import pwa, views

urlpatterns: list[URLPattern] = [
    path("", views.home, name="home"),
    # Installable and offline: the web app manifest and the service worker (root scope).
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    # The server answers (a load balancer's check; make load's ceiling): no database.
    path("healthz", views.healthz, name="healthz"),
]
