"""Reading a hand from the game document and writing it back
(docs/formats.md, "Game document (import and export)";
docs/formats.md, "What a hand record holds"). Plain Python: no Django import."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.engine.cards import (
    Card,
    CardError,
    Suit,
    Trump,
    parse_card,
    parse_suit,
    parse_trump,
)
from referee.engine.checking import check_hand
from referee.engine.hands import (
    GameSetup,
    Hand,
    HandError,
    PartnerOutcome,
)
from referee.engine.names import NameError_, clean_name, holds_hidden, index_of
from referee.engine.variants import (
    Variant,
)

# --- Reading a hand from the game document (names) or a form (seats) -----------------

_PARTNER_WORDS = {"maker": PartnerOutcome.MAKER_HELD, "none": PartnerOutcome.NOT_IN_PLAY}
_SCORED_KEYS = {
    "maker",
    "trump",
    "tricks",
    "renege",
    "revealed_on_trick",
    "round",
    "dealer",
    "called",
    "partner",
    "alone",
    "thrown_in",
}
# Export adds these; import ignores them (docs/formats.md, "Game document (import and export)").
_IGNORED_KEYS = {"points", "explanation"}


def read_hand(setup: GameSetup, data: Mapping[str, Any], *, dealer: int | None = None) -> Hand:
    """Read and validate one hand of the game document
    (docs/formats.md, "Game document (import and export)").

    Every field at fault is named in the HandError it raises; a valid hand is
    returned with players as seats. ``dealer``: who the rotation says deals it,
    when the caller knows (``check_hand``); the hand's own ``dealer`` comes first.
    """
    return _read_hand(setup, data, dealer=dealer, by_seat=False)


def read_hand_by_seat(
    setup: GameSetup, data: Mapping[str, Any], *, dealer: int | None = None
) -> Hand:
    """``read_hand`` for a hand whose players are given by seat (0-based numbers:
    ``maker``, ``partner``, ``renege``, ``dealer``), as a form's chips give them:
    the same fields and messages, with no name to read back into a seat. Each field
    is read, no rule checked: whoever stores the hand checks it (``check_hand``,
    once: ``Game.take_hand``, the edit of a hand)."""
    return _read_hand(setup, data, dealer=dealer, by_seat=True)


def _read_hand(
    setup: GameSetup, data: Mapping[str, Any], *, dealer: int | None, by_seat: bool
) -> Hand:
    if not isinstance(data, Mapping):
        raise HandError({"hand": "a hand must be an object with its fields"})
    in_turn = dealer
    errors: dict[str, str] = {}
    unknown = sorted(set(data) - _SCORED_KEYS - _IGNORED_KEYS)
    for key in unknown:
        errors[key] = f"'{key}' is not a field of a hand"
    dealer = (
        _read_seat(setup, data, "dealer", errors, by_seat=by_seat) if "dealer" in data else None
    )
    if data.get("thrown_in") is True:
        return _read_thrown_in(data, dealer, errors)
    if "thrown_in" in data and data["thrown_in"] is not False:
        errors["thrown_in"] = "must be true or false"

    maker = _read_seat(setup, data, "maker", errors, required=True, by_seat=by_seat)
    trump: Trump = _read_parsed(
        data, "trump", parse_trump, "name the trump suit (S, H, D or C)", errors
    )
    round_ = _read_int(data, "round", errors, low=1, high=2)
    tricks = _read_int(data, "tricks", errors, low=0, high=setup.deal.tricks, required=True)
    revealed = _read_int(data, "revealed_on_trick", errors, low=1, high=setup.deal.tricks)
    renege = (
        _read_seat(setup, data, "renege", errors, by_seat=by_seat) if "renege" in data else None
    )
    called, outcome, partner = _read_call(setup, data, errors, by_seat=by_seat)

    hand = Hand(
        dealer=dealer,
        maker=maker if maker is not None else 0,
        trump=trump,
        called=called,
        outcome=outcome,
        partner=partner,
        tricks=tricks if tricks is not None else 0,
        renege=renege,
        round=round_,
        revealed_on_trick=revealed,
    )
    if maker is not None and not by_seat:
        # The engine's word on a hand whose fields read well; else only on
        # the fields not already at fault.
        for key, message in check_hand(setup, hand, dealer=in_turn).items():
            errors.setdefault(key, message)
    if errors:
        raise HandError(errors)
    return hand


def _read_thrown_in(data: Mapping[str, Any], dealer: int | None, errors: dict[str, str]) -> Hand:
    """A thrown-in hand: nothing but who dealt (HandError for anything more)."""
    extra = sorted(set(data) & (_SCORED_KEYS - {"thrown_in", "dealer"}))
    for key in extra:
        errors[key] = "a thrown-in hand has no maker, trump or tricks"
    if errors:
        raise HandError(errors)
    return Hand(thrown_in=True, dealer=dealer)


def _read_parsed[T](
    data: Mapping[str, Any],
    key: str,
    parse: Callable[[str], T],
    missing: str,
    errors: dict[str, str],
) -> T | None:
    """``data[key]`` read by ``parse`` (a suit, a card, trump); None, with the
    fault in ``errors`` (``missing`` when it is not there), when it cannot be."""
    if key not in data:
        errors[key] = missing
        return None
    try:
        return parse(_text(data[key]))
    except CardError as e:
        errors[key] = str(e)
        return None


# The called card and the partner a hand records, as each variant calls them.
Call = tuple[Suit | Card | None, PartnerOutcome, int | None]


def _read_call(
    setup: GameSetup, data: Mapping[str, Any], errors: dict[str, str], *, by_seat: bool
) -> Call:
    """The card called, how the partner turned out and who it was
    (docs/rules.md 3 (every variant))."""
    alone = data.get("alone", False)
    if not isinstance(alone, bool):
        errors["alone"] = "must be true or false"
        alone = False
    if setup.variant is Variant.CALL_ACE:
        return _read_call_ace(setup, data, errors, by_seat=by_seat)
    if setup.variant is Variant.CALL_YOUR_PARTNER:
        return _read_called_partner(setup, data, alone, errors, by_seat=by_seat)
    for key in ("called", "partner"):
        if key in data:
            errors[key] = "standard euchre has fixed partners: nothing is called"
    return None, PartnerOutcome.ALONE if alone else PartnerOutcome.TEAM, None


def _read_call_ace(
    setup: GameSetup, data: Mapping[str, Any], errors: dict[str, str], *, by_seat: bool
) -> Call:
    """Call-Ace: the called ace's suit, and its holder (docs/rules.md, Call-Ace 3)."""
    if "alone" in data:
        errors["alone"] = (
            'in Call-Ace a maker goes alone by calling an ace they hold: give partner "maker"'
        )
    called = _read_parsed(
        data, "called", parse_suit, "name the suit of the called ace (S, H, D or C)", errors
    )
    outcome, partner = _read_partner(setup, data, errors, by_seat=by_seat)
    return called, outcome, partner


