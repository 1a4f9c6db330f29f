"""How every screen answers: the whole page or, for htmx, its ``screen``
partial, with the address bar moved to the screen's own address."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.http import HttpResponse
from django.shortcuts import render

from referee.http import varies_on_htmx, wants_partial
from scorekeeper.web.http import HtmxHttpRequest


def screen(
    request: HtmxHttpRequest,
    template: str,
    context: dict[str, Any],
    *,
    status: int = 200,
    url: str | None = None,
) -> HttpResponse:
    """Draw a screen: the whole page, or for htmx its ``screen`` partial, with
    the address bar moved to ``url`` (the screen's own address)."""
    partial = wants_partial(request)
    name = f"scorekeeper/{template}" + ("#screen" if partial else "")
    response = varies_on_htmx(render(request, name, {**context, "partial": partial}, status=status))
    return _pushed(request, response, url) if partial else response


def _pushed(request: HtmxHttpRequest, response: HttpResponse, url: str | None) -> HttpResponse:
    """An htmx answer moves the address bar to ``url`` (the screen's own
    address, by default the one asked for) when the phone shows another."""
    url = url or request.get_full_path()
    current = urlsplit(request.htmx.current_url or "")
    here = current.path + (f"?{current.query}" if current.query else "")
    if url != here:
        response["HX-Push-Url"] = url
    return response
