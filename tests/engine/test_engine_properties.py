"""Properties of the rules engine that hold for every valid hand and game.

Hands are generated for every variant and player count from the engine's own
types (Variant, HouseRules, GameSetup, Hand, PartnerOutcome), valid by construction.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.cards import (
    SUITS,
    Card,
    Rank,
    Suit,
    Trump,
    make_deck,
    parse_card,
    parse_suit,
    parse_trump,
)
from referee.engine.checking import check_hand
from referee.engine.hands import GameSetup, Hand, PartnerOutcome
from referee.engine.reading import hand_to_dict, read_hand
from referee.engine.scoring import score_hand
from referee.engine.totals import score_game
from referee.engine.variants import (
    Deal,
    HouseRules,
    RenegeRule,
    TieRule,
    Variant,
    house_rules_from_dict,
)

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
FAST = settings(max_examples=100, deadline=None)
GAMES = settings(max_examples=50, deadline=None)

# --- Strategies ----------------------------------------------------------------------------------


@st.composite
def house_rules(draw: st.DrawFn, variant: Variant) -> HouseRules:
    return HouseRules(
        target=draw(st.integers(1, 30)),
        stick_the_dealer=draw(st.booleans()),
        no_trump=variant is Variant.STANDARD and draw(st.booleans()),
        deal=draw(st.sampled_from(Deal)) if variant is Variant.CALL_ACE else Deal.STANDARD,
        renege=draw(st.sampled_from(RenegeRule)),
        ties=draw(st.sampled_from(TieRule)),
    )


@st.composite
def game_setups(draw: st.DrawFn, *, default_rules: bool = False) -> GameSetup:
    variant = draw(st.sampled_from(Variant))
    n = draw(st.sampled_from(variant.player_counts))
    rules = HouseRules() if default_rules else draw(house_rules(variant))
    return GameSetup(variant=variant, players=NAMES[:n], rules=rules)


OUTCOMES = {
    Variant.CALL_ACE: [
        PartnerOutcome.REVEALED,
        PartnerOutcome.MAKER_HELD,
        PartnerOutcome.NOT_IN_PLAY,
    ],
    Variant.CALL_YOUR_PARTNER: [
        PartnerOutcome.REVEALED,
        PartnerOutcome.MAKER_HELD,
        PartnerOutcome.NOT_IN_PLAY,
        PartnerOutcome.ALONE,
    ],
    Variant.STANDARD: [PartnerOutcome.TEAM, PartnerOutcome.ALONE],
}


@st.composite
def hands(draw: st.DrawFn, setup: GameSetup, *, thrown_in: bool | None = None) -> Hand:
    n, variant, deal = setup.n, setup.variant, setup.deal
    seats = st.integers(0, n - 1)
    dealer = draw(st.none() | seats)
    if thrown_in is None:
        thrown_in = draw(st.integers(0, 9)) == 0
    if thrown_in:
        return Hand(thrown_in=True, dealer=dealer)

    maker = draw(seats)
    trumps: list[Trump] = list(SUITS)
    if variant is Variant.STANDARD and setup.rules.no_trump:
        trumps.append(None)
    trump = draw(st.sampled_from(trumps))
    rounds: list[int | None] = [None, 2]
    if trump is not None and (variant is not Variant.CALL_ACE or deal.turn_up):
        rounds.append(1)
    outcome = draw(st.sampled_from(OUTCOMES[variant]))

    called: Suit | Card | None = None
    if variant is Variant.CALL_ACE:
        called = draw(st.sampled_from(SUITS))
    elif variant is Variant.CALL_YOUR_PARTNER and outcome is not PartnerOutcome.ALONE:
        callable_cards = [c for c in make_deck(deal.lowest_rank) if not _is_trump(c, trump)]
        called = draw(st.sampled_from(callable_cards))

    partner = None
    revealed_on_trick = None
    if outcome is PartnerOutcome.REVEALED:
        partner = draw(seats.filter(lambda s: s != maker))
        revealed_on_trick = draw(st.none() | st.integers(1, deal.tricks))

    hand = Hand(
        dealer=dealer,
        maker=maker,
        trump=trump,
        called=called,
        outcome=outcome,
        partner=partner,
        tricks=draw(st.integers(0, deal.tricks)),
        round=draw(st.sampled_from(rounds)),
        revealed_on_trick=revealed_on_trick,
    )
    sitting_out = setup.sits_out(hand)
    renege = draw(st.none() | seats.filter(lambda s: s != sitting_out))
    return replace(hand, renege=renege)


def _is_trump(card: Card, trump: Trump) -> bool:
    if trump is None:
        return False
    left = Card(Rank.JACK, trump.partner_suit)
    return card.suit is trump or card == left


@st.composite
def setup_and_hand(draw: st.DrawFn, *, default_rules: bool = False) -> tuple[GameSetup, Hand]:
    setup = draw(game_setups(default_rules=default_rules))
    return setup, draw(hands(setup))


@st.composite
def setup_and_played_hand(
    draw: st.DrawFn, *, default_rules: bool = False
) -> tuple[GameSetup, Hand]:
    setup = draw(game_setups(default_rules=default_rules))
    return setup, draw(hands(setup, thrown_in=False))


@st.composite
def games(draw: st.DrawFn, *, default_rules: bool = False) -> tuple[GameSetup, int, list[Hand]]:
    setup = draw(game_setups(default_rules=default_rules))
    first_dealer = draw(st.integers(0, setup.n - 1))
    return setup, first_dealer, draw(st.lists(hands(setup), max_size=20))


# --- The generated hands are the engine's valid hands --------------------------------------------


@FAST
@given(setup_and_hand())
def test_every_generated_hand_is_a_valid_hand_record(case: tuple[GameSetup, Hand]) -> None:
    setup, hand = case
    assert check_hand(setup, hand) == {}


# --- Scoring -------------------------------------------------------------------------------------


@FAST
@given(setup_and_hand(default_rules=True))
def test_points_are_never_negative_under_the_default_rules(case: tuple[GameSetup, Hand]) -> None:
    setup, hand = case
    result = score_hand(setup, hand)
    assert all(p >= 0 for p in result.points)
    assert result.penalties == (0,) * setup.n


@FAST
@given(setup_and_played_hand())
def test_in_a_scored_hand_exactly_one_side_scores_every_member_alike_and_nobody_else(
    case: tuple[GameSetup, Hand],
) -> None:
    setup, hand = case
    result = score_hand(setup, hand)
    scorers = {seat for seat, p in enumerate(result.points) if p}
    makers, defenders = set(setup.makers(hand)), set(setup.defenders(hand))
    assert makers
    assert defenders
    assert makers.isdisjoint(defenders)
    assert makers | defenders == set(range(setup.n))
    assert scorers in (makers, defenders)
    assert len({result.points[s] for s in scorers}) == 1
    assert all(p >= 0 for p in result.points)


@FAST
@given(setup_and_played_hand())
def test_makers_score_exactly_when_they_take_enough_tricks_or_a_defender_reneges(
    case: tuple[GameSetup, Hand],
) -> None:
    setup, hand = case
    result = score_hand(setup, hand)
    makers = set(setup.makers(hand))
    makers_scored = any(result.points[s] for s in makers)
    if hand.renege is not None and setup.rules.renege is RenegeRule.MARCH_OR_EUCHRE:
        assert makers_scored == (hand.renege not in makers)
    else:
        assert makers_scored == (hand.tricks >= setup.deal.tricks_to_make)


@FAST
@given(setup_and_played_hand())
def test_a_march_scores_at_least_what_a_make_scores_for_the_same_side(
    case: tuple[GameSetup, Hand],
) -> None:
    setup, hand = case
    deal = setup.deal
    march = score_hand(setup, replace(hand, tricks=deal.tricks, renege=None))
    make = score_hand(setup, replace(hand, tricks=deal.tricks_to_make, renege=None))
    for seat in setup.makers(hand):
        assert march.points[seat] >= make.points[seat] >= 1


@FAST
@given(setup_and_played_hand())
def test_taking_more_tricks_never_scores_the_makers_less(case: tuple[GameSetup, Hand]) -> None:
    setup, hand = case
    maker_points = [
        score_hand(setup, replace(hand, tricks=t, renege=None)).points[hand.maker]
        for t in range(setup.deal.tricks + 1)
    ]
    assert maker_points == sorted(maker_points)


@FAST
@given(setup_and_played_hand(default_rules=True))
def test_under_the_default_rules_a_defenders_renege_scores_the_makers_march(
    case: tuple[GameSetup, Hand],
) -> None:
    setup, hand = case
    defender = setup.defenders(hand)[0]
    if defender == setup.sits_out(hand):
        return
    reneged = score_hand(setup, replace(hand, renege=defender))
    march = score_hand(setup, replace(hand, renege=None, tricks=setup.deal.tricks))
    if setup.variant is Variant.STANDARD:
        expected = 4 if hand.alone else 2
        assert all(reneged.points[s] == expected for s in setup.makers(hand))
    else:
        assert reneged.points == march.points


# --- A whole game --------------------------------------------------------------------------------


@GAMES
@given(games())
def test_game_totals_are_the_sum_of_the_points_applied_hand_by_hand(
    case: tuple[GameSetup, int, list[Hand]],
) -> None:
    setup, first_dealer, played = case
    game = score_game(setup, first_dealer=first_dealer, hands=played)
    assert len(game.hands) == len(played)
    for seat in range(setup.n):
        assert game.totals[seat] == sum(h.points[seat] for h in game.hands)
        assert game.totals[seat] >= 0
    assert all(h.points == (0,) * setup.n for h in game.hands if h.after_end)


@GAMES
@given(games(default_rules=True))
def test_under_the_default_rules_game_totals_are_the_sum_of_the_counted_hands_scores(
    case: tuple[GameSetup, int, list[Hand]],
) -> None:
    setup, first_dealer, played = case
    game = score_game(setup, first_dealer=first_dealer, hands=played)
    for seat in range(setup.n):
        assert game.totals[seat] == sum(h.score.points[seat] for h in game.counted_hands)


@GAMES
@given(games())
def test_a_game_ends_on_the_first_hand_that_decides_it_and_its_winners_are_on_top(
    case: tuple[GameSetup, int, list[Hand]],
) -> None:
    setup, first_dealer, played = case
    game = score_game(setup, first_dealer=first_dealer, hands=played)
    target = setup.rules.target
    if not game.finished:
        assert game.winners == ()
        assert not any(h.after_end for h in game.hands)
        return
    assert game.ended_after is not None
    ending = game.hands[game.ended_after - 1]
    assert max(ending.totals) >= target
    assert set(game.winners) == {s for s, t in enumerate(game.totals) if t == max(game.totals)}
    assert [h.after_end for h in game.hands] == [h.number > game.ended_after for h in game.hands]
    assert game.decided_by
    if setup.variant is Variant.STANDARD:
        assert set(game.winners) == set(setup.team_of(game.winners[0]))
    elif setup.rules.ties is TieRule.PLAY_ON:
        assert len(game.winners) == 1
    if setup.rules.ties is TieRule.SHARE or setup.variant is Variant.STANDARD:
        # Nobody had reached the target before the hand that ended the game.
        assert all(max(h.totals) < target for h in game.hands[: game.ended_after - 1])


@GAMES
@given(games())
def test_each_hand_is_dealt_by_the_player_left_of_the_last_dealer_unless_recorded(
    case: tuple[GameSetup, int, list[Hand]],
) -> None:
    setup, first_dealer, played = case
    game = score_game(setup, first_dealer=first_dealer, hands=played)
    expected = first_dealer
    for scored in game.hands:
        if scored.hand.dealer is not None:
            expected = scored.hand.dealer
        assert scored.dealer == expected
        expected = (expected + 1) % setup.n
    assert game.next_dealer == expected


# --- Round trips ---------------------------------------------------------------------------------

ALL_CARDS = make_deck(Rank.SEVEN)
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@settings(max_examples=200, deadline=None)
@given(
    card=st.sampled_from(ALL_CARDS),
    lower_rank=st.booleans(),
    lower_suit=st.booleans(),
    use_t=st.booleans(),
    use_symbol=st.booleans(),
    pad=st.sampled_from(["", " ", "  "]),
)
def test_a_card_written_any_accepted_way_reads_back_to_the_same_card(
    card: Card, lower_rank: bool, lower_suit: bool, use_t: bool, use_symbol: bool, pad: str
) -> None:
    written = str(card)
    assert str(parse_card(written)) == written
    assert parse_card(written) == card
    rank, suit = written[:-1], written[-1]
    if use_t and rank == "10":
        rank = "T"
    if lower_rank:
        rank = rank.lower()
    suit = SYMBOLS[suit] if use_symbol else (suit.lower() if lower_suit else suit)
    variant = f"{pad}{rank}{suit}{pad}"
    assert parse_card(variant) == card, variant
    assert str(parse_card(variant)) == written


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(SUITS), st.booleans())
def test_a_suit_written_any_accepted_way_reads_back_to_the_same_suit(
    suit: Suit, lower: bool
) -> None:
    written = str(suit)
    assert parse_suit(written.lower() if lower else written) is suit
    assert parse_suit(SYMBOLS[written]) is suit
    assert parse_trump(written) is suit


@FAST
@given(st.sampled_from(Variant).flatmap(lambda v: st.tuples(st.just(v), house_rules(v))))
def test_house_rules_read_back_from_what_they_write(case: tuple[Variant, HouseRules]) -> None:
    variant, rules = case
    assert house_rules_from_dict(variant, rules.to_dict(variant)) == rules
    assert house_rules_from_dict(variant, rules.differences(variant)) == rules


@settings(max_examples=300, deadline=None)
@given(setup_and_hand())
def test_a_hand_reads_back_from_what_it_writes(case: tuple[GameSetup, Hand]) -> None:
    setup, hand = case
    written = hand_to_dict(setup, hand)
    assert read_hand(setup, written) == hand
    # The export-only fields are ignored on the way back in.
    exported = {**written, "points": {}, "explanation": score_hand(setup, hand).explanation}
    assert read_hand(setup, exported) == hand
