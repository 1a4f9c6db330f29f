"""Rules that mutation testing found no test pinning (docs/decisions.md, D3): the play-on end
exactly on the target, the first proved renege, a lone outcome with a named
partner, the seat guard, the rule each explanation cites, how names are listed,
and the game document's round trip (docs/rules.md 3-6 (every variant);
docs/formats.md, "Game document (import and export)")."""

from __future__ import annotations

from typing import Any

import pytest

from referee.engine.cards import CardError, Suit, parse_card, parse_cards
from referee.engine.checking import check_hand
from referee.engine.hands import GameSetup, Hand, HandError, PartnerOutcome
from referee.engine.reading import hand_to_dict, read_hand
from referee.engine.scoring import HandScore, score_hand
from referee.engine.totals import score_game
from referee.engine.tricks import Play, check_play, find_reneges, judge_trick, legal_plays
from referee.engine.variants import HouseRules, RenegeRule, TieRule, Variant

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
H, S, D = Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS
LOSES_2 = RenegeRule.OFFENDER_LOSES_2


def game_setup(variant: Variant, n: int = 4, **rules: Any) -> GameSetup:
    return GameSetup(variant=variant, players=NAMES[:n], rules=HouseRules(**rules))


def call_ace(n: int = 4, **rules: Any) -> GameSetup:
    return game_setup(Variant.CALL_ACE, n, **rules)


def standard(**rules: Any) -> GameSetup:
    return game_setup(Variant.STANDARD, **rules)


def score(t: GameSetup, **fields: Any) -> HandScore:
    return score_hand(t, read_hand(t, fields))


# --- The play-on rule when players are level exactly on the target (docs/rules.md, Call-Ace 6) ----


def test_level_exactly_on_the_target_plays_on_and_the_winner_is_decided_by_play_on() -> None:
    t = call_ace(4, ties=TieRule.PLAY_ON, target=4)
    level = Hand(
        maker=0, trump=H, called=S, outcome=PartnerOutcome.REVEALED, partner=1, tricks=5
    )  # a march with a partner at four: 2 each, twice, puts Ann and Ben level on 4
    ann_ahead = Hand(maker=0, trump=H, called=H, outcome=PartnerOutcome.MAKER_HELD, tricks=3)
    game = score_game(t, first_dealer=0, hands=[level, level, ann_ahead])
    assert [h.totals[:2] for h in game.hands] == [(2, 2), (4, 4), (5, 4)]
    assert game.ended_after == 3
    assert game.decided_by == (
        "Ann is alone on the highest total, 5 points: after a level top, play went on "
        "until one player led (play-on house rule, Call-Ace rules 6)."
    )


def test_a_level_top_short_of_the_target_is_no_play_on() -> None:
    t = call_ace(4, ties=TieRule.PLAY_ON, target=6)
    level = Hand(maker=0, trump=H, called=S, outcome=PartnerOutcome.REVEALED, partner=1, tricks=5)
    ann_march = Hand(maker=0, trump=H, called=H, outcome=PartnerOutcome.MAKER_HELD, tricks=5)
    game = score_game(t, first_dealer=0, hands=[level, ann_march])
    assert game.winners == (0,)
    assert game.decided_by == (
        "Ann reached 6 with 6 points, the highest total: the highest total wins (Call-Ace rules 6)."
    )


def test_a_game_keeps_each_hand_as_recorded() -> None:
    t = call_ace()
    hands = [Hand(thrown_in=True), Hand(maker=2, trump=S, called=H, outcome="none", tricks=4)]
    game = score_game(t, first_dealer=1, hands=hands)  # type: ignore[list-item]
    assert [h.hand for h in game.hands] == hands
    assert [h.dealer for h in game.hands] == [1, 2]


@pytest.mark.parametrize("first_dealer", [-1, 4])
def test_a_first_dealer_off_the_table_is_refused_naming_the_seat(first_dealer: int) -> None:
    with pytest.raises(HandError) as error:
        score_game(call_ace(), first_dealer=first_dealer, hands=[])
    assert error.value.errors == {"first_dealer": f"there is no seat {first_dealer + 1}"}
    assert str(error.value) == f"first_dealer: there is no seat {first_dealer + 1}"


# --- The first proved renege stands (docs/rules.md, Call-Ace 5, ruling) ---------------------------


