"""What the called ace tells, in Call-Ace (docs/rules.md, Call-Ace 3): for each
player as maker, how each call went (the partner found, the maker held the ace,
the ace not in play) and which ace they called, each with how the hands ended;
as the called partner, how those hands ended; and the caller and called pairs.

Counted from the hands the records count (not thrown in, not after the end),
a euchre night's tables included, as ``scorekeeper/models/records.py`` counts
them. A Call-Ace maker goes alone only by calling an ace of their own (Call-Ace
3), so "the maker held the ace" is their lone hand: there is no other.
A fixed number of queries whatever the number of hands: the database groups
the hands (for everyone in two; for one player's page, their calls and the
hands they were called in, found through their seats, in one).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import models

from referee.engine.hands import PartnerOutcome
from referee.engine.scoring import EUCHRE_RULES, MAKE_RULES, MARCH_RULES
from referee.engine.variants import Variant
from scorekeeper.models.games import Game
from scorekeeper.models.hands import Hand
from scorekeeper.models.kept import Kept, tables_brief
from scorekeeper.models.players import Player
from scorekeeper.models.private_tables import PrivateTable
from scorekeeper.models.seats import Seat

# How a call went, in the order the pages and players.csv give them.
CALLS: tuple[tuple[str, str], ...] = (
    (PartnerOutcome.REVEALED, "partner found"),
    (PartnerOutcome.MAKER_HELD, "held the ace"),
    (PartnerOutcome.NOT_IN_PLAY, "ace not in play"),
)
SUITS: tuple[tuple[str, str], ...] = (
    ("S", "spades"),
    ("H", "hearts"),
    ("D", "diamonds"),
    ("C", "clubs"),
)
SUIT_SIGNS = {"S": "\N{BLACK SPADE SUIT}", "H": "\N{BLACK HEART SUIT}"} | {
    "D": "\N{BLACK DIAMOND SUIT}",
    "C": "\N{BLACK CLUB SUIT}",
}
# A pair's place among the best: its share of hands won as if it had won one and
# lost one more (Laplace's rule), so one lucky hand does not top many good ones.
PRIOR_WON, PRIOR_HANDS = 1, 2
# The best pairs a season or the club shows, of games and of night rounds each.
BEST_PAIRS = 5
# A hand at a euchre night's table: its figures are counted apart from games'.
AT_NIGHT = models.ExpressionWrapper(
    models.Q(game__night_round__isnull=False), output_field=models.BooleanField()
)


@dataclass
class Ends:
    """How a number of hands ended for the maker's side (docs/rules.md, Call-Ace 5)."""

    hands: int = 0
    made: int = 0
    marched: int = 0
    euchred: int = 0
    renege: int = 0

    def add_ends(self, other: Ends) -> None:
        for name in ("hands", "made", "marched", "euchred", "renege"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def add(self, rule: str, count: int) -> None:
        self.hands += count
        if rule in MAKE_RULES:
            self.made += count
        elif rule in MARCH_RULES:
            self.marched += count
        elif rule in EUCHRE_RULES:
            self.euchred += count
        else:
            self.renege += count  # the hand ended on a proved renege

    @property
    def won(self) -> int:
        return self.made + self.marched

    @property
    def standing(self) -> float:
        return (self.won + PRIOR_WON) / (self.hands + PRIOR_HANDS)


@dataclass
class Pair:
    """A caller and the partner their called ace found, and how those hands ended."""

    caller: Player
    called: Player
    ends: Ends


@dataclass
class AceFigures:
    """The called aces of games, or of night rounds: each ace, how often it
    was called and how those hands ended, and the best caller-called pairs."""

    by_suit: dict[str, Ends] = field(default_factory=lambda: {s: Ends() for s, _ in SUITS})
    pairs: list[Pair] = field(default_factory=list)

    @property
    def calls(self) -> int:
        return sum(ends.hands for ends in self.by_suit.values())

    def suits_shown(self) -> list[tuple[str, str, Ends]]:
        return [(SUIT_SIGNS[suit], name, self.by_suit[suit]) for suit, name in SUITS]


@dataclass
class CallRecord(AceFigures):
    """One player's Call-Ace calls, by how they went and by the suit called,
    their hands as the called partner, and their pairs, best first."""

    by_call: dict[str, Ends] = field(default_factory=lambda: {c: Ends() for c, _ in CALLS})
    as_partner: Ends = field(default_factory=Ends)

    @property
    def calls(self) -> int:
        return sum(ends.hands for ends in self.by_call.values())

    def calls_shown(self) -> list[tuple[str, Ends]]:
        return [(label, self.by_call[call]) for call, label in CALLS]


def _player_at(position: str) -> models.Subquery:
    """The player in the seat at the hand's ``position`` (maker or partner)."""
    seat = Seat.objects.filter(game=models.OuterRef("game"), position=models.OuterRef(position))
    return models.Subquery(seat.values("player")[:1])


def _counted_hands(tables: Iterable[PrivateTable]) -> models.QuerySet[Hand]:
    return Hand.objects.filter(
        game__private_table__in=[t.pk for t in tables],
        game__variant=Variant.CALL_ACE,
        thrown_in=False,
        after_end=False,
        maker__isnull=False,
    ).order_by()


def call_records(
    tables: Iterable[PrivateTable], players: Iterable[Player]
) -> dict[int, CallRecord]:
    """Every one of ``players``' call record (by id) over the Call-Ace hands of
    ``tables`` (players.csv; a player's page reads ``record_of``)."""
    tables = list(tables)
    by_id = {p.pk: p for p in players}
    records = {pk: CallRecord() for pk in by_id}
    hands = _counted_hands(tables)
    for caller, outcome, called, rule, count in (
        hands.annotate(caller=_player_at("maker"))
        .values_list("caller", "outcome", "called", "rule")
        .annotate(n=models.Count("pk"))
    ):
        record = records.get(caller)
        if record is None:
            continue
        if outcome in record.by_call:
            record.by_call[outcome].add(rule, count)
        if called in record.by_suit:
            record.by_suit[called].add(rule, count)
    pairs = _pair_ends(hands)[False]
    for (_, partner), ends in pairs.items():
        if partner in records:
            records[partner].as_partner.add_ends(ends)
    for pair in _named_pairs(pairs, by_id):
        records[pair.caller.pk].pairs.append(pair)
        records[pair.called.pk].pairs.append(pair)
    return records


def _pair_ends(
    hands: models.QuerySet[Hand], *, apart: bool = False
) -> dict[bool, dict[tuple[int, int], Ends]]:
    """How each caller and the partner their ace found did (one query), by
    whether the hand was at a euchre night's table when ``apart``."""
    pairs: dict[bool, dict[tuple[int, int], Ends]] = {False: {}, True: {}}
    revealed = hands.filter(outcome=PartnerOutcome.REVEALED, partner__isnull=False)
    night = AT_NIGHT if apart else models.Value(False)
    for at_night, caller, partner, rule, count in (
        revealed.annotate(
            caller=_player_at("maker"), called_player=_player_at("partner"), at_night=night
        )
        .values_list("at_night", "caller", "called_player", "rule")
        .annotate(n=models.Count("pk"))
    ):
        pairs[bool(at_night)].setdefault((caller, partner), Ends()).add(rule, count)
    return pairs


def _named_pairs(pairs: dict[tuple[int, int], Ends], by_id: dict[int, Player]) -> list[Pair]:
    return [
        Pair(by_id[caller], by_id[partner], ends)
        for (caller, partner), ends in sorted(pairs.items(), key=_best_first)
        if caller in by_id and partner in by_id
    ]


# The club's called aces as last worked out, a few phones' tables at a time (D74).
_CLUBS: Kept[tuple[AceFigures, AceFigures]] = Kept(16)


def club_aces(tables: Iterable[PrivateTable]) -> tuple[AceFigures, AceFigures]:
    """Every game's called aces at ``tables``, kept while their games stay as they are."""
    tables = list(tables)
    return _CLUBS.get(tables_brief(t.pk for t in tables), lambda: ace_figures(tables))


def ace_figures(
    tables: Iterable[PrivateTable], games: models.QuerySet[Game] | None = None
) -> tuple[AceFigures, AceFigures]:
    """The called aces of the tables' Call-Ace hands (only ``games``' when
    given: a season's), games and night rounds apart, best pairs first
    (``BEST_PAIRS`` of each). Three queries whatever the number of hands."""
    hands = _counted_hands(tables)
    if games is not None:
        hands = hands.filter(game__in=games.values("pk"))
    figures = {False: AceFigures(), True: AceFigures()}
    for at_night, suit, rule, count in (
        hands.annotate(at_night=AT_NIGHT)
        .values_list("at_night", "called", "rule")
        .annotate(n=models.Count("pk"))
    ):
        if suit in figures[bool(at_night)].by_suit:
            figures[bool(at_night)].by_suit[suit].add(rule, count)
    pairs = _pair_ends(hands, apart=True)
    best = {night: sorted(pairs[night].items(), key=_best_first)[:BEST_PAIRS] for night in pairs}
    named = {p for shown in best.values() for pair, _ in shown for p in pair}
    by_id = Player.objects.in_bulk(named) if named else {}
    for night, shown in best.items():
        figures[night].pairs = _named_pairs(dict(shown), by_id)
    return figures[False], figures[True]


def _best_first(item: tuple[tuple[int, int], Ends]) -> tuple[float, int, int, int]:
    (caller, partner), ends = item
    return (-ends.standing, -ends.hands, caller, partner)


# Players' call records as last worked out, each under their table's brief (D74).
_PLAYERS: Kept[CallRecord] = Kept(64)


def record_of(player: Player) -> CallRecord:
    """One player's call record (their page), kept while their table's games and
    names stay as they are (docs/decisions.md, D74). A player's games are all of
    their own table."""
    brief = (player.pk, *tables_brief([player.private_table_id]))
    return _PLAYERS.get(brief, lambda: _worked_out(player))


def _worked_out(player: Player) -> CallRecord:
    """One query that starts from the player's own seats: only the hands of their
    games where their seat made trump or was the called partner are grouped,
    read from the index ``hand_calls`` alone, and only those look up the hand's
    other seat (docs/decisions.md, D32: flat as history grows)."""
    record = CallRecord()
    made = models.Q(game__seats__position=models.F("maker"))
    mine = models.Q(game__seats__player=player) & (
        made | models.Q(game__seats__position=models.F("partner"), outcome=PartnerOutcome.REVEALED)
    )
    # The hand's other seat: the partner their call found, or the maker who called them.
    other = models.Case(models.When(made=True, then=models.F("partner")), default=models.F("maker"))
    hands = (
        Hand.objects.filter(
            mine,
            game__variant=Variant.CALL_ACE,
            thrown_in=False,
            after_end=False,
            maker__isnull=False,
        )
        .annotate(made=made)
        .annotate(
            other_seat=models.FilteredRelation(
                "game__seats", condition=models.Q(game__seats__position=other)
            )
        )
        .order_by()
        .values_list("made", "other_seat__player", "outcome", "called", "rule")
        .annotate(n=models.Count("pk"))
    )
    pairs: dict[tuple[int, int], Ends] = {}
    for made_it, other_player, outcome, suit, rule, count in hands:
        if not made_it:  # they were the called partner
            record.as_partner.add(rule, count)
            pairs.setdefault((other_player, player.pk), Ends()).add(rule, count)
            continue
        if outcome in record.by_call:
            record.by_call[outcome].add(rule, count)
        if suit in record.by_suit:
            record.by_suit[suit].add(rule, count)
        if outcome == PartnerOutcome.REVEALED and other_player is not None:
            pairs.setdefault((player.pk, other_player), Ends()).add(rule, count)
    # ``player`` itself, as read: another phone may merge them away meanwhile.
    others = Player.objects.filter(private_table_id=player.private_table_id).exclude(pk=player.pk)
    by_id = {player.pk: player} | others.in_bulk({p for pair in pairs for p in pair} - {player.pk})
    record.pairs = [
        Pair(by_id[caller], by_id[partner], ends)
        for (caller, partner), ends in sorted(pairs.items(), key=_best_first)
        if caller in by_id and partner in by_id
    ]
    return record
