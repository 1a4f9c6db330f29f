"""``python manage.py import_game FILE``: create a game from a game document
(contract.md); ``-`` reads standard input. The new game's id is the last line
of standard output. A bad document stores nothing and exits non-zero, naming
the hand and field at fault."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import OperationalError

from referee.engine.document import DocumentError
from scorekeeper.game_files import parse_document
from scorekeeper.middleware import BUSY_MESSAGE, database_is_busy
from scorekeeper.models import Game


class Command(BaseCommand):
    help = (
        "Create a game from a game document (format bower.game/1), scoring every hand "
        "with the rules engine. Prints the new game's id on the last line."
    )

    # Tests hand in their own standard input: call_command(..., stdin=stream).
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the game document (JSON); - for standard input")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        if file == "-":
            stdin = options.get("stdin") or sys.stdin
            raw = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read()
        else:
            try:
                raw = Path(file).read_bytes()
            except OSError as error:
                raise CommandError(f"Cannot read {file}: {error.strerror}.") from None
        try:
            document = parse_document(raw)
        except DocumentError as error:
            raise CommandError(f"{error.where}: {error.message} (nothing imported)") from None
        try:
            game = Game.from_document(document)
        except OperationalError as error:
            if not database_is_busy(error):
                raise
            raise CommandError(f"{BUSY_MESSAGE} (nothing imported)") from None
        table = document.table
        state = "finished" if game.is_finished else "in progress"
        self.stdout.write(
            f"Imported {table.variant.label} with {table.names(range(table.n))}: "
            f"{len(document.hands)} hands, {state}."
        )
        self.stdout.write(str(game.pk))
