"""The euchre night's rulebook (referee/engine/rulebook/euchre_night.py): six
numbered sections in the order a night runs, every rule of a night the app plays
(docs/rules.md, Euchre night) in the section a player would look for it, with
the engine's own numbers, and the night's house rules with the choice a night
picked."""

from __future__ import annotations

import pytest

from referee.engine.cards import Suit
from referee.engine.hands import Hand, PartnerOutcome
from referee.engine.night import (
    HANDS_PER_ROUND_RANGE,
    SIT_OUT_RANGE,
    NightRules,
    PrizeTies,
    night_rules_from_dict,
    score_table_round,
    sit_out_points,
)
from referee.engine.rulebook import SECTION_SLUGS, rulebook
from referee.engine.rulebook.euchre_night import (
    NIGHT_BOOK_SLUG,
    NIGHT_SECTION_SLUGS,
    night_in_force,
    night_rulebook,
)
from referee.engine.scoring import LONE_MARCH_HOUSE_POINTS, march_points
from referee.engine.seating import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    NIGHT_VARIANTS,
    SeatingError,
    check_night_size,
    plan_night,
    spread_figures,
    table_sizes,
)
from referee.engine.variants import RenegeRule, Variant

BOOK = night_rulebook()
STANDARD, CALL_ACE = Variant.STANDARD, Variant.CALL_ACE


def paragraph_text(anchor: str) -> tuple[str, str]:
    """(section slug, text and why) of the paragraph with ``anchor``."""
    for section in BOOK.sections:
        for paragraph in section.paragraphs:
            if paragraph.anchor == anchor:
                return section.slug, f"{paragraph.text} {paragraph.why}"
    raise AssertionError(f"no paragraph #{anchor} in the night's rules")


# Every rule of a euchre night that the app plays (docs/rules.md, Euchre night),
# where the book says it, and words the paragraph cannot say it without (numbers
# are the engine's).
FACTS = [
    # Players and tables
    ("night", "players", ["several tables", "own", "changes"]),
    ("ruling-night", "players", ["house rule"]),
    ("night-size", "players", [f"{MIN_PLAYERS} players or more", "standard euchre", "Call-Ace"]),
    ("standard-tables", "players", ["four", "facing", "seats 1 and 3", "2 and 4"]),
    ("call-ace-tables", "players", ["four, five or six", "nobody left out"]),
    ("night-limits", "players", [str(MAX_PLAYERS), str(MAX_ROUNDS), "twice"]),
    # Seating
    ("seated-each-round", "seating", ["before each round", "next round"]),
    ("new-partners", "seating", ["partner", "twice", "every pairing"]),
    ("new-opponents", "seating", ["met least", "other team", "everyone else at the table"]),
    ("sit-out-turns", "seating", ["as few as possible", "second time", "everyone has sat out"]),
    ("movement", "seating", ["by result", "the top table", "move up", "move down", "rotation"]),
    ("same-plan", "seating", ["seed", "same plan", "seat_night"]),
    ("next-round", "seating", ["every table has played its hands", "asked"]),
    # A round
    ("round-hands", "round", ["same number of hands", "8", "from 4 to 12"]),
    ("first-dealer", "round", ["draws", "first dealer", "to the left"]),
    ("ruling-misdeal", "round", ["misdeal", "not one of the round's hands", "full number"]),
    ("no-target", "round", ["no target", "nobody wins", "standings", "scores nothing"]),
    ("table-rules", "round", ["house rules", "target"]),
    # Points
    ("hand-points", "points", ["variant", "scoring"]),
    ("own-total", "points", ["own", "both partners"]),
    ("lone-march-five", "points", [f"{LONE_MARCH_HOUSE_POINTS} instead of 4", "standard"]),
    ("ruling-lone-renege", "points", ["renege", "still"]),
    # Sitting out
    ("ruling-sit-out-average", "sitting-out", ["average", "rounded down"]),
    ("sit-out-shown", "sitting-out", ["standings"]),
    ("ruling-missed-rounds", "sitting-out", ["arriving", "leaving", "nothing", "average"]),
    # Standings and prizes
    ("night-total", "standings", ["sum", "rounds played", "sat out"]),
    ("shared-places", "standings", ["share a place", "1, 2, 2, 4"]),
    (
        "prizes",
        "standings",
        [
            "most points",
            "low score",
            "most lone hands made",
            "most euchres",
            "change them",
            "for every round",
        ],
    ),
    ("ruling-one-prize-each", "standings", ["two prizes", "order listed", "higher first"]),
    ("prize-ties", "standings", ["share", "sat out fewer rounds", "the draw", "seed", "the TV"]),
    ("what-counts", "standings", ["lone hand made", "defender", "renege", "round's end"]),
]


