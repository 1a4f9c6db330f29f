"""``python manage.py backup``: print the whole history
(docs/formats.md, "History out and back in")."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from scorekeeper.files.backups import backup_text


class Command(BaseCommand):
    help = (
        "Print every table with its games (format bower.backup/1) on standard output, "
        "read as one consistent moment even while phones record."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(backup_text(), ending="")
