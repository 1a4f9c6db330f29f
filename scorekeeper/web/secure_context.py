"""Cross-Origin-Opener-Policy only where a browser applies it (docs/decisions.md, D24).

Browsers honour the header only in a secure context: a page over https, or one
from the machine itself (localhost, 127.0.0.1, [::1]). A phone on the table's
Wi-Fi opens plain http://192.168.1.20:8000/, where Chromium ignores the header
and logs a console error on every page. Django's SecurityMiddleware adds it to
every answer (SECURE_CROSS_ORIGIN_OPENER_POLICY); this middleware, listed before
it, takes it off again where it would only be that error.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable

from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse
from django.http.request import split_domain_port

OPENER_POLICY = "Cross-Origin-Opener-Policy"


def is_loopback(domain: str) -> bool:
    """Whether a host name (as split_domain_port gives it) names this machine in a
    way browsers trust: localhost and its subdomains, 127.0.0.0/8, ::1."""
    if domain == "localhost" or domain.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(domain.removeprefix("[").removesuffix("]")).is_loopback
    except ValueError:
        return False


def is_secure_context(request: HttpRequest) -> bool:
    """Whether the browser that sent `request` reads its answer in a secure context."""
    if request.is_secure():
        return True
    try:
        host = request.get_host()
    except DisallowedHost:
        return False  # answered 400 anyway
    domain, _port = split_domain_port(host)
    return is_loopback(domain)


class OpenerPolicyMiddleware:
    """Drop Cross-Origin-Opener-Policy from answers read outside a secure context."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if OPENER_POLICY in response and not is_secure_context(request):
            del response[OPENER_POLICY]
        return response
