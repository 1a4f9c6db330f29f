"""``python manage.py restore FILE``: read a backup back in
(docs/formats.md, "History out and back in"); ``-`` reads standard input. Games and euchre nights
already stored (same id) are skipped, the rest added; a bad file changes nothing and exits non-zero
naming the place. A table whose key is stored is added to only with ``--merge``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import OperationalError

from referee.engine.names import LookAlike
from scorekeeper.files.backups import BackupError, KeyStored, read_backup, restore
from scorekeeper.management.input import one_line, read_file_argument
from scorekeeper.web.middleware import BUSY_MESSAGE, database_is_busy


class Command(BaseCommand):
    help = "Add what a backup (format bower.backup/1) holds that is not stored yet."

    # Tests hand in their own standard input: call_command(..., stdin=stream).
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup (JSON); - for standard input")
        parser.add_argument(
            "--merge",
            action="store_true",
            help="add to the tables already stored under the backup's keys",
        )

    def handle(self, *args: Any, file: str, merge: bool, **options: Any) -> None:
        raw = read_file_argument(file, options)
        try:
            tables = read_backup(raw)
        except BackupError as error:
            raise CommandError(
                one_line(f"{error.where}: {error.message} (nothing restored)")
            ) from None
        try:
            done = restore(tables, merge=merge)
        except KeyStored as error:
            raise CommandError(one_line(f"{error} (nothing restored)")) from None
        except OperationalError as error:
            if not database_is_busy(error):
                raise
            raise CommandError(f"{BUSY_MESSAGE} (nothing restored)") from None
        except LookAlike as error:
            raise CommandError(one_line(f"players: {error} (nothing restored)")) from None
        added = done.games_added
        nights = ""
        if done.nights_added or done.nights_skipped:
            nights = (
                f"; {done.nights_added} euchre night{'s' if done.nights_added != 1 else ''}"
                f" added, {done.nights_skipped} already stored"
            )
        if done.seasons_added or done.seasons_skipped:
            nights += (
                f"; {done.seasons_added} season{'s' if done.seasons_added != 1 else ''}"
                f" added, {done.seasons_skipped} already stored"
            )
        # The names read in another form than the file wrote them, for the operator
        # to see (docs/formats.md, "Game document (import and export)": players' names).
        for private_table in tables:
            for where, given, read in private_table.folded:
                self.stdout.write(f"Folded the name '{given}' into '{read}' ({where}).")
        self.stdout.write(
            f"Restored {len(tables)} table{'s' if len(tables) != 1 else ''}: {added} game"
            f"{'s' if added != 1 else ''} added, {done.games_skipped} already stored{nights}."
        )
