"""A whole game: totals, the end and its winners, the dealer's rotation, and reading
hands and house rules from the game document (docs/rules.md, Call-Ace 1 and Call-Ace 6;
docs/formats.md, "What a hand record holds";
docs/formats.md, "Game document (import and export)")."""

from __future__ import annotations

from typing import Any

import pytest

from referee.engine.cards import Suit
from referee.engine.hands import GameSetup, Hand, HandError, PartnerOutcome
from referee.engine.reading import hand_to_dict, read_hand
from referee.engine.totals import score_game
from referee.engine.variants import (
    Deal,
    HouseRules,
    RenegeRule,
    RulesError,
    TieRule,
    Variant,
    house_rules_from_dict,
    parse_variant,
)

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")

# The game document of docs/formats.md, "Game document (import and export)", hand by hand.
CONTRACT_PLAYERS = ("Ann", "Ben", "Cat", "Dan", "Eve")
CONTRACT_HANDS: list[dict[str, Any]] = [
    {"maker": "Ben", "trump": "H", "called": "S", "partner": "Dan", "tricks": 3},
    {"maker": "Cat", "trump": "S", "called": "S", "partner": "maker", "tricks": 5},
    {"thrown_in": True},
    {"maker": "Ann", "trump": "D", "called": "C", "partner": "none", "tricks": 2},
    {"maker": "Eve", "trump": "C", "called": "H", "partner": "Ann", "tricks": 4, "renege": "Cat"},
]


def call_ace(n: int = 4, **rules: Any) -> GameSetup:
    return GameSetup(variant=Variant.CALL_ACE, players=NAMES[:n], rules=HouseRules(**rules))


def contract_setup() -> GameSetup:
    return GameSetup(
        variant=Variant.CALL_ACE,
        players=CONTRACT_PLAYERS,
        rules=house_rules_from_dict(Variant.CALL_ACE, {"target": 10, "stick_the_dealer": True}),
    )


def by_name(t: GameSetup, values: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(t.players, values, strict=True))


def alone(t: GameSetup, maker: str, tricks: int) -> Hand:
    """A lone hand: the maker called an ace they held."""
    return read_hand(
        t, {"maker": maker, "trump": "S", "called": "S", "partner": "maker", "tricks": tricks}
    )


def pair(t: GameSetup, maker: str, partner: str, tricks: int) -> Hand:
    return read_hand(
        t, {"maker": maker, "trump": "H", "called": "S", "partner": partner, "tricks": tricks}
    )


# --- The contract's example game -----------------------------------------------------------------


def test_the_contract_example_game_is_scored_hand_by_hand() -> None:
    t = contract_setup()
    game = score_game(t, first_dealer=0, hands=[read_hand(t, h) for h in CONTRACT_HANDS])
    assert [t.name(h.dealer) for h in game.hands] == ["Ann", "Ben", "Cat", "Dan", "Eve"]
    assert [by_name(t, h.points) for h in game.hands] == [
        {"Ann": 0, "Ben": 1, "Cat": 0, "Dan": 1, "Eve": 0},
        {"Ann": 0, "Ben": 0, "Cat": 5, "Dan": 0, "Eve": 0},
        {"Ann": 0, "Ben": 0, "Cat": 0, "Dan": 0, "Eve": 0},
        {"Ann": 0, "Ben": 2, "Cat": 2, "Dan": 2, "Eve": 2},
        {"Ann": 3, "Ben": 0, "Cat": 0, "Dan": 0, "Eve": 3},
    ]
    assert [h.score.explanation for h in game.hands] == [
        "Partnership made it: Ben with Dan took 3 tricks, 1 each to Ben and Dan.",
        "Alone march, 5 players: Cat alone (held the called ace) took all 5 tricks, 5 to Cat.",
        "Misdeal: no score; the deal passes on (Call-Ace rules 2).",
        "Euchre: Ann alone (the called ace was not in play) took 2 tricks, "
        "2 each to Ben, Cat, Dan and Eve.",
        "Renege by Cat, a defender: scored as a march for Eve with Ann, 5 players: "
        "3 each to Eve and Ann.",
    ]
    assert by_name(t, game.totals) == {"Ann": 3, "Ben": 3, "Cat": 7, "Dan": 3, "Eve": 5}
    assert not game.finished
    assert game.winners == ()
    assert t.name(game.next_dealer) == "Ann"


