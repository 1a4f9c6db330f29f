"""``python manage.py seat_night --players N --rounds R``: print the seating plan of a
euchre night as JSON (docs/rules.md, Euchre night 2; docs/formats.md, "Euchre night seating")."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from referee.engine.seating import NIGHT_VARIANTS, SeatingError, plan_night, plan_to_dict
from referee.engine.variants import Variant


class Command(BaseCommand):
    help = (
        "Print the seating plan of a euchre night (a progressive tournament) as JSON: "
        "players numbered 1 to N, each round's tables (seats clockwise; in standard "
        "euchre seats 1 and 3 are partners) and who sits out. The same arguments "
        "always print the same plan."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, required=True, help="how many players (8+)")
        parser.add_argument("--rounds", type=int, required=True, help="how many rounds")
        parser.add_argument(
            "--variant",
            choices=[variant.value for variant in NIGHT_VARIANTS],
            default=Variant.STANDARD.value,
            help="standard (tables of 4, partners opposite) or call-ace (tables of 4 to 6)",
        )
        parser.add_argument(
            "--seed", type=int, default=0, help="another seed gives another plan (default 0)"
        )

    def handle(
        self, *args: Any, players: int, rounds: int, variant: str, seed: int, **options: Any
    ) -> None:
        try:
            plan = plan_night(players=players, rounds=rounds, variant=Variant(variant), seed=seed)
        except SeatingError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(json.dumps(plan_to_dict(plan)))