def test_the_night_has_six_numbered_sections_in_the_order_a_night_runs() -> None:
    assert tuple(s.slug for s in BOOK.sections) == NIGHT_SECTION_SLUGS
    assert [BOOK.number(slug) for slug in NIGHT_SECTION_SLUGS] == [1, 2, 3, 4, 5, 6]
    assert all(s.paragraphs and s.title for s in BOOK.sections)
    assert BOOK.slug == NIGHT_BOOK_SLUG
    # The night's page must not clash with a variant's (/referee/rules/<slug>/).
    assert NIGHT_BOOK_SLUG not in {v.value for v in Variant}


def test_anchors_are_unique_and_do_not_clash_with_the_section_slugs() -> None:
    anchors = [s.slug for s in BOOK.sections]
    anchors += [p.anchor for s in BOOK.sections for p in s.paragraphs]
    anchors += [o.anchor for o in BOOK.options]
    assert all(anchors)
    assert len(anchors) == len(set(anchors))


@pytest.mark.parametrize(("anchor", "slug", "words"), FACTS, ids=[f[0] for f in FACTS])
def test_every_rule_of_a_night_is_in_the_section_a_player_looks_in(
    anchor: str, slug: str, words: list[str]
) -> None:
    where, text = paragraph_text(anchor)
    assert where == slug
    for word in words:
        assert word.lower() in text.lower(), (anchor, word)


def test_every_paragraph_is_one_of_the_facts_checked() -> None:
    # A paragraph added without a fact here is a rule nobody checked against the app.
    assert {p.anchor for s in BOOK.sections for p in s.paragraphs} == {f[0] for f in FACTS}


def test_every_ruling_says_why_and_where_it_comes_from() -> None:
    assert {p.anchor for p in BOOK.rulings} == {
        "ruling-night",
        "ruling-misdeal",
        "ruling-lone-renege",
        "ruling-sit-out-average",
        "ruling-missed-rounds",
        "ruling-one-prize-each",
    }
    # Where each comes from: the section it sits in, whose number cites it.
    where = {p.anchor: s.slug for s in BOOK.sections for p in s.paragraphs if p.is_ruling}
    assert where == {
        "ruling-night": "players",
        "ruling-misdeal": "round",
        "ruling-lone-renege": "points",
        "ruling-sit-out-average": "sitting-out",
        "ruling-missed-rounds": "sitting-out",
        "ruling-one-prize-each": "standings",
    }
    for paragraph in BOOK.rulings:
        assert len(paragraph.why.split()) >= 12, paragraph.anchor


def test_the_house_rules_of_a_night_are_its_rules_with_their_defaults() -> None:
    options = {o.key: o for o in BOOK.options}
    assert set(options) == {
        "movement",
        "hands_per_round",
        "round_minutes",
        "lone_march_five",
        "sit_out",
        "missed",
        "one_prize_each",
        "prize_ties",
    }
    assert set(options) <= set(NightRules.__dataclass_fields__)
    defaults = NightRules()
    for option in options.values():
        assert night_in_force(option, defaults) == option.default
    assert BOOK.section("seating").options == (options["movement"],)
    assert BOOK.section("round").options == (options["hands_per_round"], options["round_minutes"])
    assert BOOK.section("points").options == (options["lone_march_five"],)
    assert BOOK.section("sitting-out").options == (options["sit_out"], options["missed"])
    assert BOOK.section("standings").options == (options["one_prize_each"], options["prize_ties"])
    low, high = HANDS_PER_ROUND_RANGE
    assert f"from {low} to {high}" in options["hands_per_round"].default.text
    low, high = SIT_OUT_RANGE
    assert f"from {low} to {high}" in options["sit_out"].choices[1].text