def plays(*tricks: str) -> list[list[Play]]:
    return [
        [Play(player=int(p), card=parse_card(c)) for p, c in (w.split(":") for w in t.split())]
        for t in tricks
    ]


def test_two_reneges_proved_by_one_card_are_listed_earliest_trick_first() -> None:
    hand = plays(
        "0:9S 1:AD 2:QS 3:10S",  # seat 1 holds back spades...
        "0:AS 1:KD 2:JS 3:KS",  # ...twice...
        "1:QS 2:9C 3:10C 0:KC",  # ...and leads the queen of spades: both proved at once
    )
    reneges = find_reneges(tricks=hand, trump=H)
    assert [(r.player, r.trick, r.proved_on) for r in reneges] == [(1, 1, 3), (1, 2, 3)]


def test_an_empty_trick_does_not_stop_the_search_for_reneges() -> None:
    hand = [[], *plays("0:9S 1:AD 2:QS 3:10S", "2:AC 3:9C 0:10C 1:KS")]
    (renege,) = find_reneges(tricks=hand, trump=H)
    assert (renege.player, renege.trick, renege.proved_on) == (1, 2, 3)


def test_the_renege_proved_first_comes_first_even_when_it_was_made_later() -> None:
    hand = plays(
        "0:9S 1:AD 2:QS 3:10S",  # seat 1 holds back spades (proved on trick 4)
        "0:9C 1:10C 2:AH 3:QC",  # seat 2 holds back clubs (proved on trick 3)
        "2:KC 3:9D 0:10D 1:QD",
        "1:KS 2:JC 3:KH 0:QH",
    )
    reneges = find_reneges(tricks=hand, trump=D)
    assert [(r.player, r.proved_on) for r in reneges] == [(2, 3), (1, 4)]


# --- A lone outcome never has a partner (docs/rules.md, Call-Ace 3 and Call-Your-Partner 3) -------


@pytest.mark.parametrize("outcome", [PartnerOutcome.MAKER_HELD, PartnerOutcome.NOT_IN_PLAY])
def test_a_named_partner_with_a_lone_outcome_is_refused(outcome: PartnerOutcome) -> None:
    hand = Hand(maker=0, trump=H, called=S, outcome=outcome, partner=2, tricks=3)
    assert "has no partner" in check_hand(call_ace(), hand)["partner"]


def test_the_makers_side_is_the_maker_alone_unless_a_partner_was_revealed() -> None:
    t = call_ace()
    held = Hand(maker=0, trump=H, called=H, outcome=PartnerOutcome.MAKER_HELD, partner=2)
    assert t.makers(held) == (0,)
    named = Hand(maker=0, trump=H, called=S, outcome=PartnerOutcome.REVEALED, partner=2)
    assert t.makers(named) == (0, 2)


# --- The seat guard (docs/formats.md, "What a hand record holds") ---------------------------------


@pytest.mark.parametrize("key", ["maker", "renege", "dealer"])
@pytest.mark.parametrize(("seat", "ok"), [(-1, False), (0, True), (3, True), (4, False)])
def test_only_the_seats_at_the_table_are_accepted(key: str, seat: int, ok: bool) -> None:
    fields: dict[str, Any] = {"maker": 1, key: seat}
    hand = Hand(trump=H, called=S, outcome=PartnerOutcome.NOT_IN_PLAY, tricks=3, **fields)
    errors = check_hand(call_ace(), hand)
    if ok:
        assert key not in errors
    else:
        assert errors[key] == f"there is no seat {seat + 1} at a table of 4"


# --- Every explanation cites its rule (docs/rules.md 5 (every variant)) ---------------------------


def test_a_call_ace_renege_by_the_partner_is_a_euchre_citing_call_ace_scoring() -> None:
    t = call_ace()
    result = score(t, maker="Ann", trump="H", called="S", partner="Cat", tricks=4, renege="Cat")
    assert (result.rule, result.section) == ("renege-euchre", "scoring")
    assert result.penalties == (0, 0, 0, 0)
    assert result.explanation == (
        "Renege by Cat, the maker's partner: scored as a euchre, 2 each to Ben and Dan."
    )


def test_a_call_ace_renege_by_a_defender_is_a_march_citing_call_ace_scoring() -> None:
    t = call_ace(5)
    result = score(t, maker="Ann", trump="H", called="S", partner="Cat", tricks=2, renege="Eve")
    assert (result.rule, result.section) == ("renege-march", "scoring")
    assert result.penalties == (0,) * 5
    assert result.points == (3, 0, 3, 0, 0)