@pytest.mark.parametrize("number", range(len(CONTRACT_HANDS)))
def test_each_contract_example_hand_is_written_back_as_it_was_read(number: int) -> None:
    t = contract_setup()
    data = CONTRACT_HANDS[number]
    assert hand_to_dict(t, read_hand(t, data)) == data


# --- The end of the game (docs/rules.md, Call-Ace 6) ----------------------------------------------


def test_the_game_ends_after_the_hand_in_which_a_player_reaches_the_target() -> None:
    t = call_ace(4)
    hands = [alone(t, "Ann", 5), alone(t, "Ann", 5), alone(t, "Ann", 3), alone(t, "Ann", 4)]
    game = score_game(t, first_dealer=0, hands=hands)
    assert [h.totals[0] for h in game.hands] == [4, 8, 9, 10]
    assert game.finished
    assert game.ended_after == 4
    assert [t.name(s) for s in game.winners] == ["Ann"]
    assert game.decided_by == (
        "Ann reached 10 with 10 points, the highest total: "
        "the highest total wins (Call-Ace rules 6)."
    )


def test_the_game_goes_on_while_nobody_has_reached_the_target() -> None:
    t = call_ace(4)
    game = score_game(
        t, first_dealer=0, hands=[alone(t, "Ann", 5), alone(t, "Ann", 5), alone(t, "Ann", 3)]
    )
    assert not game.finished
    assert game.ended_after is None
    assert game.winners == ()
    assert game.decided_by == ""


def test_a_table_may_choose_another_target() -> None:
    t = call_ace(5, target=5)
    game = score_game(t, first_dealer=0, hands=[alone(t, "Cat", 5)])
    assert game.finished
    assert [t.name(s) for s in game.winners] == ["Cat"]


def test_the_highest_total_wins_when_several_players_pass_the_target_in_one_hand() -> None:
    t = call_ace(4, target=4)
    hands = [alone(t, "Ann", 3)] * 3 + [alone(t, "Ben", 3)] * 2 + [pair(t, "Ben", "Ann", 5)]
    game = score_game(t, first_dealer=0, hands=hands)
    assert by_name(t, game.totals) == {"Ann": 5, "Ben": 4, "Cat": 0, "Dan": 0}
    assert game.ended_after == 6
    assert [t.name(s) for s in game.winners] == ["Ann"]
    assert game.decided_by == (
        "Ann reached 4 with 5 points, the highest total: the highest total wins (Call-Ace rules 6)."
    )


def test_players_level_on_the_highest_total_share_the_win_by_default() -> None:
    t = call_ace(5)
    hands = [pair(t, "Ben", "Dan", 5)] * 3 + [pair(t, "Dan", "Ben", 4)]
    game = score_game(t, first_dealer=0, hands=hands)
    assert by_name(t, game.totals) == {"Ann": 0, "Ben": 10, "Cat": 0, "Dan": 10, "Eve": 0}
    assert game.finished
    assert [t.name(s) for s in game.winners] == ["Ben", "Dan"]
    assert game.decided_by == (
        "Ben and Dan are level on 10 points, the highest total: under the shared-win rule "
        "they share the win (Call-Ace rules 6)."
    )


def test_a_level_top_below_the_target_does_not_end_the_game() -> None:
    t = call_ace(5)
    game = score_game(t, first_dealer=0, hands=[pair(t, "Ben", "Dan", 5)] * 3)
    assert by_name(t, game.totals)["Ben"] == 9
    assert not game.finished


def test_under_the_play_on_rule_a_level_top_plays_on_until_one_player_leads() -> None:
    t = call_ace(5, ties=TieRule.PLAY_ON)
    level = [pair(t, "Ben", "Dan", 5)] * 3 + [pair(t, "Dan", "Ben", 4)]
    still_level = pair(t, "Ben", "Dan", 3)
    ben_ahead = alone(t, "Ben", 3)
    game = score_game(t, first_dealer=0, hands=[*level, still_level, ben_ahead])
    assert [h.totals[1] - h.totals[3] for h in game.hands] == [0, 0, 0, 0, 0, 1]
    assert game.ended_after == 6
    assert [t.name(s) for s in game.winners] == ["Ben"]
    assert game.decided_by == (
        "Ben is alone on the highest total, 12 points: after a level top, play went on "
        "until one player led (play-on house rule, Call-Ace rules 6)."
    )
    assert not score_game(t, first_dealer=0, hands=[*level, still_level]).finished


