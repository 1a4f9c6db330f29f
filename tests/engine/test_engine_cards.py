"""Cards, notation, decks and ranking (docs/rules.md 1 (every variant);
docs/formats.md, "Card notation").

The expected orders below are written out by hand from docs/rules.md, not derived
from the engine, so a mistake in the engine's ranking cannot hide in them.
"""

from __future__ import annotations

import pytest

from referee.engine.cards import (
    SUITS,
    Card,
    CardError,
    Rank,
    Suit,
    effective_suit,
    format_cards,
    format_trump,
    is_left_bower,
    is_right_bower,
    is_trump,
    make_deck,
    parse_card,
    parse_cards,
    parse_suit,
    parse_trump,
    suit_order,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
TRUMPS = [S, H, D, C, None]


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def texts(card_list: list[Card]) -> str:
    return " ".join(str(c) for c in card_list)


# --- Notation (docs/formats.md, "Card notation") ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("10H", Rank.TEN, H),
        ("TH", Rank.TEN, H),
        ("th", Rank.TEN, H),
        ("jd", Rank.JACK, D),
        ("Jd", Rank.JACK, D),
        ("AS", Rank.ACE, S),
        ("qc", Rank.QUEEN, C),
        ("K♥", Rank.KING, H),
        ("a♠", Rank.ACE, S),
        ("9♦", Rank.NINE, D),
        ("10♣", Rank.TEN, C),
        ("t♣", Rank.TEN, C),
        ("8S", Rank.EIGHT, S),
        ("7h", Rank.SEVEN, H),
        ("  9c ", Rank.NINE, C),
        # Phones add an emoji variation selector after the suit symbols.
        ("A♥\ufe0f", Rank.ACE, H),
    ],
)
def test_a_card_is_read_from_any_accepted_spelling(text: str, rank: Rank, suit: Suit) -> None:
    assert parse_card(text) == Card(rank, suit)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10H", "10H"),
        ("TH", "10H"),
        ("t♥", "10H"),
        ("jd", "JD"),
        ("a♠", "AS"),
        ("q♣", "QC"),
        ("9d", "9D"),
        ("8c", "8C"),
        ("7♦", "7D"),
    ],
)
def test_a_card_is_written_in_the_canonical_form(text: str, canonical: str) -> None:
    assert str(parse_card(text)) == canonical


def test_every_card_of_the_32_card_deck_is_written_as_rank_then_suit_letter() -> None:
    written = {str(c) for c in make_deck(Rank.SEVEN)}
    expected = {r + s for r in ("7", "8", "9", "10", "J", "Q", "K", "A") for s in "SHDC"}
    assert written == expected


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("S", S),
        ("h", H),
        ("D", D),
        ("c", C),
        ("♠", S),
        ("♥", H),
        ("♦", D),
        ("♣", C),
        (" ♥\ufe0f", H),
    ],
)
def test_a_suit_is_one_letter_or_its_symbol_in_any_case(text: str, suit: Suit) -> None:
    assert parse_suit(text) is suit
    assert parse_trump(text) is suit


@pytest.mark.parametrize("suit", SUITS)
def test_a_suit_is_written_as_one_letter(suit: Suit) -> None:
    assert str(suit) in ("S", "H", "D", "C")
    assert format_trump(suit) == str(suit)
    assert parse_suit(str(suit)) is suit


@pytest.mark.parametrize("text", ["NT", "nt", "Nt", " nT "])
def test_no_trump_is_read_from_nt_in_any_case(text: str) -> None:
    assert parse_trump(text) is None


def test_no_trump_is_written_nt() -> None:
    assert format_trump(None) == "NT"


def test_a_list_of_cards_is_read_from_commas_with_spaces_allowed() -> None:
    assert parse_cards("AS, jd ,9♥,TH") == cards("AS JD 9H 10H")


def test_an_empty_list_of_cards_reads_as_no_cards() -> None:
    assert parse_cards("") == []
    assert parse_cards("   ") == []


