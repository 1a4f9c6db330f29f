"""Call-Ace Euchre: the deal, partners, the scoring table and reneges (docs/rules.md, Call-Ace).

Hands are written as the game document writes them
(docs/formats.md, "Game document (import and export)"), read with read_hand and scored with
score_hand, the way an imported game is scored."""

from __future__ import annotations

from typing import Any

import pytest

from referee.engine.cards import Rank, Suit
from referee.engine.checking import check_hand
from referee.engine.hands import GameSetup, Hand, HandError, PartnerOutcome
from referee.engine.reading import read_hand
from referee.engine.scoring import HandScore, score_hand
from referee.engine.totals import score_game
from referee.engine.variants import Deal, HouseRules, RenegeRule, Variant, deal_for

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
COUNTS = (4, 5, 6)


def game_setup(n: int, **rules: Any) -> GameSetup:
    return GameSetup(variant=Variant.CALL_ACE, players=NAMES[:n], rules=HouseRules(**rules))


def recorded(t: GameSetup, **fields: Any) -> Hand:
    """Read a hand written as in the game document."""
    return read_hand(t, fields)


def score(t: GameSetup, **fields: Any) -> HandScore:
    return score_hand(t, read_hand(t, fields))


def scorers(t: GameSetup, result: HandScore) -> dict[str, int]:
    """Who scores and how much; everyone left out scored exactly 0."""
    assert all(p >= 0 for p in result.points)
    return {name: p for name, p in zip(t.players, result.points, strict=True) if p}


def everyone_but(t: GameSetup, *names: str, each: int) -> dict[str, int]:
    return {name: each for name in t.players if name not in names}


# --- 3.1 The deal ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "deck", "lowest", "kitty"),
    [(4, 24, Rank.NINE, 4), (5, 28, Rank.EIGHT, 3), (6, 32, Rank.SEVEN, 2)],
)
def test_the_default_deal_is_five_cards_each_from_a_deck_sized_for_the_table(
    n: int, deck: int, lowest: Rank, kitty: int
) -> None:
    deal = deal_for(Variant.CALL_ACE, n)
    assert (deal.deck_size, deal.lowest_rank, deal.cards_each, deal.kitty) == (
        deck,
        lowest,
        5,
        kitty,
    )
    assert deal.deck_size == deal.cards_each * n + deal.kitty
    assert (deal.tricks, deal.tricks_to_make) == (5, 3)
    assert deal.turn_up


@pytest.mark.parametrize(
    ("n", "each", "kitty", "to_make", "turn_up"),
    [(4, 6, 0, 4, False), (5, 4, 4, 3, True), (6, 4, 0, 3, False)],
)
def test_the_seed_deal_house_rule_deals_the_24_card_deck_as_the_seed_sheet_says(
    n: int, each: int, kitty: int, to_make: int, turn_up: bool
) -> None:
    deal = deal_for(Variant.CALL_ACE, n, HouseRules(deal=Deal.SEED))
    assert (deal.deck_size, deal.cards_each, deal.kitty) == (24, each, kitty)
    assert deal.tricks == each
    assert deal.tricks_to_make == to_make  # more than half of the tricks
    assert deal.turn_up is turn_up


@pytest.mark.parametrize("n", [3, 7])
def test_call_ace_is_refused_for_fewer_than_4_or_more_than_6_players(n: int) -> None:
    with pytest.raises(ValueError, match="Call-Ace Euchre is played by 4, 5 or 6 players"):
        GameSetup(variant=Variant.CALL_ACE, players=tuple(f"P{i}" for i in range(n)))


@pytest.mark.parametrize(
    ("n", "tricks", "rule", "who"),
    [
        # 4 players, 6 tricks each hand: 4 of 6 makes it, 3 of 6 is a euchre.
        (4, 3, "euchre", "defenders"),
        (4, 4, "partnership-make", "makers"),
        (4, 5, "partnership-make", "makers"),
        (4, 6, "partnership-march", "makers"),
        # 5 and 6 players, 4 tricks: 3 of 4 makes it, 2 of 4 is a euchre.
        (5, 2, "euchre", "defenders"),
        (5, 3, "partnership-make", "makers"),
        (5, 4, "partnership-march", "makers"),
        (6, 2, "euchre", "defenders"),
        (6, 3, "partnership-make", "makers"),
        (6, 4, "partnership-march", "makers"),
    ],
)
def test_with_the_seed_deal_the_makers_need_more_than_half_the_tricks_and_a_march_is_all(
    n: int, tricks: int, rule: str, who: str
) -> None:
    t = game_setup(n, deal=Deal.SEED)
    result = score(t, maker="Ben", trump="H", called="S", partner="Dan", tricks=tricks)
    assert result.rule == rule
    march = 2 if n == 4 else 3
    expected = {
        "makers": {
            "Ben": march if rule.endswith("march") else 1,
            "Dan": march if rule.endswith("march") else 1,
        },
        "defenders": everyone_but(t, "Ben", "Dan", each=2),
    }[who]
    assert scorers(t, result) == expected


