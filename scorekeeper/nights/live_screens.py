"""What a euchre night's live screens show (docs/rules.md, Euchre night 6): the standings of the
whole room with the prizes, the seating of the round in play for the watch
link, and a table's printable score card. Plain functions of a night's board
or a table's game (no request): ``scorekeeper/nights/views/live.py`` draws
them."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from referee.engine.night import MISSED_AVERAGE, SIT_OUT_AVERAGE, NightRules
from referee.engine.scoring import (
    EUCHRE_POINTS,
    LONE_MARCH_HOUSE_POINTS,
    MAKE_POINTS,
    RENEGE_PENALTY_POINTS,
    march_points,
)
from referee.engine.variants import RenegeRule, Variant
from scorekeeper.models import EuchreNight, Game, NightBoard
from scorekeeper.nights.prize_screens import prize_lines, prize_rule
from scorekeeper.nights.screens import movement_line, round_view, seat_label
from scorekeeper.web.house_rules import CANADIAN_LONER_LINE

# What one screen of the watch page holds on a TV (static/css/night_live.css lays
# it out to fit 1280x720 and 1920x1080): the standings in four columns of up to
# six, the round's tables in two rows of four (one row when they seat five or
# six). A bigger night shows its pages in turn (static/js/watch_pages.js); without
# JavaScript every page is shown, one under the other.
WATCH_STANDINGS_COLUMNS = 4
WATCH_STANDINGS_PAGE = 24
WATCH_TABLES_PAGE = 8
WATCH_LARGE_TABLES_PAGE = 4


# --- The standings ------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundCell:
    """A player's points for one round: None when they were not at the night
    then; ``sat_out`` when the points are a sit-out's (docs/rules.md, Euchre night 5)."""

    points: int | None
    sat_out: bool
    missed: bool = False  # arrived later or had left (docs/rules.md, Euchre night 5)


@dataclass(frozen=True)
class StandingLine:
    player: int
    name: str
    place: str  # "3", or "=2" for a shared place
    total: int
    rounds: list[RoundCell]
    lone_hands_made: int
    defender_euchres: int

    @property
    def leads(self) -> bool:
        """First (alone or shared) with some points: marked on the screens."""
        return self.place in ("1", "=1") and self.total > 0


def sit_out_rule(rules: NightRules) -> str:
    """How a player who sits out a round is scored, in a sentence
    (docs/rules.md, Euchre night 5)."""
    if rules.sit_out == SIT_OUT_AVERAGE:
        return (
            "A player who sits out a round scores that round's average points "
            "per player who played, rounded down."
        )
    points = "point" if rules.sit_out == 1 else "points"
    return f"A player who sits out a round scores {rules.sit_out} {points} (house rule)."


def missed_rule(rules: NightRules) -> str:
    """What a round missed by arriving late or leaving scores, in a sentence
    (docs/rules.md, Euchre night 5)."""
    if rules.missed == MISSED_AVERAGE:
        return (
            "A round missed by arriving late or leaving scores the round's average, "
            "as a round sat out does (house rule)."
        )
    return "A round missed by arriving late or leaving scores nothing."


def rule_notes(board: NightBoard) -> list[str]:
    """The rules of the night's scoring that apply to it so far, each a sentence:
    sitting out once somebody has sat out, rounds missed once somebody has missed
    one (docs/rules.md, Euchre night 5); movement by result at a night that plays it
    (Euchre night 2)."""
    rules = board.night.night_rules
    rows = board.standings.rows
    notes = []
    if movement := movement_line(board.night):
        notes.append(f"Movement by result: {movement}")
    if any(row.sat_out for row in rows):
        notes.append(sit_out_rule(rules))
    if any(row.missed for row in rows):
        notes.append(missed_rule(rules))
    return notes


