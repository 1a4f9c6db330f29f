"""Playing a trick: who wins and why, legal plays, reneges (docs/rules.md 4 (every variant)).

Trick judging is checked exhaustively against a second formulation written
here from docs/rules.md alone: a ranking table typed out by hand (the trump cards
high to low for each trump, and the plain order of the other suits).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.cards import (
    SUITS,
    Card,
    CardError,
    Rank,
    Suit,
    Trump,
    format_trump,
    make_deck,
    parse_card,
    parse_cards,
)
from referee.engine.tricks import (
    Play,
    Renege,
    check_play,
    find_reneges,
    judge_trick,
    legal_plays,
    trick_winner,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
TRUMPS: list[Trump] = [S, H, D, C, None]

# --- The reference formulation (docs/rules.md 4 (every variant), typed out by hand) ---------------

TRUMP_HIGH_TO_LOW: dict[str, list[str]] = {
    "S": ["JS", "JC", "AS", "KS", "QS", "10S", "9S", "8S", "7S"],
    "H": ["JH", "JD", "AH", "KH", "QH", "10H", "9H", "8H", "7H"],
    "D": ["JD", "JH", "AD", "KD", "QD", "10D", "9D", "8D", "7D"],
    "C": ["JC", "JS", "AC", "KC", "QC", "10C", "9C", "8C", "7C"],
    "NT": [],
}
PLAIN_HIGH_TO_LOW = ["A", "K", "Q", "J", "10", "9", "8", "7"]


def reference_led_suit(led: str, trump: str) -> str:
    """The suit a led card asks for: trump for any trump card, else its printed suit."""
    return trump if led in TRUMP_HIGH_TO_LOW[trump] else led[-1]


def reference_key(card: str, led: str, trump: str) -> int:
    """How strongly ``card`` bids for a trick led with ``led``: any trump beats any
    card of the led suit, which beats anything else (which can never win)."""
    trumps = TRUMP_HIGH_TO_LOW[trump]
    if card in trumps:
        return 200 - trumps.index(card)
    if card[-1] == reference_led_suit(led, trump):
        return 100 - PLAIN_HIGH_TO_LOW.index(card[:-1])
    return 0


def reference_winner(trick: Sequence[str], trump: str) -> int:
    keys = [reference_key(card, trick[0], trump) for card in trick]
    return keys.index(max(keys))


def reference_is_trump(card: str, trump: str) -> bool:
    return card in TRUMP_HIGH_TO_LOW[trump]


def trump_id(trump: Trump) -> str:
    return format_trump(trump)


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


# --- Exhaustive judging ----------------------------------------------------------------


def _ordered_trick_mismatches(trump: Trump, deck: Sequence[Card], size: int) -> list[str]:
    """Every ordered trick of ``size`` distinct cards of ``deck``: where the engine's
    winner differs from the reference's. Keys are precomputed per (led, card) so the
    loop does one engine call and a few list look-ups per trick."""
    trump_text = format_trump(trump)
    names = [str(c) for c in deck]
    keys = [[reference_key(card, led, trump_text) for card in names] for led in names]
    mismatches: list[str] = []
    count = 0
    for trick in itertools.permutations(range(len(deck)), size):
        row = keys[trick[0]]
        trick_keys = [row[i] for i in trick]
        expected = trick_keys.index(max(trick_keys))
        got = trick_winner([deck[i] for i in trick], trump)
        count += 1
        if got != expected and len(mismatches) < 10:
            mismatches.append(
                f"{','.join(names[i] for i in trick)}: engine {got}, rules {expected}"
            )
    expected_count = 1
    for k in range(size):
        expected_count *= len(deck) - k
    assert count == expected_count  # every ordered trick was visited
    return mismatches


@pytest.mark.parametrize("trump", TRUMPS, ids=trump_id)
def test_every_ordered_four_card_trick_of_the_24_card_deck_goes_to_the_card_the_rules_say(
    trump: Trump,
) -> None:
    """24 x 23 x 22 x 21 = 255,024 tricks per trump, 1,275,120 in all."""
    assert _ordered_trick_mismatches(trump, make_deck(), 4) == []


@pytest.mark.parametrize("trump", TRUMPS, ids=trump_id)
def test_every_ordered_three_card_trick_of_the_32_card_deck_goes_to_the_card_the_rules_say(
    trump: Trump,
) -> None:
    """The 8s and 7s rank lowest: 32 x 31 x 30 = 29,760 tricks per trump."""
    assert _ordered_trick_mismatches(trump, make_deck(Rank.SEVEN), 3) == []


@pytest.mark.parametrize("trump", TRUMPS, ids=trump_id)
def test_judging_every_ordered_two_and_three_card_trick_names_the_winner_its_card_and_the_led_suit(
    trump: Trump,
) -> None:
    """judge_trick (what the API answers) on every ordered 2- and 3-card trick of the
    24-card deck: winner, card, led suit and a reason that names the winning card."""
    trump_text = format_trump(trump)
    deck = make_deck()
    names = [str(c) for c in deck]
    problems: list[str] = []
    for size in (2, 3):
        for trick in itertools.permutations(range(24), size):
            played = [deck[i] for i in trick]
            texts = [names[i] for i in trick]
            result = judge_trick(cards=played, trump=trump)
            expected = reference_winner(texts, trump_text)
            if (
                result.winner != expected
                or result.card != played[expected]
                or str(result.led_suit) != reference_led_suit(texts[0], trump_text)
                or not result.reason.startswith(f"The {played[expected].name} wins: ")
            ):
                problems.append(f"{','.join(texts)}: {result}")
                if len(problems) >= 10:
                    break
    assert problems == []


@settings(max_examples=300, deadline=None)
@given(
    trump=st.sampled_from(TRUMPS),
    trick=st.lists(st.sampled_from(make_deck(Rank.SEVEN)), min_size=2, max_size=6, unique=True),
)
def test_a_trick_of_two_to_six_cards_goes_to_the_card_the_rules_say(
    trump: Trump, trick: list[Card]
) -> None:
    result = judge_trick(cards=trick, trump=trump)
    expected = reference_winner([str(c) for c in trick], format_trump(trump))
    assert result.winner == expected
    assert result.card == trick[expected]
    assert result.winner == trick_winner(trick, trump)


# --- The reason, in words (docs/rules.md 4 (every variant)) ---------------------------------------


def test_the_contract_example_goes_to_the_left_bower_over_the_led_ace() -> None:
    result = judge_trick(cards=parse_cards("AS,JD,9H,KH"), trump=H)
    assert result.winner == 1
    assert str(result.card) == "JD"
    assert result.led_suit is S
    assert result.reason == (
        "The jack of diamonds wins: it is the left bower when hearts are trump, so it "
        "counts as a heart and outranks the king of hearts."
    )


def test_a_left_bower_dispute_names_the_left_bower_and_the_trump_it_outranks() -> None:
    result = judge_trick(cards=cards("AC KC JS AS"), trump=C)
    assert str(result.card) == "JS"
    assert "the left bower when clubs are trump" in result.reason
    assert "counts as a club" in result.reason
    assert "outranks the ace of spades" not in result.reason  # AS is not a club
    assert "outranks the king of clubs" not in result.reason
    assert "outranks the ace of clubs" in result.reason


def test_a_lone_left_bower_on_a_side_suit_lead_is_second_only_to_the_right_bower() -> None:
    result = judge_trick(cards=cards("9S JD AS KS"), trump=H)
    assert result.winner == 1
    assert "left bower when hearts are trump" in result.reason
    assert "second only to the right bower" in result.reason


def test_the_right_bower_beats_the_left_bower_and_says_why() -> None:
    result = judge_trick(cards=cards("JH JD AD QD"), trump=D)
    assert result.winner == 1
    assert "right bower" in result.reason
    assert "the jack of hearts led is the left bower, so diamonds were led" in result.reason


def test_an_off_suit_ace_cannot_win_and_the_reason_says_so() -> None:
    result = judge_trick(cards=cards("9S KS AD 10S"), trump=H)
    assert result.winner == 1
    assert result.reason == (
        "The king of spades wins: it is the highest spade played, above the 10 of spades, "
        "and no trump was played; the ace of diamonds cannot win because it is neither a "
        "trump nor a spade."
    )


def test_a_lowly_trump_beats_the_led_ace_and_the_reason_says_any_trump_beats_the_led_suit() -> None:
    result = judge_trick(cards=cards("AS 9H KS QS"), trump=H)
    assert result.winner == 1
    assert "any trump beats the spades that were led" in result.reason


def test_with_no_trump_the_highest_card_of_the_led_suit_wins_and_jacks_are_plain() -> None:
    result = judge_trick(cards=cards("QD JD JH AC"), trump=None)
    assert result.winner == 0
    assert result.led_suit is D
    assert "with no trump the led suit wins" in result.reason
    assert "the ace of clubs cannot win because it is not a diamond" in result.reason


def test_a_led_card_nobody_follows_wins_and_the_reason_says_nobody_followed() -> None:
    result = judge_trick(cards=cards("9C AD KD QD"), trump=S)
    assert result.winner == 0
    assert "nobody followed with a club or played a trump" in result.reason


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("AS", "a trick needs at least two cards"),
        ("AS KS QS JS 10S 9S 8S", "a trick has at most six cards"),
        ("AS KS AS", "AS appears twice in the trick"),
    ],
)
def test_an_impossible_trick_is_refused_with_a_reason(text: str, complaint: str) -> None:
    with pytest.raises(CardError, match=complaint):
        judge_trick(cards=cards(text), trump=H)


# --- Legal plays (docs/rules.md 4 (every variant)) ------------------------------------------------


def test_a_player_holding_the_led_suit_must_follow_it() -> None:
    result = legal_plays(hand=cards("9S KH QH AC"), led=parse_card("AH"), trump=S)
    assert result.legal == tuple(cards("KH QH"))
    assert result.must_follow is H
    assert "hearts must be followed" in result.reason


def test_a_player_without_the_led_suit_may_play_any_card() -> None:
    hand = cards("9S JS AC")
    result = legal_plays(hand=hand, led=parse_card("AH"), trump=D)
    assert result.legal == tuple(hand)
    assert result.must_follow is None
    assert "trumping is allowed but never required" in result.reason


def test_the_left_bower_alone_need_not_follow_a_lead_of_its_printed_suit() -> None:
    """With diamonds trump, the jack of hearts is a diamond (docs/rules.md 4 (every variant))."""
    hand = cards("JH AS")
    result = legal_plays(hand=hand, led=parse_card("9H"), trump=D)
    assert result.legal == tuple(hand)
    assert result.must_follow is None
    assert "the jack of hearts is the left bower when diamonds are trump" in result.reason


def test_the_left_bower_must_be_played_on_a_trump_lead_when_it_is_the_only_trump() -> None:
    result = legal_plays(hand=cards("JH AS 10C"), led=parse_card("9D"), trump=D)
    assert result.legal == tuple(cards("JH"))
    assert result.must_follow is D


def test_a_led_left_bower_calls_for_trump_not_its_printed_suit() -> None:
    result = legal_plays(hand=cards("AH 9D KC"), led=parse_card("JH"), trump=D)
    assert result.legal == tuple(cards("9D"))
    assert result.must_follow is D


def test_leading_any_card_is_legal() -> None:
    hand = cards("9S JH AD KC")
    result = legal_plays(hand=hand, led=None, trump=H)
    assert result.legal == tuple(hand)
    assert result.must_follow is None
    assert "leading" in result.reason


def test_holding_back_the_led_suit_is_a_renege() -> None:
    check = check_play(hand=cards("JH AS"), led=parse_card("9D"), trump=D, played=parse_card("AS"))
    assert not check.legal
    assert check.reason.startswith("Playing the ace of spades is a renege")
    assert "the jack of hearts" in check.reason


def test_following_suit_or_playing_any_card_when_void_is_legal() -> None:
    assert check_play(
        hand=cards("JH AS"), led=parse_card("9D"), trump=D, played=parse_card("JH")
    ).legal
    assert check_play(
        hand=cards("JH AS"), led=parse_card("9H"), trump=D, played=parse_card("AS")
    ).legal


@pytest.mark.parametrize(
    ("hand", "led", "played", "complaint"),
    [
        ("AS AS KH", "9C", None, "AS appears twice in the hand"),
        ("AS KH 9C", "9C", None, "the led card 9C cannot also be in the player's hand"),
        ("", "9C", None, "the hand is empty"),
        ("AS KH", "9C", "QD", "the played card QD must be one of the cards in the hand"),
    ],
)
def test_an_impossible_hand_or_play_is_refused_with_a_reason(
    hand: str, led: str, played: str | None, complaint: str
) -> None:
    held, on = cards(hand), parse_card(led)
    if played is None:
        with pytest.raises(CardError, match=complaint):
            legal_plays(hand=held, led=on, trump=H)
    else:
        with pytest.raises(CardError, match=complaint):
            check_play(hand=held, led=on, trump=H, played=parse_card(played))


@settings(max_examples=400, deadline=None)
@given(
    trump=st.sampled_from(TRUMPS),
    dealt=st.lists(st.sampled_from(make_deck(Rank.SEVEN)), min_size=2, max_size=9, unique=True),
    leading=st.booleans(),
)
def test_the_legal_plays_are_the_held_cards_of_the_led_suit_else_the_whole_hand(
    trump: Trump, dealt: list[Card], leading: bool
) -> None:
    led, hand = dealt[0], dealt[1:]
    trump_text = format_trump(trump)
    result = legal_plays(hand=hand, led=None if leading else led, trump=trump)
    if leading:
        assert set(result.legal) == set(hand)
        return
    wanted = reference_led_suit(str(led), trump_text)
    followers = [
        c
        for c in hand
        if (trump_text if reference_is_trump(str(c), trump_text) else str(c)[-1]) == wanted
    ]
    if followers:
        assert set(result.legal) == set(followers)
        assert str(result.must_follow) == wanted
    else:
        assert set(result.legal) == set(hand)
        assert result.must_follow is None
    for card in hand:
        assert check_play(hand=hand, led=led, trump=trump, played=card).legal == (
            card in result.legal
        )


# --- Reneges over a hand (docs/rules.md 4 (every variant), Call-Ace 5) ----------------------------


def plays(*tricks: str) -> list[list[Play]]:
    """Tricks written as "seat:card" in the order played: "0:9S 1:AD 2:QS 3:10S"."""
    return [
        [Play(player=int(p), card=parse_card(c)) for p, c in (w.split(":") for w in t.split())]
        for t in tricks
    ]


def test_a_renege_is_proved_when_the_player_later_plays_the_suit_they_held_back() -> None:
    hand = plays(
        "0:9S 1:AD 2:QS 3:10S",  # seat 1 throws a diamond on spades...
        "2:AC 3:9C 0:10C 1:KS",  # ...and later shows the king of spades
    )
    assert find_reneges(tricks=hand, trump=H) == [
        Renege(
            player=1, trick=1, card=parse_card("AD"), led_suit=S, held=parse_card("KS"), proved_on=2
        )
    ]


def test_a_renege_is_proved_when_the_held_back_suit_is_later_led() -> None:
    hand = plays("0:9S 1:AD 2:QS 3:10S", "2:AC 3:9C 0:10C 1:KC", "1:KS 2:9H 3:QH 0:AS")
    (renege,) = find_reneges(tricks=hand, trump=H)
    assert (renege.player, renege.trick, renege.proved_on, str(renege.held)) == (1, 1, 3, "KS")


def test_not_following_is_no_proved_renege_if_the_player_never_shows_that_suit() -> None:
    hand = plays("0:9S 1:AD 2:QS 3:10S", "2:AC 3:9C 0:10C 1:KD", "1:QD 2:9H 3:QH 0:AS")
    assert find_reneges(tricks=hand, trump=H) == []


def test_following_suit_every_time_is_never_a_renege() -> None:
    hand = plays("0:9S 1:AS 2:QS 3:10S", "1:AC 2:9C 3:10C 0:KC")
    assert find_reneges(tricks=hand, trump=D) == []


def test_holding_back_the_left_bower_on_a_trump_lead_is_a_renege() -> None:
    """With diamonds trump the jack of hearts is a diamond: seat 1 had to play it."""
    hand = plays("0:9D 1:AS 2:QD 3:10D", "2:AC 3:9C 0:10C 1:JH")
    (renege,) = find_reneges(tricks=hand, trump=D)
    assert renege.player == 1
    assert renege.led_suit is D
    assert str(renege.held) == "JH"


def test_keeping_the_left_bower_on_a_lead_of_its_printed_suit_is_no_renege() -> None:
    """With diamonds trump, a heart lead does not call for the jack of hearts."""
    hand = plays("0:9H 1:AS 2:QH 3:10H", "2:AC 3:9C 0:10C 1:JH")
    assert find_reneges(tricks=hand, trump=D) == []


def test_a_left_bower_played_on_its_printed_suit_while_holding_that_suit_is_a_renege() -> None:
    """With diamonds trump, the jack of hearts does not follow a heart lead."""
    hand = plays("0:9H 1:JH 2:QH 3:10H", "2:AC 3:9C 0:10C 1:KH")
    (renege,) = find_reneges(tricks=hand, trump=D)
    assert (renege.player, str(renege.card), renege.led_suit, str(renege.held)) == (
        1,
        "JH",
        H,
        "KH",
    )


def test_several_reneges_are_listed_in_the_order_they_were_proved_so_the_first_proved_stands() -> (
    None
):
    hand = plays(
        "0:9S 1:AD 2:QS 3:10S",  # seat 1 reneges first (holds KS)...
        "0:9C 1:10C 2:AH 3:QC",  # ...seat 2 reneges second (holds KC)...
        "2:KC 3:JC 0:AC 1:9D",  # ...but seat 2's is proved first, on trick 3
        "1:KS 2:9H 3:QH 0:AS",  # seat 1's on trick 4
    )
    found = find_reneges(tricks=hand, trump=D)
    assert [(r.player, r.trick, r.proved_on) for r in found] == [(2, 2, 3), (1, 1, 4)]


def test_two_reneges_proved_in_the_same_trick_are_ordered_by_who_showed_their_card_first() -> None:
    hand = plays(
        "0:9S 1:AD 2:QS 3:10S",  # seat 1 reneges (holds KS)
        "0:9C 1:10C 2:AH 3:QC",  # seat 2 reneges (holds KC)
        "3:9S 0:AS 1:KS 2:KC",  # both proved on trick 3: seat 1 showed first
    )
    found = find_reneges(tricks=hand, trump=D)
    assert [(r.player, r.trick, r.proved_on) for r in found] == [(1, 1, 3), (2, 2, 3)]


def test_the_leader_of_a_trick_never_reneges_on_it() -> None:
    hand = plays("0:9S 1:AS 2:QS 3:10S", "0:AH 1:KH 2:9H 3:QH", "0:KS 1:9C 2:10C 3:AC")
    assert find_reneges(tricks=hand, trump=C) == []


@pytest.mark.parametrize("trump", SUITS)
def test_renege_detection_uses_the_trump_given(trump: Suit) -> None:
    # The jack of the partner suit led: a trump lead, and seat 1 holds back a trump.
    left = parse_card(f"J{trump.partner_suit}")
    low_trump = parse_card(f"9{trump}")
    other = next(s for s in SUITS if s not in (trump, trump.partner_suit))
    hand = [
        [Play(player=0, card=left), Play(player=1, card=parse_card(f"A{other}"))],
        [Play(player=1, card=low_trump), Play(player=0, card=parse_card(f"K{other}"))],
    ]
    (renege,) = find_reneges(tricks=hand, trump=trump)
    assert (renege.player, renege.led_suit, renege.held) == (1, trump, low_trump)