def test_the_choice_in_force_is_the_one_a_night_picked() -> None:
    options = {o.key: o for o in BOOK.options}
    rules = NightRules(hands_per_round=10, lone_march_five=True, sit_out=3)
    assert night_in_force(options["lone_march_five"], rules).value == "on"
    hands = night_in_force(options["hands_per_round"], rules)
    assert (hands.value, hands.label) == ("10", "10 hands")
    sit_out = night_in_force(options["sit_out"], rules)
    assert (sit_out.value, sit_out.label) == ("fixed", "3 points")
    assert "3 points" in sit_out.text
    prizes = NightRules(one_prize_each=False, prize_ties=PrizeTies.BREAK)
    assert night_in_force(options["one_prize_each"], prizes).value == "off"
    assert night_in_force(options["prize_ties"], prizes).value == "break"
    moved = night_in_force(options["movement"], NightRules(movement="result"))
    assert moved.label == "By result"
    assert "winning pair" in moved.text
    assert "top scorer" in moved.text


# --- What the text says is what the engine does -------------------------------------------


def test_a_night_is_standard_or_call_ace_from_eight_players() -> None:
    assert set(NIGHT_VARIANTS) == {STANDARD, CALL_ACE}
    with pytest.raises(SeatingError):
        check_night_size(players=MIN_PLAYERS - 1, rounds=1)
    check_night_size(players=MIN_PLAYERS, rounds=1)
    with pytest.raises(SeatingError):
        check_night_size(players=MAX_PLAYERS + 1, rounds=1)
    with pytest.raises(SeatingError):
        check_night_size(players=MIN_PLAYERS, rounds=2 * MIN_PLAYERS + 1)
    with pytest.raises(SeatingError):
        plan_night(players=MIN_PLAYERS, rounds=1, variant=Variant.CALL_YOUR_PARTNER)


@pytest.mark.parametrize("players", range(MIN_PLAYERS, 41))
def test_the_tables_are_as_the_book_says(players: int) -> None:
    assert set(table_sizes(players=players, variant=STANDARD)) == {4}
    assert sum(table_sizes(players=players, variant=STANDARD)) == players - players % 4
    call_ace = table_sizes(players=players, variant=CALL_ACE)
    assert sum(call_ace) == players  # nobody left out
    assert all(4 <= size <= 6 for size in call_ace)
    assert max(call_ace) - min(call_ace) <= 1  # as even as it can


def test_partners_do_not_repeat_until_everyone_partnered_everyone() -> None:
    # Twelve players, all night: eleven rounds, each with a new partner.
    figures = spread_figures(plan_night(players=12, rounds=11, variant=STANDARD))
    assert (figures.partner_repeats, figures.most_times_partnered) == (0, 1)


def test_nobody_sits_out_twice_before_everyone_once() -> None:
    figures = spread_figures(plan_night(players=9, rounds=9, variant=STANDARD))
    assert {rounds for _, rounds in figures.sit_outs} == {1}


def test_the_night_rules_default_to_what_the_book_says() -> None:
    rules = night_rules_from_dict(STANDARD, {})
    assert (rules.hands_per_round, rules.lone_march_five, rules.sit_out) == (8, False, "average")
    assert LONE_MARCH_HOUSE_POINTS == 5
    assert march_points(STANDARD, 4, alone=True) == 4
    assert sit_out_points(rules, [7, 6, 6, 6]) == 6  # 25 / 4, rounded down
    assert sit_out_points(NightRules(sit_out=3), [7, 6]) == 3


def test_a_lone_march_scores_five_and_a_renege_on_a_lone_hand_still_four() -> None:
    rules = NightRules(lone_march_five=True, hands_per_round=4)
    hands = [
        Hand(maker=0, trump=Suit.HEARTS, outcome=PartnerOutcome.ALONE, tricks=5),
        Hand(maker=0, trump=Suit.HEARTS, outcome=PartnerOutcome.ALONE, tricks=3, renege=0),
    ]
    table_round = score_table_round(
        seats=(1, 2, 3, 4), variant=STANDARD, rules=rules, first_dealer=3, hands=hands
    )
    assert [h.score.rule for h in table_round.hands] == ["alone-march", "renege"]
    # Both partners get their team's points: 5 for the march, then 4 for the renege.
    assert table_round.points == (5, 4, 5, 4)
    assert rules.table_rules.renege is RenegeRule.MARCH_OR_EUCHRE


def test_the_night_book_reads_like_the_variant_books() -> None:
    # Same shapes, and no slug that a variant's page already uses for a section.
    variant = rulebook(STANDARD)
    assert type(BOOK.sections[0]) is type(variant.sections[0])
    assert not set(NIGHT_SECTION_SLUGS) & set(SECTION_SLUGS)
