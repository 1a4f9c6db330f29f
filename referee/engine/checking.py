"""The impossible combinations of a hand record, field by field (docs/rules.md (every variant);
docs/formats.md, "What a hand record holds"). Plain Python: no Django import.

A message that names a player is built by seat (``referee.engine.explaining``):
``check_hand_parts`` gives every message as parts, ``check_hand`` in words with
the table's names.
"""

from __future__ import annotations

from referee.engine.cards import (
    Card,
    Suit,
    is_left_bower,
    is_trump,
    trump_name,
)
from referee.engine.explaining import Explanation, Seat, explain
from referee.engine.hands import GameSetup, Hand, PartnerOutcome
from referee.engine.variants import (
    Variant,
    seats_opposite,
)

_OUTCOMES = {
    Variant.CALL_ACE: {
        PartnerOutcome.REVEALED,
        PartnerOutcome.MAKER_HELD,
        PartnerOutcome.NOT_IN_PLAY,
    },
    Variant.CALL_YOUR_PARTNER: {
        PartnerOutcome.REVEALED,
        PartnerOutcome.MAKER_HELD,
        PartnerOutcome.NOT_IN_PLAY,
        PartnerOutcome.ALONE,
    },
    Variant.STANDARD: {PartnerOutcome.TEAM, PartnerOutcome.ALONE},
}


# A field's message: words, or parts where it names a player.
_Errors = dict[str, str | Explanation]


def check_hand(setup: GameSetup, hand: Hand, *, dealer: int | None = None) -> dict[str, str]:
    """``check_hand_parts``' messages in words, with the table's names."""
    return {
        key: message.text(setup.players)
        for key, message in check_hand_parts(setup, hand, dealer=dealer).items()
    }


def check_hand_parts(
    setup: GameSetup, hand: Hand, *, dealer: int | None = None
) -> dict[str, Explanation]:
    """The impossible combinations of a hand record, field by field (docs/rules.md (every variant);
    docs/formats.md, "What a hand record holds").

    ``dealer``: who the rotation says dealt the hand, when the caller knows it (a
    hand names its dealer only out of turn). The rules that depend on the dealer
    (the Canadian loner) are checked only when one of the two says who dealt.
    """
    errors: _Errors = {}
    if hand.thrown_in:
        return {}
    _check_seats(setup, hand, errors)
    _check_bid(setup, hand, errors)
    _check_called(setup, hand, errors)
    _check_partner(hand, errors)
    dealt = hand.dealer if hand.dealer is not None else dealer
    if dealt is not None and not errors:
        _check_canadian_loner(setup, hand, dealt, errors)
    sitting_out = setup.sits_out(hand)
    if hand.renege is not None and hand.renege == sitting_out:
        errors.setdefault(
            "renege",
            explain(
                Seat(sitting_out), " sits out a lone hand and plays no cards, so cannot renege"
            ),
        )
    return {key: explain(message) for key, message in errors.items()}


def _check_seats(setup: GameSetup, hand: Hand, errors: _Errors) -> None:
    """Every player the hand names sits at the table."""
    n = setup.n
    for key in ("maker", "partner", "renege", "dealer"):
        seat = getattr(hand, key)
        if seat is not None and not 0 <= seat < n:
            errors[key] = f"there is no seat {seat + 1} at a table of {n}"


def _check_bid(setup: GameSetup, hand: Hand, errors: _Errors) -> None:
    """Trump, the bidding round and the tricks the variant, deal and house rules allow."""
    variant = setup.variant
    if hand.trump is None:
        if variant is not Variant.STANDARD:
            errors["trump"] = f"{variant.label} has no no-trump call: name a suit"
        elif not setup.rules.no_trump:
            errors["trump"] = "no trump is not allowed: the no-trump house rule is off"
        elif hand.round == 1:
            errors["round"] = "no trump can only be called in round 2"
    if not 0 <= hand.tricks <= setup.deal.tricks:
        errors["tricks"] = f"tricks must be from 0 to {setup.deal.tricks}"
    if hand.round == 1 and variant is Variant.CALL_ACE and not setup.deal.turn_up:
        errors["round"] = "with this deal no card is turned up, so bidding starts at round 2"


