"""Players' records: the statistics the history screens show. Each seat keeps
its hands' figures (``Seat.makes`` ...), and each pair of seats of a game its
hands together or facing each other (``SeatPair``), counted from the hands'
cached figures (``Hand.rule``, ``Hand.outcome`` ...) whenever the game is
scored (``seat_figures``, ``pair_figures``); the database adds them up per
player. The rule groups counted (makes, marches, euchres, reneges) are the
engine's."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from django.db import models
from django.db.models.functions import Coalesce

from referee.engine.hands import PartnerOutcome
from referee.engine.scoring import EUCHRE_RULES, MAKE_RULES, MARCH_RULES, RENEGE_RULES
from referee.engine.variants import seats_opposite

if TYPE_CHECKING:
    from scorekeeper.models.hands import Hand

# The games figures of a record (``record_aggregates``): what the players list shows
# (and who is listed: someone who has only played euchre nights has night tables).
RESULT_FIGURES = ("games", "finished", "wins", "shared_wins", "night_tables")

# The figures each seat keeps (``Seat`` has a field of each name).
SEAT_FIGURES = (
    "hands_made",
    "makes",
    "marches",
    "euchred",
    "decided_by_renege",
    "alone_calls",
    "alone_not_in_play",
    "partnered",
    "reneges",
)


def hand_figures(hand: Hand, position: int) -> Iterator[str]:
    """The figures of ``SEAT_FIGURES`` that ``hand`` (its cached ``rule`` and
    ``after_end`` set) adds one to for the seat at ``position``: see
    ``record_aggregates`` for what each counts."""
    if hand.after_end or hand.thrown_in:
        return
    if hand.maker == position:
        yield "hands_made"
        for name, rules in (
            ("makes", MAKE_RULES),
            ("marches", MARCH_RULES),
            ("euchred", EUCHRE_RULES),
            ("decided_by_renege", RENEGE_RULES),
        ):
            if hand.rule in rules:
                yield name
        if hand.outcome in (PartnerOutcome.MAKER_HELD, PartnerOutcome.ALONE):
            yield "alone_calls"
        if hand.outcome == PartnerOutcome.NOT_IN_PLAY:
            yield "alone_not_in_play"
    if (hand.outcome == PartnerOutcome.REVEALED and hand.partner == position) or (
        hand.outcome == PartnerOutcome.TEAM
        and hand.maker is not None
        and position == seats_opposite(hand.maker)
    ):
        yield "partnered"
    if hand.renege == position:
        yield "reneges"


def seat_figures(hands: Iterable[Hand], seats: int) -> list[dict[str, int]]:
    """Each seat's figures (``SEAT_FIGURES``) over ``hands``."""
    figures = [dict.fromkeys(SEAT_FIGURES, 0) for _ in range(seats)]
    for hand in hands:
        for position, counts in enumerate(figures):
            for name in hand_figures(hand, position):
                counts[name] += 1
    return figures


# What each pair of seats of a game keeps (``SeatPair`` has a field of each
# name), for one seat ("me") and another ("other"): see ``hand_pair_figures``.
PAIR_FIGURES = (
    "together",
    "together_made",
    "together_marched",
    "together_euchred",
    "together_renege",
    "called",
    "called_by",
    "faced",
    "faced_euchred",
)


def maker_side(hand: Hand, seats: int) -> set[int]:
    """The positions on the maker's side of a counted hand: the maker and the
    revealed partner in Call-Ace and Call-Your-Partner (docs/rules.md, Call-Ace 3 and
    Call-Your-Partner 3), the teammate in standard euchre when the maker did not go alone
    (docs/rules.md, Standard 3). Everyone else defends."""
    assert hand.maker is not None
    if hand.outcome == PartnerOutcome.REVEALED and hand.partner is not None:
        return {hand.maker, hand.partner}
    if hand.outcome == PartnerOutcome.TEAM:
        return {hand.maker, (hand.maker + 2) % seats}  # docs/rules.md, Standard 1: seats opposite
    return {hand.maker}


def _together(rule: str) -> str:
    """How a hand ended for the maker's side: made, marched, euchred or, any
    other rule, decided by a renege (docs/rules.md, Call-Ace 5)."""
    for name, rules in (("made", MAKE_RULES), ("marched", MARCH_RULES), ("euchred", EUCHRE_RULES)):
        if rule in rules:
            return f"together_{name}"
    return "together_renege"


