"""Chips: the one way both apps draw a choice as big tappable buttons.

A chip field is a form field drawn by ``templates/chips/choice.html`` (radio
chips, one per choice); a suit or a card inside a chip's label is drawn by
``templates/chips/suit_label.html`` and ``card_label.html``. The referee's own
pickers (``{% load referee_cards %}``) draw through ``templates/chips/`` too.
It lives on the referee's side so that both apps can use it: the referee never
imports the scorekeeper.
"""

from __future__ import annotations

import functools
from typing import Any

from django import forms
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from referee.engine.cards import Card, Suit
from referee.forms.numbers import WholeNumberField


def _snippet(template: str, context: dict[str, Any]) -> SafeString:
    # The template escapes every value; only the file's trailing newline is trimmed.
    return mark_safe(render_to_string(template, context).strip())


# A label is a pure function of its card or suit: drawn once a process (the hand
# forms draw up to 32 at every table screen).
@functools.lru_cache(maxsize=256)
def suit_label(suit: Suit, text: str | None = None) -> SafeString:
    """A suit as the table says it: its symbol in its colour, then its name."""
    return _snippet(
        "chips/suit_label.html",
        {"suit": suit, "text": text if text is not None else suit.plural.capitalize()},
    )


def suit_chip_label(suit: Suit) -> SafeString:
    """A trump chip's label: the suit's symbol over its name, the name in a span
    of its own that the narrowest phones hide (the chip is still read by name)."""
    return _snippet("chips/suit_chip_label.html", {"suit": suit})


@functools.lru_cache(maxsize=256)
def card_label(card: Card) -> SafeString:
    """A card chip: rank and symbol for the eye, its name for a screen reader."""
    return _snippet("chips/card_label.html", {"card": card})


class ChipField(forms.ChoiceField):
    """A choice shown as a row of big radio chips; ``layout`` picks the grid
    (``chips-wide`` for long labels, ``chips-cards`` for the card grid)."""

    widget = forms.RadioSelect

    def __init__(
        self, *, layout: str = "", hidden_values: tuple[str, ...] = (), **kwargs: Any
    ) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.layout = layout
        # Accepted, so the engine can say why they are refused, but not offered.
        self.hidden_values = hidden_values


class ChipNumberField(WholeNumberField):
    """A number tapped on chips (tricks, a trick, a round). Any whole number is
    read, so the engine can say what the range is when one is out of it."""

    def __init__(self, *, choices: list[tuple[str, str]], layout: str = "", **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("error_messages", {"invalid": "Tap one of the numbers."})
        super().__init__(widget=forms.RadioSelect(choices=choices), **kwargs)
        self.choices = choices
        self.layout = layout
        self.hidden_values: tuple[str, ...] = ()
