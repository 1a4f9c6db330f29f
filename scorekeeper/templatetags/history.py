"""Filters for the history screens: ``{% load history %}``."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

from django import template
from django.utils import timezone

from referee.engine.variants import Variant
from scorekeeper.models.ratings import PROVISIONAL_GAMES

register = template.Library()


@register.filter
def names(people: Iterable[Any]) -> str:
    """Names in a sentence: "Ann", "Ann and Ben", "Ann, Ben and Cat" (seats or players)."""
    words = [str(getattr(p, "player", p)) for p in people]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


@register.filter
def percent_of(part: int | None, whole: int | None) -> str:
    """``{{ wins|percent_of:finished }}``: "40%", or a dash when there is no whole."""
    if not whole:
        return "\N{EN DASH}"
    return f"{round(100 * (part or 0) / whole)}%"


@register.filter
def night_name(night: date) -> str:
    """A night as people say it: "Friday 21 November", with the year when not this year's."""
    today = timezone.localdate()
    label = f"{night:%A} {night.day} {night:%B}"
    return label if night.year == today.year else f"{label} {night.year}"


@register.filter
def variant_label(value: str) -> str:
    """A variant's name: call-ace is "Call-Ace Euchre"."""
    try:
        return Variant(value).label
    except ValueError:
        return value


@register.filter
def night_of(named: dict[date, Any], night: date) -> Any:
    """``{{ named_nights|night_of:night }}``: the GameNight of that date, or None."""
    return named.get(night)


@register.filter
def entries(games: Iterable[Any]) -> str:
    """A list's games counted as people say it: "3 games", "1 euchre night",
    "2 games and 1 euchre night" (a night is listed by its first table)."""
    listed = list(games)
    nights = sum(1 for game in listed if game.night_round_id is not None)
    parts = [
        f"{count} {word}{'' if count == 1 else 's'}"
        for count, word in ((len(listed) - nights, "game"), (nights, "euchre night"))
        if count
    ]
    return " and ".join(parts) or "0 games"


@register.filter
def ordinal_place(place: int) -> str:
    """A place in the standings: 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st."""
    if 10 <= place % 100 <= 20:
        return f"{place}th"
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th') }"


@register.simple_tag
def provisional_games() -> int:
    """How many of a player's first games in a variant leave their rating provisional."""
    return PROVISIONAL_GAMES


@register.inclusion_tag("scorekeeper/ratings/explained.html")
def ratings_explained(short: bool = False) -> dict[str, Any]:
    """What a rating means, in a player's words: ``{% ratings_explained %}``."""
    return {"short": short, "provisional_games": PROVISIONAL_GAMES}