def hand_pair_figures(hand: Hand, seats: int) -> Iterator[tuple[int, int, str]]:
    """``(me, other, figure)`` for each figure of ``PAIR_FIGURES`` that
    ``hand`` (counted: not thrown in, not after the end) adds one to: with
    ``me`` on the maker's side, ``together`` (and how it ended) when ``other``
    is too, ``called`` when ``me`` made trump and revealed ``other`` as the
    partner, ``called_by`` the other way round; ``faced`` when ``other``
    defended, ``faced_euchred`` when the maker's side was euchred."""
    if hand.after_end or hand.thrown_in or hand.maker is None:
        return
    side = maker_side(hand, seats)
    ended = _together(hand.rule)
    for me in sorted(side):
        for other in range(seats):
            if other == me:
                continue
            if other in side:
                yield me, other, "together"
                yield me, other, ended
                if hand.outcome == PartnerOutcome.REVEALED:
                    yield me, other, "called" if hand.maker == me else "called_by"
            else:
                yield me, other, "faced"
                if hand.rule in EUCHRE_RULES:
                    yield me, other, "faced_euchred"


def pair_figures(hands: Iterable[Hand], seats: int) -> dict[tuple[int, int], dict[str, int]]:
    """Each ordered pair of seats' figures (``PAIR_FIGURES``) over ``hands``."""
    figures = {
        (me, other): dict.fromkeys(PAIR_FIGURES, 0)
        for me in range(seats)
        for other in range(seats)
        if me != other
    }
    for hand in hands:
        for me, other, name in hand_pair_figures(hand, seats):
            figures[me, other][name] += 1
    return figures


def record_aggregates(
    *, seat: str, games: models.QuerySet[models.Model] | None = None
) -> dict[str, models.Expression]:
    """A player's record as aggregates over their seats; ``seat`` is the path
    to a seat ("seats__" from Player, "" from Seat); ``games``, when given,
    limits the record to those games.

    Games: ``games`` sat in, ``finished`` of them, ``wins`` (a standard team's
    win counts for both partners) and ``shared_wins`` (level on the top total,
    docs/rules.md, Call-Ace 6). A euchre night's table is not a game anyone wins (docs/rules.md
    7): it is not among those four but counted apart as ``night_tables`` (a
    round at a table of a night), and its hands count like any game's.
    Hands, summed from the seats' cached figures (``hand_figures``), over the
    hands that count (not thrown in, not after the end): ``hands_made`` as
    maker, of which ``makes``, ``marches``, ``euchred`` and
    ``decided_by_renege``; ``alone_calls`` (by choice: holding the called card
    or calling alone) and ``alone_not_in_play`` (the called card was not in
    play, docs/rules.md, Call-Ace 3); ``partnered``, on the maker's side as the revealed
    partner or, in standard euchre, the maker's teammate when not alone; and
    ``reneges``.
    """

    def at(path: str) -> str:
        return f"{seat}{path}"

    # Each seat caches whether its game is over and its win shared (``Seat.finished``).
    won = models.Q(**{at("won"): True})
    shared = models.Q(**{at("shared_win"): True})
    scope = models.Q() if games is None else models.Q(**{at("game__in"): games})
    # A game's seat, not a euchre night's table (docs/rules.md, Euchre night 3: nobody wins one).
    game_seat = models.Q(**{at("at_night"): False})

    def seats(condition: models.Q | None = None, *, kind: models.Q = game_seat) -> models.Aggregate:
        where = scope & kind & condition if condition is not None else scope & kind
        return models.Count(at("pk"), filter=where)

    def total(figure: str) -> Coalesce:
        # The seat's cached count (``seat_figures``): no hand is read.
        return Coalesce(models.Sum(at(figure), filter=scope or None), 0)

    return {
        "games": seats(),
        "finished": seats(models.Q(**{at("finished"): True})),
        "wins": seats(won),
        "shared_wins": seats(shared),
        "night_tables": seats(kind=~game_seat),
        **{figure: total(figure) for figure in SEAT_FIGURES},
    }
