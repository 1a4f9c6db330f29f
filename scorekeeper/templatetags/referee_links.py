"""A game's links to the referee: ``{% load referee_links %}``, then
``{{ game|referee_rules_url }}`` or ``{{ game|referee_audit_url:leader }}``."""

from __future__ import annotations

from django import template

from scorekeeper.models import Game
from scorekeeper.web import referee_links

register = template.Library()


@register.filter
def referee_rules_url(game: Game) -> str:
    return referee_links.rules_url(game)


@register.filter
def referee_audit_url(game: Game, leader: str = "") -> str:
    return referee_links.audit_url(game, leader=leader)
