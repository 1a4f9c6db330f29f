"""Playing a trick: legal plays, the winner and why, reneges (docs/rules.md 4 (every variant)).

Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.engine.cards import (
    Card,
    CardError,
    Suit,
    Trump,
    effective_suit,
    is_left_bower,
    is_right_bower,
    is_trump,
    power_in_suit,
)
from referee.engine.explaining import join_names


def _check_distinct(cards: Sequence[Card], what: str) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"{card} appears twice in the {what}; a deck has one of each card")
        seen.add(card)


def _left_bower_note(card: Card, trump: Trump) -> str:
    assert trump is not None
    return (
        f"the {card.name} is the left bower when {trump.plural} are trump, "
        f"so it counts as a {trump.singular}"
    )


# --- Legal plays ---------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class LegalPlays:
    legal: tuple[Card, ...]
    must_follow: Suit | None
    reason: str


def legal_plays(*, hand: Sequence[Card], led: Card | None, trump: Trump) -> LegalPlays:
    """Which cards of ``hand`` may be played on ``led`` (None: the player leads).

    A player holding any card of the led card's effective suit must play one;
    otherwise any card may be played (docs/rules.md 4 (every variant)).
    """
    if not hand:
        raise CardError("the hand is empty: give at least one card")
    _check_distinct(hand, "hand")
    if led is None:
        return LegalPlays(
            legal=tuple(hand),
            must_follow=None,
            reason="The player is leading, so any card may be played.",
        )
    if led in hand:
        raise CardError(f"the led card {led} cannot also be in the player's hand")
    led_suit = effective_suit(led, trump)
    followers = tuple(c for c in hand if effective_suit(c, trump) == led_suit)
    lead_note = ""
    if trump is not None and is_left_bower(led, trump):
        lead_note = f" ({_left_bower_note(led, trump)})"
    notes = _bower_notes(hand, led_suit, trump)
    if followers:
        names = join_names([f"the {c.name}" for c in followers])
        reason = (
            f"The {led.name} was led{lead_note}: {led_suit.plural} must be followed, "
            f"and this hand holds {names}, so "
            f"{'that card' if len(followers) == 1 else 'one of them'} must be played{notes}."
        )
        return LegalPlays(legal=followers, must_follow=led_suit, reason=reason)
    reason = (
        f"The {led.name} was led{lead_note}, and this hand holds no {led_suit.plural}{notes}, "
        "so any card may be played; trumping is allowed but never required."
    )
    return LegalPlays(legal=tuple(hand), must_follow=None, reason=reason)


def _bower_notes(hand: Sequence[Card], led_suit: Suit, trump: Trump) -> str:
    """Explain a left bower in the hand that changes what counts as following."""
    if trump is None:
        return ""
    for card in hand:
        if is_left_bower(card, trump) and (card.suit == led_suit or trump == led_suit):
            return f" ({_left_bower_note(card, trump)})"
    return ""


@dataclass(frozen=True, kw_only=True)
class PlayCheck:
    legal: bool
    reason: str


def check_play(*, hand: Sequence[Card], led: Card | None, trump: Trump, played: Card) -> PlayCheck:
    """Was playing ``played`` from ``hand`` on ``led`` legal? If not, it is a renege."""
    if played not in hand:
        raise CardError(f"the played card {played} must be one of the cards in the hand")
    options = legal_plays(hand=hand, led=led, trump=trump)
    if played in options.legal:
        return PlayCheck(legal=True, reason=f"Playing the {played.name} is legal. {options.reason}")
    assert options.must_follow is not None
    return PlayCheck(
        legal=False,
        reason=(
            f"Playing the {played.name} is a renege: the hand holds "
            f"{join_names([f'the {c.name}' for c in options.legal])}, and "
            f"{options.must_follow.plural} were led, so the player had to follow suit."
        ),
    )


# --- Winning a trick ----------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TrickResult:
    winner: int  # 0-based position in the order played
    card: Card
    led_suit: Suit
    reason: str


def trick_winner(cards: Sequence[Card], trump: Trump) -> int:
    """The 0-based position of the winning card (docs/rules.md 4 (every variant)): the highest
    trump, else the highest card of the led effective suit."""
    led_suit = effective_suit(cards[0], trump)
    best = 0
    for i, card in enumerate(cards[1:], start=1):
        if _beats(card, cards[best], led_suit, trump):
            best = i
    return best


def _beats(card: Card, best: Card, led_suit: Suit, trump: Trump) -> bool:
    card_trump, best_trump = is_trump(card, trump), is_trump(best, trump)
    if card_trump != best_trump:
        return card_trump
    if not card_trump and effective_suit(card, trump) != led_suit:
        return False
    return power_in_suit(card, trump) > power_in_suit(best, trump)


def judge_trick(*, cards: Sequence[Card], trump: Trump) -> TrickResult:
    """Who won the trick and why, in one sentence (docs/rules.md 4 (every variant))."""
    if len(cards) < 2:
        raise CardError("a trick needs at least two cards, the first one led")
    if len(cards) > 6:
        raise CardError("a trick has at most six cards, one for each player")
    _check_distinct(cards, "trick")
    winner = trick_winner(cards, trump)
    return TrickResult(
        winner=winner,
        card=cards[winner],
        led_suit=effective_suit(cards[0], trump),
        reason=_trick_reason(cards, winner, trump),
    )


def _trick_reason(cards: Sequence[Card], winner: int, trump: Trump) -> str:
    card = cards[winner]
    led = cards[0]
    led_suit = effective_suit(led, trump)
    trumps_played = [c for c in cards if is_trump(c, trump)]
    contenders = trumps_played or [c for c in cards if effective_suit(c, trump) == led_suit]
    others = sorted(
        (c for c in contenders if c != card),
        key=lambda c: power_in_suit(c, trump),
        reverse=True,
    )
    runner_up = others[0] if others else None
    if is_trump(card, trump):
        why = _why_trump_wins(card, trump, led_suit, len(trumps_played), runner_up)
    else:
        why = _why_led_suit_wins(trump, led_suit, runner_up)

    parts = [f"The {card.name} wins: {why}"]
    if trump is not None and is_left_bower(led, trump) and winner != 0:
        parts.append(f"; the {led.name} led is the left bower, so {trump.plural} were led")
    # The classic dispute: a high card of another suit that cannot win.
    for other in cards:
        if other == card or other in contenders or effective_suit(other, trump) == led_suit:
            continue
        if other.rank > card.rank:
            parts.append(f"; the {other.name} cannot win because {_off_suit(led_suit, trump)}")
            break
    return "".join(parts) + "."


def _why_trump_wins(
    card: Card, trump: Trump, led_suit: Suit, trumps: int, runner_up: Card | None
) -> str:
    """Why ``card``, a trump, took the trick (``trumps``: how many trumps were played)."""
    if is_right_bower(card, trump):
        return "it is the right bower, the jack of trump and the highest card in the game"
    if trump is not None and is_left_bower(card, trump):
        why = (
            f"it is the left bower when {trump.plural} are trump, so it counts as "
            f"a {trump.singular} and "
        )
        if runner_up is not None:
            return why + f"outranks the {runner_up.name}"
        return why + "is second only to the right bower"
    if trumps == 1 and led_suit != trump:
        return f"it is a trump, and any trump beats the {led_suit.plural} that were led"
    if trumps == 1:
        return "it was led, and nobody else played a trump"
    above = f", above the {runner_up.name}," if runner_up is not None else ""
    return f"it is the highest trump played{above.rstrip(',')}"


def _why_led_suit_wins(trump: Trump, led_suit: Suit, runner_up: Card | None) -> str:
    """Why the highest card of the suit led took a trick no trump won."""
    if runner_up is None:
        if trump is None:
            return f"it was led, and nobody followed with another {led_suit.singular}"
        return f"it was led, and nobody followed with a {led_suit.singular} or played a trump"
    above = f", above the {runner_up.name},"
    if trump is None:
        return (
            f"it is the highest {led_suit.singular} played{above} "
            "and with no trump the led suit wins"
        )
    return f"it is the highest {led_suit.singular} played{above} and no trump was played"


def _off_suit(led_suit: Suit, trump: Trump) -> str:
    """Why a card of another suit than the one led, and no trump, cannot win."""
    if trump is None:
        return f"it is not a {led_suit.singular}"
    if led_suit == trump:
        return "it is not a trump"
    return f"it is neither a trump nor a {led_suit.singular}"


# --- Reneges over a hand --------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Play:
    player: int
    card: Card


@dataclass(frozen=True, kw_only=True)
class Renege:
    """A proved renege (docs/rules.md 4 (every variant)): ``player`` played ``card`` on trick
    ``trick`` (1-based) while holding ``held``, a card of the led suit, which
    they played later on trick ``proved_on``."""

    player: int
    trick: int
    card: Card
    led_suit: Suit
    held: Card
    proved_on: int


def find_reneges(*, tricks: Sequence[Sequence[Play]], trump: Trump) -> list[Renege]:
    """Every proved renege in a hand, in the order they were proved.

    ``tricks`` holds each trick's plays in the order played (the first led).
    A renege is proved when the player later plays a card of the suit they
    failed to follow. Only the first proved one is scored (docs/rules.md, Call-Ace 5).
    """
    later_cards: dict[int, list[tuple[int, int, Card]]] = {}
    for t, trick in enumerate(tricks, start=1):
        for position, play in enumerate(trick):
            later_cards.setdefault(play.player, []).append((t, position, play.card))
    found: list[tuple[tuple[int, int], Renege]] = []
    for t, trick in enumerate(tricks, start=1):
        if not trick:
            continue
        led_suit = effective_suit(trick[0].card, trump)
        for play in trick[1:]:
            if effective_suit(play.card, trump) == led_suit:
                continue
            for later_t, later_pos, later_card in later_cards.get(play.player, []):
                if later_t > t and effective_suit(later_card, trump) == led_suit:
                    renege = Renege(
                        player=play.player,
                        trick=t,
                        card=play.card,
                        led_suit=led_suit,
                        held=later_card,
                        proved_on=later_t,
                    )
                    found.append(((later_t, later_pos), renege))
                    break
    found.sort(key=lambda item: (item[0], item[1].trick))
    return [r for _, r in found]