def _check_called(setup: GameSetup, hand: Hand, errors: _Errors) -> None:
    """The partner outcome and the card called, as the variant calls them (docs/rules.md,
    Call-Ace 3 and Call-Your-Partner 3)."""
    variant = setup.variant
    if hand.outcome not in _OUTCOMES[variant]:
        errors.setdefault("partner", f"{variant.label} has no '{hand.outcome}' partner outcome")
    if variant is Variant.CALL_ACE and not isinstance(hand.called, Suit):
        errors.setdefault("called", "name the suit of the called ace")
    if variant is not Variant.CALL_YOUR_PARTNER:
        return
    if hand.outcome is PartnerOutcome.ALONE:
        if hand.called is not None:
            errors.setdefault("called", "a maker who goes alone calls no card")
    elif not isinstance(hand.called, Card):
        errors.setdefault("called", "name the called card, or record that the maker went alone")
    else:
        _check_called_card(setup, hand.called, hand, errors)


def _check_called_card(setup: GameSetup, called: Card, hand: Hand, errors: _Errors) -> None:
    """Call-Your-Partner's called card is in the deck and is not a trump (docs/rules.md,
    Call-Your-Partner 3)."""
    if called.rank < setup.deal.lowest_rank:
        errors.setdefault(
            "called",
            f"the {called.name} is not in the {setup.deal.deck_size}-card deck",
        )
    elif is_trump(called, hand.trump):
        role = (
            "the left bower, a trump card,"
            if hand.trump is not None and is_left_bower(called, hand.trump)
            else "a trump card"
        )
        errors.setdefault(
            "called",
            f"the {called.name} is {role} with {trump_name(hand.trump)} trump:"
            " the called card must not be a trump",
        )


def _check_partner(hand: Hand, errors: _Errors) -> None:
    """A revealed partner is named and is not the maker; no other outcome names one."""
    if hand.outcome is PartnerOutcome.REVEALED:
        if hand.partner is None:
            errors.setdefault("partner", "name the partner")
        elif hand.partner == hand.maker:
            errors.setdefault(
                "partner",
                "the partner cannot be the maker: if the maker held the called card, "
                'choose "maker held it"',
            )
        return
    # The outcome says the maker had no partner: a partner named as well would be
    # ignored by the score, so the record contradicts itself (docs/rules.md, Call-Ace 3 and
    # Call-Your-Partner 3).
    if hand.partner is not None:
        errors.setdefault(
            "partner", f"the outcome '{hand.outcome}' has no partner: do not name one"
        )
    if hand.revealed_on_trick is not None:
        errors.setdefault("revealed_on_trick", "only a named partner is revealed on a trick")


def must_go_alone(setup: GameSetup, *, maker: int, dealer: int, bidding_round: int | None) -> bool:
    """The Canadian loner (docs/rules.md, Standard 3; a house rule): at a standard
    table that plays it, the dealer's partner who orders the dealer up in round 1
    must play the hand alone.

    A hand record says who ordered up only through its bidding round: in round 1
    the maker is the player who ordered the dealer up (or the dealer, picking the
    card up), in round 2 the one who named trump. Without a round the record does
    not say, and nothing is asked of it (docs/decisions.md, D46)."""
    return (
        setup.variant is Variant.STANDARD
        and setup.rules.canadian_loner
        and bidding_round == 1
        and maker == seats_opposite(dealer)
    )


def _check_canadian_loner(setup: GameSetup, hand: Hand, dealer: int, errors: _Errors) -> None:
    """A hand the Canadian loner makes a lone hand is recorded as one."""
    if hand.alone or not must_go_alone(
        setup, maker=hand.maker, dealer=dealer, bidding_round=hand.round
    ):
        return
    errors["alone"] = explain(
        Seat(hand.maker),
        " ordered up their partner ",
        Seat(dealer),
        ", the dealer, in round 1: under the Canadian loner house rule they must go alone "
        "(Standard rules 3). Record the hand alone, or fix the round or the maker.",
    )


def check_dealt_hands(
    setup: GameSetup, *, first_dealer: int, hands: tuple[Hand, ...] | list[Hand]
) -> tuple[int, dict[str, str]] | None:
    """The first hand of a game that its dealer makes impossible, by number (from 1) with
    the faults ``check_hand`` finds, or None: each hand checked with the dealer the
    rotation gives it (docs/rules.md, Standard 1: the deal passes to the left after
    every hand; a hand dealt out of turn names its dealer)."""
    dealer = first_dealer
    for number, hand in enumerate(hands, start=1):
        dealt = dealer if hand.dealer is None else hand.dealer
        errors = check_hand(setup, hand, dealer=dealt)
        if errors:
            return number, errors
        dealer = (dealt + 1) % setup.n
    return None
