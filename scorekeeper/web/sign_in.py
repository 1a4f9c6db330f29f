"""A brake on the admin's sign-in (docs/decisions.md, D23): django-axes counts wrong
passwords in the database, per address and name, so every app process sees the
same count; after ``AXES_FAILURE_LIMIT`` of them that name is refused from that
address for ``AXES_COOLOFF_TIME``, right password or not (settings, "Sign-in").

Here: whose address a sign-in comes from, the page that says it is paused, and the
sign-in itself, which goes on only to a page of the admin.
"""

from __future__ import annotations

import ipaddress
import math
from typing import Any
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import REDIRECT_FIELD_NAME
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve, reverse
from django.utils.http import url_has_allowed_host_and_scheme


def _address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_address(request: HttpRequest) -> str | None:
    """The address a sign-in is counted against (axes' AXES_CLIENT_IP_CALLABLE).

    With no proxy in front (``BOWER_PROXY_COUNT=0``, the default) it is the
    connection's own address: an X-Forwarded-For header is the client's to write,
    and trusting it would let anyone choose a fresh address for every guess. Behind
    N proxies that each add the address they were reached from, it is the Nth
    address from the end of X-Forwarded-For, the one the outermost proxy saw.
    """
    remote = _address(request.META.get("REMOTE_ADDR", ""))
    proxies: int = settings.BOWER_PROXY_COUNT
    if proxies == 0:
        return remote
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
    if len(forwarded) < proxies:
        return remote  # not through the proxies as configured
    return _address(forwarded[-proxies]) or remote


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None, credentials: Any
) -> HttpResponse:
    """The page a paused sign-in gets (axes' AXES_LOCKOUT_CALLABLE): 429, saying how
    long to wait, with Retry-After."""
    cool_off = settings.AXES_COOLOFF_TIME.total_seconds()
    response = render(
        request,
        "admin/locked_out.html",
        {"minutes": math.ceil(cool_off / 60), "failure_limit": settings.AXES_FAILURE_LIMIT},
        status=429,
    )
    response["Retry-After"] = str(int(cool_off))
    return response


def admin_page(request: HttpRequest, address: str) -> str | None:
    """The page of the admin on this site that ``address`` names, as its path and
    query, or None: never a table's key link, which would join the operator's
    browser to a stranger's table. An address a browser could read otherwise than
    it is written (dot segments, percent-encoded characters, backslashes, white
    space or control characters, an empty segment) names nothing; the rest must
    resolve to one of the admin's views."""
    if not url_has_allowed_host_and_scheme(address, {request.get_host()}):
        return None
    parts = urlsplit(address)
    path = parts.path
    segments = path.split("/")[1:]
    if (
        not path.startswith(reverse("admin:index"))
        or unquote(path) != path
        or "\\" in address
        or any(character.isspace() or not character.isprintable() for character in address)
        or any(segment in (".", "..") for segment in segments)
        or "" in segments[:-1]
    ):
        return None
    try:
        match = resolve(path)
    except Resolver404:
        return None
    if match.namespace != "admin":
        return None
    return path + (f"?{parts.query}" if parts.query else "")


class BowerAdminSite(admin.AdminSite):
    """The operator's admin (scorekeeper.apps.BowerAdminConfig makes it ``admin.site``)."""

    def login(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> Any:
        """Django's sign-in, going on to ``next`` only when it names a page of the
        admin (``admin_page``), else to the admin's index."""
        for data in ("GET", "POST"):
            query = getattr(request, data)
            address = query.get(REDIRECT_FIELD_NAME)
            if address is not None:
                query = query.copy()
                query[REDIRECT_FIELD_NAME] = admin_page(request, address) or reverse("admin:index")
                setattr(request, data, query)
        return super().login(request, extra_context)
