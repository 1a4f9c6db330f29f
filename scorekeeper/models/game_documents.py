"""Importing a game document (docs/formats.md, "Game document (import and export)"): the body of
``Game.from_document``. The engine scores the whole document before any lock
is taken; then short transactions store the game with its seats, its hands a
piece at a time, and last its totals, so a save at another table waits for one
piece at most, not for the whole game (docs/decisions.md, D71). And the name a
game's files are downloaded under (``export_filename``: the document, and its
hands as a spreadsheet)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from scorekeeper.models.game_hands import (
    ImportedHands,
    cache_imported_totals,
    prepare_import,
    respelled,
    store_imported_hands,
)
from scorekeeper.models.new_games import start_game

if TYPE_CHECKING:
    from referee.engine.document import GameDocument
    from scorekeeper.models.game_base import GameBase
    from scorekeeper.models.game_transactions import GameTransactions
    from scorekeeper.models.night_rounds import NightRound
    from scorekeeper.models.private_tables import PrivateTable


# Hands stored in one transaction, and the pause after each piece, in which a save
# waiting for SQLite's write lock takes it (its busy wait retries every 25 to 100 ms).
IMPORT_PIECE = 100
IMPORT_PAUSE_SECONDS = 0.1


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
    is scored by the document's ``round_rules`` (docs/rules.md, Euchre night 3).

    The game is stored in pieces: until its last piece it shows at its table as a
    game in progress with no points, and an import that fails is deleted whole."""
    games = game_model._default_manager
    if document.id is not None and not copy:
        # An id is one game's whatever table holds it: never stored twice.
        stored = games.filter(uid=document.id).first()
        if stored is not None:
            raise GameAlreadyStored(stored)
    prepared = prepare_import(document, private_table=private_table)
    setup = document.setup
    kept = kept_from_document(document, copy=copy)
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
            games.filter(pk=game.pk).update(**kept)
    except IntegrityError:
        if document.id is None or copy:
            raise
        # The same game imported at the same moment by another request.
        raise GameAlreadyStored(games.get(uid=document.id)) from None
    try:
        _store_in_pieces(game, document, respelled(game, document, prepared))
    except BaseException:
        game.delete()  # a game half stored is no game: none of it stays
        raise
    for field, value in kept.items():
        setattr(game, field, value)
    return game


def _store_in_pieces(
    game: GameTransactions, document: GameDocument, prepared: ImportedHands
) -> None:
    """The hands, ``IMPORT_PIECE`` to a transaction with a pause after each, then the
    totals and the end under the game's lock. Inside a caller's transaction (a
    restore), the pauses would hold its lock longer: none is made."""
    pieces = range(0, len(prepared.hands), IMPORT_PIECE)
    for start in pieces:
        with transaction.atomic():
            store_imported_hands(game, prepared, start, start + IMPORT_PIECE)
        if not connection.in_atomic_block:
            time.sleep(IMPORT_PAUSE_SECONDS)
    with game._changing(None) as changing:
        assert changing is not None
        cache_imported_totals(changing, prepared)
        if document.finished_at is not None and changing.finished_at is not None:
            changing.finished_at = document.finished_at


def kept_from_document(document: GameDocument, *, copy: bool) -> dict[str, object]:
    """What an imported game keeps of its document from the start: its id (unless a
    copy) and when it started (when it ended is kept once its hands end it)."""
    kept: dict[str, object] = {}
    if document.id is not None and not copy:
        kept["uid"] = document.id
    if document.started_at is not None:
        kept["created_at"] = document.started_at
    return kept


def export_filename(game: GameBase) -> str:
    """A file name that sorts by date and says what the game was:
    ``bower-2025-11-21-call-ace-12.json``."""
    day = timezone.localtime(game.created_at).date().isoformat()
    return f"bower-{day}-{game.variant}-{game.pk}.json"
