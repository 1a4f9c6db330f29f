"""``python manage.py import_game FILE [--table KEY] [--copy]``: create a game
from a game document (docs/formats.md, "Game document (import and export)"); ``-`` reads standard
input. The game goes to the table of that key (as in its link ``/t/<key>/``); without one, to the
only table, or to a new table whose key link goes to standard error. The new
game's id is the last line of standard output. A bad document stores nothing
and exits non-zero, naming the hand and field at fault. A document whose ``id``
is a game already stored changes nothing and exits non-zero naming that game;
``--copy`` stores it again as a new game with a new id."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import OperationalError
from django.utils import timezone

from referee.engine.document import DocumentError
from referee.engine.names import LookAlike
from scorekeeper.files.backups import TABLE_KEY
from scorekeeper.files.game_files import MAX_DOCUMENT_BYTES, parse_document
from scorekeeper.management.input import one_line, read_file_argument
from scorekeeper.models import Game, GameAlreadyStored, GameBase, PrivateTable
from scorekeeper.web.middleware import BUSY_MESSAGE, database_is_busy


class Command(BaseCommand):
    help = (
        "Create a game from a game document (format bower.game/1), scoring every hand "
        "with the rules engine. Prints the new game's id on the last line."
    )

    # Tests hand in their own standard input: call_command(..., stdin=stream).
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the game document (JSON); - for standard input")
        parser.add_argument(
            "--table",
            dest="table_key",
            metavar="KEY",
            help="the key of the table to import into (as in its key link /t/<key>/)",
        )
        parser.add_argument(
            "--copy",
            action="store_true",
            help="import a game already stored (same id) again, as a new game with a new id",
        )

    def _table(self, key: str | None, players: tuple[str, ...]) -> PrivateTable:
        if key is not None:
            key = key.strip().removeprefix("/t/").strip("/")
            # A key is URL-safe: anything else (a NUL, which PostgreSQL cannot
            # even compare) is no table's, without asking the database.
            private_table = (
                PrivateTable.objects.filter(key=key).first() if TABLE_KEY.fullmatch(key) else None
            )
            if private_table is None:
                raise CommandError("No table has that key (`manage.py tables` lists them).")
            return private_table
        tables = list(PrivateTable.objects.all()[:2])
        if len(tables) == 1:
            return tables[0]
        private_table = PrivateTable.named_for(players)
        self.stderr.write(
            f"Made the table {private_table.name}; its key link: {private_table.key_path}"
        )
        return private_table

    def handle(
        self,
        *args: Any,
        file: str,
        table_key: str | None = None,
        copy: bool = False,
        **options: Any,
    ) -> None:
        raw = read_file_argument(file, options, limit=MAX_DOCUMENT_BYTES)
        try:
            document = parse_document(raw)
        except DocumentError as error:
            raise CommandError(
                one_line(f"{error.where}: {error.message} (nothing imported)")
            ) from None
        if document.id is not None and not copy:
            stored = Game.objects.filter(uid=document.id).first()
            if stored is not None:
                raise self._already_stored(stored)
        private_table = self._table(table_key, document.setup.players)
        try:
            game = Game.from_document(document, private_table=private_table, copy=copy)
        except GameAlreadyStored as stored:
            raise self._already_stored(stored.game) from None
        except LookAlike as error:
            raise CommandError(f"players: {error} (nothing imported)") from None
        except OperationalError as error:
            if not database_is_busy(error):
                raise
            raise CommandError(f"{BUSY_MESSAGE} (nothing imported)") from None
        for given, read in document.folded:
            self.stdout.write(f"Folded the name '{given}' into '{read}' (players).")
        setup = document.setup
        state = "finished" if game.is_finished else "in progress"
        self.stdout.write(
            f"Imported {setup.variant.label} with {setup.names(range(setup.n))}: "
            f"{len(document.hands)} hands, {state}."
        )
        self.stdout.write(str(game.pk))

    @staticmethod
    def _already_stored(game: GameBase) -> CommandError:
        started = timezone.localtime(game.created_at)
        return CommandError(
            f"This game is already stored as game {game.pk} ({game}, "
            f"started {started:%Y-%m-%d %H:%M}): nothing imported. "
            "Use --copy to store it again as a new game."
        )
