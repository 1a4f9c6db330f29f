"""A game's links to the referee's screens, its setup carried in their address.

The referee never reads the scorekeeper's database (its pages work for any table),
so a game hands over what a screen needs in the query string: the variant, the
players' names in seat order, the house rules that differ from the defaults; for
the hand audit also the hand in progress, the first leader and ``finish``, the
end-of-hand form the finished audit returns to (the referee accepts only a path
of this site there). The interface is described in docs/formats.md, "Referee
pages' query strings".
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.urls import reverse

from referee.engine.variants import Variant
from scorekeeper.models import Game


def _query(params: dict[str, str]) -> str:
    return "?" + urlencode(params, safe=",/")


def _table(game: Game) -> dict[str, str]:
    """The players in seat order and the house rules that differ from the defaults."""
    return {"players": ",".join(game.setup.players), **game.house_rules.query(game.variant_enum)}


def rules_url(game: Game) -> str:
    """The game's variant's rules, its house rules marked in force."""
    return reverse("referee:rules-variant", args=[game.variant]) + _query(_table(game))


def audit_url(game: Game, *, leader: str = "") -> str:
    """The hand audit for the hand being played: the table, the call made so far,
    who leads (``leader``: a player's name), and the way back to record the hand."""
    setup = game.setup
    params = _table(game)
    if game.variant_enum is not Variant.CALL_ACE:
        params["variant"] = game.variant
    current = game.current_hand
    if current is not None:
        if current.maker is not None:
            params["maker"] = setup.name(current.maker)
        if current.trump:
            params["trump"] = current.trump
        if current.called:
            params["called"] = current.called
        if current.alone:
            params["alone"] = "on"
    if leader:
        params["leader"] = leader
    params["finish"] = reverse("hand_finish", args=[game.pk])
    return reverse("referee:audit") + _query(params)
