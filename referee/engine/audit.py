"""A hand audit: a hand replayed trick by trick, judged by the engine (docs/rules.md (every
variant); docs/formats.md, "What a hand record holds").

Plain Python: no Django import. Given the table, trump, the maker, the call and
who led first, and the cards of each trick in the order they were played,
``audit_hand`` judges every trick, works out who leads the next, spots the
trick where the called card revealed the partner, counts the tricks of the
maker's side, finds the reneges that the later play proves, and, once every
trick is in, scores the hand with ``referee.engine.scoring``.

The last trick may be unfinished (the audit is being entered); every earlier
trick must be complete.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from referee.engine.cards import Card, Rank, Suit, Trump, is_left_bower, trump_name
from referee.engine.checking import check_hand
from referee.engine.hands import GameSetup, Hand, HandError, PartnerOutcome
from referee.engine.scoring import HandScore, score_hand
from referee.engine.tricks import Play, Renege, find_reneges, judge_trick
from referee.engine.variants import Variant


class AuditError(ValueError):
    """The hand as entered cannot have been played. ``errors`` maps each field at
    fault (``maker``, ``trump``, ``called``, ``leader``, ``trick-2`` ...) to a message."""

    def __init__(self, errors: Mapping[str, str]) -> None:
        self.errors = dict(errors)
        super().__init__("; ".join(f"{k}: {v}" for k, v in self.errors.items()))


@dataclass(frozen=True, kw_only=True)
class TrickEntry:
    """One trick as entered: the cards in the order played, the first led.

    ``leader`` is who led it; None means whoever should have (the first leader,
    then the winner of the trick before), which is what an entry screen sends.
    """

    cards: tuple[Card, ...]
    leader: int | None = None


@dataclass(frozen=True, kw_only=True)
class AuditedTrick:
    number: int  # 1-based
    leader: int
    plays: tuple[Play, ...]
    complete: bool
    winner: int | None = None  # the seat that took it (complete tricks only)
    card: Card | None = None  # the winning card
    reason: str = ""  # the engine's one-sentence ruling
    reveals_partner: bool = False  # the called card was played in this trick


@dataclass(frozen=True, kw_only=True)
class RenegeFinding:
    renege: Renege
    sentence: str


@dataclass(frozen=True, kw_only=True)
class HandAudit:
    setup: GameSetup
    maker: int
    trump: Trump
    called: Suit | Card | None
    alone: bool
    first_leader: int
    tricks: tuple[AuditedTrick, ...]
    playing: tuple[int, ...]  # the seats that play, clockwise
    outcome: PartnerOutcome | None  # None while the called card is still to come
    partner: int | None
    revealed_on_trick: int | None
    reneges: tuple[RenegeFinding, ...]
    hand: Hand | None  # the hand record, once every trick is in
    score: HandScore | None

    @property
    def complete(self) -> bool:
        return self.hand is not None

    @property
    def finished_tricks(self) -> tuple[AuditedTrick, ...]:
        return tuple(t for t in self.tricks if t.complete)

    @property
    def sits_out(self) -> int | None:
        """A lone maker's partner in standard euchre (docs/rules.md, Standard 4)."""
        return self.setup.sits_out(Hand(maker=self.maker, outcome=_team(self.alone)))

    @property
    def maker_side(self) -> tuple[int, ...]:
        """The seats on the maker's side that play, as far as the cards have shown."""
        if self.setup.variant is Variant.STANDARD:
            team = self.setup.team_of(self.maker)
            return tuple(s for s in team if s != self.sits_out)
        if self.partner is not None:
            return (self.maker, self.partner)
        return (self.maker,)

    @property
    def maker_tricks(self) -> int:
        """Tricks taken so far by the maker's side (a hidden partner's count once revealed)."""
        side = self.maker_side
        return sum(1 for t in self.finished_tricks if t.winner in side)

    @property
    def called_card(self) -> Card | None:
        return _called_card(self.called)

    @property
    def next_player(self) -> int | None:
        """Whose card comes next (None once the hand is over): in a trick under
        way the next seat round from the last card, else the next leader."""
        if self.complete:
            return None
        if not self.tricks:
            return self.first_leader
        last = self.tricks[-1]
        if last.complete:
            assert last.winner is not None
            return last.winner
        return _order(self.playing, last.leader)[len(last.plays)]

    @property
    def trick_under_way(self) -> AuditedTrick | None:
        return self.tricks[-1] if self.tricks and not self.tricks[-1].complete else None

    @property
    def first_renege(self) -> RenegeFinding | None:
        """The renege that counts: the first one proved (docs/rules.md, Call-Ace 5)."""
        return self.reneges[0] if self.reneges else None

    @property
    def played(self) -> frozenset[Card]:
        return frozenset(p.card for t in self.tricks for p in t.plays)


def _team(alone: bool) -> PartnerOutcome:
    return PartnerOutcome.ALONE if alone else PartnerOutcome.TEAM