@pytest.mark.parametrize(
    ("variant", "n", "cited"),
    [
        (Variant.CALL_ACE, 4, "Call-Ace rules 5"),
        (Variant.CALL_YOUR_PARTNER, 5, "Call-Your-Partner rules 5"),
    ],
)
@pytest.mark.parametrize(("tricks", "rule"), [(2, "euchre"), (3, "alone-make"), (5, "alone-march")])
def test_a_scored_hand_cites_its_variants_section(
    variant: Variant, n: int, cited: str, tricks: int, rule: str
) -> None:
    t = game_setup(variant, n, renege=LOSES_2)
    called = "S" if variant is Variant.CALL_ACE else "QS"
    result = score(t, maker="Ann", trump="H", called=called, partner="maker", tricks=tricks)
    assert (result.rule, result.section, result.citation.short) == (rule, "scoring", cited)
    assert result.penalties == (0,) * n


def test_the_offender_loses_2_in_call_ace_and_the_explanation_says_so() -> None:
    t = call_ace(renege=LOSES_2)
    result = score(t, maker="Ann", trump="H", called="S", partner="Ben", tricks=1, renege="Dan")
    assert result.penalties == (0, 0, 0, 2)
    assert result.points == (0, 0, 2, 2)
    assert result.explanation == (
        "Euchre: Ann with Ben took 1 trick, 2 each to Cat and Dan; "
        "Dan reneged and loses 2 (house rule, Call-Ace rules 5)."
    )


@pytest.mark.parametrize(
    ("fields", "rule", "points", "explanation"),
    [
        (
            {"tricks": 3},
            "make",
            (1, 0, 1, 0),
            "Made it: Ann and Cat took 3 tricks, 1 to Ann and Cat.",
        ),
        (
            {"tricks": 5},
            "march",
            (2, 0, 2, 0),
            "March: Ann and Cat took all 5 tricks, 2 to Ann and Cat.",
        ),
        (
            {"tricks": 4, "alone": True},
            "alone-make",
            (1, 0, 1, 0),
            "Alone make: Ann alone took 4 tricks, 1 to Ann and Cat.",
        ),
        (
            {"tricks": 5, "alone": True},
            "alone-march",
            (4, 0, 4, 0),
            "Alone march: Ann alone took all 5 tricks, 4 to Ann and Cat.",
        ),
        (
            {"tricks": 1},
            "euchre",
            (0, 2, 0, 2),
            "Euchre: Ann and Cat took 1 trick, 2 to Ben and Dan.",
        ),
        (
            {"tricks": 0, "alone": True},
            "euchre",
            (0, 2, 0, 2),
            "Euchre: Ann alone took 0 tricks, 2 to Ben and Dan.",
        ),
    ],
)
def test_every_standard_explanation_says_what_happened_and_cites_standard_scoring(
    fields: dict[str, Any], rule: str, points: tuple[int, ...], explanation: str
) -> None:
    result = score(standard(), maker="Ann", trump="H", **fields)
    assert (result.rule, result.citation.short, result.points) == (rule, "Standard rules 5", points)
    assert result.penalties == (0, 0, 0, 0)
    assert result.explanation == explanation


@pytest.mark.parametrize(("alone", "each"), [(False, 2), (True, 4)])
def test_a_standard_renege_ends_the_hand_citing_standard_scoring(alone: bool, each: int) -> None:
    fields = {"alone": True} if alone else {}
    result = score(standard(), maker="Ann", trump="H", tricks=5, renege="Ann", **fields)
    assert (result.rule, result.section) == ("renege", "scoring")
    assert result.points == (0, each, 0, each)
    assert result.penalties == (0, 0, 0, 0)
    lone = " on a lone hand" if alone else ""
    assert result.explanation == (
        f"Renege by Ann{lone}: the hand ends and the other team, Ben and Dan, scores {each}."
    )


def test_under_offender_loses_2_the_reneging_team_loses_2_and_the_hand_is_scored() -> None:
    result = score(standard(renege=LOSES_2), maker="Ann", trump="H", tricks=3, renege="Ben")
    assert (result.rule, result.section) == ("make", "scoring")
    assert result.points == (1, 0, 1, 0)
    assert result.penalties == (0, 2, 0, 2)
    assert result.explanation == (
        "Made it: Ann and Cat took 3 tricks, 1 to Ann and Cat; "
        "Ben reneged and their team loses 2 (house rule, Standard rules 5)."
    )


