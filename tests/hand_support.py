"""A hand as the table screen's phone posts it, and what the server makes of it:
for checking the table of outcomes (scorekeeper/games/outcomes.py) against the
forms and the engine."""

from __future__ import annotations

import uuid
from typing import Any

from referee.engine.totals import GameState, continue_game
from referee.engine.variants import Variant
from referee.templatetags.rule_citations import citation_url
from scorekeeper.games.forms.hands import CallForm, TableHandForm, WholeHandForm
from scorekeeper.games.outcomes import hand_outcomes
from scorekeeper.models import Game
from tests.game_support import fresh


def outcomes_of(game: Game) -> dict[str, Any]:
    """The table of outcomes the phone puts together (the kind's and the drawing's part)
    for the game as it stands."""
    game = fresh(game)
    form = TableHandForm(initial={"token": uuid.uuid4()}, game=game)
    return hand_outcomes(game, form)


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
    """The server's reading of a posted whole hand."""
    return WholeHandForm({**data, "after": game.hands_played, "token": uuid.uuid4()}, game=game)


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


def shown_errors(form: WholeHandForm | CallForm) -> list[list[str]]:
    """A form's messages as the phone shows them: [field, message], "" for the whole form."""
    return [
        ["" if field == "__all__" else field, message]
        for field, messages in form.errors.items()
        for message in messages
    ]