def test_a_list_of_cards_is_written_comma_separated_in_canonical_form() -> None:
    assert format_cards(parse_cards("th,jd,a♠")) == "10H,JD,AS"


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("", "write a rank then a suit"),
        ("H", "write a rank then a suit"),
        ("1H", "the rank must be one of 7 8 9 10 J Q K A"),
        ("11H", "the rank must be one of 7 8 9 10 J Q K A"),
        ("6H", "the rank must be one of 7 8 9 10 J Q K A"),
        ("ZH", "the rank must be one of 7 8 9 10 J Q K A"),
        ("HA", "the rank must be one of 7 8 9 10 J Q K A"),
        ("10 H", "the rank must be one of 7 8 9 10 J Q K A"),
        ("10X", "the suit must be one of S H D C"),
        ("AN", "the suit must be one of S H D C"),
        ("JNT", "the rank must be one of"),
    ],
)
def test_bad_card_text_is_refused_with_a_message_quoting_it(text: str, complaint: str) -> None:
    with pytest.raises(CardError) as error:
        parse_card(text)
    message = str(error.value)
    assert f"'{text}' is not a card" in message
    assert complaint in message


def test_a_card_that_is_not_text_is_refused_with_a_clear_message() -> None:
    with pytest.raises(CardError, match="a card must be text, not int"):
        parse_card(10)  # type: ignore[arg-type]


def test_one_bad_card_in_a_list_is_named() -> None:
    with pytest.raises(CardError, match="'1S' is not a card"):
        parse_cards("AS,1S,KH")
    with pytest.raises(CardError, match="is not a card"):
        parse_cards("AS,,KH")


@pytest.mark.parametrize("text", ["", "X", "NT", "HH", "10", "spades"])
def test_bad_suit_text_is_refused_naming_the_choices(text: str) -> None:
    with pytest.raises(CardError, match=f"'{text}' is not a suit: use S, H, D or C"):
        parse_suit(text)


@pytest.mark.parametrize("text", ["", "X", "N", "NTT", "no trump"])
def test_bad_trump_text_is_refused_naming_the_choices(text: str) -> None:
    with pytest.raises(CardError, match=f"'{text}' is not a trump: use S, H, D, C or NT"):
        parse_trump(text)


# --- Decks (docs/rules.md 1 (every variant)) ------------------------------------------------------


def test_the_24_card_deck_is_9_to_ace_in_every_suit() -> None:
    deck = make_deck()
    assert len(deck) == 24
    assert {str(c) for c in deck} == {
        r + s for r in ("9", "10", "J", "Q", "K", "A") for s in "SHDC"
    }


def test_the_28_card_deck_adds_the_8s() -> None:
    deck = make_deck(Rank.EIGHT)
    assert len(deck) == 28
    assert set(deck) - set(make_deck()) == set(cards("8S 8H 8D 8C"))


def test_the_32_card_deck_adds_the_8s_and_7s() -> None:
    deck = make_deck(Rank.SEVEN)
    assert len(deck) == 32
    assert set(deck) - set(make_deck()) == set(cards("8S 8H 8D 8C 7S 7H 7D 7C"))


@pytest.mark.parametrize("lowest", [Rank.NINE, Rank.EIGHT, Rank.SEVEN])
def test_a_deck_has_one_of_each_card(lowest: Rank) -> None:
    deck = make_deck(lowest)
    assert len(set(deck)) == len(deck)


# --- Colours, bowers and the effective suit (docs/rules.md 4 (every variant)) ---------------------


@pytest.mark.parametrize(
    ("trump", "right", "left"),
    [(S, "JS", "JC"), (H, "JH", "JD"), (D, "JD", "JH"), (C, "JC", "JS")],
)
def test_each_trump_has_its_jack_as_right_bower_and_the_same_colour_jack_as_left(
    trump: Suit, right: str, left: str
) -> None:
    deck = make_deck(Rank.SEVEN)
    assert [str(c) for c in deck if is_right_bower(c, trump)] == [right]
    assert [str(c) for c in deck if is_left_bower(c, trump)] == [left]
    assert is_trump(parse_card(right), trump)
    assert is_trump(parse_card(left), trump)


