"""``python manage.py new_table [NAME]``: create a private table and print its
key link path (``/t/<key>/``) on the last line
(docs/formats.md, "Tables: private by link, no accounts")."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from referee.engine.names import is_printable
from scorekeeper.models import PrivateTable
from scorekeeper.models.private_tables import DEFAULT_NAME, NAME_MAX_LENGTH


class Command(BaseCommand):
    help = "Create a private table; its key link path (/t/<key>/) is the last line printed."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", nargs="?", default=DEFAULT_NAME, help="the table's name")

    def handle(self, *args: Any, name: str, **options: Any) -> None:
        name = " ".join(name.split())
        if not name or len(name) > NAME_MAX_LENGTH:
            raise CommandError(f"A table's name has 1 to {NAME_MAX_LENGTH} characters.")
        if not is_printable(name):
            # A NUL or half a character no database stores; a control character no list shows.
            raise CommandError("A table's name holds letters, digits, spaces and punctuation only.")
        private_table = PrivateTable.objects.create(name=name)
        self.stdout.write(
            f"Created the table {private_table.name}. Whoever opens its key link joins it:"
        )
        self.stdout.write(private_table.key_path)
