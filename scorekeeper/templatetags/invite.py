"""The invite's links and QR codes: drawn on the server as inline SVG (segno),
so a phone joins a table or opens a watch page in one scan."""

from __future__ import annotations

from functools import lru_cache

import segno
from django import template
from django.http import HttpRequest
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.simple_tag(takes_context=True)
def absolute_url(context: template.Context, path: str) -> str:
    """``path`` as a full address on this server, the way another phone opens it."""
    request: HttpRequest = context["request"]
    return request.build_absolute_uri(path)


@register.simple_tag
def qr_code(url: str, label: str) -> SafeString:
    """The QR code of ``url`` as inline SVG, named ``label`` for screen readers.
    segno draws with attributes only (no ``style``), which the CSP allows; the
    light background keeps it scannable in dark mode."""
    named = f'<svg role="img" aria-label="{escape(label)}" '
    return mark_safe(_qr_svg(url).replace("<svg ", named, 1))


# Two codes a table (its key link, its game's watch link) for the 600 live tables one
# server is meant to hold, with room to spare: about 2.3 KB each, some 10 MB a process.
# With 256, a room of more than 128 tables drew every code anew on every whole-table
# draw, 10-14 ms each on a slow machine (D68).
QR_CODES_KEPT = 4096


@lru_cache(maxsize=QR_CODES_KEPT)
def _qr_svg(url: str) -> str:
    # Drawing a code costs milliseconds and the table screen shows two on every
    # redraw: each link's drawing is kept (a replaced key is a new link).
    return str(
        segno.make(url, error="m").svg_inline(
            scale=1,
            border=2,
            omitsize=True,
            dark="#000",
            light="#fff",
            svgclass="qr",
            lineclass=None,
        )
    )