def test_under_the_play_on_rule_a_single_leader_at_the_target_wins_at_once() -> None:
    t = call_ace(4, ties=TieRule.PLAY_ON, target=4)
    game = score_game(t, first_dealer=0, hands=[alone(t, "Cat", 5)])
    assert game.finished
    assert "the highest total wins (Call-Ace rules 6)" in game.decided_by


def test_hands_recorded_after_the_end_are_kept_but_score_nothing() -> None:
    t = call_ace(4, target=4)
    game = score_game(
        t, first_dealer=0, hands=[alone(t, "Ann", 5), alone(t, "Ben", 5), pair(t, "Cat", "Dan", 1)]
    )
    assert len(game.hands) == 3
    assert [h.after_end for h in game.hands] == [False, True, True]
    assert game.hands[1].score.points == (0, 4, 0, 0)  # what the hand would have scored
    assert game.hands[1].points == (0, 0, 0, 0)  # what it counted for
    assert game.hands[2].points == (0, 0, 0, 0)
    assert game.totals == (4, 0, 0, 0)
    assert [t.name(s) for s in game.winners] == ["Ann"]
    assert [h.number for h in game.counted_hands] == [1]


def test_the_totals_are_the_sum_of_the_points_each_hand_counted_for() -> None:
    t = GameSetup(variant=Variant.CALL_ACE, players=CONTRACT_PLAYERS)
    game = score_game(t, first_dealer=2, hands=[read_hand(t, h) for h in CONTRACT_HANDS])
    for seat in range(t.n):
        assert game.totals[seat] == sum(h.points[seat] for h in game.hands)
        running = 0
        for h in game.hands:
            running += h.points[seat]
            assert h.totals[seat] == running


# --- The dealer (docs/rules.md 4 (every variant), Call-Ace 1; "first_dealer" and "dealer" in
# docs/formats.md, "Game document (import and export)") -----------------------------------------


def test_the_deal_passes_to_the_left_after_every_hand_thrown_in_hands_included() -> None:
    t = call_ace(4)
    hands = [
        pair(t, "Ben", "Dan", 3),
        Hand(thrown_in=True),
        Hand(thrown_in=True),
        pair(t, "Ann", "Cat", 3),
        pair(t, "Ann", "Cat", 3),
    ]
    game = score_game(t, first_dealer=2, hands=hands)
    assert [t.name(h.dealer) for h in game.hands] == ["Cat", "Dan", "Ann", "Ben", "Cat"]
    assert t.name(game.next_dealer) == "Dan"


def test_the_player_left_of_the_next_dealer_leads() -> None:
    t = call_ace(6)
    game = score_game(t, first_dealer=4, hands=[Hand(thrown_in=True)])
    assert (t.name(game.next_dealer), t.name(game.leader)) == ("Fay", "Ann")


def test_a_deal_out_of_turn_is_recorded_and_the_rotation_continues_from_it() -> None:
    t = call_ace(5)
    hands = [
        pair(t, "Ben", "Dan", 3),
        read_hand(
            t,
            {
                "maker": "Cat",
                "trump": "S",
                "called": "H",
                "partner": "Ann",
                "tricks": 3,
                "dealer": "Eve",
            },
        ),
        Hand(thrown_in=True),
        read_hand(t, {"thrown_in": True, "dealer": "Cat"}),
        pair(t, "Ben", "Dan", 3),
    ]
    game = score_game(t, first_dealer=0, hands=hands)
    assert [t.name(h.dealer) for h in game.hands] == ["Ann", "Eve", "Ann", "Cat", "Dan"]
    assert t.name(game.next_dealer) == "Eve"


def test_a_first_dealer_who_is_not_at_the_table_is_refused() -> None:
    t = call_ace(4)
    with pytest.raises(HandError) as error:
        score_game(t, first_dealer=4, hands=[])
    assert set(error.value.errors) == {"first_dealer"}


