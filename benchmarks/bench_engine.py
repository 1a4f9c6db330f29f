"""The rules engine: judging a trick, legal plays, scoring a long game."""

from __future__ import annotations

import random

from benchmarks import Timing, measure
from referee.engine.cards import Suit, make_deck
from referee.engine.document import read_document, write_document
from referee.engine.hands import GameSetup, Hand, PartnerOutcome
from referee.engine.totals import score_game
from referee.engine.tricks import judge_trick, legal_plays
from referee.engine.variants import Variant

PLAYERS = ("Ann", "Ben", "Cat", "Dan", "Eve")


def _long_game(hands: int = 60) -> list[Hand]:
    """A 5-player Call-Ace game of small scores that stays short of the target."""
    rng = random.Random(7)
    played = []
    for number in range(hands):
        maker = number % 5
        played.append(
            Hand(
                maker=maker,
                trump=rng.choice(list(Suit)),
                called=rng.choice(list(Suit)),
                outcome=PartnerOutcome.REVEALED,
                partner=(maker + 1 + rng.randrange(4)) % 5,
                tricks=3,
            )
        )
    return played


def bench_judge_trick() -> Timing:
    rng = random.Random(1)
    deck = list(make_deck())
    tricks = [rng.sample(deck, 4) for _ in range(1000)]
    cycle = iter(range(10**9))

    def judge() -> None:
        judge_trick(cards=tricks[next(cycle) % 1000], trump=Suit.HEARTS)

    return measure("judge a 4-card trick, with its reason", judge, iterations=20_000)


def bench_legal_plays() -> Timing:
    rng = random.Random(2)
    deck = list(make_deck())
    deals = [rng.sample(deck, 6) for _ in range(1000)]
    cycle = iter(range(10**9))

    def check() -> None:
        led, *hand = deals[next(cycle) % 1000]
        legal_plays(hand=hand, led=led, trump=Suit.DIAMONDS)

    return measure("legal plays for a 5-card hand", check, iterations=20_000)


def bench_score_game_60_hands() -> Timing:
    setup = GameSetup(variant=Variant.CALL_ACE, players=PLAYERS)
    hands = _long_game()
    return measure(
        "score a 60-hand Call-Ace game",
        lambda: score_game(setup, first_dealer=0, hands=hands),
        iterations=500,
    )


def bench_document_round_trip_60_hands() -> Timing:
    setup = GameSetup(variant=Variant.CALL_ACE, players=PLAYERS)
    document = write_document(
        read_document(
            {
                "format": "bower.game/1",
                "variant": "call-ace",
                "players": list(PLAYERS),
                "first_dealer": "Ann",
                "hands": [],
            }
        )
    )
    from referee.engine.reading import hand_to_dict

    document["hands"] = [hand_to_dict(setup, h) for h in _long_game()]
    return measure(
        "read and write a 60-hand game document",
        lambda: write_document(read_document(document)),
        iterations=200,
    )
