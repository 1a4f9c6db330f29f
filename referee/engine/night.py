"""Scoring a euchre night, a progressive tournament (docs/rules.md, Euchre night).

A round is a fixed number of hands at every table, dealt in rotation from a
drawn dealer; each hand is scored by its variant's rules (docs/rules.md 5), and
in standard euchre both partners score their team's points. A player who sits
out scores the round's average per player, rounded down (or a fixed number).
The standings add every player's points over the rounds played; level totals
share the place, and the night gives the prizes it chose (high score, low score,
most lone hands made, most euchres as a defender: ``night_prizes``).

Players are plain numbers, as in ``seating``; names only appear in explanations
and in the tie order of the standings. Plain Python: no Django import.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.engine.hands import GameSetup, Hand, HandError

# The prizes and the night's house rules have modules of their own; a night's screens
# find them here too.
from referee.engine.night_prizes import Prize as Prize
from referee.engine.night_prizes import PrizeKind as PrizeKind
from referee.engine.night_prizes import PrizeTies as PrizeTies
from referee.engine.night_prizes import award_prizes
from referee.engine.night_rules import HANDS_PER_ROUND_RANGE as HANDS_PER_ROUND_RANGE
from referee.engine.night_rules import MISSED_AVERAGE as MISSED_AVERAGE
from referee.engine.night_rules import MISSED_NOTHING as MISSED_NOTHING
from referee.engine.night_rules import ROUND_MINUTES_RANGE as ROUND_MINUTES_RANGE
from referee.engine.night_rules import SIT_OUT_AVERAGE as SIT_OUT_AVERAGE
from referee.engine.night_rules import SIT_OUT_RANGE as SIT_OUT_RANGE
from referee.engine.night_rules import NightRules as NightRules
from referee.engine.night_rules import night_rules_from_dict as night_rules_from_dict
from referee.engine.scoring import EUCHRE_RULES, MAKE_RULES, MARCH_RULES
from referee.engine.seating import RoundPlan
from referee.engine.totals import ScoredHand, score_game
from referee.engine.variants import Variant


def draw_dealer(*, seed: int, round_number: int, table_number: int, players: int) -> int:
    """The first dealer of a table's round, as a seat (0-based): drawn by a random
    generator seeded from the night's seed, the round and the table (both 1-based),
    so the app and a printed score card always agree (docs/rules.md, Euchre night 3)."""
    if players < 1:
        raise ValueError("a table has at least one player")
    return random.Random(f"bower-night-dealer:{seed}:{round_number}:{table_number}").randrange(
        players
    )


# --- A table's round ----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TableRound:
    """One table's round (docs/rules.md, Euchre night 2): ``seats`` are the players by seat;
    ``points`` each seat's points for the round. Hands past ``hands_per_round`` are kept in
    ``hands`` marked ``after_end`` and score nothing."""

    seats: tuple[int, ...]
    points: tuple[int, ...]
    hands: tuple[ScoredHand, ...]
    hands_counted: int
    complete: bool
    next_dealer: int

    @property
    def points_by_player(self) -> dict[int, int]:
        return dict(zip(self.seats, self.points, strict=True))


def _names_for(seats: Sequence[int], names: Mapping[int, str] | None) -> tuple[str, ...]:
    names = names or {}
    return tuple(names.get(player, f"Player {player}") for player in seats)


def night_game_setup(
    *, seats: Sequence[int], variant: Variant, rules: NightRules, names: Mapping[int, str] | None
) -> GameSetup:
    """The game setup of one table of a night round (players named for the
    explanations; a player without a name is "Player 7")."""
    return GameSetup(variant=variant, players=_names_for(seats, names), rules=rules.table_rules)


def score_table_round(
    *,
    seats: Sequence[int],
    variant: Variant,
    rules: NightRules,
    first_dealer: int,
    hands: Sequence[Hand],
    names: Mapping[int, str] | None = None,
) -> TableRound:
    """Score a table's round so far (docs/rules.md, Euchre night): every hand by the variant's table
    (docs/rules.md 5, with the night's lone-march house rule), the points added up
    with no target; standard partners both score their team's points. The round
    is complete after ``rules.hands_per_round`` hands; later hands are kept but
    score nothing. Raises HandError or RulesError on a record that cannot be scored.
    """
    rules.check_variant(variant)
    if len(set(seats)) != len(seats):
        raise HandError({"seats": "a player sits twice at the table"})
    setup = night_game_setup(seats=seats, variant=variant, rules=rules, names=names)
    result = score_game(
        setup, first_dealer=first_dealer, hands=hands, round_rules=rules.round_rules
    )
    # A misdeal is not one of the round's hands (docs/rules.md, Euchre night 3).
    counted = sum(1 for scored in result.counted_hands if not scored.hand.thrown_in)
    return TableRound(
        seats=tuple(seats),
        points=result.totals,
        hands=result.hands,
        hands_counted=counted,
        complete=result.finished,
        next_dealer=result.next_dealer,
    )


# --- A whole round ------------------------------------------------------------------------


def sit_out_points(rules: NightRules, played: Sequence[int]) -> int:
    """What a player who sits out a round scores (docs/rules.md, Euchre night 5): the average of the
    round's points per player who played (``played``), rounded down, or the
    night's fixed number."""
    if isinstance(rules.sit_out, int):
        return rules.sit_out
    return round_average(played)


def round_average(played: Sequence[int]) -> int:
    """A round's points per player who played it, rounded down (docs/rules.md,
    Euchre night 5): what a sit-out scores, and a round missed under that house rule."""
    if not played:
        return 0
    return sum(played) // len(played)


@dataclass(frozen=True, kw_only=True)
class RoundScore:
    """A round of the night (docs/rules.md, Euchre night 5): its tables, who sat out and what they
    scored, and every present player's points."""

    tables: tuple[TableRound, ...]
    sitting_out: tuple[int, ...]
    sit_out_points: int
    points: dict[int, int]  # every player seated or sitting out, by id
    average: int = 0  # points per player who played, rounded down

    @property
    def complete(self) -> bool:
        return all(table_round.complete for table_round in self.tables)


def score_round(
    *,
    plan: RoundPlan,
    variant: Variant,
    rules: NightRules,
    first_dealers: Sequence[int],
    hands: Sequence[Sequence[Hand]],
    names: Mapping[int, str] | None = None,
) -> RoundScore:
    """Score a round as far as it has been played (docs/rules.md, Euchre night): each table of
    ``plan`` with its first dealer and recorded hands (in the plan's table order),
    then those sitting out (``sit_out_points``)."""
    if not len(plan.tables) == len(first_dealers) == len(hands):
        raise HandError({"tables": "every table needs its first dealer and its hands"})
    tables = tuple(
        score_table_round(
            seats=seats,
            variant=variant,
            rules=rules,
            first_dealer=dealer,
            hands=recorded,
            names=names,
        )
        for seats, dealer, recorded in zip(plan.tables, first_dealers, hands, strict=True)
    )
    points: dict[int, int] = {}
    for table_round in tables:
        for player, scored in table_round.points_by_player.items():
            if player in points:
                raise HandError({"tables": f"player {player} sits at two tables"})
            points[player] = scored
    played = list(points.values())
    each = sit_out_points(rules, played)
    for player in plan.sitting_out:
        if player in points:
            raise HandError({"sitting_out": f"player {player} both plays and sits out"})
        points[player] = each
    return RoundScore(
        tables=tables,
        sitting_out=tuple(plan.sitting_out),
        sit_out_points=each,
        points=points,
        average=round_average(played),
    )


# --- The standings ------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class StandingRow:
    """A player's line in the standings (docs/rules.md, Euchre night 6). ``rounds``: points per
    round, None for a round the player was not at and that scores nothing; ``sat_out``: the
    rounds (1-based) they sat out; ``missed``: those they were not at (arrived later, or
    had left: docs/rules.md, Euchre night 5)."""

    player: int
    name: str
    place: int
    total: int
    rounds: tuple[int | None, ...]
    sat_out: tuple[int, ...]
    missed: tuple[int, ...]
    lone_hands_made: int
    defender_euchres: int


@dataclass(frozen=True, kw_only=True)
class NightStandings:
    rows: tuple[StandingRow, ...]  # in place order; level totals by name, then id
    prizes: tuple[Prize, ...]  # the night's chosen prizes, in the order listed
    rounds_played: int


def lone_hand_made(scored: ScoredHand) -> bool:
    """A lone hand made (docs/rules.md, Euchre night 6): the maker alone (by choice, holding the
    called card, or the card not in play) took at least the tricks to make. A hand ended
    by a renege counts apart, as in the players' statistics (docs/rules.md, Call-Ace 5)."""
    return scored.hand.alone and scored.score.rule in MAKE_RULES | MARCH_RULES


def defender_euchre_seats(setup: GameSetup, scored: ScoredHand) -> tuple[int, ...]:
    """The seats that scored a euchre as defenders in this hand (docs/rules.md, Euchre night 6): the
    defenders, when the makers were euchred (a renege counts apart, docs/rules.md, Call-Ace 5)."""
    if scored.score.rule not in EUCHRE_RULES:
        return ()
    return setup.defenders(scored.hand)


def _side_prize_counts(
    rounds: Sequence[RoundScore],
    variant: Variant,
    names: Mapping[int, str],
    players: Sequence[int],
) -> tuple[dict[int, int], dict[int, int]]:
    """Each player's lone hands made and euchres as a defender over the counted
    hands (docs/rules.md, Euchre night 6)."""
    lone: dict[int, int] = dict.fromkeys(players, 0)
    euchres: dict[int, int] = dict.fromkeys(players, 0)
    for r in rounds:
        for table_round in r.tables:
            setup = GameSetup(variant=variant, players=_names_for(table_round.seats, names))
            for scored in table_round.hands:
                if scored.after_end:
                    continue
                if lone_hand_made(scored):
                    lone[table_round.seats[scored.hand.maker]] += 1
                for seat in defender_euchre_seats(setup, scored):
                    euchres[table_round.seats[seat]] += 1
    return lone, euchres


def night_standings(
    *,
    rounds: Sequence[RoundScore],
    variant: Variant,
    names: Mapping[int, str] | None = None,
    rules: NightRules | None = None,
    seed: int = 0,
) -> NightStandings:
    """The night's standings (docs/rules.md, Euchre night 6): each player's total over the rounds
    played, places shared by level totals (1, 2, 2, 4), and the prizes ``rules``
    choose (``night_prizes.award_prizes``; the draw of a tie from ``seed``): most
    points, low score (only among players at every round), most lone hands made,
    most euchres scored as a defender. A round a player missed by arriving late or
    leaving scores by ``rules.missed`` (docs/rules.md, Euchre night 5).
    Only counted hands (not those past the round's end) count for the prizes."""
    rules = rules or NightRules()
    names = names or {}
    players = sorted({player for r in rounds for player in r.points})
    lone, euchres = _side_prize_counts(rounds, variant, names, players)

    def name(player: int) -> str:
        return names.get(player, f"Player {player}")

    missed = {p: tuple(i for i, r in enumerate(rounds, 1) if p not in r.points) for p in players}

    def points(r: RoundScore, player: int) -> int | None:
        """A player's points for a round; a round missed scores by the night's rule."""
        if player in r.points:
            return r.points[player]
        return r.average if rules.missed == MISSED_AVERAGE else None

    totals = {p: sum(points(r, p) or 0 for r in rounds) for p in players}
    order = sorted(players, key=lambda p: (-totals[p], name(p), p))
    rows: list[StandingRow] = []
    for index, player in enumerate(order):
        level = bool(rows) and rows[-1].total == totals[player]
        rows.append(
            StandingRow(
                player=player,
                name=name(player),
                place=rows[-1].place if level else index + 1,
                total=totals[player],
                rounds=tuple(points(r, player) for r in rounds),
                sat_out=tuple(i for i, r in enumerate(rounds, start=1) if player in r.sitting_out),
                missed=missed[player],
                lone_hands_made=lone[player],
                defender_euchres=euchres[player],
            )
        )
    prizes = award_prizes(
        kinds=rules.prizes,
        one_each=rules.one_prize_each,
        ties=rules.prize_ties,
        order=order,
        counts={
            PrizeKind.MOST_POINTS: totals,
            PrizeKind.LOW_SCORE: totals,
            PrizeKind.MOST_LONE_HANDS: lone,
            PrizeKind.MOST_EUCHRES: euchres,
        },
        sat_out={row.player: len(row.sat_out) for row in rows},
        at_every_round={p for p in players if not missed[p]},
        seed=seed,
    )
    return NightStandings(rows=tuple(rows), prizes=prizes, rounds_played=len(rounds))


def score_night(
    *,
    plans: Sequence[RoundPlan],
    variant: Variant,
    rules: NightRules,
    first_dealers: Sequence[Sequence[int]],
    hands: Sequence[Sequence[Sequence[Hand]]],
    names: Mapping[int, str] | None = None,
    seed: int = 0,
) -> tuple[tuple[RoundScore, ...], NightStandings]:
    """Every round played so far and the standings (docs/rules.md, Euchre night 6): ``plans`` are
    the rounds' seatings; ``first_dealers[r][t]`` and ``hands[r][t]`` belong to table
    ``t`` of round ``r`` (0-based, in the plan's order); ``seed``: the night's, for
    the draw of a prize's tie."""
    if not len(plans) == len(first_dealers) == len(hands):
        raise HandError({"rounds": "every round needs its first dealers and its hands"})
    rounds = tuple(
        score_round(
            plan=plan,
            variant=variant,
            rules=rules,
            first_dealers=dealers,
            hands=recorded,
            names=names,
        )
        for plan, dealers, recorded in zip(plans, first_dealers, hands, strict=True)
    )
    standings = night_standings(rounds=rounds, variant=variant, names=names, rules=rules, seed=seed)
    return rounds, standings