def test_a_game_with_no_hands_has_everyone_on_0_and_the_first_dealer_to_deal() -> None:
    t = call_ace(4)
    game = score_game(t, first_dealer=1, hands=[])
    assert game.totals == (0, 0, 0, 0)
    assert not game.finished
    assert game.next_dealer == 1


# --- Reading a hand: every error names its field
# (docs/formats.md, "Game document (import and export)") -------------------

CYP_PLAYERS = ("Ann", "Ben", "Cat", "Dan", "Eve")
STANDARD_PLAYERS = ("Ann", "Ben", "Cat", "Dan")
GOOD = {
    Variant.CALL_ACE: {"maker": "Eve", "trump": "C", "called": "H", "partner": "Ann", "tricks": 4},
    Variant.CALL_YOUR_PARTNER: {
        "maker": "Eve",
        "trump": "C",
        "called": "KH",
        "partner": "Ann",
        "tricks": 4,
    },
    Variant.STANDARD: {"maker": "Dan", "trump": "C", "tricks": 4},
}


def variant_setup(variant: Variant, **rules: Any) -> GameSetup:
    players = STANDARD_PLAYERS if variant is Variant.STANDARD else CYP_PLAYERS
    return GameSetup(variant=variant, players=players, rules=HouseRules(**rules))


BAD_VALUES: list[tuple[Variant, str, Any]] = [
    (Variant.CALL_ACE, "maker", "Zed"),
    (Variant.CALL_ACE, "maker", 2),
    (Variant.CALL_ACE, "maker", None),
    (Variant.CALL_ACE, "trump", "X"),
    (Variant.CALL_ACE, "trump", 7),
    (Variant.CALL_ACE, "trump", "AH"),
    (Variant.CALL_ACE, "called", "AS"),
    (Variant.CALL_ACE, "called", "NT"),
    (Variant.CALL_ACE, "called", 3),
    (Variant.CALL_ACE, "partner", "Zed"),
    (Variant.CALL_ACE, "partner", "Eve"),
    (Variant.CALL_ACE, "partner", 1),
    (Variant.CALL_ACE, "partner", "alone"),
    (Variant.CALL_ACE, "tricks", 6),
    (Variant.CALL_ACE, "tricks", -1),
    (Variant.CALL_ACE, "tricks", "3"),
    (Variant.CALL_ACE, "tricks", True),
    (Variant.CALL_ACE, "tricks", 2.5),
    (Variant.CALL_ACE, "renege", "Zed"),
    (Variant.CALL_ACE, "renege", 0),
    (Variant.CALL_ACE, "revealed_on_trick", 0),
    (Variant.CALL_ACE, "revealed_on_trick", 6),
    (Variant.CALL_ACE, "revealed_on_trick", "2"),
    (Variant.CALL_ACE, "round", 0),
    (Variant.CALL_ACE, "round", 3),
    (Variant.CALL_ACE, "round", "1"),
    (Variant.CALL_ACE, "dealer", "Zed"),
    (Variant.CALL_ACE, "alone", True),
    (Variant.CALL_ACE, "thrown_in", "yes"),
    (Variant.CALL_ACE, "colour", "red"),
    (Variant.CALL_YOUR_PARTNER, "called", "S"),
    (Variant.CALL_YOUR_PARTNER, "called", "7H"),
    (Variant.CALL_YOUR_PARTNER, "called", "JS"),  # the left bower with clubs trump
    (Variant.CALL_YOUR_PARTNER, "called", "9C"),
    (Variant.CALL_YOUR_PARTNER, "partner", "Eve"),
    (Variant.CALL_YOUR_PARTNER, "alone", "yes"),
    (Variant.CALL_YOUR_PARTNER, "tricks", 6),
    (Variant.STANDARD, "maker", "Eve"),
    (Variant.STANDARD, "trump", "NT"),
    (Variant.STANDARD, "called", "H"),
    (Variant.STANDARD, "partner", "Ben"),
    (Variant.STANDARD, "alone", 1),
    (Variant.STANDARD, "tricks", 6),
    (Variant.STANDARD, "renege", "Eve"),
]