def _called_card(called: Suit | Card | None) -> Card | None:
    if isinstance(called, Suit):
        return Card(Rank.ACE, called)
    return called


def _order(playing: Sequence[int], leader: int) -> tuple[int, ...]:
    start = playing.index(leader)
    return tuple(playing[start:]) + tuple(playing[:start])


def audit_hand(
    setup: GameSetup,
    *,
    maker: int,
    trump: Trump,
    called: Suit | Card | None,
    first_leader: int,
    tricks: Sequence[TrickEntry],
    alone: bool = False,
) -> HandAudit:
    """Judge a hand trick by trick (docs/rules.md 3-5 (every variant)).

    Raises AuditError naming every field at fault: a maker, call or trump the
    variant does not allow; a leader who did not win the trick before; a trick
    with more cards than players; an unfinished trick before the last; a card
    played twice or not in the deck for this many players.
    """
    playing = _check_call(
        setup,
        maker=maker,
        trump=trump,
        called=called,
        first_leader=first_leader,
        tricks=len(tricks),
        alone=alone,
    )
    called_card = _called_card(called)
    audited = _audit_tricks(setup, tricks, playing, first_leader, trump, called_card)
    outcome, partner, revealed_on = _partner(setup, maker, alone, called_card, audited)
    reneges = tuple(
        RenegeFinding(renege=r, sentence=renege_sentence(setup, r, trump))
        for r in find_reneges(tricks=[t.plays for t in audited], trump=trump)
    )
    audit = HandAudit(
        setup=setup,
        maker=maker,
        trump=trump,
        called=called,
        alone=alone,
        first_leader=first_leader,
        tricks=tuple(audited),
        playing=playing,
        outcome=outcome,
        partner=partner,
        revealed_on_trick=revealed_on,
        reneges=reneges,
        hand=None,
        score=None,
    )
    if len(audited) == setup.deal.tricks and all(t.complete for t in audited):
        return _scored(audit)
    return audit


def _check_call(
    setup: GameSetup,
    *,
    maker: int,
    trump: Trump,
    called: Suit | Card | None,
    first_leader: int,
    tricks: int,
    alone: bool,
) -> tuple[int, ...]:
    """The seats that play the hand, once the call, the first leader and the
    number of tricks are ones the table allows (AuditError naming each fault)."""
    n = setup.n
    errors: dict[str, str] = {}
    for key, seat in (("maker", maker), ("leader", first_leader)):
        if not 0 <= seat < n:
            errors[key] = f"there is no seat {seat + 1} at a table of {n}"
    if errors:
        raise AuditError(errors)
    errors = _call_errors(setup, maker=maker, trump=trump, called=called, alone=alone)
    sits_out = setup.sits_out(Hand(maker=maker, outcome=_team(alone)))
    if sits_out is not None and first_leader == sits_out:
        errors["leader"] = f"{setup.name(sits_out)} sits out this lone hand and cannot lead"
    if tricks > setup.deal.tricks:
        errors["tricks"] = f"a hand has {setup.deal.tricks} tricks, not {tricks}"
    if errors:
        raise AuditError(errors)
    return tuple(s for s in range(n) if s != sits_out)


def _call_errors(
    setup: GameSetup, *, maker: int, trump: Trump, called: Suit | Card | None, alone: bool
) -> dict[str, str]:
    """What is wrong with the call: going alone, the card called and trump, as the
    variant and the deal allow them (``check_hand`` on the hand so far)."""
    errors: dict[str, str] = {}
    variant = setup.variant
    if variant is Variant.CALL_ACE and alone:
        errors["alone"] = "in Call-Ace a maker goes alone by calling an ace they hold"
    probe_outcome = (
        _team(alone)
        if variant is Variant.STANDARD
        else PartnerOutcome.ALONE
        if alone
        else PartnerOutcome.NOT_IN_PLAY
    )
    if variant is Variant.CALL_YOUR_PARTNER and not alone and called is None:
        errors["called"] = "name the called card, or say that the maker went alone"
    elif variant is Variant.CALL_ACE and called is None:
        errors["called"] = "name the suit of the called ace"
    called_card = _called_card(called)
    deal = setup.deal
    if called_card is not None and called_card.rank < deal.lowest_rank:
        errors["called"] = f"the {called_card.name} is not in the {deal.deck_size}-card deck"
    probe = Hand(maker=maker, trump=trump, called=called, outcome=probe_outcome)
    for key, message in check_hand(setup, probe).items():
        errors.setdefault(key, message)
    return errors


