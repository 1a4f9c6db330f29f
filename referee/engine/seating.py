"""Seating a euchre night, a progressive tournament (docs/rules.md, Euchre night 2).

Before every round the night seats everyone present: standard euchre at tables
of 4 with partners opposite, Call-Ace at tables of 4 to 6. Over the night each
player should partner, and meet, as many different players as possible; when the
players do not fill the tables the fewest possible sit out, in fair turn.

Players are plain numbers (``plan_night`` numbers them 1 to N). A table lists its
players by seat, clockwise; in standard euchre seats 1 and 3 are partners, 2 and 4.
Every choice is made by a random generator seeded from ``seed`` and the round's
number, over sorted players: the same arguments always give the same plan.

Plain Python: no Django import.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.engine.movement import Results, move_tables
from referee.engine.variants import Variant

# The variants a night is played in, and their table sizes (docs/rules.md, Euchre night 1).
NIGHT_VARIANTS = (Variant.STANDARD, Variant.CALL_ACE)
_TABLE_SIZES = {Variant.STANDARD: (4, 4), Variant.CALL_ACE: (4, 6)}
MIN_PLAYERS = 8
# Limits that keep a plan a night's worth (and quick to make), not rules of the game.
MAX_PLAYERS = 200
MAX_ROUNDS = 100

# How hard the search looks for a round; counts, never time, so plans stay deterministic.
_RESTARTS = 6
_SWEEPS = 8

type Pair = tuple[int, int]


class SeatingError(ValueError):
    """The night cannot be seated as asked; the message says why."""


@dataclass(frozen=True)
class RoundPlan:
    """One round: the tables (players by seat, clockwise) and who sits out."""

    tables: tuple[tuple[int, ...], ...]
    sitting_out: tuple[int, ...]

    @property
    def seated(self) -> tuple[int, ...]:
        return tuple(sorted(player for night_table in self.tables for player in night_table))


@dataclass(frozen=True)
class NightPlan:
    """A night's seating: ``players`` numbered 1 to ``players``, round by round."""

    variant: Variant
    players: int
    rounds: tuple[RoundPlan, ...]


@dataclass(frozen=True)
class SpreadFigures:
    """How well a plan spreads the players (docs/rules.md, Euchre night 2).

    ``most_times_partnered``: the most rounds any two players partnered (standard
    euchre; 0 in Call-Ace, where partners are called hand by hand).
    ``partner_repeats``: partnerships that had been played before in the night.
    ``fewest_opponents`` and ``mean_opponents``: distinct opponents per player (in
    Call-Ace everyone else at the table). ``sit_outs``: (player, rounds sat out).
    """

    most_times_partnered: int
    partner_repeats: int
    fewest_opponents: int
    mean_opponents: float
    sit_outs: tuple[tuple[int, int], ...]