def test_with_no_trump_there_are_no_bowers_and_no_trumps() -> None:
    deck = make_deck(Rank.SEVEN)
    assert not any(is_right_bower(c, None) or is_left_bower(c, None) for c in deck)
    assert not any(is_trump(c, None) for c in deck)


@pytest.mark.parametrize("trump", TRUMPS, ids=lambda t: format_trump(t))
def test_every_card_keeps_its_printed_suit_except_the_left_bower(trump: Suit | None) -> None:
    left = {S: "JC", H: "JD", D: "JH", C: "JS", None: None}[trump]
    for card in make_deck(Rank.SEVEN):
        expected = trump if str(card) == left else card.suit
        assert effective_suit(card, trump) is expected, str(card)


def test_with_diamonds_trump_the_jack_of_hearts_is_a_diamond() -> None:
    jack_of_hearts = parse_card("JH")
    assert effective_suit(jack_of_hearts, D) is D
    assert is_trump(jack_of_hearts, D)
    assert effective_suit(jack_of_hearts, H) is H
    assert effective_suit(jack_of_hearts, S) is H


@pytest.mark.parametrize("trump", SUITS)
def test_the_trump_suit_holds_seven_cards_of_the_24_card_deck_and_its_partner_suit_five(
    trump: Suit,
) -> None:
    deck = make_deck()
    counts = {s: sum(1 for c in deck if effective_suit(c, trump) is s) for s in SUITS}
    assert counts[trump] == 7
    assert counts[trump.partner_suit] == 5
    assert sorted(counts.values()) == [5, 6, 6, 7]


# --- Order within a suit (docs/rules.md 4 (every variant)) ----------------------------------------

# Written out by hand from docs/rules.md 4 (every variant): trump, the other suit of its colour (no
# jack), and the two suits of the other colour.
SUIT_ORDERS = {
    S: {
        S: "JS JC AS KS QS 10S 9S",
        C: "AC KC QC 10C 9C",
        H: "AH KH QH JH 10H 9H",
        D: "AD KD QD JD 10D 9D",
    },
    H: {
        H: "JH JD AH KH QH 10H 9H",
        D: "AD KD QD 10D 9D",
        S: "AS KS QS JS 10S 9S",
        C: "AC KC QC JC 10C 9C",
    },
    D: {
        D: "JD JH AD KD QD 10D 9D",
        H: "AH KH QH 10H 9H",
        S: "AS KS QS JS 10S 9S",
        C: "AC KC QC JC 10C 9C",
    },
    C: {
        C: "JC JS AC KC QC 10C 9C",
        S: "AS KS QS 10S 9S",
        H: "AH KH QH JH 10H 9H",
        D: "AD KD QD JD 10D 9D",
    },
}


@pytest.mark.parametrize("trump", SUITS)
@pytest.mark.parametrize("suit", SUITS)
def test_each_suit_ranks_high_to_low_as_the_rules_say_under_each_trump(
    trump: Suit, suit: Suit
) -> None:
    assert texts(suit_order(suit, trump)) == SUIT_ORDERS[trump][suit]


@pytest.mark.parametrize("suit", SUITS)
def test_with_no_trump_every_suit_ranks_ace_king_queen_jack_10_9(suit: Suit) -> None:
    expected = " ".join(f"{r}{suit}" for r in ("A", "K", "Q", "J", "10", "9"))
    assert texts(suit_order(suit, None)) == expected


def test_with_the_32_card_deck_the_8_and_7_rank_lowest_in_every_suit() -> None:
    assert texts(suit_order(H, H, lowest=Rank.SEVEN)) == "JH JD AH KH QH 10H 9H 8H 7H"
    assert texts(suit_order(D, H, lowest=Rank.SEVEN)) == "AD KD QD 10D 9D 8D 7D"
    assert texts(suit_order(S, H, lowest=Rank.SEVEN)) == "AS KS QS JS 10S 9S 8S 7S"
    assert texts(suit_order(C, None, lowest=Rank.EIGHT)) == "AC KC QC JC 10C 9C 8C"


def test_a_card_names_itself_in_words() -> None:
    assert parse_card("JD").name == "jack of diamonds"
    assert parse_card("10H").name == "10 of hearts"
    assert parse_card("AS").short == "A♠"