# --- Names in explanations (docs/formats.md, "What a hand record holds") --------------------------


@pytest.mark.parametrize(
    ("seats", "words"),
    [((), ""), ((4,), "Eve"), ((0, 4), "Ann and Eve"), ((0, 1, 4), "Ann, Ben and Eve")],
)
def test_names_are_listed_the_way_people_say_them(seats: tuple[int, ...], words: str) -> None:
    assert call_ace(5).names(seats) == words


def test_a_hand_error_lists_every_field_at_fault() -> None:
    error = HandError({"maker": "name the maker", "tricks": "must be from 0 to 5"})
    assert str(error) == "maker: name the maker; tricks: must be from 0 to 5"


# --- Reading and writing a hand (docs/formats.md, "Game document (import and export)") ------------


def test_thrown_in_false_is_an_ordinary_hand() -> None:
    t = call_ace()
    hand = read_hand(
        t,
        {
            "thrown_in": False,
            "maker": "Ann",
            "trump": "H",
            "called": "S",
            "partner": "Ben",
            "tricks": 3,
        },
    )
    assert not hand.thrown_in
    assert hand.partner == 1


@pytest.mark.parametrize(
    ("variant", "n", "data"),
    [
        (Variant.CALL_ACE, 4, {"thrown_in": True}),
        (Variant.CALL_ACE, 4, {"thrown_in": True, "dealer": "Cat"}),
        (
            Variant.CALL_ACE,
            4,
            {
                "maker": "Ben",
                "trump": "H",
                "called": "S",
                "partner": "Dan",
                "tricks": 3,
                "renege": "Ann",
                "revealed_on_trick": 2,
                "round": 1,
                "dealer": "Cat",
            },
        ),
        (
            Variant.CALL_ACE,
            4,
            {"maker": "Ben", "trump": "C", "called": "C", "partner": "maker", "tricks": 5},
        ),
        (
            Variant.CALL_ACE,
            4,
            {"maker": "Ben", "trump": "C", "called": "D", "partner": "none", "tricks": 2},
        ),
        (
            Variant.CALL_YOUR_PARTNER,
            5,
            {"maker": "Eve", "trump": "S", "called": "10H", "partner": "Ann", "tricks": 4},
        ),
        (Variant.CALL_YOUR_PARTNER, 5, {"maker": "Eve", "trump": "S", "alone": True, "tricks": 4}),
        (Variant.STANDARD, 4, {"maker": "Dan", "trump": "D", "tricks": 3}),
        (
            Variant.STANDARD,
            4,
            {"maker": "Dan", "trump": "D", "alone": True, "tricks": 5, "round": 2},
        ),
    ],
)
def test_a_hand_is_written_back_exactly_as_the_document_gave_it(
    variant: Variant, n: int, data: dict[str, Any]
) -> None:
    t = game_setup(variant, n)
    assert hand_to_dict(t, read_hand(t, data)) == data


def test_a_no_trump_hand_is_written_nt() -> None:
    t = standard(no_trump=True)
    data = {"maker": "Ben", "trump": "NT", "tricks": 4, "round": 2}
    assert hand_to_dict(t, read_hand(t, data)) == data


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ([], "a list"),
        ({}, "an object"),
        (None, "null"),
        (2.5, "a number"),
        (False, "true or false"),
    ],
)
def test_a_value_of_the_wrong_type_is_named_in_words_never_echoed(value: Any, words: str) -> None:
    t = call_ace()
    data = {"maker": value, "trump": "H", "called": "S", "partner": "Ben", "tricks": 3}
    with pytest.raises(HandError) as error:
        read_hand(t, data)
    assert error.value.errors["maker"] == f"give a player's name as text, not {words}"
    with pytest.raises(HandError) as error:
        read_hand(t, {**data, "maker": "Ann", "trump": value})
    assert error.value.errors["trump"] == f"expected text, not {words}"


def test_a_value_no_document_holds_is_named_by_its_type() -> None:
    with pytest.raises(HandError) as error:
        read_hand(call_ace(), {"maker": {1, 2}, "trump": "H", "called": "S", "tricks": 3})
    assert error.value.errors["maker"] == "give a player's name as text, not set"


