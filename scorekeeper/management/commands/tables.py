"""``python manage.py tables``: every private table with its key link, for
whoever runs the server (docs/formats.md, "Tables: private by link, no accounts")."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db.models import Count

from scorekeeper.management.input import one_line
from scorekeeper.models import PrivateTable


class Command(BaseCommand):
    help = "List the private tables with their key links (/t/<key>/) and games."

    def handle(self, *args: Any, **options: Any) -> None:
        tables = PrivateTable.objects.annotate(game_count=Count("games")).order_by("pk")
        if not tables:
            self.stdout.write("No table yet: `manage.py new_table` makes one.")
            return
        for table in tables:
            count: int = table.game_count  # type: ignore[attr-defined]
            games = f"{count} game{'s' if count != 1 else ''}"
            # One line a table, whatever its name holds (the admin takes any text).
            self.stdout.write(f"{table.key_path}  {one_line(table.name)} ({games})")
