"""Euchre nights for the history tests (docs/rules.md, Euchre night): started as the app starts
them, with hands recorded at their tables as a phone records them."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, Game, NightRound
from tests.game_support import our_table, record

EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def start_night(
    players: Sequence[str] = EIGHT,
    *,
    rounds: int = 2,
    hands: int = 4,
    seed: int = 7,
    check_in: bool = False,
    **rules: Any,
) -> EuchreNight:
    return EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=list(players),
        rounds=rounds,
        rules=NightRules(hands_per_round=hands, **rules),
        seed=seed,
        check_in=check_in,
    )


def tables_of(round_: NightRound) -> list[Game]:
    return list(Game.objects.filter(night_round=round_).with_seats().order_by("night_table"))


def play_round(round_: NightRound, hands: int, *, alone_first: bool = False) -> None:
    """``hands`` hands at every table of ``round_``: the first seat makes
    trump, alternately making it and being euchred (the first alone, if asked)."""
    for game in tables_of(round_):
        names = [seat.player.name for seat in game.seat_list()]
        for n in range(hands):
            alone = alone_first and n == 0
            record(
                game,
                maker=names[n % 4],
                trump="H",
                tricks=5 if alone else 3 - n % 2 * 2,
                alone=alone,
            )


def a_played_night() -> EuchreNight:
    """Two rounds: the first played in full (a lone march in it), then Ivy
    arrives late, so one of the nine sits out round 2, of which two hands are
    played at each table."""
    night = start_night()
    first = night.rounds.get(number=1)
    play_round(first, 4, alone_first=True)
    night.add_player(version=night.version, name="Ivy")
    second = night.seat_next_round(version=night.version)
    play_round(second, 2)
    night.refresh_from_db()
    return night


def new_night_form(names: Sequence[str] = EIGHT, **changes: str) -> dict[str, Any]:
    """The new-night form as a phone posts it: a standard night of 3 rounds of 8 hands, a
    sit-out scoring 4; ``changes`` override its fields."""
    return {
        "token": str(uuid.uuid4()),
        "name": "Club",
        "new_names": "\n".join(names),
        "variant": "standard",
        "rounds": "3",
        "hands_per_round": "8",
        "sit_out": "fixed",
        "sit_out_points": "4",
        "stick_the_dealer": "on",
        "deal": "standard",
        "renege": "march-or-euchre",
        **changes,
    }
