"""The hand audit (referee/engine/audit.py): tricks judged, partner revealed, reneges proved."""

import pytest

from referee.engine.audit import AuditError, TrickEntry, audit_hand
from referee.engine.cards import Suit, parse_card, parse_cards
from referee.engine.hands import GameSetup, PartnerOutcome
from referee.engine.variants import HouseRules, RenegeRule, Variant

FIVE = ("Ann", "Ben", "Cat", "Dan", "Eve")
CALL_ACE_5 = GameSetup(variant=Variant.CALL_ACE, players=FIVE)

# Hearts trump, Ben (seat 1) makes and calls the ace of spades, Ann leads.
# Dan holds the ace of spades. On trick 2 diamonds are led and Cat throws the
# 9 of clubs while holding the ace of diamonds, which she plays on trick 4.
RENEGE_HAND = [
    "AC,10D,8C,10C,QC",  # Ann leads; Ann wins
    "9D,JH,9C,QD,KD",  # Ann leads; Ben's right bower wins; Cat reneges
    "JD,QS,KH,9H,QH",  # Ben leads the left bower and wins
    "KS,AD,AS,JS,10S",  # Ben leads; Dan's ace of spades wins and reveals him
    "9S,10H,KC,AH,8D",  # Dan leads; Ben's ace of hearts wins
]


def entries(tricks: list[str]) -> list[TrickEntry]:
    return [TrickEntry(cards=tuple(parse_cards(t))) for t in tricks]


def audit(tricks: list[str], setup: GameSetup = CALL_ACE_5, **kwargs):
    options = {"maker": 1, "trump": Suit.HEARTS, "called": Suit.SPADES, "first_leader": 0}
    return audit_hand(setup, **(options | kwargs), tricks=entries(tricks))


def test_every_trick_is_judged_and_its_winner_leads_the_next() -> None:
    result = audit(RENEGE_HAND)
    assert [t.leader for t in result.tricks] == [0, 0, 1, 1, 3]
    assert [t.winner for t in result.tricks] == [0, 1, 1, 3, 1]
    assert "left bower" in result.tricks[2].reason
    # Play goes to the left from the leader.
    assert [p.player for p in result.tricks[2].plays] == [1, 2, 3, 4, 0]


def test_the_called_ace_reveals_the_partner_on_the_trick_it_is_played() -> None:
    result = audit(RENEGE_HAND)
    assert [t.reveals_partner for t in result.tricks] == [False, False, False, True, False]
    assert result.outcome is PartnerOutcome.REVEALED
    assert (result.partner, result.revealed_on_trick) == (3, 4)


def test_the_maker_side_counts_the_partners_tricks_once_revealed() -> None:
    result = audit(RENEGE_HAND)
    assert result.maker_side == (1, 3)
    assert result.maker_tricks == 4
    before = audit(RENEGE_HAND[:3])
    assert before.outcome is None
    assert before.maker_side == (1,)
    assert before.maker_tricks == 2


def test_a_renege_is_flagged_with_the_card_that_proves_it() -> None:
    result = audit(RENEGE_HAND)
    (finding,) = result.reneges
    assert finding.renege.player == 2
    assert finding.sentence == (
        "Cat played the 9 of clubs on trick 2 while holding the ace of diamonds, played on "
        "trick 4: diamonds were led, so a diamond had to be played."
    )


def test_a_finished_audit_scores_the_hand_with_the_renege() -> None:
    result = audit(RENEGE_HAND)
    assert result.complete
    assert result.hand is not None
    assert result.hand.renege == 2
    assert result.hand.tricks == 4
    assert result.score is not None
    assert result.score.rule == "renege-march"
    assert result.score.points == (0, 3, 0, 3, 0)


def test_under_the_offender_loses_2_rule_the_tricks_count() -> None:
    setup = GameSetup(
        variant=Variant.CALL_ACE,
        players=FIVE,
        rules=HouseRules(renege=RenegeRule.OFFENDER_LOSES_2),
    )
    result = audit(RENEGE_HAND, setup=setup)
    assert result.score is not None
    assert result.score.rule == "partnership-make"
    assert result.score.penalties == (0, 0, 2, 0, 0)


def test_a_maker_who_plays_the_called_ace_was_alone() -> None:
    # Ben calls the ace of hearts, which is in his own hand (he plays it on trick 5).
    result = audit(RENEGE_HAND, called=Suit.HEARTS)
    assert result.outcome is PartnerOutcome.MAKER_HELD
    assert result.partner is None
    assert result.revealed_on_trick is None
    assert result.maker_side == (1,)