# --- Each impossible record is named at its field, in words
# (docs/formats.md, "What a hand record holds") ---------------------

CYP = Variant.CALL_YOUR_PARTNER


@pytest.mark.parametrize(
    ("variant", "n", "hand", "errors"),
    [
        (
            Variant.CALL_ACE,
            4,
            Hand(maker=0, trump=H, called=S, outcome=PartnerOutcome.NOT_IN_PLAY, tricks=6),
            {"tricks": "tricks must be from 0 to 5"},
        ),
        (
            Variant.CALL_ACE,
            4,
            Hand(maker=0, trump=H, called=S, outcome=PartnerOutcome.ALONE, tricks=3),
            {"partner": "Call-Ace Euchre has no 'alone' partner outcome"},
        ),
        (
            Variant.CALL_ACE,
            4,
            Hand(maker=0, trump=H, called=None, outcome=PartnerOutcome.NOT_IN_PLAY, tricks=3),
            {"called": "name the suit of the called ace"},
        ),
        (
            CYP,
            5,
            Hand(maker=0, trump=H, called=parse_card("AS"), outcome=PartnerOutcome.ALONE, tricks=3),
            {"called": "a maker who goes alone calls no card"},
        ),
        (
            CYP,
            5,
            Hand(maker=0, trump=H, called=S, outcome=PartnerOutcome.NOT_IN_PLAY, tricks=3),
            {"called": "name the called card, or record that the maker went alone"},
        ),
        (
            Variant.STANDARD,
            4,
            Hand(maker=0, trump=H, outcome=PartnerOutcome.REVEALED, partner=2, tricks=3),
            {"partner": "Standard euchre has no 'revealed' partner outcome"},
        ),
    ],
)
def test_an_impossible_record_is_refused_at_its_field(
    variant: Variant, n: int, hand: Hand, errors: dict[str, str]
) -> None:
    assert check_hand(game_setup(variant, n), hand) == errors


@pytest.mark.parametrize(
    ("data", "errors"),
    [
        (
            {"trump": "H", "called": "S", "partner": "Ben", "tricks": 3},
            {"maker": "name the maker"},
        ),
        (
            {"maker": "Ann", "trump": "H", "called": "S", "partner": "Ben"},
            {"tricks": "give the number of tricks"},
        ),
        (
            {"maker": "Ann", "trump": "H", "called": "S", "tricks": 3},
            {
                "partner": 'name the partner, or "maker" (the maker held the called card) '
                'or "none" (it was not in play)'
            },
        ),
    ],
)
def test_a_missing_field_is_asked_for_by_name(data: dict[str, Any], errors: dict[str, str]) -> None:
    with pytest.raises(HandError) as error:
        read_hand(call_ace(), data)
    assert error.value.errors == errors


A_HAND = {"maker": "Ann", "trump": "H", "called": "S", "partner": "Ben", "tricks": 3}
ONE_OF = '"maker" (the maker held the called card) or "none" (it was not in play)'