def _read_called_partner(
    setup: GameSetup, data: Mapping[str, Any], alone: bool, errors: dict[str, str], *, by_seat: bool
) -> Call:
    """Call-Your-Partner: the called card and its holder, or the maker alone
    (docs/rules.md, Call-Your-Partner 3)."""
    if alone:
        for key in ("called", "partner"):
            if key in data:
                errors[key] = "a maker who goes alone calls no card"
        return None, PartnerOutcome.ALONE, None
    called = _read_parsed(
        data, "called", parse_card, "name the called card (like AS or 10H), or record alone", errors
    )
    outcome, partner = _read_partner(setup, data, errors, by_seat=by_seat)
    return called, outcome, partner


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise CardError(f"expected text, not {_kind(value)}")
    return value


def _kind(value: Any) -> str:
    """What a value of the wrong type is, in words a scorer reads."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return "null" if value is None else type(value).__name__


def _read_seat(
    setup: GameSetup,
    data: Mapping[str, Any],
    key: str,
    errors: dict[str, str],
    *,
    required: bool = False,
    unknown: str = "",
    by_seat: bool = False,
) -> int | None:
    if key not in data:
        if required:
            errors[key] = f"name the {key}"
        return None
    if by_seat:
        return _seat_number(setup, data[key], key, errors)
    name = data[key]
    if not isinstance(name, str):
        # Never echo a non-text value: a huge number cannot even be written out.
        errors[key] = f"give a player's name as text, not {_kind(name)}"
        return None
    seat = seat_named(setup, name)
    if seat is None:
        # A name no player can have says why (its hidden character is not echoed).
        errors[key] = (
            name_fault(name)
            or unknown
            or f"'{name}' is not one of the players ({setup.names(range(setup.n))})"
        )
    return seat


def _seat_number(setup: GameSetup, value: Any, key: str, errors: dict[str, str]) -> int | None:
    """A seat given as its 0-based number: one of the table's."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < setup.n:
        errors[key] = f"give a seat from 1 to {setup.n}"
        return None
    return value


