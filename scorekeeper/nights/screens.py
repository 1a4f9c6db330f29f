"""What a euchre night's screens show (docs/rules.md, Euchre night 2): a round's seating board
(each table with its players by seat, the first dealer, its progress and
points), each player's own line, and the night's poll version, all built from
``read_board`` so the pages stay constant in queries whatever the
night's size."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.engine.movement import movement_rule
from referee.engine.night_rules import MOVE_BY_RESULT
from referee.engine.variants import Variant
from scorekeeper.models import BoardRound, EuchreNight, NightBoard, NightPlayer, Player
from scorekeeper.nights.forms import NightPrizesForm, PrizeFields
from scorekeeper.nights.player_forms import NightMeForm
from scorekeeper.nights.prize_screens import prize_lines, prize_rule

# Standard euchre's seats, clockwise: North and South are partners, East and West.
COMPASS = ("North", "East", "South", "West")
# How many of the table's players the late-arrival picker offers.
ARRIVAL_CHOICES = 60


@dataclass(frozen=True)
class SeatView:
    """A seat at a table: who sits there, what the seat is called, their partner
    (standard euchre), whether they deal the round's first hand, their points."""

    number: int
    label: str
    name: str
    partner: str
    deals_first: bool
    points: int
    moved: str  # movement by result: "moved up from table 2"; "" otherwise


@dataclass(frozen=True)
class TableView:
    """One table of a round: its game (scored at ``/games/<id>/``), its seats and
    how far it has played."""

    number: int
    game_id: int
    seats: list[SeatView]
    teams: list[tuple[str, int]]  # standard euchre: (the partners, their points)
    hands_counted: int
    hands_per_round: int
    complete: bool

    @property
    def hand_now(self) -> int:
        return min(self.hands_counted + 1, self.hands_per_round)

    @property
    def hands_left(self) -> int:
        return self.hands_per_round - self.hands_counted


@dataclass(frozen=True)
class PlayerLine:
    """A player's own line for a round: "Round 3: table 2, seat North, partner Cat"."""

    number: int  # the entrant's number in the night
    name: str
    night_table: int | None
    seat: str
    partner: str
    sits_out: bool
    present: bool
    points: int | None  # None: not in the round
    moved: str = ""

    @property
    def text(self) -> str:
        if self.night_table is not None:
            where = f"table {self.night_table}, seat {self.seat}"
            where = f"{where}, partner {self.partner}" if self.partner else where
            return f"{where} ({self.moved})" if self.moved else where
        if self.sits_out:
            return "sits out"
        return "not playing (left)" if not self.present else "not playing (arrived since)"


@dataclass(frozen=True)
class RoundView:
    """A round's seating board and lines, as the night page and a past round's show it."""

    number: int
    tables: list[TableView]
    sitting_out: list[str]
    sit_out_points: int
    lines: list[PlayerLine]
    complete: bool

    @property
    def unfinished(self) -> list[TableView]:
        return [t for t in self.tables if not t.complete]

    def line_of(self, number: int | None) -> PlayerLine | None:
        """The line of the entrant ``number`` (this phone's player), if in the night."""
        return next((line for line in self.lines if line.number == number), None)

    def table_of(self, line: PlayerLine | None) -> TableView | None:
        """The table a player's line seats them at this round, if any."""
        if line is None or line.night_table is None:
            return None
        return self.tables[line.night_table - 1]


def movement_line(night: EuchreNight) -> str:
    """Movement by result in a sentence, at a night that plays it; else ""
    (docs/rules.md, Euchre night 2)."""
    if night.night_rules.movement != MOVE_BY_RESULT:
        return ""
    return movement_rule(night.variant_enum)


def seat_label(variant: Variant, position: int) -> str:
    """A seat's name: North, East, South, West in standard euchre; 1 to 6
    clockwise in Call-Ace (docs/rules.md, Euchre night)."""
    if variant is Variant.STANDARD:
        return COMPASS[position]
    return str(position + 1)


