"""Cards on screen: a card face, a tappable card chip, a card checkbox, a share link."""

from __future__ import annotations

import re
from typing import Any

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from referee.cards import Card, Suit

register = template.Library()


def _face(card: Card) -> SafeString:
    return format_html(
        '<span class="rank">{}</span><span class="suit">{}</span>',
        card.rank.text,
        card.suit.symbol,
    )


@register.simple_tag
def card(card: Card) -> SafeString:
    """A card face with its name for screen readers: 10♥ read as "10 of hearts"."""
    return format_html(
        '<span class="playing-card suit-{}"><span aria-hidden="true">{}</span>'
        '<span class="visually-hidden">{}</span></span>',
        card.suit.letter,
        _face(card),
        card.name,
    )


@register.simple_tag
def card_chip(chip: Any, action: str = "Add") -> SafeString:
    """A picker chip: a link that adds the card, or a struck-out card already played."""
    c: Card = chip.card
    if chip.href is None:
        state = " is-played" if chip.state == "played" else " is-off"
        note = ", already played" if chip.state == "played" else ""
        return format_html(
            '<span class="chip card-chip suit-{}{}"><span aria-hidden="true">{}</span>'
            '<span class="visually-hidden">{}{}</span></span>',
            c.suit.letter,
            state,
            _face(c),
            c.name,
            note,
        )
    return format_html(
        '<a class="chip card-chip suit-{}" id="pick-{}" href="{}" hx-get="{}">'
        '<span aria-hidden="true">{}</span><span class="visually-hidden">{} the {}</span></a>',
        c.suit.letter,
        str(c),
        chip.href,
        chip.href,
        _face(c),
        action,
        c.name,
    )


@register.simple_tag
def card_input(chip: Any, name: str, kind: str = "checkbox") -> SafeString:
    """A card as a radio button or checkbox chip of a GET form."""
    c: Card = chip.card
    return format_html(
        '<label class="chip card-chip suit-{}"><input type="{}" name="{}" value="{}"{}>'
        '<span aria-hidden="true">{}</span><span class="visually-hidden">{}</span></label>',
        c.suit.letter,
        kind,
        name,
        str(c),
        mark_safe(" checked") if chip.state == "picked" else "",
        _face(c),
        c.name,
    )


@register.simple_tag
def suit_mark(suit: Suit) -> SafeString:
    return format_html(
        '<span class="suit-{}" aria-hidden="true">{}</span>', suit.letter, suit.symbol
    )


@register.simple_tag
def share_link(url: str) -> SafeString:
    """A ruling's full URL, to send to the player who doubts it; a script adds Copy."""
    return format_html(
        '<div class="share"><p class="share-label">Share this ruling</p>'
        '<a class="share-url" href="{}">{}</a>'
        '<button type="button" class="btn share-copy" data-share-url="{}">Copy link</button>'
        '<span class="share-status" role="status"></span></div>',
        url,
        url,
        url,
    )


@register.filter
def highlight(text: str, query: str) -> SafeString:
    """Mark the words of ``text`` that start with a word of the search ``query``."""
    words = [re.escape(w) for w in re.findall(r"[a-z0-9]+", (query or "").lower())]
    if not words:
        return escape(text)
    pattern = re.compile(r"\b(?:" + "|".join(words) + r")[a-z0-9]*", re.IGNORECASE)
    parts: list[str] = []
    last = 0
    for match in pattern.finditer(text):
        parts.append(escape(text[last : match.start()]))
        parts.append(format_html("<mark>{}</mark>", match.group(0)))
        last = match.end()
    parts.append(escape(text[last:]))
    return mark_safe("".join(parts))  # every piece was escaped above
