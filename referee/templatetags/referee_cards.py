"""Cards on screen: a card face, a tappable card chip, a card checkbox, a share link."""

from __future__ import annotations

import re
from typing import Any

from django import template
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from referee.engine.cards import Card, Suit

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


# --- Form pieces shared by the tools' GET forms ----------------------------------------------


@register.simple_tag
def field_errors(form: Any, name: str) -> SafeString:
    """A field's messages, with the id its fieldset or input points at (``name-error``)."""
    errors = form.errors.get(name) if form.is_bound else None
    if not errors:
        return mark_safe("")
    return format_html(
        '<ul class="errorlist" id="{}-error">{}</ul>',
        name,
        format_html_join("", "<li>{}</li>", ((e,) for e in errors)),
    )


def _chosen_value(form: Any, name: str) -> str:
    value = form[name].value() if name in form.fields else form.data.get(name)
    return "" if value is None else str(value).strip().lower()


@register.simple_tag
def chip_group(
    form: Any,
    name: str,
    legend: str,
    choices: Any,
    *,
    hint: str = "",
    size: str = "",
    first_is_default: bool = False,
) -> SafeString:
    """A fieldset of radio chips: the legend, the choices (value, label), the messages.

    The chip whose value the form holds is checked (case aside); with
    ``first_is_default`` the first one is, when the form holds nothing.
    ``size`` is "wide" (long labels) or "narrow" (numbers).
    """
    chosen = _chosen_value(form, name)
    options = [(str(v), str(label)) for v, label in choices]
    if not chosen and first_is_default and options:
        chosen = options[0][0].lower()
    has_errors = form.is_bound and bool(form.errors.get(name))
    chips = format_html_join(
        "",
        '<label class="chip"><input type="radio" name="{}" value="{}"{}>{}</label>',
        (
            (name, value, mark_safe(" checked") if value.lower() == chosen else "", label)
            for value, label in options
        ),
    )
    return format_html(
        '<fieldset class="picker-block"{}><legend class="picker-title">{}</legend>{}'
        '<div class="chips{}">{}</div>{}</fieldset>',
        format_html(' aria-describedby="{}-error"', name) if has_errors else "",
        legend,
        format_html('<span class="helptext">{}</span>', hint) if hint else "",
        f" chips-{size}" if size else "",
        chips,
        field_errors(form, name),
    )


@register.simple_tag
def suit_group(
    form: Any, name: str, legend: str, choices: Any, *, aces: bool = False
) -> SafeString:
    """Trump (or the called ace) as a row of suit chips: a big symbol, a small word."""
    chosen = _chosen_value(form, name).upper()
    has_errors = form.is_bound and bool(form.errors.get(name))
    chips = []
    for choice in choices:
        if aces and choice.value == "NT":
            continue
        symbol = choice.symbol or "NT"
        word = choice.label
        if aces:
            symbol, word = f"A{choice.symbol}", f"Ace of {choice.label.lower()}"
        chips.append(
            format_html(
                '<label class="chip trump-chip{}"><input type="radio" name="{}" value="{}"{}>'
                '<span class="trump-symbol" aria-hidden="true">{}</span>'
                '<span class="trump-word">{}</span></label>',
                f" suit-{choice.value}" if choice.value != "NT" else "",
                name,
                choice.value,
                mark_safe(" checked") if choice.value == chosen else "",
                symbol,
                word,
            )
        )
    return format_html(
        '<fieldset class="picker-block"{}><legend class="picker-title">{}</legend>'
        '<div class="trump-row">{}</div>{}</fieldset>',
        format_html(' aria-describedby="{}-error"', name) if has_errors else "",
        legend,
        mark_safe("".join(chips)),
        field_errors(form, name),
    )


@register.simple_tag
def called_card_select(form: Any, name: str, suits: Any) -> SafeString:
    """Call-Your-Partner's called card: a native picker of every card, grouped by suit."""
    chosen = _chosen_value(form, name).upper()
    has_errors = form.is_bound and bool(form.errors.get(name))
    groups = format_html_join(
        "",
        '<optgroup label="{}">{}</optgroup>',
        (
            (
                suit.plural.capitalize(),
                format_html_join(
                    "",
                    '<option value="{}"{}>{} {}</option>',
                    (
                        (
                            str(c),
                            mark_safe(" selected") if str(c) == chosen else "",
                            c.short,
                            c.name,
                        )
                        for c in cards
                    ),
                ),
            )
            for suit, cards in suits
        ),
    )
    return format_html(
        '<div class="field"><label for="id_{}">Called card</label>'
        '<select name="{}" id="id_{}"{}><option value="">None: the maker went alone</option>'
        "{}</select>{}</div>",
        name,
        name,
        name,
        format_html(' aria-invalid="true" aria-describedby="{}-error"', name) if has_errors else "",
        groups,
        field_errors(form, name),
    )
