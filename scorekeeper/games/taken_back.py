"""The hand an undo took back, as the table shows it with Redo
(docs/decisions.md, D49): on the answer to the Undo and, without JavaScript,
on the table's address after it (``?undone=&version=``), until the game
changes again."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from django.http import QueryDict

from scorekeeper.games.forms.actions import TakenBackForm
from scorekeeper.models import Game, HandChange


@dataclass(frozen=True)
class TakenBack:
    """Hand ``number`` taken back (``summary``) by the undo ``undone`` (its line in
    the change log), and the token of its Redo form, made when the offer is drawn:
    a double tap on Redo records the hand once."""

    number: int
    summary: str
    undone: int
    token: uuid.UUID = field(default_factory=uuid.uuid4)


def redo_offer(game: Game, undone: HandChange | None) -> TakenBack | None:
    """Redo for the hand ``undone`` took back, as the game stands after it;
    none once the game is over or a call is in play (``Game.redo_hand``
    would refuse), nor for an undo that kept no hand."""
    if undone is None or not undone.changes or game.is_finished or game.current_hand:
        return None
    return TakenBack(number=undone.hand_number, summary=undone.summary, undone=undone.pk)


def offer_asked(game: Game, query: QueryDict) -> TakenBack | None:
    """Redo for the undo the table's address names, if nothing changed since
    it (the game is at the version it gives, that undo its last change)."""
    form = TakenBackForm(query)
    if not form.is_valid() or form.cleaned_data["version"] != game.version:
        return None
    kind, pk = HandChange.Kind.UNDONE, form.cleaned_data["undone"]
    undone = game.changes.filter(kind=kind, pk=pk).first()
    last = game.recent_hands(1)
    if undone is None or undone.hand_number != (last[0].number if last else 0) + 1:
        return None
    return redo_offer(game, undone)
