"""A euchre night read whole, as the screens show it (docs/rules.md, Euchre night): every
round's tables with their games, who sat out, the players, and the engine's scores
and standings (``read_board``), in a fixed number of queries whatever the
night's size or the number of nights read at once (``read_boards``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.engine.movement import Results, moves
from referee.engine.night import NightStandings, RoundScore, score_night
from referee.engine.night_rules import MOVE_BY_RESULT
from referee.engine.seating import RoundPlan
from scorekeeper.models.euchre_nights import EuchreNight
from scorekeeper.models.games import Game
from scorekeeper.models.hands import Hand
from scorekeeper.models.night_players import NightPlayer
from scorekeeper.models.night_rounds import NightRound


def read_board(night: EuchreNight) -> NightBoard:
    """The whole night as the screens show it: every round's tables with their
    games, who sat out, the players, and the engine's scores and standings, in a
    fixed number of queries whatever the night's size."""
    return read_boards([night])[night.pk]


def read_boards(nights: Sequence[EuchreNight]) -> dict[int, NightBoard]:
    """Each night's board (``read_board``), by the night's pk: five
    queries for them all, whatever their number and size (a player's page
    lists their nights' places)."""
    ids = [night.pk for night in nights]
    if not ids:
        return {}
    entrants: dict[int, list[NightPlayer]] = {pk: [] for pk in ids}
    for entrant in (
        NightPlayer.objects.filter(night__in=ids).select_related("player").order_by("number")
    ):
        entrants[entrant.night_id].append(entrant)
    rounds: dict[int, list[NightRound]] = {pk: [] for pk in ids}
    for r in NightRound.objects.filter(night__in=ids).order_by("number"):
        rounds[r.night_id].append(r)
    games = list(
        Game.objects.filter(night_round__night__in=ids)
        .with_seats()
        .order_by("night_round__number", "night_table")
    )
    hands: dict[int, list[Hand]] = {game.pk: [] for game in games}
    for hand in Hand.objects.filter(game__night_round__night__in=ids).order_by("game", "number"):
        hands[hand.game_id].append(hand)
    by_round: dict[int, list[Game]] = {r.pk: [] for night in rounds.values() for r in night}
    for game in games:
        assert game.night_round_id is not None
        by_round[game.night_round_id].append(game)
    return {
        night.pk: _board(night, entrants[night.pk], rounds[night.pk], by_round, hands)
        for night in nights
    }


def _board(
    night: EuchreNight,
    entrants: list[NightPlayer],
    rounds: list[NightRound],
    by_round: Mapping[int, list[Game]],
    hands: Mapping[int, list[Hand]],
) -> NightBoard:
    """One night's board from its records, scored by the engine."""
    numbers = {e.player_id: e.number for e in entrants}
    names = {e.number: e.player.name for e in entrants}
    plans = [
        RoundPlan(
            tables=tuple(
                tuple(numbers[seat.player_id] for seat in game.seat_list())
                for game in by_round[r.pk]
            ),
            sitting_out=tuple(r.sitting_out),
        )
        for r in rounds
    ]
    scores, standings = score_night(
        plans=plans,
        variant=night.variant_enum,
        rules=night.night_rules,
        first_dealers=[[g.first_dealer for g in by_round[r.pk]] for r in rounds],
        hands=[[[h.to_engine() for h in hands[g.pk]] for g in by_round[r.pk]] for r in rounds],
        names=names,
        seed=night.seed,
    )
    moved = night.night_rules.movement == MOVE_BY_RESULT
    notes = [
        moves(before.tables, before.sitting_out, plan.tables) if moved and before else {}
        for before, plan in zip([None, *plans], plans, strict=False)
    ]
    return NightBoard(
        night=night,
        entrants=entrants,
        names=names,
        rounds=[
            BoardRound(record=r, plan=plan, games=by_round[r.pk], score=score, moves=note)
            for r, plan, score, note in zip(rounds, plans, scores, notes, strict=True)
        ],
        standings=standings,
    )


@dataclass(frozen=True)
class BoardRound:
    """A round as the screens show it: its record, its plan (player numbers),
    its tables' games in table order, the engine's score so far, and at a night
    moved by result where each player came from ("moved up from table 2")."""

    record: NightRound
    plan: RoundPlan
    games: list[Game]
    score: RoundScore
    moves: dict[int, str]

    @property
    def number(self) -> int:
        return self.record.number

    @property
    def complete(self) -> bool:
        return self.score.complete


@dataclass(frozen=True)
class NightBoard:
    """A whole night read at once (``read_board``)."""

    night: EuchreNight
    entrants: list[NightPlayer]
    names: dict[int, str]
    rounds: list[BoardRound]
    standings: NightStandings

    @property
    def current(self) -> BoardRound | None:
        """The round being played: the last one seated."""
        return self.rounds[-1] if self.rounds else None

    @property
    def over(self) -> bool:
        """Every planned round seated and played to its last hand."""
        return len(self.rounds) >= self.night.rounds_planned and all(
            r.complete for r in self.rounds
        )

    @property
    def results(self) -> Results | None:
        """What movement by result seats the next round by (docs/rules.md, Euchre
        night 2): the last round's points and the night's totals; None at a night
        seated by rotation, or before round 1."""
        if self.night.night_rules.movement != MOVE_BY_RESULT or not self.rounds:
            return None
        totals = {row.player: row.total for row in self.standings.rows}
        return Results(points=self.rounds[-1].score.points, totals=totals)

    def name(self, number: int) -> str:
        return self.names.get(number, f"Player {number}")
