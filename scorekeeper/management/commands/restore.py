"""``python manage.py restore FILE``: read a backup back in (contract.md);
``-`` reads standard input. Games already stored (same id) are skipped, the
rest added; a bad file changes nothing and exits non-zero naming the place."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.backups import BackupError, read_backup, restore


class Command(BaseCommand):
    help = "Add what a backup (format bower.backup/1) holds that is not stored yet."

    # Tests hand in their own standard input: call_command(..., stdin=stream).
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup (JSON); - for standard input")

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
            tables = read_backup(raw)
        except BackupError as error:
            raise CommandError(f"{error.where}: {error.message} (nothing restored)") from None
        added, skipped = restore(tables)
        self.stdout.write(
            f"Restored {len(tables)} table{'s' if len(tables) != 1 else ''}: {added} game"
            f"{'s' if added != 1 else ''} added, {skipped} already stored."
        )
