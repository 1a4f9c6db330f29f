"""The hand an undo took back, as the table shows it with Redo
(docs/decisions.md, D49): on the answer to the Undo and, without JavaScript,
on the table's address after it (``?undone=&version=``), until the game
changes again."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.http import QueryDict
from django.urls import reverse

from scorekeeper.games.forms.actions import TakenBackForm
from scorekeeper.models import Game, HandChange


@dataclass(frozen=True)
class TakenBack:
    """Hand ``number`` taken back (``summary``), and its Redo form's fields."""

    number: int
    summary: str
    undone: int  # the undo's line in the change log
    redo_url: str
    # Made when the offer is drawn: a double tap on Redo records the hand once.
    token: uuid.UUID = field(default_factory=uuid.uuid4)


def last_undo(game: Game, number: int) -> HandChange | None:
    """The undo that just took back hand ``number`` of ``game``."""
    return (
        HandChange.objects.filter(game=game, kind=HandChange.Kind.UNDONE, hand_number=number)
        .order_by("-pk")
        .first()
    )


def redo_offer(game: Game, undone: HandChange) -> TakenBack | None:
    """Redo for the hand ``undone`` took back, as the game stands after it;
    none once the game is over or a call is in play (``Game.redo_hand``
    would refuse), nor for an undo that kept no hand."""
    if game.is_finished or game.current_hand is not None or not undone.changes:
        return None
    return TakenBack(
        number=undone.hand_number,
        summary=undone.summary,
        undone=undone.pk,
        redo_url=reverse("hand_redo", args=[game.pk]),
    )


def offer_address(game: Game, undone: HandChange) -> str:
    """The table's address that shows Redo while ``game`` is as the undo left it."""
    query = urlencode({"undone": undone.pk, "version": game.version})
    return f"{reverse('game_table', args=[game.pk])}?{query}"


def offer_asked(game: Game, query: QueryDict) -> TakenBack | None:
    """Redo for the undo the table's address names, if nothing changed since
    it (the game is at the version it gives, that undo its last change)."""
    form = TakenBackForm(query)
    if not form.is_valid() or form.cleaned_data["version"] != game.version:
        return None
    undone = HandChange.objects.filter(
        game=game, kind=HandChange.Kind.UNDONE, pk=form.cleaned_data["undone"]
    ).first()
    last = game.recent_hands(1)
    if undone is None or undone.hand_number != (last[0].number if last else 0) + 1:
        return None
    return redo_offer(game, undone)
