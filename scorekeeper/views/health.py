"""``/healthz``: the server answers. For a load balancer's health check (or a
host's uptime monitor) and for `make load`'s ceiling (issue 25): the least a
request costs through every middleware of the app, to divide the real
screens' throughput by in the same run.

It reads no database: a check that the database answers belongs to the
pages (a busy one answers 503 there), and a health check that queries it
would turn a slow database into every app server taken out of rotation.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


@require_safe
@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    return HttpResponse(b"ok\n", content_type="text/plain; charset=utf-8")
