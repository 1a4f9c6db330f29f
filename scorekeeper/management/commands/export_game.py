"""``python manage.py export_game GAME_ID``: print a game's document
(docs/formats.md, "Game document (import and export)")."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.files.game_files import export_text
from scorekeeper.models import Game


class Command(BaseCommand):
    help = (
        "Print a game as a game document (format bower.game/1) on standard output, "
        "with every hand's points and explanation and the totals."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_id", type=int, help="the game's id, as in its address")

    def handle(self, *args: Any, game_id: int, **options: Any) -> None:
        game = Game.objects.with_seats().prefetch_related("hands").filter(pk=game_id).first()
        if game is None:
            raise CommandError(f"There is no game {game_id}.")
        self.stdout.write(export_text(game), ending="")