@pytest.mark.parametrize(
    ("variant", "field", "value"),
    BAD_VALUES,
    ids=[f"{v.value}-{f}-{val!r}" for v, f, val in BAD_VALUES],
)
def test_a_bad_value_is_refused_with_an_error_naming_its_field(
    variant: Variant, field: str, value: Any
) -> None:
    t = variant_setup(variant)
    with pytest.raises(HandError) as error:
        read_hand(t, {**GOOD[variant], field: value})
    assert set(error.value.errors) == {field}
    assert str(error.value).startswith(f"{field}: ")
    assert error.value.errors[field]  # a message a scorer can act on


@pytest.mark.parametrize(
    ("variant", "field"),
    [
        (Variant.CALL_ACE, "maker"),
        (Variant.CALL_ACE, "trump"),
        (Variant.CALL_ACE, "called"),
        (Variant.CALL_ACE, "partner"),
        (Variant.CALL_ACE, "tricks"),
        (Variant.CALL_YOUR_PARTNER, "called"),
        (Variant.CALL_YOUR_PARTNER, "partner"),
        (Variant.STANDARD, "maker"),
        (Variant.STANDARD, "trump"),
        (Variant.STANDARD, "tricks"),
    ],
)
def test_a_missing_field_is_refused_with_an_error_naming_it(variant: Variant, field: str) -> None:
    t = variant_setup(variant)
    data = {k: v for k, v in GOOD[variant].items() if k != field}
    with pytest.raises(HandError) as error:
        read_hand(t, data)
    assert set(error.value.errors) == {field}


def test_every_field_at_fault_is_named_at_once() -> None:
    t = variant_setup(Variant.CALL_ACE)
    with pytest.raises(HandError) as error:
        read_hand(t, {"maker": "Zed", "trump": "X", "called": "Q", "partner": "Yan", "tricks": 9})
    assert set(error.value.errors) == {"maker", "trump", "called", "partner", "tricks"}


def test_a_named_partner_alone_can_be_revealed_on_a_trick() -> None:
    t = variant_setup(Variant.CALL_ACE)
    assert read_hand(t, {**GOOD[Variant.CALL_ACE], "revealed_on_trick": 5}).revealed_on_trick == 5
    with pytest.raises(HandError) as error:
        read_hand(t, {**GOOD[Variant.CALL_ACE], "partner": "maker", "revealed_on_trick": 2})
    assert error.value.errors == {
        "revealed_on_trick": "only a named partner is revealed on a trick"
    }


def test_a_hand_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(HandError) as error:
        read_hand(variant_setup(Variant.CALL_ACE), ["Ben", "H"])  # type: ignore[arg-type]
    assert set(error.value.errors) == {"hand"}


def test_the_fields_export_adds_are_ignored_on_import() -> None:
    t = variant_setup(Variant.CALL_ACE)
    exported = {**GOOD[Variant.CALL_ACE], "points": {"Ann": 1}, "explanation": "anything"}
    assert read_hand(t, exported) == read_hand(t, GOOD[Variant.CALL_ACE])
    assert read_hand(
        t, {"thrown_in": True, "dealer": "Ben", "points": {}, "explanation": "x"}
    ) == Hand(thrown_in=True, dealer=1)


def test_a_hand_is_read_with_players_as_seats() -> None:
    t = variant_setup(Variant.CALL_ACE)
    hand = read_hand(
        t,
        {
            **GOOD[Variant.CALL_ACE],
            "renege": "Cat",
            "round": 2,
            "dealer": "Dan",
            "revealed_on_trick": 3,
        },
    )
    assert hand == Hand(
        maker=4,
        trump=Suit.CLUBS,
        called=Suit.HEARTS,
        outcome=PartnerOutcome.REVEALED,
        partner=0,
        tricks=4,
        renege=2,
        round=2,
        dealer=3,
        revealed_on_trick=3,
    )


# --- House rules (docs/formats.md, "Game document (import and export)") ---------------------------


def test_missing_house_rules_take_the_defaults_of_the_rulebook() -> None:
    for data in (None, {}):
        rules = house_rules_from_dict(Variant.CALL_ACE, data)
        assert rules == HouseRules()
    assert HouseRules() == HouseRules(
        target=10,
        stick_the_dealer=True,
        no_trump=False,
        canadian_loner=False,
        deal=Deal.STANDARD,
        renege=RenegeRule.MARCH_OR_EUCHRE,
        ties=TieRule.SHARE,
    )


