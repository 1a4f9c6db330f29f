"""A hand as the table screen's phone posts it, and what the server makes of it:
for checking the table of outcomes (scorekeeper/games/outcomes.py) against the
forms and the engine."""

from __future__ import annotations

import uuid
from typing import Any

from referee.engine.hands import HandError
from referee.engine.totals import GameState, continue_game
from referee.engine.variants import Variant
from referee.templatetags.rule_citations import citation_url
from scorekeeper.games import outcomes
from scorekeeper.games.forms.hands import CallForm, WholeHandForm
from scorekeeper.models import Game
from scorekeeper.models.hand_plans import plan_next_hand
from tests.game_support import fresh


def outcomes_of(game: Game) -> dict[str, Any]:
    """The game's whole table of outcomes from where it stands, worked out here apart
    from the two parts the phone puts together: each result's points as the hand would
    be recorded now (``add_hand_points`` from the seats' totals)."""
    game = fresh(game)
    worked_out = outcomes._results_of(outcomes.Kind.of(game))
    totals = tuple(seat.total for seat in game.seat_list())
    return {
        "players": list(game.setup.players),
        "totals": list(totals),
        "sides": worked_out.sides,
        "index": worked_out.index,
        "results": [outcomes._result(entry, totals) for entry in worked_out.results],
    }


def a_call(game: Game) -> dict[str, str]:
    """A call the engine takes (the points do not depend on it)."""
    return {
        Variant.CALL_ACE: {"trump": "H", "called": "S"},
        Variant.CALL_YOUR_PARTNER: {"trump": "H", "called": "AS"},
        Variant.STANDARD: {"trump": "H"},
    }[game.variant_enum]


def posted(game: Game, maker: str, side: str, tricks: int, renege: int) -> dict[str, str]:
    """The whole-hand form as the phone posts it for one entry of the table
    (``renege`` 0 for none, else the seat + 1)."""
    data = {"maker": maker, "tricks": str(tricks), **a_call(game)}
    variant = game.variant_enum
    if side == "alone" and variant is Variant.CALL_YOUR_PARTNER:
        data["called"] = "alone"
    elif side == "alone":
        data["alone"] = "yes"
    elif side != "team":
        data["partner"] = side
    if renege:
        data["renege"] = str(renege - 1)
    return data


def read(game: Game, data: dict[str, str]) -> WholeHandForm:
    """The server's reading of a posted whole hand (its fields read: ``is_valid``)."""
    form = WholeHandForm({**data, "after": game.hands_played, "token": uuid.uuid4()}, game=game)
    form.is_valid()
    return form


def as_recorded(game: Game, form: WholeHandForm) -> list[Any]:
    """What recording the form's hand now gives each seat, and why (as
    ``plan_next_hand`` scores it: from the seats' totals, by ``continue_game``)."""
    assert form.hand is not None
    seats = game.seat_list()
    state = GameState(
        number=game.hands.count(), dealer=0, totals=tuple(seat.total for seat in seats)
    )
    scored, _ = continue_game(game.setup, state, form.hand, round_rules=game.round_rules)
    words = scored.score.explanation
    citation = scored.score.citation
    if citation.short in words:  # cited once: by the words
        return [list(scored.points), words, "", ""]
    return [list(scored.points), words, citation.short, citation_url(citation)]


# What the phone's points line says of a whole hand its table gives no points (hand.js).
UNSCORED = "No points for this hand: Save, and Bower says why."


def refused(game: Game, data: dict[str, str]) -> list[list[str]]:
    """What the server says of a posted hand it will not store, as [field, message]
    (none for a hand it takes): the one check, where ``Game.take_hand`` plans the hand
    (nothing is written here)."""
    form = read(game, data)
    assert form.is_valid(), form.errors  # each field is one of its chips
    assert form.hand is not None
    game = fresh(game)
    try:
        plan_next_hand(game, None, form.hand, last=game.hands.order_by("-number").first())
    except HandError as error:
        form.add_engine_errors(error.errors)
    return shown_errors(form)


def shown_errors(form: WholeHandForm | CallForm) -> list[list[str]]:
    """A form's messages as the phone shows them: [field, message], "" for the whole form."""
    return [
        ["" if field == "__all__" else field, message]
        for field, messages in form.errors.items()
        for message in messages
    ]