def _pair(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


def check_variant(variant: Variant) -> Variant:
    """A night is standard euchre or Call-Ace (docs/rules.md, Euchre night)."""
    if variant not in NIGHT_VARIANTS:
        names = " or ".join(v.value for v in NIGHT_VARIANTS)
        raise SeatingError(f"A euchre night is played in {names}, not {variant.value}.")
    return variant


def table_sizes(*, players: int, variant: Variant) -> tuple[int, ...]:
    """The tables of a round for ``players`` present, biggest first (docs/rules.md, Euchre night 2).

    The fewest possible sit out: their number is ``players - sum(sizes)``. Standard
    euchre has tables of 4. Call-Ace has tables of 4 to 6, as few and as even as
    possible (bigger tables meet more players), which seats any 8 or more.
    """
    smallest, biggest = _TABLE_SIZES[check_variant(variant)]
    for seated in range(players, smallest - 1, -1):
        count = -(-seated // biggest)  # ceil: as few tables as possible
        if count * smallest <= seated:
            base, extra = divmod(seated, count)
            return tuple([base + 1] * extra + [base] * (count - extra))
    raise SeatingError(f"{players} players cannot fill a table of {smallest}.")


def table_partners(night_table: Sequence[int], *, variant: Variant) -> tuple[Pair, ...]:
    """The partnerships a table seats: seats 1 and 3, 2 and 4 in standard euchre;
    none in Call-Ace, where the maker calls a partner each hand (docs/rules.md, Standard 3 and
    Euchre night 2)."""
    if variant is not Variant.STANDARD:
        return ()
    return (_pair(night_table[0], night_table[2]), _pair(night_table[1], night_table[3]))


def table_opponents(night_table: Sequence[int], *, variant: Variant) -> tuple[Pair, ...]:
    """Who meets whom as an opponent at a table: the other team in standard euchre,
    everyone else at the table in Call-Ace (docs/rules.md, Euchre night)."""
    if variant is Variant.STANDARD:
        return tuple(_pair(a, b) for a in night_table[0::2] for b in night_table[1::2])
    return tuple(_pair(a, b) for a, b in itertools.combinations(night_table, 2))


@dataclass
class _Tally:
    """What the rounds already played add up to."""

    partners: Counter[Pair]
    opponents: Counter[Pair]
    sat_out: Counter[int]
    played: Counter[int]

    @classmethod
    def of(cls, history: Sequence[RoundPlan], variant: Variant) -> _Tally:
        tally = cls(Counter(), Counter(), Counter(), Counter())
        for plan in history:
            tally.sat_out.update(plan.sitting_out)
            for night_table in plan.tables:
                tally.played.update(night_table)
                tally.partners.update(table_partners(night_table, variant=variant))
                tally.opponents.update(table_opponents(night_table, variant=variant))
        return tally


def _choose_sitting_out(
    present: Sequence[int], count: int, tally: _Tally, guide: Sequence[Pair], rng: random.Random
) -> list[int]:
    """Those who have sat out least sit out (so nobody twice before everyone once);
    among them, those who have played most. Then whole pairs of the round's
    ``guide`` pairing, drawn at random, so that the rest keep its fresh partners."""
    partner_of = {a: b for pair in guide for a, b in (pair, pair[::-1])}
    draw = {pair: rng.random() for pair in guide}

    def turn(player: int) -> tuple[int, int, int, float, int]:
        partner = partner_of[player]
        level = tally.sat_out[player]
        if partner not in present:  # the bye of an odd circle: sits out alone first
            return (level, -tally.played[player], level, -1.0, player)
        pair_level = max(level, tally.sat_out[partner])
        return (level, -tally.played[player], pair_level, draw[_pair(player, partner)], player)

    return sorted(sorted(present, key=turn)[:count])


def _repeat_cost(count: int) -> int:
    # Convex, so that two pairs repeated once beat one pair repeated twice.
    return count * count * count


def _in_twos(order: Sequence[int]) -> list[list[int]]:
    """An even list taken two by two, in its order: a first pairing to improve."""
    return [[order[i], order[i + 1]] for i in range(0, len(order), 2)]


def _improve_matching(
    pairs: list[list[int]], price: Mapping[int, Mapping[int, int]] | Sequence[Sequence[int]]
) -> None:
    """Swap members between two pairs while it lowers the cost (2-opt), in place:
    partners between pairs of players, or teams between tables."""
    for _sweep in range(_SWEEPS):
        improved = False
        for first, second in itertools.combinations(pairs, 2):
            a, b = first
            c, d = second
            now = price[a][b] + price[c][d]
            if price[a][c] + price[b][d] < now:
                first[1], second[0] = c, b
                improved = True
            elif price[a][d] + price[b][c] < now:
                first[1], second[1] = d, b
                improved = True
        if not improved:
            break


def _circle_matchings(players: Sequence[int], rng: random.Random) -> list[list[Pair]]:
    """The circle method: an even number of players, n - 1 rounds of pairs in which
    every two players pair exactly once (a round-robin 1-factorisation)."""
    order = list(players)
    rng.shuffle(order)
    fixed, ring = order[0], order[1:]
    rounds = []
    for turn in range(len(ring)):
        spun = ring[turn:] + ring[:turn]
        pairs = [_pair(fixed, spun[0])]
        pairs += [_pair(spun[i], spun[-i]) for i in range(1, len(spun) // 2 + 1)]
        rounds.append(pairs)
    return rounds


def _matching_cost(pairs: Sequence[Pair], price: dict[int, dict[int, int]]) -> int:
    return sum(price[a][b] for a, b in pairs)


def _searched_matchings(
    seated: Sequence[int], price: dict[int, dict[int, int]], rng: random.Random
) -> list[list[Pair]]:
    """Seeded random pairings, each improved by partner swaps."""
    found = []
    for _ in range(_RESTARTS):
        order = list(seated)
        rng.shuffle(order)
        pairs = _in_twos(order)
        _improve_matching(pairs, price)
        found.append([_pair(a, b) for a, b in pairs])
    return found


def _prices(players: Sequence[int], tally: Counter[Pair]) -> dict[int, dict[int, int]]:
    """What each two players pay to meet (or partner) again, looked up quickly."""
    return {a: {b: _repeat_cost(tally[_pair(a, b)]) for b in players} for a in players}


def _group_teams(
    teams: Sequence[Pair], price: dict[int, dict[int, int]], rng: random.Random
) -> tuple[int, list[tuple[Pair, Pair]]]:
    """Put the teams two by two at tables so that players meet new opponents:
    seeded random groupings improved by swapping teams between tables."""
    # meet[i][j]: what teams i and j pay to meet (by position in ``teams``).
    meet = [[sum(price[a][b] for a in team for b in other) for other in teams] for team in teams]
    best: tuple[int, list[list[int]]] | None = None
    for _ in range(_RESTARTS):
        order = list(range(len(teams)))
        rng.shuffle(order)
        tables = _in_twos(order)
        _improve_matching(tables, meet)
        total = sum(meet[a][b] for a, b in tables)
        if best is None or total < best[0]:
            best = (total, tables)
    assert best is not None
    return best[0], [(teams[a], teams[b]) for a, b in best[1]]


def _follow_guide(
    seated: Sequence[int], guide: Sequence[Pair], price: dict[int, dict[int, int]]
) -> list[Pair]:
    """The guide's pairs of seated players; those whose guide partner sits out pair
    among themselves as freshly as possible."""
    chosen = set(seated)
    kept = [pair for pair in guide if pair[0] in chosen and pair[1] in chosen]
    alone = sorted(chosen.difference(*kept))
    loose = _in_twos(alone)
    _improve_matching(loose, price)
    return kept + [_pair(a, b) for a, b in loose]


def _seat_standard(
    seated: Sequence[int],
    guide: Sequence[Pair],
    tally: _Tally,
    factor_rng: random.Random,
    rng: random.Random,
) -> list[tuple[int, ...]]:
    """Standard euchre (docs/rules.md, Euchre night 2): partners are a pairing of the seated players
    with the fewest repeated partnerships, then the teams meet new opponents.

    The partners come from the night's circle method over everyone present (the
    round's ``guide``; with nobody out, any of its unused rounds): with players a
    multiple of 4 it gives n - 1 rounds with no partner twice; otherwise those who
    sit out are chosen to break few of its pairs. Seeded searches are tried only
    when the circle must repeat a partner.
    """
    partner_price = _prices(seated, tally.partners)
    candidates = [_follow_guide(seated, guide, partner_price)]
    # Keep to the night's circle when it is as good as any: straying spoils its
    # later rounds. With nobody out, every unused round of it will do.
    if len(seated) == len(guide) * 2:
        candidates += _circle_matchings(seated, factor_rng)
    costs = [_matching_cost(pairs, partner_price) for pairs in candidates]
    cheapest = min(costs)
    if cheapest > 0:
        found = _searched_matchings(seated, partner_price, rng)
        found_costs = [_matching_cost(pairs, partner_price) for pairs in found]
        if min(found_costs) < cheapest:
            candidates, costs, cheapest = found, found_costs, min(found_costs)
    shortlist = [pairs for pairs, cost in zip(candidates, costs, strict=True) if cost == cheapest]
    rng.shuffle(shortlist)
    opponent_price = _prices(seated, tally.opponents)
    best: tuple[int, list[tuple[Pair, Pair]]] | None = None
    for pairs in shortlist[:8]:
        grouped = _group_teams(pairs, opponent_price, rng)
        if best is None or grouped[0] < best[0]:
            best = grouped
    assert best is not None
    tables: list[tuple[int, ...]] = []
    for first, second in best[1]:
        # Partners sit opposite: seats 1 and 3, 2 and 4.
        if rng.random() < 0.5:
            first, second = second, first
        tables.append((first[0], second[0], first[1], second[1]))
    return tables


def _seat_call_ace(
    seated: Sequence[int], sizes: Sequence[int], tally: _Tally, rng: random.Random
) -> list[tuple[int, ...]]:
    """Call-Ace (docs/rules.md, Euchre night): players are individuals; spread who shares a table by
    swapping players between tables while fewer pairs meet again."""
    # Prices by position in ``seated``: a list of lists is quick to read.
    price = [[_repeat_cost(tally.opponents[_pair(a, b)]) for b in seated] for a in seated]

    best: tuple[int, list[list[int]]] | None = None
    for _ in range(_RESTARTS):
        order = list(range(len(seated)))
        rng.shuffle(order)
        tables: list[list[int]] = []
        for size in sizes:
            tables.append(order[:size])
            order = order[size:]
        # to_table[p][t]: what player p pays to sit with table t's players.
        to_table = [[sum(row[a] for a in night_table) for night_table in tables] for row in price]
        for _sweep in range(_SWEEPS):
            improved = False
            for s, t in itertools.combinations(range(len(tables)), 2):
                first, second = tables[s], tables[t]
                for i, j in itertools.product(range(len(first)), range(len(second))):
                    x, y = first[i], second[j]
                    now = to_table[x][s] + to_table[y][t]
                    then = to_table[y][s] + to_table[x][t] - 2 * price[x][y]
                    if then < now:
                        first[i], second[j] = y, x
                        for row, prices in zip(to_table, price, strict=True):
                            row[s] += prices[y] - prices[x]
                            row[t] += prices[x] - prices[y]
                        improved = True
            if not improved:
                break
        total = sum(
            price[a][b] for night_table in tables for a in night_table for b in night_table if a < b
        )
        if best is None or total < best[0]:
            best = (total, tables)
    assert best is not None
    return [tuple(seated[i] for i in night_table) for night_table in best[1]]


def plan_round(
    *,
    present: Sequence[int],
    history: Sequence[RoundPlan],
    variant: Variant,
    seed: int = 0,
    results: Results | None = None,
) -> RoundPlan:
    """Seat the next round of a night (docs/rules.md, Euchre night 2) for the players ``present``,
    given the rounds already played (``history``; its length is the round's number
    less one). Players may have left or arrived since: only who is present now is
    seated, and the history counts for those who played it.

    The fewest possible sit out (``table_sizes``), chosen among those who have sat
    out least; then partners and opponents are spread over the night, or, with the
    round before's ``results``, the tables follow movement by result
    (``movement.move_tables``).
    """
    check_variant(variant)
    players = sorted(present)
    if len(set(players)) != len(players):
        raise SeatingError("A player is present twice.")
    sizes = table_sizes(players=len(players), variant=variant)
    tally = _Tally.of(history, variant)
    rng = random.Random(f"bower-seating:{seed}:{len(history) + 1}")
    # The circle method's order is drawn once a night, so rounds follow one another;
    # an odd number of players has a bye (a number nobody has) in every round.
    circle = _circle_matchings(
        players + [players[0] - 1] * (len(players) % 2),
        random.Random(f"bower-seating:{seed}:circle"),
    )
    guide = circle[len(history) % len(circle)]
    out = _choose_sitting_out(players, len(players) - sum(sizes), tally, guide, rng)
    seated = [player for player in players if player not in out]
    if results is not None and history:
        partners = tally.partners if variant is Variant.STANDARD else None
        tables = move_tables(
            seated=seated,
            sizes=sizes,
            last=history[-1].tables,
            results=results,
            partners=partners,
            seed=seed,
            rng=rng,
        )
    elif variant is Variant.STANDARD:
        factor_rng = random.Random(f"bower-seating:{seed}:circle")
        tables = _seat_standard(seated, guide, tally, factor_rng, rng)
    else:
        tables = _seat_call_ace(seated, sizes, tally, rng)
    return RoundPlan(tables=tuple(tables), sitting_out=tuple(out))


def most_rounds(players: int) -> int:
    """The most rounds a night of ``players`` can be planned for: twice its
    players (everyone has partnered everyone by then), at most ``MAX_ROUNDS``."""
    return min(MAX_ROUNDS, 2 * players)


def check_night_size(*, players: int, rounds: int) -> None:
    """Raise SeatingError unless a night of ``players`` and ``rounds`` can be
    seated (docs/rules.md, Euchre night 1: 8 players or more; the limits that keep a plan a
    night's)."""
    if players < MIN_PLAYERS:
        raise SeatingError(f"A euchre night needs at least {MIN_PLAYERS} players, not {players}.")
    if players > MAX_PLAYERS:
        raise SeatingError(f"A euchre night seats at most {MAX_PLAYERS} players, not {players}.")
    most = most_rounds(players)
    if not 1 <= rounds <= most:
        raise SeatingError(f"A night of {players} players has 1 to {most} rounds, not {rounds}.")


def plan_night(*, players: int, rounds: int, variant: Variant, seed: int = 0) -> NightPlan:
    """The seating of a whole night (docs/rules.md, Euchre night 2): ``players`` numbered 1 to
    ``players``, all present every round, seated round by round with ``plan_round``."""
    check_variant(variant)
    check_night_size(players=players, rounds=rounds)
    present = range(1, players + 1)
    history: list[RoundPlan] = []
    for _ in range(rounds):
        history.append(plan_round(present=present, history=history, variant=variant, seed=seed))
    return NightPlan(variant=variant, players=players, rounds=tuple(history))


def plan_to_dict(plan: NightPlan) -> dict[str, object]:
    """The plan as the seat_night command prints it (docs/formats.md, "Euchre night seating")."""
    return {
        "variant": plan.variant.value,
        "players": plan.players,
        "rounds": [
            {
                "tables": [list(night_table) for night_table in r.tables],
                "sitting_out": list(r.sitting_out),
            }
            for r in plan.rounds
        ],
    }


def spread_figures(plan: NightPlan) -> SpreadFigures:
    """How a plan spreads partners, opponents and sitting out (docs/rules.md, Euchre night 5)."""
    tally = _Tally.of(plan.rounds, plan.variant)
    met: dict[int, set[int]] = {player: set() for player in range(1, plan.players + 1)}
    for a, b in tally.opponents:
        met[a].add(b)
        met[b].add(a)
    counts = [len(others) for others in met.values()]
    return SpreadFigures(
        most_times_partnered=max(tally.partners.values(), default=0),
        partner_repeats=sum(count - 1 for count in tally.partners.values()),
        fewest_opponents=min(counts),
        mean_opponents=sum(counts) / len(counts),
        sit_outs=tuple((player, tally.sat_out[player]) for player in sorted(met)),
    )
