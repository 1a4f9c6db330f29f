"""A night's seating on one printed sheet for the wall (docs/rules.md, Euchre night
2): every round seated so far as it was seated, then the rounds still to seat as
Bower would seat them for the players present now (a player who arrives or leaves
changes those). Plain functions of a night's board (no query)."""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.night_rules import MOVE_BY_RESULT
from referee.engine.seating import MIN_PLAYERS, RoundPlan, plan_round
from scorekeeper.models import NightBoard
from scorekeeper.nights.screens import seat_label


@dataclass(frozen=True)
class SheetTable:
    number: int
    seats: list[tuple[str, str, str]]  # (seat, name, where they came from), clockwise


@dataclass(frozen=True)
class SheetRound:
    number: int
    tables: list[SheetTable]
    sitting_out: list[str]
    planned: bool  # not seated yet: as it stands now


def seating_sheet(board: NightBoard) -> list[SheetRound]:
    """Every round of the night, seated or planned (``plan_round`` from the rounds
    seated and the players present: the same seating as Seat next round gives while
    nobody arrives or leaves)."""
    night = board.night
    variant = night.variant_enum
    plans: list[RoundPlan] = [r.plan for r in board.rounds]
    seated = len(plans)
    present = [e.number for e in board.entrants if e.present]
    wanted = night.rounds_planned
    if night.night_rules.movement == MOVE_BY_RESULT:
        wanted = max(seated, 1)  # seated from the round before's results: none ahead
    if len(present) >= MIN_PLAYERS:
        while len(plans) < wanted:
            plans.append(
                plan_round(present=present, history=plans, variant=variant, seed=night.seed)
            )
    return [
        SheetRound(
            number=number,
            tables=[
                SheetTable(
                    number=table_number,
                    seats=[
                        (seat_label(variant, position), board.name(player), moved.get(player, ""))
                        for position, player in enumerate(players)
                    ],
                )
                for table_number, players in enumerate(plan.tables, start=1)
            ],
            sitting_out=sorted((board.name(p) for p in plan.sitting_out), key=str.casefold),
            planned=number > seated,
        )
        for number, plan in enumerate(plans, start=1)
        for moved in [board.rounds[number - 1].moves if number <= seated else {}]
    ]