@pytest.mark.parametrize(
    ("variant", "n", "data", "errors"),
    [
        (Variant.CALL_ACE, 4, ["maker"], {"hand": "a hand must be an object with its fields"}),
        (
            Variant.CALL_ACE,
            4,
            {"thrown_in": True, "maker": "Ann", "tricks": 3},
            {
                "maker": "a thrown-in hand has no maker, trump or tricks",
                "tricks": "a thrown-in hand has no maker, trump or tricks",
            },
        ),
        (
            Variant.CALL_ACE,
            4,
            {**A_HAND, "thrown_in": "no"},
            {"thrown_in": "must be true or false"},
        ),
        (
            Variant.CALL_ACE,
            4,
            {k: v for k, v in A_HAND.items() if k != "trump"},
            {"trump": "name the trump suit (S, H, D or C)"},
        ),
        (
            Variant.CALL_ACE,
            4,
            {**A_HAND, "alone": True},
            {
                "alone": "in Call-Ace a maker goes alone by calling an ace they hold: "
                'give partner "maker"'
            },
        ),
        (
            Variant.CALL_ACE,
            4,
            {k: v for k, v in A_HAND.items() if k != "called"},
            {"called": "name the suit of the called ace (S, H, D or C)"},
        ),
        (
            Variant.CALL_ACE,
            4,
            {**A_HAND, "called": "X"},
            {"called": "'X' is not a suit: use S, H, D or C"},
        ),
        (
            Variant.CALL_ACE,
            4,
            {**A_HAND, "partner": "Ann"},
            {
                "partner": "the partner cannot be the maker: if the maker held the called card, "
                'choose "maker held it"'
            },
        ),
        (
            CYP,
            5,
            {**A_HAND, "alone": True},
            {
                "called": "a maker who goes alone calls no card",
                "partner": "a maker who goes alone calls no card",
            },
        ),
        (CYP, 5, {**A_HAND, "alone": "yes", "called": "QS"}, {"alone": "must be true or false"}),
        (
            CYP,
            5,
            {k: v for k, v in A_HAND.items() if k != "called"},
            {"called": "name the called card (like AS or 10H), or record alone"},
        ),
        (
            CYP,
            5,
            {**A_HAND, "called": "ZZ"},
            {"called": "'ZZ' is not a card: the rank must be one of 7 8 9 10 J Q K A"},
        ),
        (
            CYP,
            5,
            {**A_HAND, "called": "JD"},
            {
                "called": "the jack of diamonds is the left bower, a trump card, with hearts "
                "trump: the called card must not be a trump"
            },
        ),
        (
            CYP,
            5,
            {**A_HAND, "called": "9H"},
            {
                "called": "the 9 of hearts is a trump card with hearts trump: "
                "the called card must not be a trump"
            },
        ),
        (
            Variant.STANDARD,
            4,
            {**A_HAND, "called": None, "partner": None},
            {
                "called": "standard euchre has fixed partners: nothing is called",
                "partner": "standard euchre has fixed partners: nothing is called",
            },
        ),
        (
            Variant.STANDARD,
            4,
            {"maker": "Ann", "trump": "H", "alone": True, "tricks": 3, "renege": "Cat"},
            {"renege": "Cat sits out a lone hand and plays no cards, so cannot renege"},
        ),
        (
            Variant.CALL_ACE,
            4,
            {"trump": "H", "called": "S", "partner": "Ann", "tricks": 3},
            {"maker": "name the maker"},
        ),
    ],
)
def test_each_fault_of_a_recorded_hand_is_named_at_its_field(
    variant: Variant, n: int, data: Any, errors: dict[str, str]
) -> None:
    with pytest.raises(HandError) as error:
        read_hand(game_setup(variant, n), data)
    assert error.value.errors == errors


# --- The referee's reasons, word for word (docs/rules.md 4 (every variant)) -----------------------

LEFT_NOTE = "the jack of diamonds is the left bower when hearts are trump, so it counts as a heart"


@pytest.mark.parametrize(
    ("hand", "led", "reason"),
    [
        ("AS,KH", None, "The player is leading, so any card may be played."),
        (
            "AS,KH,9C",
            "QS",
            "The queen of spades was led: spades must be followed, and this hand holds the ace "
            "of spades, so that card must be played.",
        ),
        (
            "AS,10S,9C",
            "QS",
            "The queen of spades was led: spades must be followed, and this hand holds the ace "
            "of spades and the 10 of spades, so one of them must be played.",
        ),
        (
            "AS,10S,9S,9C",
            "QS",
            "The queen of spades was led: spades must be followed, and this hand holds the ace "
            "of spades, the 10 of spades and the 9 of spades, so one of them must be played.",
        ),
        (
            "AD,9C",
            "QS",
            "The queen of spades was led, and this hand holds no spades, so any card may be "
            "played; trumping is allowed but never required.",
        ),
        (
            "AH,9C",
            "JD",
            f"The jack of diamonds was led ({LEFT_NOTE}): hearts must be followed, and this "
            "hand holds the ace of hearts, so that card must be played.",
        ),
        (
            "JD,9C",
            "AD",
            f"The ace of diamonds was led, and this hand holds no diamonds ({LEFT_NOTE}), so "
            "any card may be played; trumping is allowed but never required.",
        ),
        (
            "JD,9C",
            "AH",
            "The ace of hearts was led: hearts must be followed, and this hand holds the jack "
            f"of diamonds, so that card must be played ({LEFT_NOTE}).",
        ),
    ],
)
def test_the_legal_play_reason_says_what_was_led_and_what_must_be_played(
    hand: str, led: str | None, reason: str
) -> None:
    result = legal_plays(
        hand=parse_cards(hand), led=parse_card(led) if led else None, trump=Suit.HEARTS
    )
    assert result.reason == reason