def standing_lines(board: NightBoard) -> list[StandingLine]:
    """The standings' rows with shared places marked "=2" (docs/rules.md, Euchre night 6)."""
    rows = board.standings.rows
    places = Counter(row.place for row in rows)
    return [
        StandingLine(
            player=row.player,
            name=row.name,
            place=f"={row.place}" if places[row.place] > 1 else str(row.place),
            total=row.total,
            rounds=[
                RoundCell(points=points, sat_out=number in row.sat_out, missed=number in row.missed)
                for number, points in enumerate(row.rounds, start=1)
            ],
            lone_hands_made=row.lone_hands_made,
            defender_euchres=row.defender_euchres,
        )
        for row in rows
    ]


def standings_context(board: NightBoard, version: int) -> dict[str, Any]:
    """Everything the standings page (and the watch page) show of the night."""
    night = board.night
    current = board.current
    rules = night.night_rules
    return {
        "night": night,
        "board": board,
        "version": version,
        "lines": standing_lines(board),
        "prizes": prize_lines(board),
        "prize_rule": prize_rule(rules),
        "round_numbers": [r.number for r in board.rounds],
        "current": current,
        # The round in play, table by table: who sits where, how far it has got.
        "progress": round_view(board, current).tables if current else [],
        "hands_per_round": rules.hands_per_round,
        "rule_notes": rule_notes(board),
        "missed_rule": missed_rule(rules),
        "sitting_out": [board.name(n) for n in current.score.sitting_out] if current else [],
        "time_up": (
            current.record.time_up(rules.round_minutes)
            if current and not current.complete
            else None
        ),
        "over": board.over,
    }


@dataclass(frozen=True)
class WatchPage[T]:
    """One screenful of a list on the watch page: ``items``, numbered ``first``
    to ``last`` of ``count`` (1-based)."""

    items: list[T]
    first: int
    last: int
    count: int


def pages[T](items: list[T], size: int) -> list[WatchPage[T]]:
    """``items`` in screenfuls of ``size``; one empty page for no items."""
    if not items:
        return [WatchPage(items=[], first=0, last=0, count=0)]
    return [
        WatchPage(
            items=items[start : start + size],
            first=start + 1,
            last=min(start + size, len(items)),
            count=len(items),
        )
        for start in range(0, len(items), size)
    ]


