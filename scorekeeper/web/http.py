"""Request types for views (docs/decisions.md, D5: a typed request with `htmx`)."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request that has been through django-htmx's middleware."""

    htmx: HtmxDetails
