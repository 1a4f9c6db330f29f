"""Small pieces of display several screens share."""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.safestring import SafeString

from referee.engine.cards import parse_trump


def trump_badge(trump: str) -> SafeString:
    """A hand's trump as a small badge: the suit's symbol in its colour, or NT."""
    if not trump:
        return SafeString("")
    suit = parse_trump(trump)
    if suit is None:
        return SafeString('<span class="trump-badge" title="no trump">NT</span>')
    return format_html(
        '<span class="trump-badge suit-{}" title="{} trump">{}</span>',
        suit.letter,
        suit.plural,
        suit.symbol,
    )