def test_with_the_seed_deal_an_alone_march_takes_all_six_tricks_for_as_many_points_as_players() -> (
    None
):
    t = game_setup(4, deal=Deal.SEED)
    result = score(t, maker="Cat", trump="S", called="S", partner="maker", tricks=6)
    assert scorers(t, result) == {"Cat": 4}
    assert "took all 6 tricks" in result.explanation


@pytest.mark.parametrize(("n", "tricks"), [(4, 7), (5, 5), (6, 5)])
def test_with_the_seed_deal_more_tricks_than_the_hand_has_are_refused(n: int, tricks: int) -> None:
    t = game_setup(n, deal=Deal.SEED)
    with pytest.raises(HandError) as error:
        recorded(t, maker="Ben", trump="H", called="S", partner="Dan", tricks=tricks)
    assert set(error.value.errors) == {"tricks"}


@pytest.mark.parametrize("n", [4, 6])
def test_with_the_seed_deal_and_no_kitty_no_card_is_turned_up_so_no_round_1_call(n: int) -> None:
    t = game_setup(n, deal=Deal.SEED)
    fields: dict[str, Any] = {
        "maker": "Ben",
        "trump": "H",
        "called": "S",
        "partner": "Dan",
        "tricks": 3,
    }
    with pytest.raises(HandError) as error:
        recorded(t, **fields, round=1)
    assert error.value.errors == {
        "round": "with this deal no card is turned up, so bidding starts at round 2"
    }
    assert recorded(t, **fields, round=2).round == 2


def test_with_the_seed_deal_for_5_players_a_card_is_turned_up_so_round_1_calls_stand() -> None:
    t = game_setup(5, deal=Deal.SEED)
    hand = recorded(t, maker="Ben", trump="H", called="S", partner="Dan", tricks=3, round=1)
    assert hand.round == 1


@pytest.mark.parametrize("n", COUNTS)
def test_with_the_default_deal_a_round_1_call_stands(n: int) -> None:
    t = game_setup(n)
    call = recorded(t, maker="Ben", trump="H", called="S", partner="Dan", tricks=3, round=1)
    assert call.round == 1


# --- 3.2 Bidding: stick the dealer, thrown-in hands ----------------------------------------------


def test_stick_the_dealer_is_on_by_default() -> None:
    assert HouseRules().stick_the_dealer is True


@pytest.mark.parametrize("n", COUNTS)
def test_a_thrown_in_hand_scores_nothing_for_anyone(n: int) -> None:
    t = game_setup(n, stick_the_dealer=False)
    result = score(t, thrown_in=True)
    assert result.points == (0,) * n
    assert result.rule == "thrown-in"
    assert result.explanation == "Thrown in: nobody made trump, so no score; the deal passes on."


def test_a_thrown_in_hand_passes_the_deal_to_the_left() -> None:
    t = game_setup(5, stick_the_dealer=False)
    game = score_game(t, first_dealer=0, hands=[Hand(thrown_in=True), Hand(thrown_in=True)])
    assert [h.dealer for h in game.hands] == [0, 1]
    assert game.next_dealer == 2
    assert game.totals == (0,) * 5


def test_a_thrown_in_hand_records_no_maker_trump_or_tricks() -> None:
    t = game_setup(5, stick_the_dealer=False)
    with pytest.raises(HandError) as error:
        recorded(t, thrown_in=True, maker="Ben", tricks=3)
    assert set(error.value.errors) == {"maker", "tricks"}


# --- 3.3 The partner -----------------------------------------------------------------------------


