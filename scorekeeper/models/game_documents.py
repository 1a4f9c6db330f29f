"""Importing a game document (docs/formats.md, "Game document (import and export)"): the body of
``Game.from_document``. The engine scores the whole document before any lock
is taken; one short transaction then stores the game, its seats and every hand
with its figures cached, and the document's id and dates. And the name a
game's files are downloaded under (``export_filename``: the document, and its
hands as a spreadsheet)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import IntegrityError, transaction
from django.utils import timezone

from scorekeeper.models.game_hands import prepare_import, store_imported_hands
from scorekeeper.models.new_games import start_game

if TYPE_CHECKING:
    from referee.engine.document import GameDocument
    from scorekeeper.models.game_base import GameBase
    from scorekeeper.models.game_transactions import GameTransactions
    from scorekeeper.models.night_rounds import NightRound
    from scorekeeper.models.private_tables import PrivateTable


class GameAlreadyStored(Exception):
    """A game document whose ``id`` is a game already stored
    (docs/formats.md, "Game document (import and export)"): importing it again would count the same
    game twice."""

    def __init__(self, game: GameBase) -> None:
        super().__init__(f"this game is already stored as game {game.pk} ({game})")
        self.game = game


def import_game[G: GameTransactions](
    game_model: type[G],
    document: GameDocument,
    *,
    private_table: PrivateTable,
    copy: bool,
    night_round: NightRound | None = None,
    night_table: int | None = None,
) -> G:
    """Store ``document`` as a new game of ``private_table`` (see
    ``Game.from_document``); raises GameAlreadyStored for a stored ``id``
    unless ``copy``. A euchre night's table names its round and table, and
    is scored by the document's ``round_rules`` (docs/rules.md, Euchre night 3)."""
    games = game_model._default_manager
    if document.id is not None and not copy:
        # An id is one game's whatever table holds it: never stored twice.
        stored = games.filter(uid=document.id).first()
        if stored is not None:
            raise GameAlreadyStored(stored)
    prepared = prepare_import(document, private_table=private_table)
    setup = document.setup
    try:
        with transaction.atomic():
            game = start_game(  # ``Game.start``
                game_model,
                variant=setup.variant,
                players=setup.players,
                first_dealer=document.first_dealer,
                rules=setup.rules,
                private_table=private_table,
                rematch_of=None,
                token=None,
                night_round=night_round,
                night_table=night_table,
                round_rules=document.round_rules,
            )
            with game._changing(None) as changing:
                assert changing is not None
                store_imported_hands(changing, document, prepared)
            kept = kept_from_document(game, document, copy=copy)
            games.filter(pk=game.pk).update(**kept)
    except IntegrityError:
        if document.id is None or copy:
            raise
        # The same game imported at the same moment by another request.
        raise GameAlreadyStored(games.get(uid=document.id)) from None
    for field, value in kept.items():
        setattr(game, field, value)
    return game


def kept_from_document(game: GameBase, document: GameDocument, *, copy: bool) -> dict[str, object]:
    """What an imported game keeps of its document: its id (unless a copy),
    when it started and, when the hands finish it, when it ended."""
    kept: dict[str, object] = {}
    if document.id is not None and not copy:
        kept["uid"] = document.id
    if document.started_at is not None:
        kept["created_at"] = document.started_at
    if document.finished_at is not None and game.finished_at is not None:
        kept["finished_at"] = document.finished_at
    return kept


def export_filename(game: GameBase) -> str:
    """A file name that sorts by date and says what the game was:
    ``bower-2025-11-21-call-ace-12.json``."""
    day = timezone.localtime(game.created_at).date().isoformat()
    return f"bower-{day}-{game.variant}-{game.pk}.json"
