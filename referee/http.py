"""Request types for the referee's views (docs/decisions.md, D5: a typed request with ``htmx``),
and the one rule both apps follow for when htmx gets a screen's partial."""

from django.http import HttpRequest, HttpResponseBase
from django.utils.cache import patch_vary_headers
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request that has been through django-htmx's middleware."""

    htmx: HtmxDetails


def wants_partial(request: HttpRequest) -> bool:
    """Whether a screen answers ``request`` with its partial rather than the
    whole page: an htmx request swaps a partial in; a plain request, a
    boosted link (it swaps the whole body) and a history restore (htmx asks
    for the whole page its cache lacks) get the page. Read from the headers,
    so an answer made before django-htmx's middleware ran follows it too."""
    htmx = HtmxDetails(request)
    return bool(htmx) and not htmx.boosted and not htmx.history_restore_request


def varies_on_htmx[R: HttpResponseBase](response: R) -> R:
    """Say that ``response`` depends on ``wants_partial`` (``Vary: HX-Request``),
    so no cache gives a partial for the page or the page for a partial."""
    patch_vary_headers(response, ("HX-Request",))
    return response