@pytest.mark.parametrize("n", COUNTS)
def test_the_holder_of_the_called_ace_is_the_makers_partner(n: int) -> None:
    t = game_setup(n)
    result = score(t, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    assert scorers(t, result) == {"Ben": 1, "Dan": 1}
    assert t.makers(recorded(t, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)) == (
        1,
        3,
    )


@pytest.mark.parametrize("n", COUNTS)
@pytest.mark.parametrize("partner", ["maker", "none"])
@pytest.mark.parametrize("tricks", [3, 4, 5, 0])
def test_maker_held_the_ace_and_ace_not_in_play_both_score_as_a_lone_hand(
    n: int, partner: str, tricks: int
) -> None:
    t = game_setup(n)
    lone = score(t, maker="Ben", trump="H", called="C", partner=partner, tricks=tricks)
    expected = {0: everyone_but(t, "Ben", each=2), 3: {"Ben": 1}, 4: {"Ben": 1}, 5: {"Ben": n}}
    assert scorers(t, lone) == expected[tricks]


def test_the_two_lone_outcomes_are_told_apart_in_the_explanation() -> None:
    t = game_setup(5)
    held = score(t, maker="Ben", trump="H", called="H", partner="maker", tricks=3)
    absent = score(t, maker="Ben", trump="H", called="C", partner="none", tricks=3)
    assert held.points == absent.points
    assert (
        held.explanation
        == "Alone made it: Ben alone (held the called ace) took 3 tricks, 1 to Ben."
    )
    assert absent.explanation == (
        "Alone made it: Ben alone (the called ace was not in play) took 3 tricks, 1 to Ben."
    )
    assert (
        recorded(t, maker="Ben", trump="H", called="H", partner="maker", tricks=3).outcome
        is PartnerOutcome.MAKER_HELD
    )
    assert (
        recorded(t, maker="Ben", trump="H", called="C", partner="none", tricks=3).outcome
        is PartnerOutcome.NOT_IN_PLAY
    )


def test_a_dealer_who_picked_up_the_called_ace_is_the_partner() -> None:
    """docs/rules.md, Call-Ace 3 ruling: Ann deals, picks up the ace of spades, and is Ben's
    partner."""
    t = game_setup(5)
    hand = recorded(t, maker="Ben", trump="S", called="S", partner="Ann", tricks=5, round=1)
    game = score_game(t, first_dealer=0, hands=[hand])
    (scored,) = game.hands
    assert t.name(scored.dealer) == "Ann"
    assert scorers(t, scored.score) == {"Ben": 3, "Ann": 3}
    assert scored.score.explanation == (
        "Partnership march, 5 players: Ben with Ann took all 5 tricks, 3 each to Ben and Ann."
    )


@pytest.mark.parametrize("called", ["S", "H", "D", "C"])
def test_any_of_the_four_aces_may_be_called_trump_included(called: str) -> None:
    t = game_setup(4)
    hand = recorded(t, maker="Ben", trump="H", called=called, partner="Dan", tricks=3)
    assert hand.called is Suit(called)


def test_the_maker_cannot_be_named_as_their_own_partner() -> None:
    t = game_setup(5)
    with pytest.raises(HandError) as error:
        recorded(t, maker="Ben", trump="H", called="S", partner="Ben", tricks=3)
    assert set(error.value.errors) == {"partner"}
    assert 'choose "maker held it"' in error.value.errors["partner"]


def test_a_call_ace_hand_must_say_how_the_makers_side_was_made_up() -> None:
    """A Call-Ace record is a named partner, "maker" or "none" (docs/rules.md, Call-Ace 3): a hand
    built without one is refused, not scored as a partnership of one."""
    t = game_setup(5)
    bare = Hand(maker=1, trump=Suit.HEARTS, called=Suit.SPADES, tricks=5)
    assert set(check_hand(t, bare)) == {"partner"}
    alone_by_choice = Hand(
        maker=1, trump=Suit.HEARTS, called=Suit.SPADES, tricks=5, outcome=PartnerOutcome.ALONE
    )
    assert check_hand(t, alone_by_choice)


# --- 3.4 The scoring table, every row, for 4, 5 and 6 players ------------------------------------


@pytest.mark.parametrize("n", COUNTS)
@pytest.mark.parametrize("tricks", [3, 4])
def test_alone_with_3_or_4_tricks_scores_1_for_the_maker(n: int, tricks: int) -> None:
    t = game_setup(n)
    result = score(t, maker="Cat", trump="D", called="D", partner="maker", tricks=tricks)
    assert scorers(t, result) == {"Cat": 1}
    assert result.rule == "alone-make"
    assert result.citation.short == "Call-Ace rules 5"


@pytest.mark.parametrize("n", COUNTS)
def test_alone_march_scores_as_many_points_as_players_for_the_maker(n: int) -> None:
    t = game_setup(n)
    result = score(t, maker="Cat", trump="D", called="D", partner="maker", tricks=5)
    assert scorers(t, result) == {"Cat": n}
    assert result.rule == "alone-march"
    assert result.explanation == (
        f"Alone march, {n} players: Cat alone (held the called ace) took all 5 tricks, {n} to Cat."
    )


@pytest.mark.parametrize("n", COUNTS)
@pytest.mark.parametrize("tricks", [3, 4])
def test_a_partnership_with_3_or_4_tricks_scores_1_each_for_maker_and_partner(
    n: int, tricks: int
) -> None:
    t = game_setup(n)
    result = score(t, maker="Ben", trump="H", called="S", partner="Dan", tricks=tricks)
    assert scorers(t, result) == {"Ben": 1, "Dan": 1}
    assert result.rule == "partnership-make"
    assert result.explanation == (
        f"Partnership made it: Ben with Dan took {tricks} tricks, 1 each to Ben and Dan."
    )


@pytest.mark.parametrize(("n", "each"), [(4, 2), (5, 3), (6, 3)])
def test_a_partnership_march_scores_2_each_for_4_players_and_3_each_for_5_or_6(
    n: int, each: int
) -> None:
    t = game_setup(n)
    result = score(t, maker="Ben", trump="H", called="S", partner="Dan", tricks=5)
    assert scorers(t, result) == {"Ben": each, "Dan": each}
    assert result.rule == "partnership-march"
    assert result.explanation == (
        f"Partnership march, {n} players: Ben with Dan took all 5 tricks, "
        f"{each} each to Ben and Dan."
    )


@pytest.mark.parametrize("n", COUNTS)
@pytest.mark.parametrize("tricks", [0, 1, 2])
def test_euchred_makers_give_2_to_every_player_outside_the_makers_side(n: int, tricks: int) -> None:
    t = game_setup(n)
    result = score(t, maker="Ben", trump="H", called="S", partner="Dan", tricks=tricks)
    assert scorers(t, result) == everyone_but(t, "Ben", "Dan", each=2)
    assert result.rule == "euchre"
    defenders = [name for name in t.players if name not in ("Ben", "Dan")]
    assert result.explanation.startswith(f"Euchre: Ben with Dan took {tricks} trick")
    assert f"2 each to {', '.join(defenders[:-1])} and {defenders[-1]}." in result.explanation


@pytest.mark.parametrize("n", COUNTS)
def test_a_euchred_lone_maker_gives_2_to_every_other_player(n: int) -> None:
    t = game_setup(n)
    result = score(t, maker="Ben", trump="H", called="C", partner="none", tricks=2)
    assert scorers(t, result) == everyone_but(t, "Ben", each=2)


def test_one_trick_is_written_in_the_singular() -> None:
    t = game_setup(4)
    result = score(t, maker="Ben", trump="H", called="S", partner="Dan", tricks=1)
    assert result.explanation == "Euchre: Ben with Dan took 1 trick, 2 each to Ann and Cat."


# --- 3.5 Renege -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "each"), [(4, 2), (5, 3), (6, 3)])
@pytest.mark.parametrize("tricks", [0, 2, 4])
def test_a_defenders_renege_scores_a_march_for_the_makers_side_whatever_the_tricks(
    n: int, each: int, tricks: int
) -> None:
    t = game_setup(n)
    result = score(
        t,
        maker="Eve" if n > 4 else "Ann",
        trump="C",
        called="H",
        partner="Cat",
        tricks=tricks,
        renege="Ben",
    )
    maker = "Eve" if n > 4 else "Ann"
    assert scorers(t, result) == {maker: each, "Cat": each}
    assert result.rule == "renege-march"
    assert result.citation.short == "Call-Ace rules 5"
    assert result.explanation == (
        f"Renege by Ben, a defender: scored as a march for {maker} with Cat, {n} players: "
        f"{each} each to {maker} and Cat."
    )


@pytest.mark.parametrize("n", COUNTS)
@pytest.mark.parametrize("partner", ["maker", "none"])
def test_a_defenders_renege_against_a_lone_maker_scores_the_lone_march(
    n: int, partner: str
) -> None:
    t = game_setup(n)
    result = score(
        t,
        maker="Ann",
        trump="C",
        called="C" if partner == "maker" else "H",
        partner=partner,
        tricks=1,
        renege="Dan",
    )
    assert scorers(t, result) == {"Ann": n}


@pytest.mark.parametrize("n", COUNTS)
@pytest.mark.parametrize("tricks", [3, 5])
def test_a_makers_renege_is_scored_as_a_euchre_whatever_the_tricks(n: int, tricks: int) -> None:
    t = game_setup(n)
    result = score(
        t, maker="Ben", trump="H", called="S", partner="Dan", tricks=tricks, renege="Ben"
    )
    assert scorers(t, result) == everyone_but(t, "Ben", "Dan", each=2)
    assert result.rule == "renege-euchre"
    assert result.explanation.startswith("Renege by Ben, the maker: scored as a euchre, 2 each to ")


@pytest.mark.parametrize("n", COUNTS)
def test_a_partners_renege_is_scored_as_a_euchre(n: int) -> None:
    t = game_setup(n)
    result = score(t, maker="Ben", trump="H", called="S", partner="Dan", tricks=5, renege="Dan")
    assert scorers(t, result) == everyone_but(t, "Ben", "Dan", each=2)
    assert result.explanation.startswith(
        "Renege by Dan, the maker's partner: scored as a euchre, 2 each to "
    )


def test_a_partner_who_reneges_before_being_revealed_is_on_the_makers_side_all_the_same() -> None:
    """Dan reneged on trick 1 and played the called ace only on trick 4."""
    t = game_setup(5)
    result = score(
        t,
        maker="Ben",
        trump="H",
        called="S",
        partner="Dan",
        tricks=4,
        renege="Dan",
        revealed_on_trick=4,
    )
    assert scorers(t, result) == {"Ann": 2, "Cat": 2, "Eve": 2}
    assert result.rule == "renege-euchre"


def test_a_lone_makers_renege_gives_2_to_every_other_player() -> None:
    t = game_setup(6)
    result = score(t, maker="Fay", trump="H", called="H", partner="maker", tricks=5, renege="Fay")
    assert scorers(t, result) == everyone_but(t, "Fay", each=2)


def test_the_renege_house_rule_scores_the_tricks_taken_and_costs_the_offender_2() -> None:
    t = game_setup(5, renege=RenegeRule.OFFENDER_LOSES_2)
    result = score(t, maker="Ben", trump="H", called="S", partner="Dan", tricks=3, renege="Cat")
    assert scorers(t, result) == {"Ben": 1, "Dan": 1}
    assert result.penalties == (0, 0, 2, 0, 0)
    assert result.rule == "partnership-make"
    assert result.explanation == (
        "Partnership made it: Ben with Dan took 3 tricks, 1 each to Ben and Dan; "
        "Cat reneged and loses 2 (house rule, Call-Ace rules 5)."
    )


def test_under_the_renege_house_rule_a_maker_who_reneges_and_is_euchred_loses_2_too() -> None:
    t = game_setup(4, renege=RenegeRule.OFFENDER_LOSES_2)
    result = score(t, maker="Ben", trump="H", called="S", partner="Dan", tricks=2, renege="Ben")
    assert scorers(t, result) == {"Ann": 2, "Cat": 2}
    assert result.penalties == (0, 2, 0, 0)


def test_under_the_renege_house_rule_the_offender_never_drops_below_0() -> None:
    t = game_setup(4, renege=RenegeRule.OFFENDER_LOSES_2)
    hands = [
        # Cat makes it alone for 1, then reneges twice: 1 - 2 stops at 0, then stays 0.
        recorded(t, maker="Cat", trump="S", called="S", partner="maker", tricks=3),
        recorded(t, maker="Ben", trump="H", called="S", partner="Dan", tricks=4, renege="Cat"),
        recorded(t, maker="Ben", trump="H", called="S", partner="Dan", tricks=4, renege="Cat"),
    ]
    game = score_game(t, first_dealer=0, hands=hands)
    assert [h.totals[2] for h in game.hands] == [1, 0, 0]
    assert [h.points[2] for h in game.hands] == [1, -1, 0]
    assert game.totals == (0, 2, 0, 2)


def test_a_renege_by_someone_not_at_the_table_is_refused() -> None:
    t = game_setup(4)
    with pytest.raises(HandError) as error:
        recorded(t, maker="Ben", trump="H", called="S", partner="Dan", tricks=3, renege="Eve")
    assert set(error.value.errors) == {"renege"}


def test_call_ace_has_no_no_trump_call() -> None:
    t = game_setup(4)
    with pytest.raises(HandError) as error:
        recorded(t, maker="Ben", trump="NT", called="S", partner="Dan", tricks=3)
    assert error.value.errors == {"trump": "Call-Ace Euchre has no no-trump call: name a suit"}