def round_view(board: NightBoard, board_round: BoardRound) -> RoundView:
    """A round of ``board`` as its seating board shows it (no query)."""
    night = board.night
    variant = night.variant_enum
    hands_per_round = night.night_rules.hands_per_round
    tables: list[TableView] = []
    seats_of: dict[int, tuple[int, SeatView]] = {}
    for number, (game, players, scored) in enumerate(
        zip(board_round.games, board_round.plan.tables, board_round.score.tables, strict=True),
        start=1,
    ):
        seats = _seats(board, players, game.first_dealer, scored.points, board_round.moves)
        for seat in seats:
            seats_of[seat.number] = (number, seat)
        teams = []
        if variant is Variant.STANDARD:
            teams = [
                (f"{seats[0].name} & {seats[2].name}", scored.points[0]),
                (f"{seats[1].name} & {seats[3].name}", scored.points[1]),
            ]
        tables.append(
            TableView(
                number=number,
                game_id=game.pk,
                seats=seats,
                teams=teams,
                hands_counted=scored.hands_counted,
                hands_per_round=hands_per_round,
                complete=scored.complete,
            )
        )
    sitting_out = set(board_round.plan.sitting_out)
    score = board_round.score
    lines = []
    for entrant in _by_name(board.entrants):
        found = seats_of.get(entrant.number)
        lines.append(
            PlayerLine(
                number=entrant.number,
                name=entrant.player.name,
                night_table=found[0] if found else None,
                seat=found[1].label if found else "",
                partner=found[1].partner if found else "",
                sits_out=entrant.number in sitting_out,
                present=entrant.present,
                points=score.points.get(entrant.number),
                moved=found[1].moved if found else "",
            )
        )
    return RoundView(
        number=board_round.number,
        tables=tables,
        sitting_out=sorted((board.name(p) for p in sitting_out), key=str.casefold),
        sit_out_points=score.sit_out_points,
        lines=lines,
        complete=board_round.complete,
    )


def _seats(
    board: NightBoard,
    players: Sequence[int],
    first_dealer: int,
    points: Sequence[int],
    moves: Mapping[int, str],
) -> list[SeatView]:
    """A table's seats in order: who sits there, with whom (standard euchre's
    fixed partner), who deals first, the points they have and where they came from."""
    variant = board.night.variant_enum
    return [
        SeatView(
            number=player,
            label=seat_label(variant, position),
            name=board.name(player),
            partner=board.name(players[(position + 2) % 4]) if variant is Variant.STANDARD else "",
            deals_first=position == first_dealer,
            points=points[position],
            moved=moves.get(player, ""),
        )
        for position, player in enumerate(players)
    ]


def _by_name(entrants: list[NightPlayer]) -> list[NightPlayer]:
    return sorted(entrants, key=lambda e: (e.player.name.casefold(), e.number))


def board_version(board: NightBoard) -> int:
    """``EuchreNight.live_version`` from a board already read (no query: the
    night is read with its private table)."""
    games = [game for r in board.rounds for game in r.games]
    names = board.night.private_table.shown_version
    return board.night.version + sum(g.version for g in games) + len(games) + names


def night_context(board: NightBoard, *, me: int | None = None, **extra: Any) -> dict[str, Any]:
    """Everything the night page shows: this phone's player's line and table
    (``me``, when the phone said who it is: docs/decisions.md, D48), the current
    round's progress, board and lines, round X of Y, what comes next (seat a
    round, or the night is over), and who is not present."""
    night = board.night
    current = board.current
    seated = len(board.rounds)
    shown = round_view(board, current) if current else None
    mine = shown.line_of(me) if shown else None
    known = {e.number for e in board.entrants}
    rules = night.night_rules
    return {
        "night": night,
        "board": board,
        "rules": rules,
        "round": shown,
        "me": me if me in known else None,
        "my_line": mine,
        "my_night_table": shown.table_of(mine) if shown else None,
        "me_form": NightMeForm(
            entrants=[(e.number, e.player.name) for e in _by_name(board.entrants)]
        ),
        "seated": seated,
        "next_number": seated + 1 if seated < night.rounds_planned else None,
        "over": board.over,
        "live_version": board_version(board),
        "absent": [e for e in _by_name(board.entrants) if not e.present],
        "confirm": None,
        "prizes": prize_lines(board),
        "prize_rule": prize_rule(rules),
        "movement": movement_line(night),
        "prizes_form": NightPrizesForm(
            initial={
                "version": night.version,
                "prizes_asked": True,
                **PrizeFields.initial_for(rules),
            }
        ),
        **check_in_context(board),
        **extra,
    }


def check_in_context(board: NightBoard) -> dict[str, Any]:
    """Check-in at the door as the night page shows it: open or not (the QR code
    of its link), who has checked in (in the order they came) and who is
    expected and not here yet, who checked in and left since (docs/formats.md,
    "Check-in at the door")."""
    night = board.night
    seated = len(board.rounds)
    arrived = sorted(
        (e for e in board.entrants if e.checked_in_at is not None),
        key=lambda e: (e.checked_in_at, e.number),
    )
    return {
        "check_in_open": night.check_in_token is not None and seated < night.rounds_planned,
        "check_in_possible": seated < night.rounds_planned,
        # Those here under "Here: N" (a player who left is counted apart).
        "checked_in": [e for e in arrived if e.present],
        "left": [e for e in arrived if not e.present],
        "expected": [
            e for e in _by_name(board.entrants) if not e.present and e.checked_in_at is None
        ],
        "present_count": sum(1 for e in board.entrants if e.present),
    }


def arrival_choices(night: EuchreNight) -> list[Player]:
    """The table's players not yet in the night, for a late arrival (one query)."""
    return list(
        Player.objects.for_tables([night.private_table])
        .exclude(night_entries__night=night)
        .order_by("name")[:ARRIVAL_CHOICES]
    )
