"""``python manage.py restore FILE``: read a backup back in (contract.md);
``-`` reads standard input. Games and euchre nights already stored (same id)
are skipped, the rest added; a bad file changes nothing and exits non-zero naming the place."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.backups import BackupError, read_backup, restore
from scorekeeper.management.input import read_file_argument


class Command(BaseCommand):
    help = "Add what a backup (format bower.backup/1) holds that is not stored yet."

    # Tests hand in their own standard input: call_command(..., stdin=stream).
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup (JSON); - for standard input")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        raw = read_file_argument(file, options)
        try:
            tables = read_backup(raw)
        except BackupError as error:
            raise CommandError(f"{error.where}: {error.message} (nothing restored)") from None
        done = restore(tables)
        added = done.games_added
        nights = ""
        if done.nights_added or done.nights_skipped:
            nights = (
                f"; {done.nights_added} euchre night{'s' if done.nights_added != 1 else ''}"
                f" added, {done.nights_skipped} already stored"
            )
        self.stdout.write(
            f"Restored {len(tables)} table{'s' if len(tables) != 1 else ''}: {added} game"
            f"{'s' if added != 1 else ''} added, {done.games_skipped} already stored{nights}."
        )
