"""What makes Bower an app on the phone: the web app manifest and the service worker.

Both are templates, so the icon and static URLs come from ``{% static %}``: the
hashed names in production, which the worker must precache by their real URLs.
The worker is served from the site root (not /static/) so that its scope is the
whole site, including the game table screens it keeps for offline use.
"""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import PrefixNode, static
from django.views.decorators.http import require_safe

# What every screen loads, precached when the worker installs so the app opens
# at once; any other static file is cached the first time a page asks for it.
APP_SHELL = (
    "css/bower.css",
    "css/scorekeeper.css",
    "js/bower.js",
    "js/scorekeeper.js",
    "js/awake.js",
    # The table screen's own: a hand entered, and kept, without the network.
    "css/tables.css",
    "js/hand.js",
    "js/live.js",
    "js/referee.js",
    # The phone's outbox: its store and the table screen's sender.
    "vendor/idb-keyval/idb-keyval.js",
    "js/outbox_store.js",
    "js/outbox_view.js",
    "js/outbox.js",
    "django_htmx/htmx-2.min.js",
    "img/bower.svg",
    # The keep-screen-on fallback's video: a browser asks for it by byte range,
    # which cannot be cached as it goes.
    "media/awake.webm",
    "media/awake.mp4",
)
# Where the tables of outcomes are (scorekeeper/games/urls.py, ``hand_outcomes``):
# the worker keeps them as static files (their addresses never change for them).
OUTCOMES_PREFIX = "/games/outcomes/"
# What django-htmx's {% htmx_script %} adds to every page with DEBUG on.
DEBUG_SHELL = ("django_htmx/django-htmx.js",)


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: name, colours and icons for "Add to Home screen"."""
    return render(
        request,
        "pwa/manifest.webmanifest",
        content_type="application/manifest+json",
    )


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker script, for the whole site (``Service-Worker-Allowed: /``).

    Its cache name carries a digest of the precached URLs: a deploy that changes
    any static file changes a hashed URL, so the browser installs the new worker
    and drops the old caches.
    """
    names = (*APP_SHELL, *DEBUG_SHELL) if settings.DEBUG else APP_SHELL
    shell = [static(name) for name in names]
    offline_page = render_to_string("pwa/offline.html", request=request)
    version = hashlib.sha256("\n".join([*shell, offline_page]).encode()).hexdigest()[:12]
    response = render(
        request,
        "pwa/sw.js",
        {
            "version": version,
            # JSON is valid JavaScript: the worker reads these as literals.
            "shell_json": json.dumps(shell),
            "offline_page_json": json.dumps(offline_page),
            "static_prefix_json": json.dumps(PrefixNode.handle_simple("STATIC_URL")),
            "outcomes_prefix_json": json.dumps(OUTCOMES_PREFIX),
        },
        content_type="text/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = "/"
    # The browser checks for a new worker on each visit; it must not be served stale.
    response["Cache-Control"] = "no-cache"
    return response
