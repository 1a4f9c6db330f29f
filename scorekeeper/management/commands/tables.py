"""``python manage.py tables``: every private table with its key link, for
whoever runs the server (docs/formats.md, "Tables: private by link, no accounts");
``--sizes`` adds each table's hands against BOWER_TABLE_MAX_HANDS, the largest first
(docs/hosting.md, "Imports and a table's size")."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db.models import Count

from scorekeeper.management.input import one_line
from scorekeeper.models import PrivateTable


class Command(BaseCommand):
    help = "List the private tables with their key links (/t/<key>/) and games."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--sizes",
            action="store_true",
            help="Add each table's hands and its share of BOWER_TABLE_MAX_HANDS, largest first.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        tables = PrivateTable.objects.annotate(game_count=Count("games", distinct=True))
        if options["sizes"]:
            tables = tables.annotate(hand_count=Count("games__hands")).order_by("-hand_count", "pk")
        else:
            tables = tables.order_by("pk")
        if not tables:
            self.stdout.write("No table yet: `manage.py new_table` makes one.")
            return
        for private_table in tables:
            count: int = private_table.game_count  # type: ignore[attr-defined]
            games = f"{count} game{'s' if count != 1 else ''}"
            if options["sizes"]:
                games += f", {_hands(private_table.hand_count)}"  # type: ignore[attr-defined]
            # One line a table, whatever its name holds (the admin takes any text).
            self.stdout.write(f"{private_table.key_path}  {one_line(private_table.name)} ({games})")


def _hands(count: int) -> str:
    """``1,204 hands, 6% of 20,000``: a table's size against its limit."""
    most: int = settings.BOWER_TABLE_MAX_HANDS
    hands = f"{count:,} hand{'s' if count != 1 else ''}"
    return f"{hands}, {count * 100 // most}% of {most:,}" if most else hands
