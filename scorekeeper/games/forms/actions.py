"""The table screen's small forms, and what every game form shares.

Every choice is a tap on a big radio chip (``referee.chips``: players in seat
order, suits with their symbol and colour). ``GameActionForm`` carries the version the scorer
saw and a token, for every change; ``DealerForm`` is the table's one-tap
change of who deals. The new game form is in ``new_game.py``, the
hand forms in ``hands.py``.
"""

from __future__ import annotations

import uuid
from collections.abc import Collection, Mapping
from typing import Any, Self

from django import forms

from referee.chips import ChipField
from referee.engine.hands import GameSetup
from referee.forms.numbers import WholeNumberField
from scorekeeper.models import Game


def given(value: Any) -> bool:
    """Whether a chip was tapped (0 is a tap; nothing, or an empty value, is not)."""
    return value is not None and value != ""


def seat_choices(setup: GameSetup) -> list[tuple[str, str]]:
    """One chip per player, in seat order: the seat number is the value."""
    return [(str(seat), name) for seat, name in enumerate(setup.players)]


def screen_number(**kwargs: Any) -> WholeNumberField:
    """A hidden number of the game as the screen saw it (its version, its hands). No
    id: two forms on one screen (the table's) would share it, and a redraw would then
    copy attributes across the wrong element."""
    return WholeNumberField(
        min_value=0,
        widget=forms.HiddenInput(attrs={"id": False}),
        error_messages=dict.fromkeys(
            ("required", "invalid", "min_value"),
            "This screen is out of date: go back to the table and try again.",
        ),
        **kwargs,
    )


class GameActionForm(forms.Form):
    """Every change carries the version the scorer saw and a token made when
    the form was drawn: a stale phone is caught, a retried tap counts once."""

    version = screen_number()
    token = forms.UUIDField(widget=forms.HiddenInput(attrs={"id": False}), required=False)

    @classmethod
    def for_game(cls, current: Game, **kwargs: Any) -> Self:
        """A fresh form for the game as it stands: its version and a new token."""
        return cls(initial={"version": current.version, "token": uuid.uuid4()}, **kwargs)

    def add_engine_errors(self, errors: Mapping[str, str]) -> None:
        """Put the engine's messages beside the fields of the same names."""
        for field, message in engine_errors(errors, self.fields):
            self.add_error(field, message)


def engine_errors(
    errors: Mapping[str, str], fields: Collection[str]
) -> list[tuple[str | None, str]]:
    """The engine's messages as a form with ``fields`` shows them: each beside the
    field of its name (Call-Your-Partner's "alone" is a called card), else for the
    whole form (None); the table screen's phone shows them the same way."""
    shown = []
    for key, message in errors.items():
        field = "called" if key == "alone" and "alone" not in fields else key
        shown.append((field if field in fields else None, _sentence(message)))
    return shown


def _sentence(message: str) -> str:
    return message[:1].upper() + message[1:] if message else message


class DealerForm(GameActionForm):
    """Someone other than the rotation's dealer is dealing the next hand."""

    dealer = ChipField(
        label="Who is dealing?",
        required=True,
        error_messages={
            "required": "Tap who is dealing.",
            "invalid_choice": "Tap one of the players.",
        },
    )

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        dealer = self.fields["dealer"]
        assert isinstance(dealer, ChipField)
        dealer.choices = seat_choices(game.setup)


class RedoForm(forms.Form):
    """Redo: record again the hand an undo took back. ``undone`` names the
    undo (its line in the change log, so a phone redoes the hand it was shown);
    the token, made when the offer was drawn, makes a double tap redo once."""

    undone = WholeNumberField(min_value=1, widget=forms.HiddenInput(attrs={"id": False}))
    token = forms.UUIDField(widget=forms.HiddenInput(attrs={"id": False}))


class TakenBackForm(forms.Form):
    """The table's address after an undo without JavaScript (``?undone=&version=``):
    the undo to offer Redo for, while the game is still at ``version``."""

    undone = WholeNumberField(min_value=1)
    version = WholeNumberField(min_value=0)