def test_checking_a_play_says_legal_or_renege_and_why() -> None:
    hand, led = parse_cards("AS,KH"), parse_card("QS")
    legal = check_play(hand=hand, led=led, trump=H, played=parse_card("AS"))
    assert legal.reason == (
        "Playing the ace of spades is legal. The queen of spades was led: spades must be "
        "followed, and this hand holds the ace of spades, so that card must be played."
    )
    renege = check_play(hand=hand, led=led, trump=H, played=parse_card("KH"))
    assert renege.reason == (
        "Playing the king of hearts is a renege: the hand holds the ace of spades, and spades "
        "were led, so the player had to follow suit."
    )


def test_an_empty_hand_is_refused() -> None:
    with pytest.raises(CardError, match=r"^the hand is empty: give at least one card$"):
        legal_plays(hand=[], led=None, trump=H)


@pytest.mark.parametrize(
    ("cards", "trump", "reason"),
    [
        (
            "9H,AS,KS,QS",
            H,
            "The 9 of hearts wins: it was led, and nobody else played a trump; the ace of "
            "spades cannot win because it is not a trump.",
        ),
        (
            "AS,9H,KS,QS",
            H,
            "The 9 of hearts wins: it is a trump, and any trump beats the spades that were led.",
        ),
        (
            "AS,KS,QS,10S",
            H,
            "The ace of spades wins: it is the highest spade played, above the king of spades, "
            "and no trump was played.",
        ),
        (
            "JH,JD,AH",
            H,
            "The jack of hearts wins: it is the right bower, the jack of trump and the highest "
            "card in the game.",
        ),
        (
            "AH,JD,KH",
            H,
            f"The jack of diamonds wins: it {LEFT_NOTE[21:]} and outranks the ace of hearts.",
        ),
        (
            "JD,AD,KD",
            H,
            f"The jack of diamonds wins: it {LEFT_NOTE[21:]} and is second only to the right "
            "bower; the ace of diamonds cannot win because it is not a trump.",
        ),
        (
            "9S,AD,KC",
            None,
            "The 9 of spades wins: it was led, and nobody followed with another spade; the ace "
            "of diamonds cannot win because it is not a spade.",
        ),
        (
            "AS,KS",
            None,
            "The ace of spades wins: it is the highest spade played, above the king of spades, "
            "and with no trump the led suit wins.",
        ),
    ],
)
def test_the_trick_judge_says_why_the_card_wins(
    cards: str, trump: Suit | None, reason: str
) -> None:
    assert judge_trick(cards=parse_cards(cards), trump=trump).reason == reason


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        (
            "AS,9H,KH,QS",
            "The king of hearts wins: it is the highest trump played, above the 9 of hearts.",
        ),
        # The king of diamonds ranks with the winner but is thrown away: nothing to say of it.
        (
            "KS,KD,9S",
            "The king of spades wins: it is the highest spade played, above the 9 of spades, "
            "and no trump was played.",
        ),
    ],
)
def test_the_trick_judge_names_the_card_the_winner_beat(cards: str, reason: str) -> None:
    assert judge_trick(cards=parse_cards(cards), trump=H).reason == reason


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("AS", "a trick needs at least two cards, the first one led"),
        ("AS,KS,QS,JS,10S,9S,8S", "a trick has at most six cards, one for each player"),
    ],
)
def test_a_trick_of_the_wrong_size_is_refused(cards: str, message: str) -> None:
    with pytest.raises(CardError) as error:
        judge_trick(cards=parse_cards(cards), trump=H)
    assert str(error.value) == message


def test_a_revealed_partner_must_be_named() -> None:
    hand = Hand(maker=0, trump=H, called=S, outcome=PartnerOutcome.REVEALED, tricks=3)
    assert check_hand(call_ace(), hand) == {"partner": "name the partner"}


def test_a_record_with_a_reading_fault_still_gets_the_rule_faults_in_words() -> None:
    data = {"maker": "Ann", "trump": "H", "called": "S", "partner": "Ann", "tricks": 9}
    with pytest.raises(HandError) as error:
        read_hand(call_ace(), data)
    assert error.value.errors == {
        "tricks": "must be from 0 to 5",
        "partner": "the partner cannot be the maker: if the maker held the called card, "
        'choose "maker held it"',
    }