def test_a_called_ace_nobody_played_was_not_in_play() -> None:
    setup = GameSetup(variant=Variant.CALL_ACE, players=FIVE[:4])
    hand = [
        "9C,10C,QC,KC",  # Ann leads, Dan wins with the king
        "9H,10H,QH,KH",  # Dan leads; Cat wins
        "9S,10S,QS,KS",  # Cat leads; Ben wins
        "9D,10D,QD,KD",  # Ben leads; Ann wins
        "AC,AH,AS,AD",  # Ann leads; Ben trumps with the ace of hearts
    ]
    result = audit(hand, setup=setup, called=Suit.DIAMONDS)
    assert [t.winner for t in result.tricks] == [3, 2, 1, 0, 1]
    # Dan plays the called ace of diamonds on the last trick; in the second deal nobody does.
    assert result.partner == 3
    missing = audit([*hand[:4], "AC,AH,AS,JD"], setup=setup, called=Suit.DIAMONDS)
    assert missing.outcome is PartnerOutcome.NOT_IN_PLAY
    assert missing.score is not None
    assert "not in play" in missing.score.explanation


def test_an_unfinished_trick_says_whose_card_comes_next() -> None:
    result = audit([*RENEGE_HAND[:3], "KS,AD"])
    assert not result.complete
    assert result.score is None
    assert result.trick_under_way is not None
    assert result.next_player == 3  # Ben led, then Cat; Dan is next
    assert audit([]).next_player == 0
    assert audit(RENEGE_HAND[:1]).next_player == 0


def test_standard_euchre_lone_hand_skips_the_partner() -> None:
    setup = GameSetup(variant=Variant.STANDARD, players=FIVE[:4])
    result = audit_hand(
        setup,
        maker=0,
        trump=Suit.SPADES,
        called=None,
        alone=True,
        first_leader=1,
        tricks=entries(["AH,9H,JS"]),
    )
    assert [p.player for p in result.tricks[0].plays] == [1, 3, 0]
    assert result.tricks[0].winner == 0
    assert result.sits_out == 2
    assert result.maker_side == (0,)


@pytest.mark.parametrize(
    ("tricks", "kwargs", "field", "message"),
    [
        ([*RENEGE_HAND[:1], "9D,JH,9C,QD,AC"], {}, "trick-2", "already played on trick 1"),
        (["AC,AC,8C,10C,QC"], {}, "trick-1", "appears twice"),
        (["AC,10D,8C,10C,QC,9C"], {}, "trick-1", "only 5 players play"),
        (["AC,10D", "9D"], {}, "trick-1", "each of the 5 players plays one"),
        (["AC,10D,7C,10C,QC"], {}, "trick-1", "not in the deck: 5 players use 28 cards"),
        ([*RENEGE_HAND, "9H"], {}, "tricks", "a hand has 5 tricks"),
        ([], {"maker": 7}, "maker", "there is no seat 8"),
        ([], {"called": None}, "called", "name the suit of the called ace"),
        ([], {"trump": None}, "trump", "no no-trump call"),
        ([], {"alone": True}, "alone", "goes alone by calling an ace"),
    ],
)
def test_a_hand_that_cannot_have_been_played_names_the_field_at_fault(
    tricks: list[str], kwargs: dict, field: str, message: str
) -> None:
    with pytest.raises(AuditError) as caught:
        audit(tricks, **kwargs)
    assert message in caught.value.errors[field]


def test_a_trick_led_by_the_wrong_player_is_refused() -> None:
    wrong = [
        TrickEntry(cards=tuple(parse_cards(RENEGE_HAND[0]))),
        TrickEntry(cards=tuple(parse_cards(RENEGE_HAND[1])), leader=2),
    ]
    with pytest.raises(AuditError) as caught:
        audit_hand(
            CALL_ACE_5, maker=1, trump=Suit.HEARTS, called=Suit.SPADES, first_leader=0, tricks=wrong
        )
    assert caught.value.errors == {
        "trick-2": "Cat cannot lead trick 2: Ann took trick 1 and leads next"
    }


def test_call_your_partner_names_a_card_that_is_not_trump() -> None:
    with pytest.raises(AuditError) as caught:
        audit(
            [],
            called=parse_card("KH"),
            setup=GameSetup(variant=Variant.CALL_YOUR_PARTNER, players=FIVE),
        )
    assert "must not be a trump" in caught.value.errors["called"]
    setup = GameSetup(variant=Variant.CALL_YOUR_PARTNER, players=FIVE)
    result = audit(RENEGE_HAND, setup=setup, called=parse_card("QD"))
    assert (result.partner, result.revealed_on_trick) == (3, 2)