def watch_context(board: NightBoard, version: int, token: str) -> dict[str, Any]:
    """The watch page: every player's standing and every table of the round, a
    screenful at a time when they are more than a TV shows at once; players level
    on points share a place and are drawn alike (docs/rules.md, Euchre night 6)."""
    context = standings_context(board, version)
    lines = context["lines"]
    tables = context["progress"]
    large = any(len(night_table.seats) > 4 for night_table in tables)
    night = board.night
    check_in_open = night.check_in_token is not None and len(board.rounds) < night.rounds_planned
    # The check-in code takes a column of its own: the standings keep three.
    columns = WATCH_STANDINGS_COLUMNS - 1 if check_in_open else WATCH_STANDINGS_COLUMNS
    page_size = WATCH_STANDINGS_PAGE // WATCH_STANDINGS_COLUMNS * columns
    rows = -(-min(len(lines), page_size) // columns)
    return {
        **context,
        "watching": True,
        "check_in_open": check_in_open,
        "here": sum(1 for e in board.entrants if e.present),
        "token": token,
        "standing_pages": pages(lines, page_size),
        "standing_rows": max(rows, 1),
        "seating": tables,
        "table_pages": pages(tables, WATCH_LARGE_TABLES_PAGE if large else WATCH_TABLES_PAGE),
    }


# --- The printable score card ------------------------------------------------------------


def scoring_key(game: Game) -> list[tuple[str, str]]:
    """The variant's points, short and in our own words (docs/rules.md 5 (every variant), Euchre
    night 4)."""
    setup = game.setup
    variant, n = setup.variant, setup.n
    deal = setup.deal
    make = f"{deal.tricks_to_make} or more of {deal.tricks} tricks"
    if variant is Variant.STANDARD:
        lone = march_points(variant, n, alone=True)
        if game.lone_march_five:
            lone_text = f"{LONE_MARCH_HOUSE_POINTS} to the team (house rule)"
        else:
            lone_text = f"{lone} to the team"
        return [
            ("Made it", f"{make}: {MAKE_POINTS} to the makers' team"),
            (
                "March",
                f"all {deal.tricks} tricks: {march_points(variant, n, alone=False)} to the team",
            ),
            ("Lone march", f"alone, all {deal.tricks} tricks: {lone_text}"),
            ("Euchred", f"makers under {deal.tricks_to_make}: {EUCHRE_POINTS} to the defenders"),
            ("Scores", "both partners score their team's points"),
        ]
    return [
        ("Made it", f"{make}: {MAKE_POINTS} each to the maker and partner"),
        (
            "March",
            f"all {deal.tricks} tricks: {march_points(variant, n, alone=False)} each "
            "to the maker and partner",
        ),
        (
            "Lone march",
            f"the maker alone, all {deal.tricks}: {march_points(variant, n, alone=True)}",
        ),
        ("Euchred", f"makers under {deal.tricks_to_make}: {EUCHRE_POINTS} to each defender"),
    ]


def house_rule_lines(game: Game, night: EuchreNight) -> list[str]:
    """The house rules in force at the table, one short line each (docs/rules.md, Call-Ace, Standard
    and Euchre night)."""
    rules = game.house_rules
    lines = [f"{game.round_hands} hands in the round, dealt in turn to the left."]
    lines.append(
        "Stick the dealer: the dealer must make trump in the second round."
        if rules.stick_the_dealer
        else "All pass twice: the hand is thrown in and the deal passes on."
    )
    standard = game.variant_enum is Variant.STANDARD
    if standard and rules.no_trump:
        lines.append("No trump may be called in the second round (no bowers).")
    if standard and rules.canadian_loner:
        lines.append(CANADIAN_LONER_LINE)
    if rules.renege is RenegeRule.OFFENDER_LOSES_2:
        who = "the offender's team" if standard else "the offender"
        lines.append(f"A renege: {who} loses {RENEGE_PENALTY_POINTS}; the hand stands.")
    elif standard:
        lines.append("A renege ends the hand: the other team scores the march points.")
    else:
        lines.append(
            "A renege ends the hand: a march for the makers if a defender reneged, "
            "a euchre if the maker's side did."
        )
    lines.append(sit_out_rule(night.night_rules))
    return lines


def score_card_context(night: EuchreNight, game: Game) -> dict[str, Any]:
    """A table's round on paper: the players by seat, the dealer of every hand
    from the night's drawn first dealer, blank columns to fill in."""
    setup = game.setup
    seats = game.seat_list()
    variant = setup.variant
    n = len(seats)
    names = [s.player.name for s in seats]
    # A seat as a sentence names it: North ... West in standard euchre, "Seat 3" at Call-Ace.
    seat = "{}" if variant is Variant.STANDARD else "Seat {}"
    players = [(seat.format(seat_label(variant, s.position)), s.player.name) for s in seats]
    if variant is Variant.STANDARD:
        columns = [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
        # Non-breaking hyphens: "(East-West)" stays whole on a narrow phone.
        partners = f"{columns[0]} (North\u2011South) v {columns[1]} (East\u2011West)"
    else:
        columns = names
        partners = "The maker calls an ace; who holds it is the maker's partner for the hand."
    hands = game.round_hands or 0
    return {
        "night": night,
        "game": game,
        "setup": setup,
        "round_number": game.night_round.number if game.night_round else 0,
        "table_number": game.night_table,
        "players": players,
        "partners": partners,
        "first_dealer": names[game.first_dealer],
        # Each hand's dealer, in turn to the left.
        "rows": [names[(game.first_dealer + i) % n] for i in range(hands)],
        "point_columns": columns,
        "call_ace": variant is Variant.CALL_ACE,
        "key": scoring_key(game),
        "house_rules": house_rule_lines(game, night),
    }