def _audit_tricks(
    setup: GameSetup,
    tricks: Sequence[TrickEntry],
    playing: tuple[int, ...],
    leader: int,
    trump: Trump,
    called_card: Card | None,
) -> list[AuditedTrick]:
    """Each trick judged in turn, its winner leading the next (AuditError at
    the first trick at fault)."""
    audited: list[AuditedTrick] = []
    seen: dict[Card, int] = {}
    for number, entry in enumerate(tricks, start=1):
        problem = _trick_problem(setup, entry, number, len(tricks), len(playing), seen)
        if problem is None and entry.leader is not None and entry.leader != leader:
            problem = _wrong_leader(setup, entry.leader, leader, number)
        if problem is not None:
            raise AuditError({f"trick-{number}": problem})
        for card in entry.cards:
            seen[card] = number
        order = _order(playing, leader)
        plays = tuple(
            Play(player=seat, card=card) for seat, card in zip(order, entry.cards, strict=False)
        )
        trick = AuditedTrick(
            number=number,
            leader=leader,
            plays=plays,
            complete=False,
            reveals_partner=called_card is not None and any(p.card == called_card for p in plays),
        )
        if len(plays) == len(playing):
            result = judge_trick(cards=entry.cards, trump=trump)
            leader = order[result.winner]
            trick = replace(
                trick, complete=True, winner=leader, card=result.card, reason=result.reason
            )
        audited.append(trick)
    return audited


def _scored(audit: HandAudit) -> HandAudit:
    """A hand audited to its last trick, with the hand it records and its score."""
    assert audit.outcome is not None
    setup = audit.setup
    alone_in_call_your_partner = setup.variant is Variant.CALL_YOUR_PARTNER and audit.alone
    hand = Hand(
        maker=audit.maker,
        trump=audit.trump,
        called=None if alone_in_call_your_partner else audit.called,
        outcome=audit.outcome,
        partner=audit.partner,
        tricks=audit.maker_tricks,
        renege=audit.reneges[0].renege.player if audit.reneges else None,
        revealed_on_trick=audit.revealed_on_trick,
    )
    try:
        score = score_hand(setup, hand)
    except HandError as error:  # pragma: no cover - the checks above rule these out
        raise AuditError(error.errors) from None
    return replace(audit, hand=hand, score=score)


def _trick_problem(
    setup: GameSetup,
    entry: TrickEntry,
    number: int,
    count: int,
    players: int,
    seen: Mapping[Card, int],
) -> str | None:
    deal = setup.deal
    if not entry.cards:
        return f"trick {number} has no cards"
    if len(entry.cards) > players:
        return (
            f"trick {number} has {len(entry.cards)} cards, but only {players} players play "
            "one card each"
        )
    if len(entry.cards) < players and number < count:
        return (
            f"trick {number} has {len(entry.cards)} cards: each of the {players} players "
            "plays one before the next trick starts"
        )
    in_trick: set[Card] = set()
    for card in entry.cards:
        if card.rank < deal.lowest_rank:
            return (
                f"the {card.name} is not in the deck: {setup.n} players use {deal.deck_description}"
            )
        if card in seen:
            return f"the {card.name} was already played on trick {seen[card]}"
        if card in in_trick:
            return f"the {card.name} appears twice in trick {number}"
        in_trick.add(card)
    return None


def _wrong_leader(setup: GameSetup, given: int, expected: int, number: int) -> str:
    if number == 1:
        return f"trick 1 was led by {setup.name(expected)}, not {setup.name(given)}"
    return (
        f"{setup.name(given)} cannot lead trick {number}: {setup.name(expected)} took "
        f"trick {number - 1} and leads next"
    )


def _partner(
    setup: GameSetup,
    maker: int,
    alone: bool,
    called_card: Card | None,
    tricks: Sequence[AuditedTrick],
) -> tuple[PartnerOutcome | None, int | None, int | None]:
    """Who turned out to be the partner, and on which trick (docs/rules.md, Call-Ace 3 and
    Call-Your-Partner 3)."""
    if setup.variant is Variant.STANDARD:
        return _team(alone), None, None
    if alone or called_card is None:
        return PartnerOutcome.ALONE, None, None
    for trick in tricks:
        for play in trick.plays:
            if play.card == called_card:
                if play.player == maker:
                    return PartnerOutcome.MAKER_HELD, None, None
                return PartnerOutcome.REVEALED, play.player, trick.number
    finished = len(tricks) == setup.deal.tricks and all(t.complete for t in tricks)
    return (PartnerOutcome.NOT_IN_PLAY if finished else None), None, None


def renege_sentence(setup: GameSetup, renege: Renege, trump: Trump) -> str:
    """A proved renege in one sentence a table can check against the cards.

    "Cat played the 9 of clubs on trick 2 while holding the ace of hearts,
    played on trick 4: hearts were led, so a heart had to be played."
    """
    held = f"the {renege.held.name}"
    if trump is not None and is_left_bower(renege.held, trump):
        held += f" (the left bower, one of the {trump.plural} with {trump_name(trump)} trump)"
    led = renege.led_suit
    return (
        f"{setup.name(renege.player)} played the {renege.card.name} on trick {renege.trick} "
        f"while holding {held}, played on trick {renege.proved_on}: {led.plural} were led, "
        f"so a {led.singular} had to be played."
    )