def name_fault(name: str) -> str | None:
    """Why ``name`` can be no player's when it holds a hidden character (the
    message names the character, never echoes it), or None."""
    if not holds_hidden(name):
        return None
    try:
        clean_name(name)
    except NameError_ as error:
        return str(error)
    return None


def seat_named(setup: GameSetup, name: str) -> int | None:
    """The seat of the player ``name`` means, as names are compared
    (``referee.engine.names``: "ann" and a full-width "Ann" mean Ann), or None when it
    is no player's (a name with a hidden character never is)."""
    try:
        return index_of(clean_name(name), setup.players)
    except NameError_:
        return None


def _read_int(
    data: Mapping[str, Any],
    key: str,
    errors: dict[str, str],
    *,
    low: int,
    high: int,
    required: bool = False,
) -> int | None:
    if key not in data:
        if required:
            errors[key] = f"give the number of {key}"
        return None
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        errors[key] = f"must be a whole number from {low} to {high}"
        return None
    if not low <= value <= high:
        errors[key] = f"must be from {low} to {high}"
        return None
    return value


def _read_partner(
    setup: GameSetup, data: Mapping[str, Any], errors: dict[str, str], *, by_seat: bool
) -> tuple[PartnerOutcome, int | None]:
    if "partner" not in data:
        errors["partner"] = (
            'name the partner, or "maker" (the maker held the called card) '
            'or "none" (it was not in play)'
        )
        return PartnerOutcome.REVEALED, None
    value = data["partner"]
    if isinstance(value, str) and value in _PARTNER_WORDS:
        return _PARTNER_WORDS[value], None
    unknown = ""
    if isinstance(value, str) and not by_seat:
        unknown = f'\'{value}\' is not one of the players; use a player\'s name, "maker" or "none"'
    seat = _read_seat(setup, data, "partner", errors, unknown=unknown, by_seat=by_seat)
    return PartnerOutcome.REVEALED, seat


def hand_to_dict(setup: GameSetup, hand: Hand) -> dict[str, Any]:
    """A hand in game-document form (without the export-only fields)."""
    if hand.thrown_in:
        data: dict[str, Any] = {"thrown_in": True}
        if hand.dealer is not None:
            data["dealer"] = setup.name(hand.dealer)
        return data
    data = {
        "maker": setup.name(hand.maker),
        "trump": "NT" if hand.trump is None else str(hand.trump),
    }
    if setup.variant is not Variant.STANDARD and hand.outcome is not PartnerOutcome.ALONE:
        data["called"] = str(hand.called)
        if hand.outcome is PartnerOutcome.REVEALED and hand.partner is not None:
            data["partner"] = setup.name(hand.partner)
        else:
            data["partner"] = hand.outcome.value
    elif hand.outcome is PartnerOutcome.ALONE:
        data["alone"] = True
    data["tricks"] = hand.tricks
    if hand.renege is not None:
        data["renege"] = setup.name(hand.renege)
    if hand.revealed_on_trick is not None:
        data["revealed_on_trick"] = hand.revealed_on_trick
    if hand.round is not None:
        data["round"] = hand.round
    if hand.dealer is not None:
        data["dealer"] = setup.name(hand.dealer)
    return data