def test_every_house_rule_is_read_from_the_game_document() -> None:
    rules = house_rules_from_dict(
        Variant.CALL_ACE,
        {
            "target": 15,
            "stick_the_dealer": False,
            "deal": "seed",
            "renege": "offender-loses-2",
            "ties": "play-on",
        },
    )
    assert rules == HouseRules(
        target=15,
        stick_the_dealer=False,
        deal=Deal.SEED,
        renege=RenegeRule.OFFENDER_LOSES_2,
        ties=TieRule.PLAY_ON,
    )
    assert house_rules_from_dict(Variant.STANDARD, {"no_trump": True}).no_trump
    assert house_rules_from_dict(Variant.STANDARD, {"canadian_loner": True}).canadian_loner


@pytest.mark.parametrize(
    ("variant", "data", "field"),
    [
        (Variant.CALL_ACE, {"target": "10"}, "target"),
        (Variant.CALL_ACE, {"target": True}, "target"),
        (Variant.CALL_ACE, {"target": 0}, "target"),
        (Variant.CALL_ACE, {"target": 100}, "target"),
        (Variant.CALL_ACE, {"stick_the_dealer": "yes"}, "stick_the_dealer"),
        (Variant.STANDARD, {"no_trump": 1}, "no_trump"),
        (Variant.CALL_ACE, {"no_trump": True}, "no_trump"),
        (Variant.CALL_YOUR_PARTNER, {"no_trump": True}, "no_trump"),
        (Variant.STANDARD, {"canadian_loner": "on"}, "canadian_loner"),
        (Variant.CALL_ACE, {"canadian_loner": True}, "canadian_loner"),
        (Variant.CALL_YOUR_PARTNER, {"canadian_loner": True}, "canadian_loner"),
        (Variant.CALL_ACE, {"deal": "six-each"}, "deal"),
        (Variant.STANDARD, {"deal": "seed"}, "deal"),
        (Variant.CALL_YOUR_PARTNER, {"deal": "seed"}, "deal"),
        (Variant.CALL_ACE, {"renege": "loses-4"}, "renege"),
        (Variant.CALL_ACE, {"ties": "coin-toss"}, "ties"),
        (Variant.CALL_ACE, {"jokers": True}, "jokers"),
    ],
)
def test_an_impossible_house_rule_is_refused_naming_the_setting(
    variant: Variant, data: dict[str, Any], field: str
) -> None:
    with pytest.raises(RulesError) as error:
        house_rules_from_dict(variant, data)
    assert error.value.field == field
    assert str(error.value).startswith(f"{field}: ")


@pytest.mark.parametrize(
    ("variant", "keys"),
    [
        (Variant.CALL_ACE, {"target", "stick_the_dealer", "deal", "renege", "ties"}),
        (Variant.CALL_YOUR_PARTNER, {"target", "stick_the_dealer", "renege", "ties"}),
        (
            Variant.STANDARD,
            {"target", "stick_the_dealer", "no_trump", "canadian_loner", "renege", "ties"},
        ),
    ],
)
def test_the_house_rules_written_for_a_variant_are_the_ones_that_apply_to_it(
    variant: Variant, keys: set[str]
) -> None:
    assert set(HouseRules().to_dict(variant)) == keys


def test_the_house_rules_a_table_changed_are_listed_as_differences() -> None:
    rules = HouseRules(target=12, ties=TieRule.PLAY_ON)
    assert rules.differences(Variant.CALL_ACE) == {"target": 12, "ties": "play-on"}
    assert HouseRules().differences(Variant.STANDARD) == {}


@pytest.mark.parametrize("text", ["call-ace", "call-your-partner", "standard"])
def test_the_three_variants_are_read_by_their_document_names(text: str) -> None:
    assert parse_variant(text).value == text


def test_an_unknown_variant_is_refused_naming_the_choices() -> None:
    with pytest.raises(RulesError) as error:
        parse_variant("bid-euchre")
    assert error.value.field == "variant"
    assert "call-ace, call-your-partner, standard" in error.value.message
